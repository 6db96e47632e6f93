import TagHub

/// Values of one Unicode property of scalars of three or four bytes of UTF-8, kept while one tag
/// is checked: a tag's names repeat their scripts' scalars (kana, ideographs, an emoji), and a
/// look-up of a property reads Unicode's tables.
///
/// Kept by the scalar's low bits, the last scalar of each of 64 slots. Nothing is allocated until
/// a name looks such a scalar up, and nothing is scanned to find out: names of ASCII, Latin, Greek
/// or Cyrillic read tables of their own, and a megabyte of them costs nothing more here.
struct ScalarMemo {
    /// `scalar << 32 | value` per slot; 0 where none is kept (no scalar of three bytes is 0).
    private var slots: [UInt64] = []

    /// Whether a name looked a scalar up: the slots are made.
    var hasSlots: Bool { !slots.isEmpty }

    /// Runs `body` with the memo's slots. Before the first name that looks a scalar up there are
    /// none: that name makes them at its first look-up, and they are kept for the names after it.
    mutating func reading<Result>(_ body: (Table) throws -> Result) rethrows -> Result {
        if !slots.isEmpty {
            return try slots.withUnsafeMutableBufferPointer { try body(Table(slots: $0, made: nil)) }
        }
        var made: UnsafeMutableBufferPointer<UInt64>?
        defer {
            if let made {
                slots = Array(made)
                made.deallocate()
            }
        }
        return try withUnsafeMutablePointer(to: &made) { made in
            try body(Table(slots: UnsafeMutableBufferPointer(start: nil, count: 0), made: made))
        }
    }

    /// The slots, while ``ScalarMemo/reading(_:)`` runs.
    struct Table {
        let slots: UnsafeMutableBufferPointer<UInt64>
        /// Where the first name that looks a scalar up makes the slots, when there were none.
        let made: UnsafeMutablePointer<UnsafeMutableBufferPointer<UInt64>?>?

        /// The value of `scalar`, of three or four bytes of UTF-8 (at least U+0800): the one
        /// kept, or `compute`'s, then kept.
        @inline(__always)
        func value(of scalar: UInt32, _ compute: (UInt32) -> UInt32) -> UInt32 {
            assert(scalar >= 0x800, "a scalar of one or two bytes is read from a table")
            let slots = self.slots.isEmpty ? madeSlots() : self.slots
            let slot = Int(scalar & 63)
            let entry = slots[slot]
            if entry >> 32 == UInt64(scalar) { return UInt32(truncatingIfNeeded: entry) }
            let value = compute(scalar)
            slots[slot] = UInt64(scalar) << 32 | UInt64(value)
            return value
        }

        /// The slots made for this reading, made at its first look-up.
        private func madeSlots() -> UnsafeMutableBufferPointer<UInt64> {
            guard let made else { preconditionFailure("a memo's table without slots has a place to make them") }
            if let slots = made.pointee { return slots }
            let slots = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 64)
            slots.initialize(repeating: 0)
            made.pointee = slots
            return slots
        }
    }
}
