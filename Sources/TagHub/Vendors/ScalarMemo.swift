/// Values of one Unicode property of scalars of three or four bytes of UTF-8, kept while one tag
/// is checked: a tag's names repeat their scripts' scalars (kana, ideographs, an emoji), and a
/// look-up of a property reads Unicode's tables.
///
/// Kept by the scalar's low bits, the last scalar of each of 64 slots. Nothing is allocated until
/// a name has such a scalar, and nothing is scanned to find out: names of ASCII, Latin, Greek or
/// Cyrillic read tables of their own, and a megabyte of them costs nothing more here.
struct ScalarMemo {
    /// `scalar << 32 | value` per slot; 0 where none is kept (no scalar of three bytes is 0).
    private var slots: [UInt64] = []

    /// Runs `body` with the memo's slots. Before the first name that looks a scalar up, there are
    /// none: its values are computed, and the slots are made after it, for the names that follow.
    mutating func reading<Result>(_ body: (Table) throws -> Result) rethrows -> Result {
        var wanted = false
        let result = try withUnsafeMutablePointer(to: &wanted) { wanted in
            try slots.withUnsafeMutableBufferPointer { try body(Table(slots: $0, wanted: wanted)) }
        }
        if wanted && slots.isEmpty { slots = Array(repeating: 0, count: 64) }
        return result
    }

    /// The slots, while ``ScalarMemo/reading(_:)`` runs.
    struct Table {
        let slots: UnsafeMutableBufferPointer<UInt64>
        /// Set when a value was looked up without slots.
        let wanted: UnsafeMutablePointer<Bool>

        /// The value of `scalar`, of three or four bytes of UTF-8 (at least U+0800): the one
        /// kept, or `compute`'s, then kept.
        @inline(__always)
        func value(of scalar: UInt32, _ compute: (UInt32) -> UInt32) -> UInt32 {
            assert(scalar >= 0x800, "a scalar of one or two bytes is read from a table")
            guard !slots.isEmpty else {
                wanted.pointee = true
                return compute(scalar)
            }
            let slot = Int(scalar & 63)
            let entry = slots[slot]
            if entry >> 32 == UInt64(scalar) { return UInt32(truncatingIfNeeded: entry) }
            let value = compute(scalar)
            slots[slot] = UInt64(scalar) << 32 | UInt64(value)
            return value
        }
    }
}
