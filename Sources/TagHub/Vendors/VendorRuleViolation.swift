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
}

/// A vendor tag that knows its vendor's rules.
public protocol RuleCheckedVendorTag: Sendable {
    /// Every rule this tag breaks on its own, in a fixed order; empty when the vendor accepts it.
    var ruleViolations: [VendorRuleViolation] { get }

    /// The rules that `tags`, taken together, break: too many distinct event names, names that
    /// differ only by case. Empty by default.
    static func ruleViolations(across tags: [Self]) -> [VendorRuleViolation]
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

    /// The names in `names` that another differs from only by case, each group once, sorted.
    static func caseCollisions(_ names: some Sequence<String>) -> [[String]] {
        var groups: [String: Set<String>] = [:]
        for name in names { groups[name.lowercased(), default: []].insert(name) }
        return groups.values.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }
}
