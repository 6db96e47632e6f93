import TagHub

/// What Mixpanel records, one case per SDK call, without linking the SDK.
public enum MixpanelTag: Sendable, Hashable, CustomStringConvertible {
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
        var findings = Findings()
        switch self {
        case .track(let event, let properties):
            findings.appendBlank(event, "mixpanel.eventName.empty")
            Self.check(properties, isEvent: true, into: &findings)
        case .identify(let id):
            findings.appendOptionalID(id, rule: "mixpanel.distinctID.optional")
            // Trimmed of white space, not invisible scalars (a blank ID); lowercased to 256 bytes (placeholders have 36).
            let bare = Rules.trimmed(id)
            if bare.isEmpty || bare.utf8.count <= 256 && Limits.placeholderIDs.includes(bare.lowercased()) {
                findings.append("mixpanel.distinctID.placeholder", Rules.quoted(id), limit: Self.placeholderLimit)
            } else {
                findings.appendBlank(id, "mixpanel.distinctID.empty", limit: Rules.blankID)
            }
        case .reset: break
        case .setPeopleProperties(let properties): Self.check(properties, isEvent: false, into: &findings)
        }
        return findings.summary
    }

    /// Across tags: event names that differ only by case (Mixpanel keeps both), and too many (a soft limit).
    public static func ruleViolations(across tags: [MixpanelTag]) -> [VendorRuleViolation] {
        let names = Rules.names(of: tags) { if case .track(let event, _) = $0 { event } else { nil } }
        var findings = Findings()
        let most = Limits.distinctEventNames
        findings.appendCount("mixpanel.distinctEventNames", names.count, "event names", most, " (a soft limit)")
        findings.appendCaseGroups(names, "mixpanel.nameCase", limit: Rules.differentEvents)
        return findings.summary
    }

    /// The rules of properties: their count, blank keys, each key and value, keys differing only by case.
    /// Only ``Rules/checkedEntries(of:accepted:)`` are read, their keys within the tag's bytes (``Findings``).
    private static func check(_ properties: [String: AnalyticsValue], isEvent: Bool, into findings: inout Findings) {
        let accepted = isEvent ? Limits.propertiesPerEvent : Limits.propertiesPerProfile
        findings.appendCount("mixpanel.propertyCount", properties.count, "properties", accepted)
        let (entries, most) = (Rules.checkedEntries(of: properties, accepted: accepted), Limits.propertyNameLength)
        let keys = entries.map(\.key).prefix { findings.reads($0, within: most, isKey: true) }
        for key in keys { findings.appendBlank(key, "mixpanel.propertyName.empty") }
        for (index, (key, value)) in entries.enumerated() {
            if index < keys.count, let length = Rules.length(of: key, beyond: Limits.propertyNameLength) {
                findings.append("mixpanel.propertyName.length", Rules.quoted(key, length: length), limit: nameLimit)
            } else if isEvent && key.utf8.elementsEqual("$ignore".utf8) {
                findings.append("mixpanel.propertyName.ignore", Rules.quoted(key), limit: ignoreLimit)
            } else if isEvent && index < keys.count && Limits.reservedPropertyNames.includes(key) {
                findings.append("mixpanel.propertyName.reserved", Rules.quoted(key), limit: "not reserved by Mixpanel")
            }
            findings.walk(value, of: key) { value, _, findings in
                switch value {
                case .string(let text) where text.utf8.count > Limits.stringValueBytes:
                    let size = text.utf8.count
                    findings.add("mixpanel.stringValue.bytes", size, "\(Rules.grouped(size)) bytes", limit: bytesLimit)
                case .double(let number) where !number.isFinite: findings.add("mixpanel.number.finite", number: number)
                case .array(let values) where values.count > Limits.arrayLength:  // far longer, not walked
                    let count = values.count
                    findings.add("mixpanel.array.length", count, "\(Rules.grouped(count)) elements", limit: arrayLimit)
                    return !Rules.isFar(count, beyond: Limits.arrayLength)
                default: break
                }
                return true
            }
        }
        findings.appendCaseGroups(keys, "mixpanel.propertyName.case", limit: Rules.differentProperties)
    }

    private static let placeholderLimit = "a real user ID, not empty or a placeholder"
    private static let nameLimit = "at most \(Limits.propertyNameLength) characters"
    private static let ignoreLimit = "not $ignore, which drops the event"
    private static let bytesLimit = "at most \(Limits.stringValueBytes) bytes of UTF-8"
    private static let arrayLimit = "at most \(Limits.arrayLength)"
}

extension VendorLimits {
    /// Mixpanel.
    public enum Mixpanel {
        // Sources: mixpanel/docs data-structure/property-reference (data-type.mdx, reserved-properties.mdx),
        // events-and-properties.mdx, user-profiles; the /track API reference; mixpanel/mixpanel-swift.

        /// String property values: at most 255 bytes of UTF-8; longer ones are truncated (data-type.mdx).
        public static let stringValueBytes = 255
        /// Property names: at most 255 characters; longer ones are truncated (data-type.mdx).
        public static let propertyNameLength = 255
        /// Properties per event: fewer than 255 (the /track reference; an FAQ says 2000).
        public static let propertiesPerEvent = 254
        /// Properties per user profile: at most 2,000 (user-profiles); the keys a `people.set` check reads.
        public static let propertiesPerProfile = 2000
        /// Array values: fewer than 255 elements (data-type.mdx).
        public static let arrayLength = 254
        /// Distinct event names per project: a soft limit (events-and-properties.mdx).
        public static let distinctEventNames = 5000
        /// Property names Mixpanel reserves; `$ignore` silently drops the event (reserved-properties.mdx).
        public static let reservedPropertyNames: Set<String> = [
            "token", "ip", "time", "$time", "distinct_id", "$distinct_id", "$device_id", "$user_id", "$insert_id",
            "$event_name", "bucket", "$bucket", "$ignore", "alias", "$anon_id", "mp_original_distinct_id",
        ]
        /// IDs Mixpanel rejects on import ("we disallow the following values", import-events.mdx); compared
        /// trimmed and without case, as `" null"` and `"NULL"` are as easy to send by mistake.
        public static let placeholderIDs: Set<String> = [
            "00000000-0000-0000-0000-000000000000", "anon", "anonymous", "nil", "none", "null", "n/a", "na",
            "undefined", "unknown", "<nil>", "0", "-1", "true", "false", "[]", "{}",
        ]

        /// Each of Mixpanel's rules that the checks know, with what breaking it costs.
        static let consequences: [String: VendorRuleViolation.Consequence] = [
            "mixpanel.propertyName.ignore": .tagDropped, "mixpanel.distinctID.placeholder": .tagDropped,
            "mixpanel.stringValue.bytes": .dataLost, "mixpanel.propertyName.length": .dataLost,
            "mixpanel.propertyCount": .dataLost, "mixpanel.propertyName.reserved": .dataLost,
            "mixpanel.number.finite": .dataLost, "mixpanel.array.length": .dataLost, "mixpanel.nameCase": .advisory,
            "mixpanel.eventName.empty": .advisory, "mixpanel.propertyName.case": .advisory,
            "mixpanel.distinctEventNames": .advisory, "mixpanel.propertyName.empty": .advisory,
            "mixpanel.distinctID.optional": .advisory, "mixpanel.distinctID.empty": .advisory,
        ]
    }
}
