import TagHub

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
    /// `amplitude.reset()`, at logout: clears the user ID and makes a new device ID. Setting the
    /// user ID to `nil` alone keeps the device ID, so that the next user on the device is joined
    /// to this one.
    case reset

    /// The event type, or the call's name: what a tracking plan lists.
    public var name: String {
        switch self {
        case .track(let eventType, _): eventType
        case .setUserProperties: "identify"
        case .setUserID: "setUserId"
        case .setDeviceID: "setDeviceId"
        case .reset: "reset"
        }
    }
}

extension AmplitudeTag: CustomStringConvertible {
    /// `Podcast Played {title: "Swift Talk"}`, `identify {…}`, `setUserId "12345"`, `setDeviceId "…"`,
    /// `reset`.
    public var description: String {
        switch self {
        case .track(let eventType, let properties):
            properties.isEmpty ? eventType : "\(eventType) \(describeProperties(properties))"
        case .setUserProperties(let properties): "identify \(describeProperties(properties))"
        case .setUserID(let id): "setUserId \(id.map { String(reflecting: $0) } ?? "nil")"
        case .setDeviceID(let id): "setDeviceId \(String(reflecting: id))"
        case .reset: "reset"
        }
    }
}

extension AmplitudeTag: RuleCheckedVendorTag {
    private typealias Limits = VendorLimits.Amplitude

    private static let finiteRule = "amplitude.number.finite"

    /// Every rule of Amplitude's that this tag breaks (see ``VendorLimits/Amplitude``).
    public var ruleViolations: [VendorRuleViolation] {
        var findings = RuleFindings()
        switch self {
        case .track(let eventType, let properties):
            if RuleCheck.isEmptyOrBlank(eventType) {
                findings.append(
                    VendorRuleViolation(
                        "amplitude.eventType.empty",
                        RuleCheck.quoted(eventType),
                        limit: "an event type"
                    )
                )
            }
            // Its bytes first: `hasPrefix` compares characters, and reads a first character of a
            // megabyte (a letter and its marks) whole.
            if eventType.utf8.starts(with: Limits.reservedEventPrefix.utf8)
                && eventType.hasPrefix(Limits.reservedEventPrefix)
            {
                findings.append(
                    VendorRuleViolation(
                        "amplitude.eventType.reservedPrefix",
                        RuleCheck.quoted(eventType),
                        limit: "no \(RuleCheck.quoted(Limits.reservedEventPrefix)) prefix"
                    )
                )
            }
            Self.checkProperties(properties, emptyKeyRule: "amplitude.propertyName.empty", into: &findings)
        case .setUserProperties(let properties):
            Self.checkProperties(properties, emptyKeyRule: "amplitude.userPropertyName.empty", into: &findings)
        case .setUserID(let id):
            if let id { RuleCheck.appendOptionalID(id, rule: "amplitude.userID.optional", into: &findings) }
            if let id { Self.checkID(id, "amplitude.userID", into: &findings) }
        case .setDeviceID(let id):
            RuleCheck.appendOptionalID(id, rule: "amplitude.deviceID.optional", into: &findings)
            Self.checkID(id, "amplitude.deviceID", into: &findings)
        case .reset:
            break
        }
        return findings.summary
    }

    /// Across tags: at most 2,000 event types per project, and no two that differ only by case.
    public static func ruleViolations(across tags: [AmplitudeTag]) -> [VendorRuleViolation] {
        var eventTypes: Set<String> = []
        for case .track(let eventType, _) in tags { eventTypes.insert(eventType) }
        var findings = RuleFindings()
        if eventTypes.count > Limits.eventTypesPerProject {
            findings.append(
                VendorRuleViolation(
                    "amplitude.distinctEventTypes",
                    "\(RuleCheck.grouped(eventTypes.count)) event types",
                    limit: "at most \(RuleCheck.grouped(Limits.eventTypesPerProject)) per project"
                )
            )
        }
        RuleCheck.appendNameCaseViolations(eventTypes, vendor: "amplitude", into: &findings)
        return findings.summary
    }

    private static let stringValueLimit = "at most \(RuleCheck.grouped(Limits.stringValueLength)) UTF-16 units"

    /// What a property's value breaks: a string too long, a number not finite.
    private typealias ValueBreak = LengthAndFinitenessBreak<StringValueLimit>

    /// The length a string value may have.
    private enum StringValueLimit: StringLengthLimit {
        static func isTooLong(_ string: String) -> Bool {
            RuleCheck.hasMoreUTF16Units(string, than: Limits.stringValueLength)
        }

        static func bytesRead(of string: String) -> Int {
            RuleCheck.bytesReadCountingUTF16Units(string, limit: Limits.stringValueLength)
        }
    }

    /// The UTF-16 units of `value`'s string (0 for another value).
    private static func units(of value: AnalyticsValue) -> Int {
        guard case .string(let string) = value else { return 0 }
        return string.utf16.count
    }

