/// A rule of a vendor that a vendor tag breaks: a name too long, a reserved word, too many
/// parameters. The vendor would drop, truncate or rename the data, usually without a word.
///
/// ```swift
/// FirebaseTag.event("select_content_from_the_podcast_favorites_screen").ruleViolations
/// // [firebase.eventName.length: "select_content_from_the_podcast_favorites_screen" (48) breaks at most 40 characters]
/// ```
public struct VendorRuleViolation: Sendable, Hashable, CustomStringConvertible {
    /// The rule, as `vendor.subject.rule`: `firebase.eventName.length`, `batch.attributeCount`.
    public let rule: String
    /// What breaks it: the offending name or value, quoted, with its size where that is the point.
    public let subject: String
    /// The limit, in words: `at most 40 characters`, `not reserved`.
    public let limit: String

    /// A violation of `rule` by `subject`, whose limit is `limit`.
    public init(_ rule: String, _ subject: String, limit: String) {
        self.rule = rule
        self.subject = subject
        self.limit = limit
    }

    /// For example `firebase.eventName.length: "…" (41) breaks at most 40 characters`.
    public var description: String { "\(rule): \(subject) breaks \(limit)" }

    /// What the vendor does with a tag that breaks the rule.
    public var consequence: Consequence {
        Self.catalog[rule] ?? .dataLost
    }

    /// What a vendor does with a tag that breaks one of its rules.
    public enum Consequence: String, Sendable, Hashable, CustomStringConvertible {
        /// The vendor drops the whole tag (an event, a user property change, an identify).
        case tagDropped
        /// The vendor keeps the tag but loses part of it: a parameter dropped, a value cut, a name
        /// replaced, data it cannot query.
        case dataLost
        /// Nothing is lost, but the tag goes against the vendor's advice (naming, case), or against
        /// plain sense where the vendor's documentation says nothing (an empty name).
        case advisory

        /// `tag dropped`, `data lost` or `advisory`.
        public var description: String {
            switch self {
            case .tagDropped: "tag dropped"
            case .dataLost: "data lost"
            case .advisory: "advisory"
            }
        }
    }

