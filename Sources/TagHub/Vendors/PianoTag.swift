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

    /// Every rule of Piano's that this tag breaks (see ``VendorLimits/Piano``).
    public var ruleViolations: [VendorRuleViolation] {
        switch self {
        case .event(let name, let properties):
            var violations: [VendorRuleViolation] = []
            if name.isEmpty {
                violations.append(VendorRuleViolation("piano.eventName.empty", "\"\"", limit: "an event name"))
            }
            for key in properties.keys.sorted() {
                violations += Self.keyViolations(key)
                violations += Self.valueViolations(properties[key]!, key: key)
            }
            return violations
                + RuleCheck.caseViolations(
                    properties.keys,
                    rule: "piano.propertyKey.case",
                    limit: "keys that differ only by case are one property"
                )
        }
    }

    /// At most 40 characters of `^[a-z]\w*$`, without a reserved prefix.
    private static func keyViolations(_ key: String) -> [VendorRuleViolation] {
        var violations: [VendorRuleViolation] = []
        if key.count > Limits.keyLength {
            violations.append(
                VendorRuleViolation(
                    "piano.propertyKey.length",
                    RuleCheck.quoted(key, counting: key.count),
                    limit: "at most \(Limits.keyLength) characters"
                )
            )
        }
        let scalars = Array(key.unicodeScalars)
        let isLowercaseWord =
            scalars.first.map { ("a"..."z").contains($0) } == true
            && scalars.allSatisfy { ("a"..."z").contains($0) || RuleCheck.isASCIIDigit($0) || $0 == "_" }
        if !isLowercaseWord {
            violations.append(
                VendorRuleViolation(
                    "piano.propertyKey.format",
                    RuleCheck.quoted(key),
                    limit: "lowercase letters, digits and _, starting with a letter"
                )
            )
        }
        if let prefix = Limits.reservedKeyPrefixes.first(where: { key.hasPrefix($0) }) {
            violations.append(
                VendorRuleViolation(
                    "piano.propertyKey.reservedPrefix",
                    RuleCheck.quoted(key),
                    limit: "no \(RuleCheck.quoted(prefix)) prefix"
                )
            )
        }
        return violations
    }

    private static func valueViolations(_ value: AnalyticsValue, key: String) -> [VendorRuleViolation] {
        switch value {
        case .string(let string) where string.count > Limits.stringValueLength:
            return [
                VendorRuleViolation(
                    "piano.stringValue.length",
                    "\(key): \(string.count) characters",
                    limit: "at most \(Limits.stringValueLength) characters"
                )
            ]
        case .array(let values):
            var violations: [VendorRuleViolation] = []
            if values.count > Limits.arrayLength {
                violations.append(
                    VendorRuleViolation(
                        "piano.array.length",
                        "\(key): \(values.count) items",
                        limit: "at most \(Limits.arrayLength)"
                    )
                )
            }
            return violations + values.flatMap { valueViolations($0, key: key) }
        default:
            return []
        }
    }
}
