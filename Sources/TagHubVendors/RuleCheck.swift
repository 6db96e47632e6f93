import TagHub

/// Checks shared by the vendors' rules.
enum RuleCheck {
    /// The most UTF-16 units of a name or value that a finding quotes: a subject stays short
    /// whatever the tag holds.
    static let subjectLength = 64

    /// The most findings of one rule that one tag reports one by one; the rest are summed up in one.
    static let findingsPerRule = 3

    /// `text` quoted as a Swift literal would be, with its size (`size`, for example `41 characters`)
    /// when given. Invisible scalars (Default_Ignorable_Code_Point: a zero-width space, a byte
    /// order mark) are written as escapes, `"\u{200B}"`, and so are marks where `showingMarks`.
    /// What is inside the quotes is at most ``subjectLength`` UTF-16 units, escapes included; text
    /// that has more is cut at a character (at a scalar where the first character has more), and
    /// its real size given (`size`, or in UTF-16 units): `"aaaa…" (1,048,576 UTF-16 units)`.
    static func quoted(_ text: String, size: @autoclosure () -> String? = nil, showingMarks: Bool = false) -> String {
        guard let (literal, isWhole) = escapedPrefix(text, showingMarks: showingMarks) else {
            let quoted = String(reflecting: text)
            return size().map { "\(quoted) (\($0))" } ?? quoted
        }
        guard isWhole else {
            return "\"\(literal)…\" (\(size() ?? "\(grouped(utf16Count(text))) UTF-16 units"))"
        }
        return size().map { "\"\(literal)\" (\($0))" } ?? "\"\(literal)\""
    }

    /// The characters of `text` written as escaped in a Swift literal, for at most
    /// ``subjectLength`` UTF-16 units, invisible scalars (and marks where `showingMarks`) as
    /// `\u{…}`, and whether that is all of `text`; `nil` where `text` is plain, short text that
    /// `String(reflecting:)` quotes whole: of at most ``subjectLength`` bytes, ASCII that needs no
    /// escape.
    private static func escapedPrefix(_ text: String, showingMarks: Bool) -> (String, Bool)? {
        let isPlain =
            text.utf8.count <= subjectLength
            && text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }
        guard !isPlain else { return nil }
        func escaped(_ scalar: Unicode.Scalar) -> String {
            if BlankScalars.isInvisible(scalar) || (showingMarks && isMark(scalar)) {
                return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
            return scalar == "'" ? "'" : scalar.escaped(asASCII: false)
        }
        var literal = ""
        var units = 0
        let (window, isWhole) = subjectWindow(text)
        for character in window {
            let piece = character.unicodeScalars.map(escaped).joined()
            units += piece.utf16.count
            guard units <= subjectLength else {
                // A first character too long to show (a letter and its marks) is cut at a scalar.
                guard literal.isEmpty else { return (literal, false) }
                return (cutAtScalar(window, escaping: escaped), false)
            }
            literal += piece
        }
        return (literal, isWhole)
    }

    /// The first ``subjectLength`` + 1 scalars of `text`: every character a subject can show, so
    /// that a character of a megabyte (a letter and its marks) is not read whole to find its end.
    /// Its last character may be cut; it is never shown, as the scalars before it take more than
    /// ``subjectLength`` UTF-16 units.
    private static func subjectWindow(_ text: String) -> (text: String, isWhole: Bool) {
        leadingScalars(of: text, subjectLength + 1)
    }

    /// `window`'s scalars, each as `escaping` writes it, for at most ``subjectLength`` UTF-16
    /// units: the start of a character longer than a subject.
    private static func cutAtScalar(_ window: String, escaping: (Unicode.Scalar) -> String) -> String {
        var literal = ""
        var units = 0
        for scalar in window.unicodeScalars {
            let piece = escaping(scalar)
            units += piece.utf16.count
            guard units <= subjectLength else { break }
            literal += piece
        }
        return literal
    }

    /// The size of `text` against a limit in characters: its characters, or for text too long to
    /// count them cheaply (more than 4 KB), its UTF-16 units: `41 characters`, `1,048,576 UTF-16
    /// units`.
    static func characterSize(of text: String) -> String {
        text.utf8.count <= 4_096
            ? "\(grouped(characterCount(text))) characters"
            : "\(grouped(utf16Count(text))) UTF-16 units"
    }

    /// The UTF-16 units of `text`, counted on its bytes where it has contiguous UTF-8.
    static func utf16Count(_ text: String) -> Int {
        text.utf8.withContiguousStorageIfAvailable(utf16Count) ?? text.utf16.count
    }

