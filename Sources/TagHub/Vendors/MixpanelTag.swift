/// What Mixpanel records, one case per SDK call, without linking the SDK.
public enum MixpanelTag: Sendable, Hashable {
    /// `Mixpanel.mainInstance().track(event:properties:)`.
    case track(event: String, properties: [String: AnalyticsValue])
    /// `identify(distinctId:)`, at sign-up or login.
    case identify(distinctID: String)
    /// `reset()`, at logout.
    case reset
    /// `people.set(properties:)`: user profile properties.
    case setPeopleProperties([String: AnalyticsValue])

    /// The event's name, or the call's: what a tracking plan lists.
    public var name: String {
        switch self {
        case .track(let event, _): event
        case .identify: "identify"
        case .reset: "reset"
        case .setPeopleProperties: "people.set"
        }
    }
}

extension MixpanelTag: CustomStringConvertible {
    /// `podcast_played {title: "Swift Talk"}`, `identify "42"`, `reset`, `people.set {…}`.
    public var description: String {
        switch self {
        case .track(let event, let properties):
            properties.isEmpty ? event : "\(event) \(describeProperties(properties))"
        case .identify(let id): "identify \(String(reflecting: id))"
        case .reset: "reset"
        case .setPeopleProperties(let properties): "people.set \(describeProperties(properties))"
        }
    }
}

extension MixpanelTag: RuleCheckedVendorTag {
    private typealias Limits = VendorLimits.Mixpanel

    /// Every rule of Mixpanel's that this tag breaks (see ``VendorLimits/Mixpanel``).
    public var ruleViolations: [VendorRuleViolation] {
        RuleCheck.summarised(findings)
    }

    /// Every rule this tag breaks, repeats included.
    private var findings: [VendorRuleViolation] {
        switch self {
        case .track(let event, let properties):
            var violations: [VendorRuleViolation] = []
            if event.isEmpty {
                violations.append(VendorRuleViolation("mixpanel.eventName.empty", "\"\"", limit: "a name"))
            }
            return violations + Self.propertyViolations(properties, isEvent: true)
        case .identify(let id):
            let normalized = RuleCheck.trimmed(id).lowercased()
            guard normalized.isEmpty || Limits.placeholderIDs.contains(normalized) else { return [] }
            return [
                VendorRuleViolation(
                    "mixpanel.distinctID.placeholder",
                    RuleCheck.quoted(id),
                    limit: "a real user ID, not empty or a placeholder"
                )
            ]
        case .reset:
            return []
        case .setPeopleProperties(let properties):
            return Self.propertyViolations(properties, isEvent: false)
        }
    }

    /// Across tags: event names that differ only by case (Mixpanel keeps both), and the soft
    /// limit of 5,000 distinct event names.
    public static func ruleViolations(across tags: [MixpanelTag]) -> [VendorRuleViolation] {
        var names: Set<String> = []
        for case .track(let event, _) in tags { names.insert(event) }
        var violations: [VendorRuleViolation] = []
        if names.count > Limits.distinctEventNames {
            violations.append(
                VendorRuleViolation(
                    "mixpanel.distinctEventNames",
                    "\(names.count) event names",
                    limit: "at most \(Limits.distinctEventNames) (a soft limit)"
                )
            )
        }
        return violations + RuleCheck.nameCaseViolations(names, vendor: "mixpanel")
    }

    /// The rules of a property dictionary; the count and the reserved names are event rules.
    private static func propertyViolations(
        _ properties: [String: AnalyticsValue],
        isEvent: Bool
    ) -> [VendorRuleViolation] {
        var violations: [VendorRuleViolation] = []
        if isEvent && properties.count > Limits.propertiesPerEvent {
            violations.append(
                VendorRuleViolation(
                    "mixpanel.propertyCount",
                    "\(properties.count) properties",
                    limit: "at most \(Limits.propertiesPerEvent)"
                )
            )
        }
        if properties.keys.contains("") {
            violations.append(VendorRuleViolation("mixpanel.propertyName.empty", "\"\"", limit: "a name"))
        }
        violations += RuleCheck.perKey(properties) { key, value in
            var violations: [VendorRuleViolation] = []
            if RuleCheck.isLonger(key, than: Limits.propertyNameLength) {
                violations.append(
                    VendorRuleViolation(
                        "mixpanel.propertyName.length",
                        RuleCheck.quoted(key, counting: key.count),
                        limit: "at most \(Limits.propertyNameLength) characters"
                    )
                )
            }
            if isEvent && key == "$ignore" {
                violations.append(
                    VendorRuleViolation(
                        "mixpanel.propertyName.ignore",
                        RuleCheck.quoted(key),
                        limit: "not $ignore, which drops the event"
                    )
                )
            } else if isEvent && Limits.reservedPropertyNames.contains(key) {
                violations.append(
                    VendorRuleViolation(
                        "mixpanel.propertyName.reserved",
                        RuleCheck.quoted(key),
                        limit: "not reserved by Mixpanel"
                    )
                )
            }
            violations += valueViolations(value, key: key)
            return violations
        }
        return violations
            + RuleCheck.caseViolations(
                properties.keys,
                rule: "mixpanel.propertyName.case",
                limit: "names that differ only by case are different properties"
            )
    }

    /// The rules of a value and of every value inside it, walked without recursion.
    private static func valueViolations(_ value: AnalyticsValue, key: String) -> [VendorRuleViolation] {
        var violations: [VendorRuleViolation] = []
        value.walk { value, _ in
            switch value {
            case .string(let string) where string.utf8.count > Limits.stringValueBytes:
                violations.append(
                    VendorRuleViolation(
                        "mixpanel.stringValue.bytes",
                        "\(RuleCheck.name(key)): \(string.utf8.count) bytes",
                        limit: "at most \(Limits.stringValueBytes) bytes of UTF-8"
                    )
                )
            case .double(let double) where !double.isFinite:
                violations.append(RuleCheck.nonFinite("mixpanel", double, at: RuleCheck.name(key)))
            case .array(let values) where values.count > Limits.arrayLength:
                violations.append(
                    VendorRuleViolation(
                        "mixpanel.array.length",
                        "\(RuleCheck.name(key)): \(values.count) elements",
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
