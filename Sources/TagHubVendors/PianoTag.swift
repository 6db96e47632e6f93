import TagHub

/// What Piano Analytics records, without linking the SDK: `pa.sendEvent(Event(name, properties))`,
/// and who the user is.
public enum PianoTag: Sendable, Hashable {
    /// An event with its properties.
    case event(name: String, properties: [String: AnalyticsValue])
    /// `pa.setUser(id, category:)`, at login: the SDK adds the user to every event after, and
    /// keeps it for the next launches.
    case setUser(id: String, category: String?)
    /// `pa.deleteUser()`, at logout: the SDK forgets the user it kept.
    case deleteUser

    /// An event named `name`.
    public static func event(_ name: String, _ properties: [String: AnalyticsValue] = [:]) -> PianoTag {
        .event(name: name, properties: properties)
    }

    /// The event's name, or the call's: what a tracking plan lists.
    public var name: String {
        switch self {
        case .event(let name, _): name
        case .setUser: "setUser"
        case .deleteUser: "deleteUser"
        }
    }
}

extension PianoTag: CustomStringConvertible {
    /// `click.action {podcast_title: "Swift Talk"}`, `setUser "42"`, `setUser "42" category "premium"`,
    /// `deleteUser`.
    public var description: String {
        switch self {
        case .event(let name, let properties): properties.isEmpty ? name : "\(name) \(describeProperties(properties))"
        case .setUser(let id, nil): "setUser \(String(reflecting: id))"
        case .setUser(let id, let category?):
            "setUser \(String(reflecting: id)) category \(String(reflecting: category))"
        case .deleteUser: "deleteUser"
        }
    }
}

extension PianoTag: RuleCheckedVendorTag {
    private typealias Limits = VendorLimits.Piano

    private static let finiteRule = "piano.number.finite"

    /// Across tags: event names that differ only by case.
    public static func ruleViolations(across tags: [PianoTag]) -> [VendorRuleViolation] {
        var names: Set<String> = []
        for case .event(let name, _) in tags { names.insert(name) }
        var findings = RuleFindings()
        RuleCheck.appendNameCaseViolations(names, vendor: "piano", into: &findings)
        return findings.summary
    }

    /// Every rule of Piano's that this tag breaks (see ``VendorLimits/Piano``).
    public var ruleViolations: [VendorRuleViolation] {
        var findings = RuleFindings()
        switch self {
        case .event(let name, let properties):
            if RuleCheck.isEmptyOrBlank(name) {
                findings.append(
                    VendorRuleViolation("piano.eventName.empty", RuleCheck.quoted(name), limit: "an event name")
                )
            }
            // What a value breaks is read first: the value is not copied (see `forEachKey`).
            let names = RuleFindings.KeyNameRules(
                caseRule: ("piano.propertyKey.case", "keys that differ only by case are one property")
            )
            findings.forEachKey(of: properties, reading: ValueBreak.self, names: names) { key, broken, read, findings in
                Self.checkKey(key, into: &findings)
                switch broken {
                case .none:
                    break
                case .longString:
                    findings.appendAboutValue(
                        "piano.stringValue.length",
                        "\(RuleCheck.name(key)): \(Self.size(of: read()))",
                        limit: Self.stringValueLimit,
                        detail: nil
                    )
                case .nonFinite(let number):
                    RuleCheck.appendNonFinite(Self.finiteRule, number, at: key, depth: 0, into: &findings)
                case .array:
                    Self.checkValue(read(), key: key, into: &findings)
                }
            }
        case .setUser(let id, _):
            RuleCheck.appendOptionalID(id, rule: "piano.userID.optional", into: &findings)
            RuleCheck.appendBlankID(id, rule: "piano.userID.empty", into: &findings)
        case .deleteUser:
            break
        }
        return findings.summary
    }

    private static let keyLengthLimit = "at most \(Limits.keyLength) characters"
    private static let keyFormatLimit = "letters, digits and _, starting with a letter from a to z"
    private static let reservedPrefixLimits = Limits.reservedKeyPrefixes.map { "no \(RuleCheck.quoted($0)) prefix" }