    /// Adds the finding of `rule`, a vendor's rule against non-finite numbers (given whole: a
    /// million NaN in one array name it a million times), for `number` at `depth` in the value of
    /// `key`, the key being checked (see ``RuleFindings/appendAboutValue(_:_:limit:detail:)``).
    static func appendNonFinite(
        _ rule: String,
        _ number: Double,
        at key: String,
        depth: Int,
        into findings: inout RuleFindings
    ) {
        findings.appendNonFinite(
            rule,
            number,
            limit: "a finite number",
            subject: "\(name(key)): \(number)",
            depth: depth
        )
    }

    /// What tells apart the findings that quote `text` (``quoted(_:size:showingMarks:)`` without a size):
    /// the text itself where it is quoted whole, or the quote.
    static func quotedDetail(_ text: String) -> RuleFindings.Detail {
        text.utf8.count <= subjectLength ? .text(text) : .quote(quoted(text))
    }

    /// `name` as a finding shows it: cut after ``subjectLength`` UTF-16 units, with `…`.
    static func name(_ name: String) -> String {
        cut(name).map { $0 + "…" } ?? name
    }

    /// `value`'s description as a finding shows it: cut after ``subjectLength`` UTF-16 units. Only
    /// the start of a long value is described.
    static func shown(_ value: AnalyticsValue) -> String {
        name(value.description(upTo: subjectLength))
    }

    /// The size of `string` as a finding states it: in characters, or for a string too long to
    /// count them cheaply (more than 4 KB), as more than `limit` characters, with its size in
    /// UTF-16 units: `more than 300 characters (5,000 UTF-16 units)`.
    static func size(of string: String, beyond limit: Int) -> String {
        string.utf8.count <= 4_096
            ? "\(grouped(characterCount(string))) characters"
            : "more than \(grouped(limit)) characters (\(grouped(string.utf16.count)) UTF-16 units)"
    }

    /// `text` without the white space (and line breaks) around it, scalar by scalar (White_Space).
    static func trimmed(_ text: String) -> Substring {
        let (start, end) = trimmedOffsets(text, orInvisible: false)
        let utf8 = text.utf8
        return text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
    }

    /// The offsets in `text`'s UTF-8 of its first scalar that is not white space (or where
    /// `orInvisible`, neither white space nor invisible), and of the end of its last one; equal
    /// where there is none. Read on the bytes: ASCII spaces eight at a time, then scalar by scalar.
    static func trimmedOffsets(_ text: String, orInvisible: Bool) -> (start: Int, end: Int) {
        let (start, end) = asciiTrimmedOffsets(text)
        guard start != end else { return (start, end) }
        let utf8 = text.utf8
        // Where what is left starts and ends with ASCII, ASCII white space was all there was.
        guard
            utf8[utf8.index(utf8.startIndex, offsetBy: start)] >= 0x80
                || utf8[utf8.index(utf8.startIndex, offsetBy: end - 1)] >= 0x80
        else { return (start, end) }
        func trim(_ bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, end: Int) {
            BlankScalars.trimmedOffsets(bytes, from: start, to: end, orInvisible: orInvisible)
        }
        return utf8.withContiguousStorageIfAvailable(trim) ?? Array(utf8).withUnsafeBufferPointer(trim)
    }

    /// The offsets in `text`'s UTF-8 of its first byte that is not ASCII white space, and of the
    /// end of its last one; equal when there is none.
    static func asciiTrimmedOffsets(_ text: String) -> (start: Int, end: Int) {
        func offsets(_ bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, end: Int) {
            // Spaces, the usual blank, eight at a time.
            let spaces: UInt64 = 0x2020_2020_2020_2020
            var end = bytes.count
            while end > 0 {
                if end >= 8, word(bytes, at: end - 8) == spaces {
                    end -= 8
                } else if isASCIIWhitespace(bytes[end - 1]) {
                    end -= 1
                } else {
                    break
                }
            }
            var start = 0
            while start < end {
                if end - start >= 8, word(bytes, at: start) == spaces {
                    start += 8
                } else if isASCIIWhitespace(bytes[start]) {
                    start += 1
                } else {
                    break
                }
            }
            return (start, end)
        }
        return text.utf8.withContiguousStorageIfAvailable(offsets)
            ?? Array(text.utf8).withUnsafeBufferPointer(offsets)
    }

    /// Whether `text` shows nothing: empty, or only white space and invisible scalars (Unicode's
    /// Default_Ignorable_Code_Point: a zero-width space, a joiner, a byte order mark), compared
    /// with ``BlankScalars``' ranges on the bytes; the reading stops at the first scalar that
    /// shows.
    static func isEmptyOrBlank(_ text: String) -> Bool {
        let (start, end) = trimmedOffsets(text, orInvisible: true)
        return start == end
    }

