import TagHub

/// What Amplitude records, one case per SDK call, without linking the SDK.
public enum AmplitudeTag: Sendable, Hashable, CustomStringConvertible {
    /// `amplitude.track(eventType:eventProperties:)`.
    case track(eventType: String, eventProperties: [String: AnalyticsValue])
    /// `amplitude.identify(userProperties:)`.
    case setUserProperties([String: AnalyticsValue])
    /// `amplitude.setUserId(userId:)`; `nil` clears it.
    case setUserID(String?)
    /// `amplitude.setDeviceId(deviceId:)`.
    case setDeviceID(String)
    /// `amplitude.reset()`, at logout: clears the user ID and makes a new device ID. Setting the user ID to `nil`
    /// alone keeps the device ID, so that the next user on the device is joined to this one.
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

    /// `Podcast Played {title: "Swift Talk"}`, `identify {…}`, `setUserId "12345"`, `setDeviceId "…"`, `reset`.
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

    /// Every rule of Amplitude's that this tag breaks (see ``VendorLimits/Amplitude``).
    public var ruleViolations: [VendorRuleViolation] {
        var findings = Findings()
        switch self {
        case .track(let eventType, let properties):
            findings.appendBlank(eventType, "amplitude.eventType.empty", limit: "an event type")
            if eventType.utf8.starts(with: Limits.reservedEventPrefix.utf8) {
                findings.append("amplitude.eventType.reservedPrefix", Rules.quoted(eventType), limit: Self.prefixLimit)
            }
            Self.check(properties, blank: "amplitude.propertyName.empty", into: &findings)
        case .setUserProperties(let properties):
            Self.check(properties, blank: "amplitude.userPropertyName.empty", into: &findings)
        case .setUserID(let id?): Self.check(id: id, "amplitude.userID", into: &findings)
        case .setDeviceID(let id): Self.check(id: id, "amplitude.deviceID", into: &findings)
        case .setUserID(nil), .reset: break
        }
        return findings.summary
    }

    /// Across tags: at most 2,000 event types per project, and no two that differ only by case.
    public static func ruleViolations(across tags: [AmplitudeTag]) -> [VendorRuleViolation] {
        let types = Rules.names(of: tags) { if case .track(let type, _) = $0 { type } else { nil } }
        var findings = Findings()
        let most = Limits.eventTypesPerProject
        findings.appendCount("amplitude.distinctEventTypes", types.count, "event types", most, " per project")
        findings.appendCaseGroups(types, "amplitude.nameCase", limit: Rules.differentEvents)
        return findings.summary
    }

    /// The rules of an ID, named `rule`.optional, .length and .empty: not an optional's description,
    /// at least 5 UTF-16 units (counted up to 5), and, long enough, one that shows something.
    private static func check(id: String, _ rule: String, into findings: inout Findings) {
        findings.appendOptionalID(id, rule: "\(rule).optional")
        let units = id.utf16.prefix(Limits.minimumIDLength).count
        if units >= Limits.minimumIDLength { return findings.appendBlank(id, "\(rule).empty", limit: Rules.blankID) }
        findings.append("\(rule).length", Rules.quoted(id, size: "\(units) UTF-16 units"), limit: idLimit)
    }

    /// The rules of properties, in order: count, blank keys (rule `blank`), values (walked without recursion, not in an
    /// array too long), keys differing only by case. Only ``Rules/checkedEntries(of:accepted:)`` are read.
    private static func check(_ properties: [String: AnalyticsValue], blank: String, into findings: inout Findings) {
        findings.appendCount("amplitude.propertyCount", properties.count, "properties", Limits.propertiesPerDictionary)
        let entries = Rules.checkedEntries(of: properties, accepted: Limits.propertiesPerDictionary)
        let most = Limits.stringValueLength  // keys are read within the tag's bytes, none far longer than a value
        var keys = entries.map(\.key)
        keys.removeAll { Rules.isFarLonger($0, than: most) || !findings.reads($0, within: most, isKey: true) }
        for key in keys { findings.appendBlank(key, blank) }
        for (key, value) in entries {
            findings.walk(value, of: key) { value, _, findings in
                switch value {
                case .string(let text):  // texts told apart by their units where counted, else by bytes
                    guard let size = findings.units(of: text, beyond: Limits.stringValueLength) else { break }
                    findings.add("amplitude.stringValue.length", size, Rules.size(of: text), limit: textLimit)
                case .double(let number) where !number.isFinite: findings.add("amplitude.number.finite", number: number)
                case .array(let values) where values.count > Limits.arrayLength:
                    let count = "\(Rules.grouped(values.count)) elements"
                    findings.add("amplitude.array.length", values.count, count, limit: arrayLimit)
                    return false
                default: break
                }
                return true
            }
        }
        findings.appendCaseGroups(keys, "amplitude.propertyName.case", limit: Rules.differentProperties)
    }

    private static let prefixLimit = "no \(Rules.quoted(Limits.reservedEventPrefix)) prefix"
    private static let idLimit = "at least \(Limits.minimumIDLength) UTF-16 units"
    private static let textLimit = "at most \(Rules.grouped(Limits.stringValueLength)) UTF-16 units"
    private static let arrayLimit = "at most \(Rules.grouped(Limits.arrayLength)) (an event over 1 MB is dropped)"
}

extension VendorLimits {
    /// Amplitude.
    public enum Amplitude {
        // Sources: amplitude.com/docs faq/limits and apis/analytics/http-v2; Amplitude-iOS; Amplitude-Swift.
        /// User and device IDs: at least 5 characters, or they are dropped from the event (http-v2).
        public static let minimumIDLength = 5
        /// String values: at most 1024 characters, truncated (faq/limits); in UTF-16 units, as Amplitude.m counts.
        public static let stringValueLength = 1024
        /// Properties in one dictionary: at most 1000, or Amplitude.m empties it (Amplitude-Swift's bound is 1024).
        public static let propertiesPerDictionary = 1000
        /// Array values: no limit of their own, but a request stays under 1 MB (http-v2: else 413, and Amplitude-Swift
        /// drops an event alone in it), and an element takes 2 bytes of JSON (`1,`) at least: a longer one is dropped.
        public static let arrayLength = 524_288
        /// Event types per project: past this, events are ingested but cannot be queried (faq/limits).
        public static let eventTypesPerProject = 2000
        /// The prefix of the events the SDK sends itself (Constants.swift).
        public static let reservedEventPrefix = "[Amplitude] "

        /// Each of Amplitude's rules that the checks know, with what breaking it costs.
        static let consequences: [String: VendorRuleViolation.Consequence] = [
            "amplitude.eventType.reservedPrefix": .advisory, "amplitude.userPropertyName.empty": .dataLost,
            "amplitude.stringValue.length": .dataLost, "amplitude.distinctEventTypes": .dataLost,
            "amplitude.propertyName.empty": .advisory, "amplitude.propertyName.case": .advisory,
            "amplitude.deviceID.optional": .advisory, "amplitude.number.finite": .tagDropped,
            "amplitude.deviceID.length": .dataLost, "amplitude.eventType.empty": .advisory,
            "amplitude.userID.optional": .advisory, "amplitude.array.length": .tagDropped,
            "amplitude.deviceID.empty": .advisory, "amplitude.userID.length": .dataLost,
            "amplitude.propertyCount": .dataLost, "amplitude.userID.empty": .advisory, "amplitude.nameCase": .advisory,
        ]
    }
}