    /// At most 40 characters of `^[a-z]\w*$` once lowercased, as the SDK lowercases keys, and
    /// without a reserved prefix.
    private static func checkKey(_ key: String, into findings: inout RuleFindings) {
        // Whether the key is lowercase is read on its bytes. Past twice the limit (already
        // broken), only the first characters are read for the format and the prefixes, as
        // Firebase's names are: a check stays cheap on a megabyte of key. What is read is
        // lowercased at most once, and an ASCII key only to be shown.
        let isLong = key.utf8.count > 2 * Limits.keyLength
        let read = isLong ? RuleCheck.leadingCharacters(of: key, 2 * Limits.keyLength) : key
        let isLowercase = RuleCheck.isLowercase(key, memo: &findings.lowercasingChanges)
        if RuleCheck.isLonger(key, than: Limits.keyLength) {
            findings.appendAboutKey(
                "piano.propertyKey.length",
                RuleCheck.quoted(key, size: RuleCheck.characterSize(of: key)),
                limit: keyLengthLimit
            )
        }
        let isWord: Bool
        let prefixIndex: Int?
        var lowered: String?
        if let simple = asciiKey(read) ?? simpleKey(read) {
            isWord = simple.isWord
            prefixIndex = simple.reservedPrefix
        } else if let first = read.first,
            (isLowercase ? first : first.lowercased().first).map({ !("a"..."z").contains($0) }) ?? true
        {
            // Lowercased, a key keeps its first character first (no lowercase starts with a mark):
            // one whose first character is not from a to z once lowercased is no word and has no
            // prefix (each starts with a to z), and is not lowercased whole (Cyrillic, kana…).
            isWord = false
            prefixIndex = nil
        } else {
            let readLowered = isLowercase ? read : read.lowercased()
            lowered = readLowered
            isWord =
                readLowered.first.map { ("a"..."z").contains($0) } == true
                && readLowered.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            prefixIndex = Limits.reservedKeyPrefixes.firstIndex { readLowered.hasPrefix($0) }
        }
        if !isWord {
            findings.appendAboutKey("piano.propertyKey.format", RuleCheck.quoted(key), limit: keyFormatLimit)
        }
        if let prefixIndex {
            findings.appendAboutKey(
                "piano.propertyKey.reservedPrefix",
                RuleCheck.quoted(key),
                limit: reservedPrefixLimits[prefixIndex]
            )
        }
        if !isLowercase {
            // Lowercased only if shown; a long key's lowercase by its first characters, cut.
            func shown() -> String {
                let shown = lowered ?? read.lowercased()
                return isLong ? String(reflecting: RuleCheck.name(shown)) : RuleCheck.quoted(shown)
            }
            findings.appendAboutKey(
                "piano.propertyKey.lowercased",
                RuleCheck.quoted(key),
                limit: "lowercase, as Piano stores it (\(shown()))"
            )
        }
    }

    /// For an ASCII key, read on its bytes as if lowercased: whether it is a word starting with a
    /// to z, and the index of its reserved prefix; `nil` for another key.
    private static func asciiKey(_ key: String) -> (isWord: Bool, reservedPrefix: Int?)? {
        // A Piano word is an ASCII identifier: the letters are compared as if lowercased.
        guard let isWord = RuleCheck.asciiIdentifier(key) else { return nil }
        // Only a key whose first letter starts a prefix is compared with them.
        guard let first = key.utf8.first, reservedPrefixFirstBytes.contains(first | 0x20) else { return (isWord, nil) }
        let prefix = Limits.reservedKeyPrefixes.firstIndex { prefix in
            key.utf8.count >= prefix.utf8.count
                && zip(key.utf8, prefix.utf8).allSatisfy { ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 }
        }
        return (isWord, prefix)
    }

    /// The first bytes of the reserved prefixes (lowercase ASCII letters).
    private static let reservedPrefixFirstBytes = Limits.reservedKeyPrefixes.compactMap(\.utf8.first)

    /// For a key of scalars below U+0300 (ASCII, Latin: each scalar a character), read scalar by
    /// scalar as if lowercased: whether it is a word starting with a to z, and the index of its
    /// reserved prefix; `nil` for another key.
    private static func simpleKey(_ key: String) -> (isWord: Bool, reservedPrefix: Int?)? {
        var isWord = true
        var isFirst = true
        for scalar in key.unicodeScalars {
            guard let folded = RuleCheck.simpleLowercase(of: scalar), scalar != "\r" else { return nil }
            let isWordScalar: Bool
            if isFirst {
                isWordScalar = ("a"..."z").contains(folded)
            } else if folded.isASCII {
                isWordScalar = RuleCheck.isASCIILetter(folded) || RuleCheck.isASCIIDigit(folded) || folded == "_"
            } else {
                isWordScalar = folded.value < 0x300 && isLatinWordScalar[Int(folded.value)]
            }
            if !isWordScalar { isWord = false }
            isFirst = false
        }
        if isFirst { isWord = false }  // empty
        let prefix = Limits.reservedKeyPrefixes.firstIndex { prefix in
            var scalars = key.unicodeScalars.makeIterator()
            return prefix.unicodeScalars.allSatisfy { scalar in
                scalars.next().map { RuleCheck.simpleLowercase(of: $0) == scalar } ?? false
            }
        }
        return (isWord, prefix)
    }