    /// Every rule the vendor models check, with what breaking it costs.
    public static let catalog: [String: Consequence] = [
        "firebase.eventName.length": .tagDropped, "firebase.eventName.characters": .tagDropped,
        "firebase.eventName.reservedPrefix": .tagDropped, "firebase.eventName.reserved": .tagDropped,
        "firebase.parameterCount": .dataLost, "firebase.parameterName.length": .dataLost,
        "firebase.parameterName.characters": .dataLost, "firebase.parameterName.reservedPrefix": .dataLost,
        "firebase.parameterName.reserved": .dataLost, "firebase.parameterName.case": .advisory,
        "firebase.parameterValue.length": .dataLost,
        "firebase.userPropertyName.length": .tagDropped, "firebase.userPropertyName.characters": .tagDropped,
        "firebase.userPropertyName.reservedPrefix": .tagDropped, "firebase.userPropertyName.reserved": .tagDropped,
        "firebase.userPropertyValue.length": .tagDropped, "firebase.userID.length": .tagDropped,
        "firebase.distinctEventNames": .tagDropped, "firebase.distinctUserProperties": .tagDropped,
        "firebase.nameCase": .advisory,
        "mixpanel.stringValue.bytes": .dataLost, "mixpanel.propertyName.length": .dataLost,
        "mixpanel.propertyCount": .dataLost, "mixpanel.propertyName.reserved": .dataLost,
        "mixpanel.propertyName.ignore": .tagDropped, "mixpanel.number.finite": .dataLost,
        "mixpanel.array.length": .dataLost, "mixpanel.eventName.empty": .advisory,
        "mixpanel.distinctID.placeholder": .tagDropped, "mixpanel.propertyName.case": .advisory,
        "mixpanel.nameCase": .advisory, "mixpanel.distinctEventNames": .advisory,
        "amplitude.userID.length": .dataLost, "amplitude.deviceID.length": .dataLost,
        "amplitude.stringValue.length": .dataLost, "amplitude.propertyCount": .dataLost,
        "amplitude.eventType.reservedPrefix": .advisory, "amplitude.eventType.empty": .advisory,
        "amplitude.propertyName.case": .advisory, "amplitude.nameCase": .advisory,
        "amplitude.distinctEventTypes": .dataLost,
        "segment.track.event.empty": .tagDropped, "segment.track.event.titleCase": .advisory,
        "segment.track.revenue.number": .dataLost, "segment.track.value.number": .dataLost,
        "segment.track.currency.code": .dataLost, "segment.identify.userID.empty": .tagDropped,
        "segment.screen.name.reserved": .dataLost, "segment.payload.size": .tagDropped,
        "segment.propertyName.case": .advisory, "segment.nameCase": .advisory,
        "batch.eventName.format": .tagDropped, "batch.attributeKey.format": .tagDropped,
        "batch.attributeCount": .tagDropped, "batch.stringValue.length": .tagDropped,
        "batch.stringValue.blank": .tagDropped, "batch.stringValue.newline": .tagDropped,
        "batch.array.length": .tagDropped, "batch.nesting": .tagDropped, "batch.label.length": .tagDropped,
        "batch.tagCount": .tagDropped, "batch.tag.length": .tagDropped, "batch.customUserID.length": .tagDropped,
        "batch.attributeKey.case": .advisory,
        "piano.propertyKey.length": .dataLost, "piano.propertyKey.format": .dataLost,
        "piano.propertyKey.reservedPrefix": .dataLost, "piano.propertyKey.lowercased": .advisory,
        "piano.stringValue.length": .dataLost, "piano.array.length": .dataLost, "piano.propertyKey.case": .dataLost,
        "piano.eventName.empty": .advisory, "piano.nameCase": .advisory,
    ]
}

extension RuleCheckedVendorTag {
    /// None: the vendor has no rule across tags.
    public static func ruleViolations(across tags: [Self]) -> [VendorRuleViolation] { [] }
}

/// Checks shared by the vendors' rules.
enum RuleCheck {
    /// `text` quoted as a Swift literal would be, with its length in characters.
    static func quoted(_ text: String, counting: Int? = nil) -> String {
        let quoted = String(reflecting: text)
        return counting.map { "\(quoted) (\($0))" } ?? quoted
    }

    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    /// Letters, digits and underscores only, starting with a letter (ASCII).
    static func isIdentifier(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        guard let first = scalars.first, isASCIILetter(first) else { return false }
        return scalars.allSatisfy { isASCIILetter($0) || isASCIIDigit($0) || $0 == "_" }
    }

    /// Letters, digits and underscores only, at least one (ASCII).
    static func isWord(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { isASCIILetter($0) || isASCIIDigit($0) || $0 == "_" }
    }

    /// One violation of `rule` per group of `names` that differ only by case.
    static func caseViolations(_ names: some Sequence<String>, rule: String, limit: String) -> [VendorRuleViolation] {
        caseCollisions(names).map { group in
            VendorRuleViolation(rule, group.map { quoted($0) }.joined(separator: ", "), limit: limit)
        }
    }

    /// One violation of `rule` per group of event names among `names` that differ only by case.
    static func nameCaseViolations(_ names: some Sequence<String>, vendor: String) -> [VendorRuleViolation] {
        caseViolations(names, rule: "\(vendor).nameCase", limit: "names that differ only by case are different events")
    }

    /// The names in `names` that another differs from only by case, each group once, sorted.
    static func caseCollisions(_ names: some Sequence<String>) -> [[String]] {
        var groups: [String: Set<String>] = [:]
        for name in names { groups[name.lowercased(), default: []].insert(name) }
        return groups.values.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }
}
