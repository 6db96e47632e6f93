/// What Amplitude records, one case per SDK call, without linking the SDK.
public enum AmplitudeTag: Sendable, Hashable {
    /// `amplitude.track(eventType:eventProperties:)`.
    case track(eventType: String, eventProperties: [String: AnalyticsValue])
    /// `amplitude.identify(userProperties:)`.
    case setUserProperties([String: AnalyticsValue])
    /// `amplitude.setUserId(userId:)`; `nil` clears it.
    case setUserID(String?)
    /// `amplitude.setDeviceId(deviceId:)`.
    case setDeviceID(String)

    /// The event type, or the call's name: what a tracking plan lists.
    public var name: String {
        switch self {
        case .track(let eventType, _): eventType
        case .setUserProperties: "identify"
        case .setUserID: "setUserId"
        case .setDeviceID: "setDeviceId"
        }
    }
}

extension AmplitudeTag: CustomStringConvertible {
    /// `Podcast Played {title: "Swift Talk"}`, `identify {…}`, `setUserId "12345"`, `setDeviceId "…"`.
    public var description: String {
        switch self {
        case .track(let eventType, let properties):
            properties.isEmpty ? eventType : "\(eventType) \(describeProperties(properties))"
        case .setUserProperties(let properties): "identify \(describeProperties(properties))"
        case .setUserID(let id): "setUserId \(id.map { String(reflecting: $0) } ?? "nil")"
        case .setDeviceID(let id): "setDeviceId \(String(reflecting: id))"
        }
    }
}

extension AmplitudeTag: RuleCheckedVendorTag {
    private typealias Limits = VendorLimits.Amplitude

    /// Every rule of Amplitude's that this tag breaks (see ``VendorLimits/Amplitude``).
    public var ruleViolations: [VendorRuleViolation] {
        RuleCheck.summarised(findings)
    }

    /// Every rule this tag breaks, repeats included.
    private var findings: [VendorRuleViolation] {
        switch self {
        case .track(let eventType, let properties):
            var violations: [VendorRuleViolation] = []
            if eventType.isEmpty {
                violations.append(VendorRuleViolation("amplitude.eventType.empty", "\"\"", limit: "an event type"))
            }
            if eventType.hasPrefix(Limits.reservedEventPrefix) {
                violations.append(
                    VendorRuleViolation(
                        "amplitude.eventType.reservedPrefix",
                        RuleCheck.quoted(eventType),
                        limit: "no \(RuleCheck.quoted(Limits.reservedEventPrefix)) prefix"
                    )
                )
            }
            return violations + Self.propertyViolations(properties)
        case .setUserProperties(let properties):
            return Self.propertyViolations(properties)
        case .setUserID(let id):
            guard let id else { return [] }
            return Self.idViolations(id, rule: "amplitude.userID.length")
        case .setDeviceID(let id):
            return Self.idViolations(id, rule: "amplitude.deviceID.length")
        }
    }

    /// Across tags: at most 2,000 event types per project, and no two that differ only by case.
    public static func ruleViolations(across tags: [AmplitudeTag]) -> [VendorRuleViolation] {
        var eventTypes: Set<String> = []
        for case .track(let eventType, _) in tags { eventTypes.insert(eventType) }
        var violations: [VendorRuleViolation] = []
        if eventTypes.count > Limits.eventTypesPerProject {
            violations.append(
                VendorRuleViolation(
                    "amplitude.distinctEventTypes",
                    "\(eventTypes.count) event types",
                    limit: "at most \(Limits.eventTypesPerProject) per project"
                )
            )
        }
        return violations + RuleCheck.nameCaseViolations(eventTypes, vendor: "amplitude")
    }

    /// Strings longer than the limit (counted in UTF-16 code units) and numbers that are not
    /// finite, in arrays too (walked without recursion).
    private static func valueViolations(_ value: AnalyticsValue, key: String) -> [VendorRuleViolation] {
        var violations: [VendorRuleViolation] = []
        value.walk { value, _ in
            switch value {
            case .string(let string) where string.utf16.count > Limits.stringValueLength:
                violations.append(
                    VendorRuleViolation(
                        "amplitude.stringValue.length",
                        "\(RuleCheck.name(key)): \(string.utf16.count) characters",
                        limit: "at most \(Limits.stringValueLength) characters"
                    )
                )
            case .double(let number) where !number.isFinite:
                violations.append(
                    RuleCheck.nonFinite("amplitude", number, at: RuleCheck.name(key))
                )
            default:
                break
            }
            return true
        }
        return violations
    }

    private static func idViolations(_ id: String, rule: String) -> [VendorRuleViolation] {
        guard id.utf16.count < Limits.minimumIDLength else { return [] }
        return [
            VendorRuleViolation(
                rule,
                RuleCheck.quoted(id, counting: id.utf16.count),
                limit: "at least \(Limits.minimumIDLength) characters"
            )
        ]
    }

    private static func propertyViolations(_ properties: [String: AnalyticsValue]) -> [VendorRuleViolation] {
        var violations: [VendorRuleViolation] = []
        if properties.count > Limits.propertiesPerDictionary {
            violations.append(
                VendorRuleViolation(
                    "amplitude.propertyCount",
                    "\(properties.count) properties",
                    limit: "at most \(Limits.propertiesPerDictionary)"
                )
            )
        }
        if properties.keys.contains("") {
            violations.append(VendorRuleViolation("amplitude.propertyName.empty", "\"\"", limit: "a name"))
        }
        violations += RuleCheck.perKey(properties) { key, value in
            var violations: [VendorRuleViolation] = []
            violations += valueViolations(value, key: key)
            return violations
        }
        return violations
            + RuleCheck.caseViolations(
                properties.keys,
                rule: "amplitude.propertyName.case",
                limit: "names that differ only by case are different properties"
            )
    }
}