    /// Whether each scalar below U+0300 is a letter or a number, as `Character.isLetter` and
    /// `isNumber` read a character's first scalar.
    private static let isLatinWordScalar: [Bool] = (0..<0x300).map {
        Unicode.Scalar(UInt32($0)).map { $0.properties.isAlphabetic || $0.properties.numericType != nil } ?? false
    }

    private static let stringValueLimit = "at most \(Limits.stringValueLength) characters"
    private static let arrayLimit = "at most \(Limits.arrayLength)"

    /// What a property's value breaks: a string too long, a number not finite.
    private typealias ValueBreak = LengthAndFinitenessBreak<StringValueLimit>

    /// The length a string value may have.
    private enum StringValueLimit: StringLengthLimit {
        static func isTooLong(_ string: String) -> Bool {
            RuleCheck.isLonger(string, than: Limits.stringValueLength)
        }

        static func bytesRead(of string: String) -> Int {
            RuleCheck.bytesReadCountingCharacters(string, limit: Limits.stringValueLength)
        }
    }

    /// The size of `value`'s string as a finding states it.
    private static func size(of value: AnalyticsValue) -> String {
        guard case .string(let string) = value else { return "" }
        return RuleCheck.size(of: string, beyond: Limits.stringValueLength)
    }

    /// The rules of a value and of every value inside it, walked without recursion.
    private static func checkValue(_ value: AnalyticsValue, key: String, into findings: inout RuleFindings) {
        value.walk { value, depth in
            switch value {
            case .string(let string) where RuleCheck.isLonger(string, than: Limits.stringValueLength):
                findings.appendAboutValue(
                    "piano.stringValue.length",
                    "\(RuleCheck.name(key)): \(RuleCheck.size(of: string, beyond: Limits.stringValueLength))",
                    limit: stringValueLimit,
                    detail: depth == 0 ? nil : .text(RuleCheck.size(of: string, beyond: Limits.stringValueLength))
                )
            case .double(let number) where !number.isFinite:
                RuleCheck.appendNonFinite(finiteRule, number, at: key, depth: depth, into: &findings)
            case .array(let values) where values.count > Limits.arrayLength:
                findings.appendAboutValue(
                    "piano.array.length",
                    "\(RuleCheck.name(key)): \(RuleCheck.grouped(values.count)) items",
                    limit: arrayLimit,
                    detail: .number(values.count)
                )
            default:
                break
            }
            return true
        }
    }
}

extension VendorLimits {
    /// Piano Analytics (formerly AT Internet).
    public enum Piano {
        // Sources: at-internet/piano-analytics-apple Sources/PianoAnalytics/Property.swift; the
        // support.piano.io article "Properties".

        /// Property keys: at most 40 characters; the SDK lowercases a key, then requires `^[a-z]\w*$`
        /// (Property.swift). Lengths are `String.count`, as the Swift SDK counts.
        public static let keyLength = 40
        /// Prefixes no property key may start with (Property.swift).
        public static let reservedKeyPrefixes = ["m_", "visit_"]
        /// String values: at most 255 characters (support article "Properties").
        public static let stringValueLength = 255
        /// String arrays: at most 20 items (support article "Properties").
        public static let arrayLength = 20

        /// Each of Piano's rules that the checks know, with what breaking it costs.
        static let consequences: [String: VendorRuleViolation.Consequence] = [
            "piano.propertyKey.length": .dataLost,
            "piano.propertyKey.format": .dataLost,
            "piano.propertyKey.reservedPrefix": .dataLost,
            "piano.propertyKey.lowercased": .advisory,
            "piano.stringValue.length": .dataLost,
            "piano.array.length": .dataLost,
            "piano.propertyKey.case": .dataLost,
            "piano.eventName.empty": .advisory,
            "piano.nameCase": .advisory,
            "piano.number.finite": .tagDropped,
            "piano.userID.optional": .advisory,
            "piano.userID.empty": .advisory,
        ]
    }
}
