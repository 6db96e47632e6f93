/// Reads a consent file entry by entry, and stops, keeping what it read, where the file ends or
/// stops being JSON: so a file cut short, or damaged, keeps every whole entry before that point.
///
/// An entry is whole once its value is: for a string, its closing quote. A value that is not the
/// string `granted` or `denied` (another word, a number, `null`, an object) leaves its purpose
/// undecided, and reading goes on with the next entry.
struct ConsentFileReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func readDecisions() -> [ConsentPurpose: ConsentState] {
        // `undecided` marks a purpose with a bad entry, so that a duplicate grant cannot undo it.
        var states: [ConsentPurpose: ConsentState] = [:]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        skipWhitespace()
        guard take("{") else { return [:] }
        while true {
            skipWhitespace()
            guard let key = readString() else { break }
            skipWhitespace()
            guard take(":") else { break }
            skipWhitespace()
            let state: ConsentState
            if peek() == UInt8(ascii: "\"") {
                guard let word = readString() else { break }
                state = ConsentState(rawValue: word) ?? .undecided
            } else {
                guard skipValue() else { break }
                state = .undecided
            }
            // A purpose named twice is granted only if every entry grants it, denied if any denies it.
            let purpose = ConsentPurpose(key)
            states[purpose] = Self.combined(states[purpose] ?? state, state)
            skipWhitespace()
            guard take(",") else { break }
        }
        return ConsentDecisions(states).decided
    }

    private static func combined(_ first: ConsentState, _ second: ConsentState) -> ConsentState {
        if first == .denied || second == .denied { return .denied }
        return first == .granted && second == .granted ? .granted : .undecided
    }

    // MARK: Bytes

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard peek() == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), [0x20, 0x09, 0x0A, 0x0D].contains(byte) { position += 1 }
    }

    // MARK: Values

    /// A string with its escapes resolved, or `nil` if it is cut short or not valid JSON.
    private mutating func readString() -> String? {
        guard take("\"") else { return nil }
        var utf8: [UInt8] = []
        while let byte = peek() {
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escape = peek() else { return nil }
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = readEscapedScalar() else { return nil }
                    UTF8.encode(scalar) { utf8.append($0) }
                default: return nil
                }
            case 0..<0x20:
                // JSON strings hold no raw control characters: the file is damaged here.
                return nil
            default:
                utf8.append(byte)
            }
        }
        return nil
    }

    /// The scalar of a `\u` escape whose `\u` was just read, joining a surrogate pair; `nil` if it
    /// is cut short, not hexadecimal, or half a pair.
    private mutating func readEscapedScalar() -> Unicode.Scalar? {
        guard let first = readHexadecimalUnit() else { return nil }
        switch first {
        case 0xD800...0xDBFF:
            guard take("\\"), take("u"), let second = readHexadecimalUnit(), (0xDC00...0xDFFF).contains(second)
            else { return nil }
            return Unicode.Scalar(0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00))
        case 0xDC00...0xDFFF:
            return nil
        default:
            return Unicode.Scalar(first)
        }
    }

    private mutating func readHexadecimalUnit() -> UInt16? {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = Self.hexadecimalValue(of: byte) else { return nil }
            unit = unit << 4 | UInt16(digit)
            position += 1
        }
        return unit
    }

    private static func hexadecimalValue(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Skips a value that is not a string: an object or array (whole, strings inside included),
    /// or a bare word or number. `false` if it is cut short or there is none.
    private mutating func skipValue() -> Bool {
        guard let first = peek() else { return false }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            var depth = 0
            while let byte = peek() {
                switch byte {
                case UInt8(ascii: "\""):
                    guard readString() != nil else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                default:
                    break
                }
                position += 1
                if depth == 0 { return true }
            }
            return false
        }
        let start = position
        while let byte = peek(), !Self.endsAWord(byte) { position += 1 }
        // A word that runs to the end of the file may be cut short; it is no entry either way.
        return position > start && position < bytes.count
    }

    /// Whether `byte` is JSON's structure or whitespace, which no bare word or number contains.
    private static func endsAWord(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","),
            UInt8(ascii: ":"), UInt8(ascii: "\""), 0x20, 0x09, 0x0A, 0x0D:
            true
        default:
            false
        }
    }
}