    /// Whether `text` cannot equal an ASCII string, as strings compare, read on its bytes: its
    /// first scalar is outside ASCII and inert (see ``isInert(_:)``), so that its NFC form starts
    /// outside ASCII too (`Ключ`, `キー`); or it has a scalar outside ASCII and all its scalars
    /// are below U+0300, so that it is in NFC, and compares as its scalars do. Comparing such text
    /// with a reserved name (all ASCII) would take String's normalizing comparison.
    static func cannotEqualASCII(_ text: String) -> Bool {
        if let first = text.utf8.first, first >= 0x80, let scalar = text.unicodeScalars.first,
            scalar.value < 0x800 ? inertBelowU0800[Int(scalar.value)] : isInert(scalar)
        {
            return true
        }
        guard text.utf8.count <= 256 else { return false }
        return text.utf8.withContiguousStorageIfAvailable { bytes in
            var hasNonASCII = false
            for byte in bytes where byte >= 0x80 {
                guard byte < 0xCC else { return false }
                hasNonASCII = true
            }
            return hasNonASCII
        } ?? false
    }

    /// The limit of the rules against IDs written as Swift describes an optional.
    static let optionalIDLimit = "an ID, not an optional's description: unwrap it before interpolating"

    /// Whether `id` reads as Swift's description of an optional, `Optional("42")` or
    /// `Optional(42)`, or is `nil`: what `"\(id)"` makes of an `id` that is optional, set or not
    /// (Swift warns, but the warning is easily silenced or missed).
    static func isOptionalDescription(_ id: String) -> Bool {
        // Compared only where it could be equal (at most 3 bytes per character of "nil"): comparing
        // a letter and a megabyte of its marks with "nil" normalizes the megabyte.
        (id.utf8.count <= 9 && id == "nil")
            || (id.utf8.starts(with: "Optional(".utf8) && id.utf8.last == UInt8(ascii: ")"))
    }

    /// The limit of the advisories against IDs that show nothing.
    static let blankIDLimit = "an ID that shows something, not empty, white space or invisible scalars"

    /// Adds the advisory finding of `rule` where `id` shows nothing (see ``isEmptyOrBlank(_:)``):
    /// the vendor takes it as an ID, and files the user's data under it.
    static func appendBlankID(_ id: String, rule: String, into findings: inout RuleFindings) {
        guard isEmptyOrBlank(id) else { return }
        findings.append(VendorRuleViolation(rule, quoted(id), limit: blankIDLimit))
    }

    /// Adds the advisory finding of `rule` where `id` reads as an optional's description.
    static func appendOptionalID(_ id: String, rule: String, into findings: inout RuleFindings) {
        guard isOptionalDescription(id) else { return }
        findings.append(VendorRuleViolation(rule, quoted(id), limit: optionalIDLimit))
    }

    /// Whether `scalar` is a mark (nonspacing, spacing or enclosing).
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x300 else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Whether `text` is white space only (and not empty), scalar by scalar (White_Space); ASCII
    /// white space read on the bytes.
    static func isBlank(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        let (start, end) = trimmedOffsets(text, orInvisible: false)
        return start == end
    }

