import TagHub

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

    private static let finiteRule = "mixpanel.number.finite"

    /// Every rule of Mixpanel's that this tag breaks (see ``VendorLimits/Mixpanel``).
    public var ruleViolations: [VendorRuleViolation] {
        var findings = RuleFindings()
        switch self {
        case .track(let event, let properties):
            if RuleCheck.isEmptyOrBlank(event) {
                findings.append(
                    VendorRuleViolation("mixpanel.eventName.empty", RuleCheck.quoted(event), limit: "a name")
                )
            }
            Self.checkProperties(properties, isEvent: true, into: &findings)
        case .identify(let id):
            RuleCheck.appendOptionalID(id, rule: "mixpanel.distinctID.optional", into: &findings)
            if Self.isPlaceholder(id) {
                findings.append(
                    VendorRuleViolation(
                        "mixpanel.distinctID.placeholder",
                        RuleCheck.quoted(id),
                        limit: "a real user ID, not empty or a placeholder"
                    )
                )
            } else {
                // Trimmed of white space only, a placeholder leaves invisible scalars in.
                RuleCheck.appendBlankID(id, rule: "mixpanel.distinctID.empty", into: &findings)
            }
        case .reset:
            break
        case .setPeopleProperties(let properties):
            Self.checkProperties(properties, isEvent: false, into: &findings)
        }
        return findings.summary
    }

    /// The longest placeholder, in bytes of UTF-8.
    private static let longestPlaceholder = Limits.placeholderIDs.map(\.utf8.count).max() ?? 0

    /// Whether `id`, trimmed and lowercased, is empty or one of Mixpanel's placeholders.
    private static func isPlaceholder(_ id: String) -> Bool {
        // A megabyte of spaces is read on its bytes, and an ID too long to be a placeholder is not
        // lowercased: each scalar of a string equal to an ASCII placeholder (as strings compare)
        // stands for at least one of its characters and takes at most 4 bytes, and lowercasing
        // never makes a string shorter in scalars. Where what is left after ASCII white space
        // starts and ends with ASCII, there is no other white space around it to trim; otherwise
        // the white space at its ends is trimmed, character by character, before it is measured.
        let (start, end) = RuleCheck.asciiTrimmedOffsets(id)
        guard start != end else { return true }
        let utf8 = id.utf8
        if end - start > 4 * longestPlaceholder,
            utf8[utf8.index(utf8.startIndex, offsetBy: start)] < 0x80,
            utf8[utf8.index(utf8.startIndex, offsetBy: end - 1)] < 0x80
        {
            return false
        }
        let trimmed = RuleCheck.trimmed(id)
        guard trimmed.utf8.count <= 4 * longestPlaceholder else { return false }
        let normalized = trimmed.lowercased()
        return normalized.isEmpty || Limits.placeholderIDs.contains(normalized)
    }

    /// Across tags: event names that differ only by case (Mixpanel keeps both), and the soft
    /// limit of 5,000 distinct event names.
    public static func ruleViolations(across tags: [MixpanelTag]) -> [VendorRuleViolation] {
        var names: Set<String> = []
        for case .track(let event, _) in tags { names.insert(event) }
        var findings = RuleFindings()
        if names.count > Limits.distinctEventNames {
            findings.append(
                VendorRuleViolation(
                    "mixpanel.distinctEventNames",
                    "\(RuleCheck.grouped(names.count)) event names",
                    limit: "at most \(RuleCheck.grouped(Limits.distinctEventNames)) (a soft limit)"
                )
            )
        }
        RuleCheck.appendNameCaseViolations(names, vendor: "mixpanel", into: &findings)
        return findings.summary
    }

    /// The longest reserved property name, in bytes of UTF-8.
    /// Reserved names, `$ignore` among them, found as ``RuleCheck/PropertyNames`` finds names.
    private static let reservedNames = RuleCheck.PropertyNames(Limits.reservedPropertyNames.union(["$ignore"]))
    private static let nameLengthLimit = "at most \(Limits.propertyNameLength) characters"
    private static let ignoreLimit = "not $ignore, which drops the event"
    private static let reservedLimit = "not reserved by Mixpanel"

    /// The rules of a property dictionary; the count and the reserved names are event rules.
    private static func checkProperties(
        _ properties: [String: AnalyticsValue],
        isEvent: Bool,
        into findings: inout RuleFindings
    ) {
        if isEvent && properties.count > Limits.propertiesPerEvent {
            findings.append(
                VendorRuleViolation(
                    "mixpanel.propertyCount",
                    "\(RuleCheck.grouped(properties.count)) properties",
                    limit: "at most \(Limits.propertiesPerEvent)"
                )
            )
        }
        // What a value breaks is read first: the value is not copied (see `forEachKey`).
        findings.forEachKey(of: properties, reading: ValueBreak.self, names: keyNameRules) {
            key,
            broken,
            read,
            findings in
            if RuleCheck.isLonger(key, than: Limits.propertyNameLength) {
                findings.appendAboutKey(
                    "mixpanel.propertyName.length",
                    RuleCheck.quoted(key, size: RuleCheck.characterSize(of: key)),
                    limit: nameLengthLimit
                )
            }
            if isEvent && reservedNames.contains(key) {
                if key == "$ignore" {
                    findings.appendAboutKey("mixpanel.propertyName.ignore", RuleCheck.quoted(key), limit: ignoreLimit)
                } else {
                    findings.appendAboutKey(
                        "mixpanel.propertyName.reserved",
                        RuleCheck.quoted(key),
                        limit: reservedLimit
                    )
                }
            }
            switch broken {
            case .none:
                break
            case .longString(let bytes):
                findings.appendAboutValue(
                    "mixpanel.stringValue.bytes",
                    "\(RuleCheck.name(key)): \(RuleCheck.grouped(bytes)) bytes",
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

    /// Blank keys, then each key's rules, then keys that differ only by case.
    private static let keyNameRules = RuleFindings.KeyNameRules(
        blank: "mixpanel.propertyName.empty",
        caseRule: ("mixpanel.propertyName.case", "names that differ only by case are different properties")
    )

    private static let stringValueLimit = "at most \(RuleCheck.grouped(Limits.stringValueBytes)) bytes of UTF-8"
    private static let arrayLimit = "at most \(Limits.arrayLength)"

    /// What a property's value breaks, read without copying it; an array is walked after.
    private enum ValueBreak: ValueReading {
        case none
        case longString(bytes: Int)
        case nonFinite(Double)
        case array

        @inline(__always)
        init(reading value: AnalyticsValue) {
            switch value {
            case .string(let string) where string.utf8.count > Limits.stringValueBytes:
                self = .longString(bytes: string.utf8.count)
            case .double(let number) where !number.isFinite: self = .nonFinite(number)
            case .array: self = .array
            default: self = .none
            }
        }
    }

    /// The rules of a value and of every value inside it, walked without recursion.
    private static func checkValue(_ value: AnalyticsValue, key: String, into findings: inout RuleFindings) {
        value.walk { value, depth in
            switch value {
            case .string(let string) where string.utf8.count > Limits.stringValueBytes:
                findings.appendAboutValue(
                    "mixpanel.stringValue.bytes",
                    "\(RuleCheck.name(key)): \(RuleCheck.grouped(string.utf8.count)) bytes",
                    limit: stringValueLimit,
                    detail: depth == 0 ? nil : .number(string.utf8.count)
                )
            case .double(let double) where !double.isFinite:
                RuleCheck.appendNonFinite(finiteRule, double, at: key, depth: depth, into: &findings)
            case .array(let values) where values.count > Limits.arrayLength:
                findings.appendAboutValue(
                    "mixpanel.array.length",
                    "\(RuleCheck.name(key)): \(RuleCheck.grouped(values.count)) elements",
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
    /// Mixpanel.
    public enum Mixpanel {
        // Sources: mixpanel/docs data-structure/property-reference/data-type.mdx,
        // events-and-properties.mdx, reserved-properties.mdx; the /track API reference;
        // mixpanel/mixpanel-swift Sources/MixpanelType.swift and Sources/Track.swift.

        /// String property values: at most 255 bytes of UTF-8; longer ones are truncated (data-type.mdx).
        public static let stringValueBytes = 255
        /// Property names: at most 255 characters; longer ones are truncated (data-type.mdx).
        public static let propertyNameLength = 255
        /// Properties per event: fewer than 255 (the /track reference; an FAQ says 2000).
        public static let propertiesPerEvent = 254
        /// Array values: fewer than 255 elements (data-type.mdx).
        public static let arrayLength = 254
        /// Distinct event names per project: a soft limit (events-and-properties.mdx).
        public static let distinctEventNames = 5000
        /// Property names Mixpanel reserves; `$ignore` silently drops the event (reserved-properties.mdx).
        public static let reservedPropertyNames: Set<String> = [
            "token", "ip", "time", "$time", "distinct_id", "$distinct_id", "$device_id", "$user_id", "$insert_id",
            "$event_name", "bucket", "$bucket", "$ignore", "alias", "$anon_id", "mp_original_distinct_id",
        ]
        /// Placeholder user IDs that Mixpanel rejects on import (`distinct_id` and `$insert_id`:
        /// mixpanel/docs `reference/import-events.mdx`, "we disallow the following values"). The
        /// docs say nothing of case or surrounding spaces; the check compares trimmed and without
        /// case, so that `" null"` and `"NULL"`, which an app produces by mistake as easily, are
        /// reported too.
        public static let placeholderIDs: Set<String> = [
            "00000000-0000-0000-0000-000000000000", "anon", "anonymous", "nil", "none", "null", "n/a", "na",
            "undefined", "unknown", "<nil>", "0", "-1", "true", "false", "[]", "{}",
        ]

        /// Each of Mixpanel's rules that the checks know, with what breaking it costs.
        static let consequences: [String: VendorRuleViolation.Consequence] = [
            "mixpanel.stringValue.bytes": .dataLost,
            "mixpanel.propertyName.length": .dataLost,
            "mixpanel.propertyCount": .dataLost,
            "mixpanel.propertyName.reserved": .dataLost,
            "mixpanel.propertyName.ignore": .tagDropped,
            "mixpanel.number.finite": .dataLost,
            "mixpanel.array.length": .dataLost,
            "mixpanel.eventName.empty": .advisory,
            "mixpanel.distinctID.placeholder": .tagDropped,
            "mixpanel.propertyName.case": .advisory,
            "mixpanel.nameCase": .advisory,
            "mixpanel.distinctEventNames": .advisory,
            "mixpanel.propertyName.empty": .advisory,
            "mixpanel.distinctID.optional": .advisory,
            "mixpanel.distinctID.empty": .advisory,
        ]
    }
}