    /// Strings longer than the limit (counted in UTF-16 code units) and numbers that are not
    /// finite, in arrays too (walked without recursion).
    private static func checkValue(_ value: AnalyticsValue, key: String, into findings: inout RuleFindings) {
        value.walk { value, depth in
            switch value {
            case .string(let string) where string.utf16.count > Limits.stringValueLength:
                findings.appendAboutValue(
                    "amplitude.stringValue.length",
                    "\(RuleCheck.name(key)): \(RuleCheck.grouped(string.utf16.count)) UTF-16 units",
                    limit: stringValueLimit,
                    detail: depth == 0 ? nil : .number(string.utf16.count)
                )
            case .double(let number) where !number.isFinite:
                RuleCheck.appendNonFinite(finiteRule, number, at: key, depth: depth, into: &findings)
            default:
                break
            }
            return true
        }
    }

    /// The rules of an ID whose rules are named `rule`.length and `rule`.empty: at least 5 UTF-16
    /// units, and, for an ID long enough, one that shows something.
    private static func checkID(_ id: String, _ rule: String, into findings: inout RuleFindings) {
        let units = RuleCheck.utf16Count(id)
        guard units < Limits.minimumIDLength else {
            RuleCheck.appendBlankID(id, rule: "\(rule).empty", into: &findings)
            return
        }
        findings.append(
            VendorRuleViolation(
                "\(rule).length",
                RuleCheck.quoted(id, size: "\(RuleCheck.grouped(units)) UTF-16 units"),
                limit: "at least \(Limits.minimumIDLength) UTF-16 units"
            )
        )
    }

    /// The rules of event or user properties; `emptyKeyRule` names the rule of a key that shows
    /// nothing: advisory for an event's, lost data for a user's (`Identify` drops it).
    private static func checkProperties(
        _ properties: [String: AnalyticsValue],
        emptyKeyRule: String,
        into findings: inout RuleFindings
    ) {
        if properties.count > Limits.propertiesPerDictionary {
            findings.append(
                VendorRuleViolation(
                    "amplitude.propertyCount",
                    "\(RuleCheck.grouped(properties.count)) properties",
                    limit: "at most \(RuleCheck.grouped(Limits.propertiesPerDictionary))"
                )
            )
        }
        // What a value breaks is read first: the value is not copied (see `forEachKey`).
        let names = RuleFindings.KeyNameRules(
            blank: emptyKeyRule,
            caseRule: ("amplitude.propertyName.case", "names that differ only by case are different properties")
        )
        findings.forEachKey(of: properties, reading: ValueBreak.self, names: names) { key, broken, read, findings in
            switch broken {
            case .none:
                break
            case .longString:
                findings.appendAboutValue(
                    "amplitude.stringValue.length",
                    "\(RuleCheck.name(key)): \(RuleCheck.grouped(units(of: read()))) UTF-16 units",
                    limit: stringValueLimit,
                    detail: nil
                )
            case .nonFinite(let number):
                RuleCheck.appendNonFinite(finiteRule, number, at: key, depth: 0, into: &findings)
            case .array:
                checkValue(read(), key: key, into: &findings)
            }
        }
    }
}

extension VendorLimits {
    /// Amplitude.
    public enum Amplitude {
        // Sources: amplitude.com/docs/faq/limits, amplitude.com/docs/apis/analytics/http-v2,
        // amplitude/Amplitude-iOS Amplitude.m, amplitude/Amplitude-Swift Constants.swift.

        /// User and device IDs: at least 5 characters, or they are dropped from the event (http-v2).
        public static let minimumIDLength = 5
        /// String values: at most 1024 characters; the SDKs truncate (faq/limits, Constants.swift).
        /// Counted in UTF-16 code units, as the Objective-C SDK does (the larger count of the two SDKs).
        public static let stringValueLength = 1024
        /// Properties in one dictionary: at most 1000; the legacy SDK empties a larger one (Amplitude.m).
        /// The Swift SDK's constant is 1024: the lower number is kept.
        public static let propertiesPerDictionary = 1000
        /// Event types per project: past this, events are ingested but cannot be queried (faq/limits).
        public static let eventTypesPerProject = 2000
        /// The prefix of the events the SDK sends itself (Constants.swift).
        public static let reservedEventPrefix = "[Amplitude] "

        /// Each of Amplitude's rules that the checks know, with what breaking it costs.
        static let consequences: [String: VendorRuleViolation.Consequence] = [
            "amplitude.userID.length": .dataLost,
            "amplitude.deviceID.length": .dataLost,
            "amplitude.stringValue.length": .dataLost,
            "amplitude.propertyCount": .dataLost,
            "amplitude.eventType.reservedPrefix": .advisory,
            "amplitude.eventType.empty": .advisory,
            "amplitude.propertyName.case": .advisory,
            "amplitude.nameCase": .advisory,
            "amplitude.distinctEventTypes": .dataLost,
            "amplitude.number.finite": .tagDropped,
            "amplitude.propertyName.empty": .advisory,
            "amplitude.userPropertyName.empty": .dataLost,
            "amplitude.userID.optional": .advisory,
            "amplitude.deviceID.optional": .advisory,
            "amplitude.userID.empty": .advisory,
            "amplitude.deviceID.empty": .advisory,
        ]
    }
}
