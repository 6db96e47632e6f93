/// A rule of a vendor that a vendor tag breaks: a name too long, a reserved word, too many
/// parameters. The vendor would drop, truncate or rename the data, usually without a word.
///
/// A vendor tag that knows its vendor's rules (``RuleCheckedVendorTag``) returns them; the
/// `TagHubVendors` product's models do, and so can an app's own vendor tags:
///
/// ```swift
/// struct AdNetworkTag: RuleCheckedVendorTag {
///     var event: String
///
///     var ruleViolations: [VendorRuleViolation] {
///         guard event.utf8.count > 32 else { return [] }
///         return [
///             VendorRuleViolation(
///                 "adNetwork.event.length",
///                 String(reflecting: event),
///                 limit: "at most 32 bytes",
///                 consequence: .tagDropped
///             )
///         ]
///     }
/// }
///
/// let violations = AdNetworkTag(event: "podcast_played_from_the_favorites_screen").ruleViolations
/// #expect(violations.map(\.description) == [
///     #"adNetwork.event.length: "podcast_played_from_the_favorites_screen" breaks at most 32 bytes"#
/// ])
/// ```
public struct VendorRuleViolation: Sendable, Hashable, CustomStringConvertible {
    /// The rule, as `vendor.subject.rule`: `firebase.eventName.length`, `batch.attributeCount`.
    public let rule: String
    /// What breaks it: the offending name or value, quoted, with its size where that is the point.
    public let subject: String
    /// The limit, in words: `1 to 40 UTF-16 units`, `not reserved`.
    public let limit: String
    /// What the vendor does with a tag that breaks the rule.
    public let consequence: Consequence

    /// A violation of `rule` by `subject`, whose limit is `limit`, and what the vendor does with
    /// the tag.
    public init(_ rule: String, _ subject: String, limit: String, consequence: Consequence) {
        self.rule = rule
        self.subject = subject
        self.limit = limit
        self.consequence = consequence
    }

    /// For example `firebase.eventName.length: "…" (41 UTF-16 units) breaks 1 to 40 UTF-16 units`.
    public var description: String { "\(rule): \(subject) breaks \(limit)" }

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
}
