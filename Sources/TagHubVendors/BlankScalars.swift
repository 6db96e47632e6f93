import TagHub

/// The scalars that show nothing, as fixed ranges of Unicode's properties: white space
/// (White_Space) and invisible scalars (Default_Ignorable_Code_Point: a zero-width space, a
/// joiner, a byte order mark). Compared with ranges rather than looked up in the scalars'
/// properties, so that a megabyte of them is read at the cost of its bytes.
///
/// The ranges are those of Unicode 17.0 (PropList.txt for White_Space, DerivedCoreProperties.txt
/// for Default_Ignorable_Code_Point), the version of Swift 6.3's standard library; a test compares
/// them with `Unicode.Scalar.Properties` for every scalar, so that a new version cannot change
/// one without a failing test.
package enum BlankScalars {
    /// White_Space.
    static let whiteSpace: [ClosedRange<UInt32>] = [
        0x9...0xD, 0x20...0x20, 0x85...0x85, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
        0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000,
    ]

    /// Default_Ignorable_Code_Point.
    static let invisible: [ClosedRange<UInt32>] = [
        0xAD...0xAD, 0x34F...0x34F, 0x61C...0x61C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F,
        0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F, 0x3164...0x3164, 0xFE00...0xFE0F,
        0xFEFF...0xFEFF, 0xFFA0...0xFFA0, 0xFFF0...0xFFF8, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A,
        0xE0000...0xE0FFF,
    ]

    /// Whether `scalar` is white space (White_Space).
    package static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        kind(of: scalar.value) == .whiteSpace
    }

    /// Whether `scalar` is invisible (Default_Ignorable_Code_Point).
    package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        kind(of: scalar.value) == .invisible
    }

    /// What a scalar is, of what shows nothing.
    enum Kind: UInt8 {
        case shows
        case whiteSpace
        case invisible
    }

    /// The ranges end below this, but for those of the last plane's tags (U+E0000…).
    private static let tableEnd: UInt32 = 0x1_D200

    /// The kind of each scalar below ``tableEnd``, built from the ranges.
    private static let table: [Kind] = {
        var table = [Kind](repeating: .shows, count: Int(tableEnd))
        for range in whiteSpace { for value in range { table[Int(value)] = .whiteSpace } }
        for range in invisible where range.upperBound < tableEnd {
            for value in range { table[Int(value)] = .invisible }
        }
        return table
    }()

    /// The kind of the scalar of value `value`.
    static func kind(of value: UInt32) -> Kind {
        if value < tableEnd { return table[Int(value)] }
        return value >= 0xE0000 && value <= 0xE0FFF ? .invisible : .shows
    }

    /// The offsets in the UTF-8 `bytes`, within `start..<end`, of the first scalar that is not
    /// white space (or where `orInvisible`, neither white space nor invisible) and of the end of
    /// the last one; `start` for both where there is none. Decoded on the bytes, each scalar looked
    /// up in a table: from the start, then, only where a scalar shows, from the end.
    static func trimmedOffsets(
        _ bytes: UnsafeBufferPointer<UInt8>,
        from start: Int,
        to end: Int,
        orInvisible: Bool
    ) -> (start: Int, end: Int) {
        table.withUnsafeBufferPointer { table in
            // `.shows` is 0: no bit of the mask.
            let mask = Kind.whiteSpace.rawValue | (orInvisible ? Kind.invisible.rawValue : 0)
            func isBlank(_ value: UInt32) -> Bool {
                (value < tableEnd ? table[Int(value)] : kind(of: value)).rawValue & mask != 0
            }
            // Bytes that repeat the 24 before them (a multiple of 1, 2, 3 and 4 bytes) start and end
            // at scalars, the same as those: already read, they are skipped.
            func repeats(_ offset: Int, _ other: Int) -> Bool {
                word(bytes, offset) == word(bytes, other) && word(bytes, offset + 8) == word(bytes, other + 8)
                    && word(bytes, offset + 16) == word(bytes, other + 16)
            }
            var offset = start
            var first = end
            while offset < end {
                if offset - start >= 24 && end - offset >= 24 && repeats(offset, offset - 24) {
                    offset += 24
                    continue
                }
                let (value, length) = scalar(in: bytes, at: offset)
                guard isBlank(value) else {
                    first = offset
                    break
                }
                offset += length
            }
            guard first < end else { return (start, start) }
            var last = end
            while last > first {
                if end - last >= 24 && last - first >= 24 && repeats(last - 24, last) {
                    last -= 24
                    continue
                }
                // A string's UTF-8 is valid: the scalar before starts at the last byte before
                // `last` that is not a continuation byte.
                var lead = last - 1
                while bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
                guard isBlank(scalar(in: bytes, at: lead).value) else { break }
                last = lead
            }
            return (first, last)
        }
    }

    /// The eight bytes of `bytes` from `offset`, as one number.
    @inline(__always)
    private static func word(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt64 {
        UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self)
    }

    /// The value and length of the scalar of the valid UTF-8 `bytes` at `offset`.
    @inline(__always)
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (value: UInt32, length: Int) {
        let byte = bytes[offset]
        if byte < 0x80 { return (UInt32(byte), 1) }
        // A lead byte has all its continuation bytes.
        if byte < 0xE0 { return (UInt32(byte & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F), 2) }
        if byte < 0xF0 {
            let value = UInt32(byte & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6
            return (value | UInt32(bytes[offset + 2] & 0x3F), 3)
        }
        let value = UInt32(byte & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12
        return (value | UInt32(bytes[offset + 2] & 0x3F) << 6 | UInt32(bytes[offset + 3] & 0x3F), 4)
    }
}
