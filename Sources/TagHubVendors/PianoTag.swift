import TagHub

/// What Piano Analytics records, without linking the SDK: `pa.sendEvent(Event(name, properties))`, and who the user is.
public enum PianoTag: Sendable, Hashable, CustomStringConvertible {
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

    /// `click.action {podcast_title: "Swift Talk"}`, `setUser "42" category "premium"`, `deleteUser`.
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

    /// Across tags: event names that differ only by case.
    public static func ruleViolations(across tags: [PianoTag]) -> [VendorRuleViolation] {
        let names = Rules.names(of: tags) { if case .event(let name, _) = $0 { name } else { nil } }
        var findings = Findings()
        findings.appendCaseGroups(names, "piano.nameCase", limit: Rules.differentEvents)
        return findings.summary
    }

    /// Every rule of Piano's that this tag breaks (see ``VendorLimits/Piano``).
    public var ruleViolations: [VendorRuleViolation] {
        var findings = Findings()
        switch self {
        case .event(let name, let properties):
            findings.appendBlank(name, "piano.eventName.empty", limit: "an event name")
            let entries = Rules.checkedEntries(of: properties, accepted: Limits.checkedProperties)
            let keys = entries.map(\.key).prefix { findings.reads($0, within: Limits.keyLength, isKey: true) }
            for (index, (key, value)) in entries.enumerated() {
                if index < keys.count { Self.checkKey(key, into: &findings) }
                Self.checkValue(value, key: key, into: &findings)
            }
            let limit = "keys that differ only by case are one property"
            findings.appendCaseGroups(keys, "piano.propertyKey.case", limit: limit)
        case .setUser(let id, _):
            findings.appendOptionalID(id, rule: "piano.userID.optional")
            findings.appendBlank(id, "piano.userID.empty", limit: Rules.blankID)
        case .deleteUser: break
        }
        return findings.summary
    }

    private static let keyLengthLimit = "at most \(Limits.keyLength) characters"
    private static let keyFormatLimit = "letters, digits and _, starting with a letter from a to z"
    /// The rules of a key, as the SDK reads it (`Property.swift`): at most 40 characters, then, lowercased,
    /// `^[a-z]\w*$` and no reserved prefix; and lowercase, as Piano stores it. A key far longer than its limit is
    /// reported by its length only, and not read further.
    private static func checkKey(_ key: String, into findings: inout Findings) {
        if let length = Rules.length(of: key, beyond: Limits.keyLength) {
            findings.append("piano.propertyKey.length", Rules.quoted(key, length: length), limit: keyLengthLimit)
        }
        guard !Rules.isFarLonger(key, than: Limits.keyLength) else { return }
        let isLowercase = !key.unicodeScalars.contains {  // an ASCII scalar on its value
            $0.value >= 0x41 && ($0.value <= 0x5A || $0.value >= 0x80 && $0.properties.changesWhenLowercased)
        }
        let lowered = isLowercase ? key : key.lowercased()
        let scalars = lowered.unicodeScalars
        let isWord =  // an ASCII key, the usual one, on its bytes
            Rules.isASCII(key)
            ? Rules.isASCIIIdentifier(key)
            : scalars.first.map { ("a"..."z").contains($0) } == true && scalars.allSatisfy(isWordScalar)
        if !isWord { findings.append("piano.propertyKey.format", Rules.quoted(key), limit: keyFormatLimit) }
        if let prefix = Limits.reservedKeyPrefixes.first(where: { lowered.utf8.starts(with: $0.utf8) }) {
            let limit = "no \(Rules.quoted(prefix)) prefix"
            findings.append("piano.propertyKey.reservedPrefix", Rules.quoted(key), limit: limit)
        }
        if !isLowercase {
            // A lowercase longer than a subject is shown cut, without its size: the key's is given.
            let limit = "lowercase, as Piano stores it (\"\(Rules.name(lowered))\")"
            findings.append("piano.propertyKey.lowercased", Rules.quoted(key), limit: limit)
        }
    }

    /// Whether `\w` matches `scalar` in the SDK's `NSRegularExpression`, as ICU defines it: a letter
    /// (Alphabetic), a mark, a decimal digit, a connector such as `_`, or a zero-width (non-)joiner.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: true
        default: scalar.properties.isAlphabetic || scalar == "\u{200C}" || scalar == "\u{200D}"
        }
    }

    private static let stringLimit = "at most \(Limits.stringValueLength) characters"
    private static let arrayLimit = "at most \(Limits.arrayLength)"
    /// The rules of a value and of those inside it; an array far longer than its limit is not walked.
    private static func checkValue(_ value: AnalyticsValue, key: String, into findings: inout Findings) {
        findings.walk(value, of: key) { value, _, findings in
            let limit = Limits.stringValueLength
            switch value {
            case .string(let text):
                guard let length = findings.length(of: text, beyond: limit) else { break }
                findings.add("piano.stringValue.length", length, Rules.size(text, length, limit), limit: stringLimit)
            case .double(let number) where !number.isFinite: findings.add("piano.number.finite", number: number)
            case .array(let values) where values.count > Limits.arrayLength:
                let count = values.count
                findings.add("piano.array.length", count, "\(Rules.grouped(count)) items", limit: arrayLimit)
                return !Rules.isFar(count, beyond: Limits.arrayLength)
            default: break
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
        /// Properties per event: Piano documents no limit, nor does its SDK set one. A check reads the first 100
        /// keys one by one (of up to 200, the first 108; of more, the first 8; of more than 4,096, none): a bound
        /// of what a check costs, above what an event holds in practice, not one of Piano's.
        public static let checkedProperties = 100

        /// Each of Piano's rules that the checks know, with what breaking it costs.
        static let consequences: [String: VendorRuleViolation.Consequence] = [
            "piano.number.finite": .tagDropped, "piano.propertyKey.length": .dataLost,
            "piano.propertyKey.format": .dataLost, "piano.propertyKey.reservedPrefix": .dataLost,
            "piano.stringValue.length": .dataLost, "piano.array.length": .dataLost, "piano.propertyKey.case": .dataLost,
            "piano.propertyKey.lowercased": .advisory, "piano.eventName.empty": .advisory, "piano.nameCase": .advisory,
            "piano.userID.optional": .advisory, "piano.userID.empty": .advisory,
        ]
    }
}