    /// The eight bytes of `bytes` from `offset`, as one number.
    static func word(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self)
    }

    /// Whether one of the eight bytes of `word` is 0.
    static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
    }

    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Whether `text` has more than `limit` characters, counting no further than `limit + 1`.
    /// Text of at most 4 KB is counted as Swift counts it, as its size in a finding is
    /// (``characterSize(of:)``); longer text with ``boundedCharacterCount(_:upTo:)``, and its size
    /// is given in UTF-16 units.
    static func isLonger(_ text: String, than limit: Int) -> Bool {
        // A character takes at least one byte: a string of at most `limit` bytes fits. Where its
        // first `limit + 1` bytes are ASCII without a CR (which joins a LF), each starts a
        // character: it has more.
        guard text.utf8.count > limit else { return false }
        if asciiCharacterCount(text, upTo: limit + 1) != nil { return true }
        // A character has at least one scalar: text of at most `limit` scalars fits, without
        // breaking it into characters (a key of 33 characters in four scripts has 60 bytes).
        if !hasMoreScalars(text, than: limit) { return false }
        guard text.utf8.count > 4_096 else { return text.prefix(limit + 1).count > limit }
        return boundedCharacterCount(text, upTo: limit + 1) > limit
    }

    /// The most scalars of one character that a count of characters reads as one: a character of
    /// more counts as one per this many, rounded up. No text in use has such a character (an
    /// emoji of a family with skin tones has 10 scalars; Unicode's stream-safe text format allows
    /// 31 with its marks); a letter with a megabyte of combining marks, one character, is not read
    /// whole to find where it ends.
    static let scalarsPerCountedCharacter = 16

    /// ASCII names of properties with a meaning of their own, found among a dictionary's keys by a
    /// pass over the keys that could equal one, not by looking each name up: a look-up compares
    /// the name with the keys it meets, and a comparison with a key of one letter and a megabyte
    /// of its marks reads the megabyte. A key equal to an ASCII name, as strings compare, takes at
    /// most 3 bytes per character of it (U+212A KELVIN SIGN is a "K"), and starts with the name's
    /// first byte or with a byte outside ASCII; only such a key is hashed, and a value is copied
    /// (retained, which reads it from memory) only when found.
    struct PropertyNames: Sendable {
        let names: Set<String>
        let shortest: Int
        let longest: Int
        /// A few names: an array, searched, costs less than a set, hashed.
        let firstBytes: [UInt8]

        init(_ names: Set<String>) {
            self.names = names
            shortest = names.map(\.utf8.count).min() ?? 0
            longest = 3 * (names.map(\.utf8.count).max() ?? 0)
            firstBytes = names.compactMap(\.utf8.first)
        }

        /// Whether `key` is one of ``names``, as strings compare. A key outside ASCII is hashed
        /// only if it could equal an ASCII name (``RuleCheck/cannotEqualASCII(_:)``): 100,000 keys
        /// such as `Élément0` are not normalized.
        func contains(_ key: String) -> Bool {
            let count = key.utf8.count
            guard count >= shortest, count <= longest, let first = key.utf8.first else { return false }
            guard first < 0x80 ? firstBytes.contains(first) : !RuleCheck.cannotEqualASCII(key) else { return false }
            return names.contains(key)
        }

        /// The properties among `properties` whose names are among ``names``.
        func find<Value>(in properties: [String: Value]) -> [String: Value] {
            var found: [String: Value] = [:]
            let keys = properties.keys
            for index in keys.indices where contains(keys[index]) {
                found[keys[index]] = properties.values[index]
            }
            return found
        }
    }

    /// A string compared and hashed by its UTF-8 bytes, not as strings compare (canonically
    /// equivalent text in other forms differs): hashed by its length and its first and last 64
    /// bytes (texts that differ in their last characters, numbered, do not all collide), so that
    /// neither is read whole but to tell apart two of the same length, start and end.
    struct Bytes: Hashable {
        let text: String

        init(_ text: String) {
            self.text = text
        }

        static func == (left: Bytes, right: Bytes) -> Bool {
            guard left.text.utf8.count == right.text.utf8.count else { return false }
            // A set compares each text it meets on the way to a free place: eight bytes at a time,
            // the last ones first (numbered texts differ at their end).
            let equal = left.text.utf8.withContiguousStorageIfAvailable { leftBytes in
                right.text.utf8.withContiguousStorageIfAvailable { rightBytes in
                    RuleCheck.bytesEqual(leftBytes, rightBytes)
                }
            }
            return (equal ?? nil) ?? left.text.utf8.elementsEqual(right.text.utf8)
        }

        func hash(into hasher: inout Hasher) {
            let count = text.utf8.count
            hasher.combine(count)
            // The bytes in one or two runs: byte by byte, hashing cost about 10 ns a byte.
            let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
                let raw = UnsafeRawBufferPointer(bytes)
                if count <= 128 {
                    hasher.combine(bytes: raw)
                } else {
                    hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw[..<64]))
                    hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw[(count - 64)...]))
                }
            }
            if hashed == nil {
                for byte in text.utf8.prefix(64) { hasher.combine(byte) }
                for byte in text.utf8.suffix(64) { hasher.combine(byte) }
            }
        }
    }

    /// Whether `left` and `right`, of one length, hold the same bytes: the last eight first, then
    /// eight at a time from the start.
    static func bytesEqual(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = left.count
        guard count == right.count else { return false }
        guard count >= 8 else { return left.elementsEqual(right) }
        guard word(left, at: count - 8) == word(right, at: count - 8) else { return false }
        var offset = 0
        while count - offset >= 8 {
            guard word(left, at: offset) == word(right, at: offset) else { return false }
            offset += 8
        }
        return true  // the last bytes were compared first
    }

    /// The first `count` scalars of `text` (all of it where it has no more), and whether that is
    /// all of it. A copy, not a substring: a substring's characters are found on the whole string,
    /// which reads a character to its end, a megabyte for a letter and its marks.
    static func leadingScalars(of text: String, _ count: Int) -> (text: String, isWhole: Bool) {
        let scalars = text.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: count, limitedBy: scalars.endIndex),
            end != scalars.endIndex
        else { return (text, true) }
        return (String(scalars[..<end]), false)
    }

    /// The first `count` characters of `text`, read from its first `count` times
    /// ``scalarsPerCountedCharacter`` scalars (a character going on past them is cut there), where
    /// `String.prefix` reads the first character to its end: a megabyte for a letter and its marks.
    static func leadingCharacters(of text: String, _ count: Int) -> String {
        String(leadingScalars(of: text, count * scalarsPerCountedCharacter).text.prefix(count))
    }

    /// The characters of `text`, counted until there are `bound` (then `bound` or a few more),
    /// where a character of more than ``scalarsPerCountedCharacter`` scalars counts as one per
    /// that many: at most `bound` times that many scalars are read.
    static func boundedCharacterCount(_ text: String, upTo bound: Int) -> Int {
        // Cut at a scalar: the last character may go on past the window, and is counted by the
        // scalars inside it, which is no more than it counts whole. The window holds `bound` times
        // `scalarsPerCountedCharacter` scalars when it is not the whole text: so many count as
        // `bound` at least, and the count is decided inside it.
        let read = leadingScalars(of: text, bound * scalarsPerCountedCharacter).text
        var count = 0
        var index = read.startIndex
        while index != read.endIndex, count < bound {
            let next = read.index(after: index)
            let characterScalars = read.unicodeScalars.distance(from: index, to: next)
            count += (characterScalars + scalarsPerCountedCharacter - 1) / scalarsPerCountedCharacter
            index = next
        }
        return count
    }

    /// Whether lowercasing may change `text`: it has a byte from A to Z, or outside ASCII.
    static func mayChangeWhenLowercased(_ text: String) -> Bool {
        func test(_ bytes: some Sequence<UInt8>) -> Bool { bytes.contains { $0 &- 0x41 < 26 || $0 >= 0x80 } }
        return text.utf8.withContiguousStorageIfAvailable(test) ?? test(text.utf8)
    }

    /// Whether every scalar of `text` is below U+0300 (ASCII, Latin: no combining mark), read on
    /// its bytes: every byte is below 0xCC, the first byte of U+0300. Such text is in NFC.
    static func isBelowCombiningMarks(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var offset = 0
            while bytes.count - offset >= 8 {
                let word = word(bytes, at: offset)
                // Only a word with a byte outside ASCII is read byte by byte.
                if word & 0x8080_8080_8080_8080 != 0 {
                    for byte in bytes[offset..<(offset + 8)] where byte >= 0xCC { return false }
                }
                offset += 8
            }
            return bytes[offset...].allSatisfy { $0 < 0xCC }
        } ?? false
    }

    /// The order of the UTF-8 bytes of `left` and `right`: negative, 0 or positive; `nil` without
    /// contiguous UTF-8.
    static func utf8Order(_ left: String, _ right: String) -> Int? {
        left.utf8.withContiguousStorageIfAvailable { left in
            right.utf8.withContiguousStorageIfAvailable { right in
                for offset in 0..<min(left.count, right.count) where left[offset] != right[offset] {
                    return Int(left[offset]) - Int(right[offset])
                }
                return left.count - right.count
            }
        } ?? nil
    }

    /// Whether `text` has more than `limit` UTF-16 units, counted on its UTF-8 bytes where the byte
    /// count does not tell (a UTF-16 unit takes 1 to 3 bytes): no copy of `text` is made, so that
    /// checking a string out of the cache does not retain it.
    @inline(__always)
    static func hasMoreUTF16Units(_ text: String, than limit: Int) -> Bool {
        let bytes = text.utf8.count
        guard bytes > limit else { return false }
        guard bytes <= 3 * limit else { return true }
        let units = text.utf8.withContiguousStorageIfAvailable(utf16Count)
        return (units ?? text.utf16.count) > limit
    }

    /// The bytes of `text` that ``hasMoreUTF16Units(_:than:)`` reads against `limit`.
    static func bytesReadCountingUTF16Units(_ text: String, limit: Int) -> Int {
        let bytes = text.utf8.count
        return bytes > limit && bytes <= 3 * limit ? bytes : 0
    }

    /// The bytes of `text` that ``isLonger(_:than:)`` reads first against `limit`.
    static func bytesReadCountingCharacters(_ text: String, limit: Int) -> Int {
        let bytes = text.utf8.count
        return bytes > limit ? min(bytes, limit + 1) : 0
    }

    /// Loads one byte of each cache line of the first `bytes` bytes of `text`'s UTF-8, so that
    /// the memory fetches them ahead of a read; returns them OR-ed. Not inlined: a call keeps the
    /// string borrowed, without the retain (an atomic write to its header) that makes each fetch
    /// wait for the one before.
    @inline(never)
    static func touch(_ text: String, bytes: Int) -> UInt8 {
        guard bytes > 0 else { return 0 }
        return text.utf8.withContiguousStorageIfAvailable { buffer in
            let end = min(bytes, buffer.count)
            var loaded = buffer[end - 1]
            var offset = 0
            while offset < end {
                loaded |= buffer[offset]
                offset += 64
            }
            return loaded
        } ?? 0
    }

    /// The UTF-16 units of the UTF-8 `bytes`: one per byte that starts a scalar, and one more for a
    /// scalar of four bytes. Eight bytes at a time, counted with bit operations.
    static func utf16Count(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var units = 0
        var offset = 0
        while bytes.count - offset >= 8 {
            let word = word(bytes, at: offset)
            offset += 8
            guard word & highBits != 0 else {
                units += 8
                continue
            }
            // The high bit of each byte that is 10xxxxxx (a continuation byte), and of each that is
            // 1111xxxx (the lead byte of four): each byte's bits 6, 5 and 4 shifted to its bit 7.
            let continuation = word & ~(word << 1) & highBits
            let fourByteLead = word & (word << 1) & (word << 2) & (word << 3) & highBits
            units += 8 - bytesSet(continuation) + bytesSet(fourByteLead)
        }
        for byte in bytes[offset...] { units += utf16Units(startedBy: byte) }
        return units
    }

    /// How many bytes of `mask` have their high bit set, `mask` having no other bit: the bytes,
    /// each 0 or 1, added by a multiplication into the top one (the population count instruction
    /// is not in the baseline x86-64 that Swift compiles for).
    @inline(__always)
    private static func bytesSet(_ mask: UInt64) -> Int {
        Int(truncatingIfNeeded: ((mask >> 7) &* 0x0101_0101_0101_0101) >> 56)
    }

    /// The UTF-16 units that the scalar a UTF-8 byte starts takes: 0 for a continuation byte.
    private static func utf16Units(startedBy byte: UInt8) -> Int {
        byte & 0xC0 == 0x80 ? 0 : byte >= 0xF0 ? 2 : 1
    }

    /// The number of characters of `text`, counted on its bytes where it is ASCII without a CR.
    static func characterCount(_ text: String) -> Int {
        asciiCharacterCount(text, upTo: text.utf8.count) ?? text.count
    }

    /// Whether `text` has more than `limit` Unicode scalars, counting no further than
    /// `limit + 1`: the bytes that do not continue a scalar.
    static func hasMoreScalars(_ text: String, than limit: Int) -> Bool {
        var scalars = 0
        for byte in text.utf8 where byte & 0xC0 != 0x80 {
            scalars += 1
            if scalars > limit { return true }
        }
        return false
    }

    /// `bytes`, where the first `bytes` bytes of `text` are ASCII without a CR (each a character);
    /// `nil` otherwise. Read eight bytes at a time.
    private static func asciiCharacterCount(_ text: String, upTo bytes: Int) -> Int? {
        let isPlain = text.utf8.withContiguousStorageIfAvailable { buffer in
            let end = min(bytes, buffer.count)
            var offset = 0
            // The high bit of a byte is set where a word had a byte outside ASCII or a CR: tested
            // once, after the loop, which has no branch per word.
            var notPlain: UInt64 = 0
            while end - offset >= 8 {
                let word = word(buffer, at: offset)
                notPlain |= word | zeroBytes(word ^ 0x0D0D_0D0D_0D0D_0D0D)
                offset += 8
            }
            return notPlain & 0x8080_8080_8080_8080 == 0 && buffer[offset..<end].allSatisfy { $0 < 0x80 && $0 != 0x0D }
        }
        return isPlain == true ? min(bytes, text.utf8.count) : nil
    }

    /// The first ``subjectLength`` UTF-16 units of `text`, at a character boundary (at a scalar
    /// where the first character has more); `nil` when it has no more.
    private static func cut(_ text: String) -> String? {
        guard hasMoreUTF16Units(text, than: subjectLength) else { return nil }
        var prefix = ""
        var units = 0
        let window = subjectWindow(text).text
        for character in window {
            units += character.utf16.count
            guard units <= subjectLength else { break }
            prefix.append(character)
        }
        return prefix.isEmpty ? cutAtScalar(window, escaping: { String($0) }) : prefix
    }

    /// `number` with a comma every three digits: `1,048,576`.
    static func grouped(_ number: Int) -> String {
        var digits = String(number.magnitude)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return number < 0 ? "-" + digits : digits
    }

    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    /// Letters, digits and underscores only, starting with a letter, where a letter and a digit are
    /// what Java's `Character.isLetter` and `isLetterOrDigit` accept, code point by code point
    /// (letters of any script; a combining accent is neither): Firebase's rule for names.
    static func isLetterIdentifier(_ name: String, memo: inout ScalarMemo) -> Bool {
        if isIdentifier(name) { return true }  // ASCII, the common case, without property look-ups
        // Read on the bytes: scalars below U+0800 in a table, without decoding them as a view;
        // the kinds of others kept in `memo` (a tag's names repeat their kana or ideographs).
        let read = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            memo.reading { memo in
                identifierKinds.withUnsafeBufferPointer { kinds in
                    var offset = 0
                    var isFirst = true
                    while offset < bytes.count {
                        let byte = bytes[offset]
                        let kind: IdentifierKind
                        if byte < 0x80 {
                            kind = kinds[Int(byte)]
                            offset += 1
                        } else if byte < 0xE0 && offset + 1 < bytes.count {
                            kind = kinds[Int(byte & 0x1F) << 6 | Int(bytes[offset + 1] & 0x3F)]
                            offset += 2
                        } else {
                            let (scalar, length) = self.scalar(in: bytes, at: offset)
                            let rawKind = memo.value(of: scalar.value) { _ in UInt32(identifierKind(scalar).rawValue) }
                            kind = IdentifierKind(rawValue: UInt8(truncatingIfNeeded: rawKind)) ?? .other
                            offset += length
                        }
                        guard isFirst ? kind == .letter : kind != .other else { return false }
                        isFirst = false
                    }
                    return true
                }
            }
        }
        if let read { return read && !name.isEmpty }
        guard let first = name.unicodeScalars.first, identifierKind(first) == .letter else { return false }
        return name.unicodeScalars.allSatisfy { identifierKind($0) != .other }
    }

    /// What a scalar is in a Firebase name.
    enum IdentifierKind: UInt8 {
        case letter
        case digitOrUnderscore
        case other
    }

    /// Whether `scalar` is a letter (of any script), a decimal digit or `_`, or neither; scalars
    /// below U+0800 are looked up in a table.
    static func identifierKind(_ scalar: Unicode.Scalar) -> IdentifierKind {
        scalar.value < 0x800 ? identifierKinds[Int(scalar.value)] : computedIdentifierKind(scalar)
    }

    private static func computedIdentifierKind(_ scalar: Unicode.Scalar) -> IdentifierKind {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: .letter
        case .decimalNumber: .digitOrUnderscore
        default: scalar == "_" ? .digitOrUnderscore : .other
        }
    }

    /// ``identifierKind(_:)`` of each scalar below U+0800.
    private static let identifierKinds: [IdentifierKind] = (0..<0x800).map {
        Unicode.Scalar(UInt32($0)).map(computedIdentifierKind) ?? .other
    }

    /// Letters, digits and underscores only, starting with a letter (ASCII).
    static func isIdentifier(_ name: String) -> Bool {
        asciiIdentifier(name) == true
    }

    /// For ASCII `name`, whether it is letters, digits and underscores only, starting with a
    /// letter; `nil` when it is not ASCII. Read eight bytes at a time.
    static func asciiIdentifier(_ name: String) -> Bool? {
        // Text not stored as UTF-8 (bridged from Objective-C) is copied to be read the same way.
        name.utf8.withContiguousStorageIfAvailable(asciiIdentifier)
            ?? Array(name.utf8).withUnsafeBufferPointer(asciiIdentifier)
    }

    /// ``asciiIdentifier(_:)`` of UTF-8 `bytes`.
    static func asciiIdentifier(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let first = bytes.first else { return false }
        var isIdentifier = isASCIILetter(first)
        var offset = 0
        // Eight bytes at a time: the high bit of each byte of `inRange` says whether that byte
        // lies in a range. Exact for bytes below 0x80, which is checked first: no sum carries
        // into the next byte.
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        func inRange(_ word: UInt64, _ low: UInt8, _ high: UInt8) -> UInt64 {
            (word &+ ones &* UInt64(0x80 - low)) & ~(word &+ ones &* UInt64(0x7F - high)) & highBits
        }
        while offset + 8 <= bytes.count {
            let word = self.word(bytes, at: offset)
            guard word & highBits == 0 else { return nil }
            let isLetter = inRange(word | ones &* 0x20, 0x61, 0x7A)
            let isDigitOrUnderscore = inRange(word, 0x30, 0x39) | inRange(word, 0x5F, 0x5F)
            if isLetter | isDigitOrUnderscore != highBits { isIdentifier = false }
            offset += 8
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            guard byte < 0x80 else { return nil }
            if !isIdentifierByte(byte) { isIdentifier = false }
            offset += 1
        }
        return isIdentifier
    }

    /// Whether `byte` is an ASCII letter.
    @inline(__always)
    static func isASCIILetter(_ byte: UInt8) -> Bool {
        // A to Z and a to z are the bytes that, with 0x20 set, are a to z.
        (byte | 0x20) &- 0x61 < 26
    }

    /// Whether `byte` is an ASCII letter, digit or underscore.
    @inline(__always)
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || byte &- 0x30 < 10 || byte == 0x5F
    }

    /// Letters, digits and underscores only, at least one (ASCII).
    static func isWord(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { isASCIILetter($0) || isASCIIDigit($0) || $0 == "_" }
    }

    /// The violation of `rule` by `group`, names that differ only by case, sorted.
    static func caseViolation(_ group: [String], rule: String, limit: String) -> VendorRuleViolation {
        // At most a few names quoted: a group can be as large as the tag.
        let shown = group.prefix(findingsPerRule).map { quoted($0) }.joined(separator: ", ")
        let more = group.count > findingsPerRule ? " and \(grouped(group.count - findingsPerRule)) more" : ""
        return VendorRuleViolation(rule, shown + more, limit: limit)
    }

    /// Adds one violation of `rule` per group of `names` (distinct) that differ only by case, in
    /// the order of their first names; only those that can be shown are built, the others are
    /// counted.
    static func appendCaseViolations(
        _ names: some Collection<String>,
        rule: String,
        limit: String,
        into findings: inout RuleFindings
    ) {
        appendCaseViolations(caseGroups(names), rule: rule, limit: limit, into: &findings)
    }

    /// Adds one violation of `rule` per group of `groups`, in order; only those that can be shown
    /// are built, the others are counted.
    static func appendCaseViolations(
        _ groups: CaseGroups,
        rule: String,
        limit: String,
        into findings: inout RuleFindings
    ) {
        guard groups.count > 0 else { return }
        let first = groups.first.map { caseViolation($0, rule: rule, limit: limit) }
        findings.append(rule, first: first, count: groups.count)
    }

    /// Adds one violation of `vendor`'s name case rule per group of event names among `names`
    /// (distinct) that differ only by case.
    static func appendNameCaseViolations(
        _ names: some Collection<String>,
        vendor: String,
        into findings: inout RuleFindings
    ) {
        appendCaseViolations(
            names,
            rule: "\(vendor).nameCase",
            limit: "names that differ only by case are different events",
            into: &findings
        )
    }

    /// Whether `name` is made of a to z, digits and `_` only, starting with a to z: a lowercase
    /// ASCII identifier, checked on its bytes.
    static func isLowercaseASCIIIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, first >= 0x61 && first <= 0x7A else { return false }
        return name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }

    /// The scalar of the UTF-8 `bytes` that starts at `offset`, and its length in bytes.
    static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Unicode.Scalar, Int) {
        let byte = bytes[offset]
        guard byte >= 0x80 else { return (Unicode.Scalar(byte), 1) }
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for next in 1..<length { value = value << 6 | UInt32(bytes[offset + next] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// Whether `scalar` belongs to the character before it, whatever that is (a combining mark, a
    /// spacing mark, a joiner).
    static func extendsCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x300
            && (scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .spacingMark
                || scalar.value == 0x200D)
    }

    /// The first offset from `start` in `bytes` that holds `byte`, searched eight bytes at a time.
    static func index(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        var offset = start
        while bytes.count - offset >= 8 {
            if hasZeroByte(word(bytes, at: offset) ^ pattern) { break }
            offset += 8
        }
        while offset < bytes.count {
            if bytes[offset] == byte { return offset }
            offset += 1
        }
        return nil
    }

    /// Whether the UTF-8 `bytes` hold a line feed, and whether their first `plainPrefix` bytes (or
    /// all, where there are fewer) are ASCII without a CR, each a character: one pass, eight bytes
    /// at a time, without a branch per word.
    static func scanForLineFeed(
        _ bytes: UnsafeBufferPointer<UInt8>,
        plainPrefix: Int
    ) -> (hasLineFeed: Bool, isPlainPrefix: Bool) {
        let lineFeeds: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
        let returns: UInt64 = 0x0D0D_0D0D_0D0D_0D0D
        let count = bytes.count
        let prefixEnd = min(plainPrefix, count)
        // The high bit of a byte is set in `found` where a word had a line feed, and in `notPlain`
        // where one had a byte outside ASCII or a CR.
        var found: UInt64 = 0
        var notPlain: UInt64 = 0
        var offset = 0
        while prefixEnd - offset >= 8 {
            let word = word(bytes, at: offset)
            found |= zeroBytes(word ^ lineFeeds)
            notPlain |= word | zeroBytes(word ^ returns)
            offset += 8
        }
        while offset < prefixEnd {
            let byte = bytes[offset]
            if byte == 0x0A { found = 0x80 }
            if byte >= 0x80 || byte == 0x0D { notPlain = 0x80 }
            offset += 1
        }
        while count - offset >= 8 {
            found |= zeroBytes(word(bytes, at: offset) ^ lineFeeds)
            offset += 8
        }
        while offset < count {
            if bytes[offset] == 0x0A { found = 0x80 }
            offset += 1
        }
        let highBits: UInt64 = 0x8080_8080_8080_8080
        return (found & highBits != 0, notPlain & highBits == 0)
    }

    /// The high bit set in at least one byte of the result where a byte of `word` is 0, and in
    /// none otherwise.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    /// Whether the UTF-8 of `text` holds `byte`, searched on contiguous storage where there is one.
    static func contains(_ byte: UInt8, in text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            // Eight bytes at a time: a word holds `byte` where its XOR with eight of them has a 0.
            let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
            var offset = 0
            while bytes.count - offset >= 8 {
                if hasZeroByte(word(bytes, at: offset) ^ pattern) { return true }
                offset += 8
            }
            return bytes[offset...].contains(byte)
        } ?? text.utf8.contains(byte)
    }
}
