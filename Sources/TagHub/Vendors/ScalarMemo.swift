/// Values of one Unicode property of scalars of three or four bytes of UTF-8, kept while one tag
/// is checked: a tag's names repeat their scripts' scalars (kana, ideographs, an emoji), and a
/// look-up of a property reads Unicode's tables.
///
/// Kept by the scalar's low bits, the last scalar of each of 64 slots. Nothing is allocated until
/// a name has such a scalar: names of ASCII, Latin, Greek or Cyrillic read tables of their own.
struct ScalarMemo {
    /// `scalar << 32 | value` per slot; 0 where none is kept (no scalar of three bytes is 0).
    private var slots: [UInt64] = []

    /// Runs `body` with the memo's slots, allocated first where there are none and `allocating`
    /// (whether a name holds a scalar of three or four bytes) says so. Without slots, every value
    /// is computed.
    mutating func reading<Result>(
        allocating: @autoclosure () -> Bool,
        _ body: (Table) throws -> Result
    ) rethrows -> Result {
        if slots.isEmpty && allocating() { slots = Array(repeating: 0, count: 64) }
        return try slots.withUnsafeMutableBufferPointer { try body(Table(slots: $0)) }
    }

    /// The slots, while ``ScalarMemo/reading(allocating:_:)`` runs.
    struct Table {
        let slots: UnsafeMutableBufferPointer<UInt64>

        /// The value of `scalar` (of three or four bytes of UTF-8): the one kept, or `compute`'s,
        /// then kept.
        @inline(__always)
        func value(of scalar: UInt32, _ compute: (UInt32) -> UInt32) -> UInt32 {
            guard !slots.isEmpty else { return compute(scalar) }
            let slot = Int(scalar & 63)
            let entry = slots[slot]
            if entry >> 32 == UInt64(scalar) { return UInt32(truncatingIfNeeded: entry) }
            let value = compute(scalar)
            slots[slot] = UInt64(scalar) << 32 | UInt64(value)
            return value
        }
    }
}
