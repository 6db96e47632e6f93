/// What Piano Analytics records, without linking the SDK: `pa.sendEvent(Event(name, properties))`.
public enum PianoTag: Sendable, Hashable {
    /// An event with its properties.
    case event(name: String, properties: [String: AnalyticsValue])

    /// An event named `name`.
    public static func event(_ name: String, _ properties: [String: AnalyticsValue] = [:]) -> PianoTag {
        .event(name: name, properties: properties)
    }

    /// The event's name: what a tracking plan lists.
    public var name: String {
        switch self {
        case .event(let name, _): name
        }
    }
}

extension PianoTag: CustomStringConvertible {
    /// `click.action {podcast_title: "Swift Talk"}`.
    public var description: String {
        switch self {
        case .event(let name, let properties): properties.isEmpty ? name : "\(name) \(describeProperties(properties))"
        }
    }
}

extension PianoTag: RuleCheckedVendorTag {
    private typealias Limits = VendorLimits.Piano

    /// Across tags: event names that differ only by case.
    public static func ruleViolations(across tags: [PianoTag]) -> [VendorRuleViolation] {
        RuleCheck.nameCaseViolations(tags.map(\.name), vendor: "piano")
    }

    /// Every rule of Piano's that this tag breaks (see ``VendorLimits/Piano``).
    public var ruleViolations: [VendorRuleViolation] {
        RuleCheck.summarised(findings)
    }

    /// Every rule this tag breaks, repeats included.
    private var findings: [VendorRuleViolation] {
        switch self {
        case .event(let name, let properties):
            var violations: [VendorRuleViolation] = []
            if name.isEmpty {
                violations.append(VendorRuleViolation("piano.eventName.empty", "\"\"", limit: "an event name"))
            }
            violations += RuleCheck.perKey(properties) { key, value in
                var violations: [VendorRuleViolation] = []
                violations += Self.keyViolations(key)
                violations += Self.valueViolations(value, key: key)
                return violations
            }
            return violations
                + RuleCheck.caseViolations(
                    properties.keys,
                    rule: "piano.propertyKey.case",
                    limit: "keys that differ only by case are one property"
                )
        }
    }

    /// At most 40 characters of `^[a-z]\w*$` once lowercased, as the SDK lowercases keys, and
    /// without a reserved prefix.
    private static func keyViolations(_ key: String) -> [VendorRuleViolation] {
        var violations: [VendorRuleViolation] = []
        // The common case, a lowercase ASCII key, is checked on its bytes, without a copy.
        let isLowercaseWord = RuleCheck.isLowercaseASCIIIdentifier(key)
        let lowercased = isLowercaseWord ? key : key.lowercased()
        if RuleCheck.isLonger(key, than: Limits.keyLength) {
            violations.append(
                VendorRuleViolation(
                    "piano.propertyKey.length",
                    RuleCheck.quoted(key, counting: key.count),
                    limit: "at most \(Limits.keyLength) characters"
                )
            )
        }
        let isWord =
            isLowercaseWord
            || (lowercased.first.map { ("a"..."z").contains($0) } == true
                && lowercased.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" })
        if !isWord {
            violations.append(
                VendorRuleViolation(
                    "piano.propertyKey.format",
                    RuleCheck.quoted(key),
                    limit: "letters, digits and _, starting with a letter from a to z"
                )
            )
        }
        if let prefix = Limits.reservedKeyPrefixes.first(where: { lowercased.hasPrefix($0) }) {
            violations.append(
                VendorRuleViolation(
                    "piano.propertyKey.reservedPrefix",
                    RuleCheck.quoted(key),
                    limit: "no \(RuleCheck.quoted(prefix)) prefix"
                )
            )
        }
        if lowercased != key {
            violations.append(
                VendorRuleViolation(
                    "piano.propertyKey.lowercased",
                    RuleCheck.quoted(key),
                    limit: "lowercase, as Piano stores it (\(RuleCheck.quoted(lowercased)))"
                )
            )
        }
        return violations
    }

    /// The rules of a value and of every value inside it, walked without recursion.
    private static func valueViolations(_ value: AnalyticsValue, key: String) -> [VendorRuleViolation] {
        var violations: [VendorRuleViolation] = []
        value.walk { value, _ in
            switch value {
            case .string(let string) where RuleCheck.isLonger(string, than: Limits.stringValueLength):
                violations.append(
                    VendorRuleViolation(
                        "piano.stringValue.length",
                        "\(RuleCheck.name(key)): \(RuleCheck.size(of: string))",
                        limit: "at most \(Limits.stringValueLength) characters"
                    )
                )
            case .double(let number) where !number.isFinite:
                violations.append(
                    RuleCheck.nonFinite("piano", number, at: RuleCheck.name(key))
                )
            case .array(let values) where values.count > Limits.arrayLength:
                violations.append(
                    VendorRuleViolation(
                        "piano.array.length",
                        "\(RuleCheck.name(key)): \(values.count) items",
                        limit: "at most \(Limits.arrayLength)"
                    )
                )
            default:
                break
            }
            return true
        }
        return violations
    }
}
