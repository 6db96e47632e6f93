/// A vendor tag that knows its vendor's rules.
public protocol RuleCheckedVendorTag: Sendable {
    /// Every rule this tag breaks on its own, in a fixed order; of a huge tag, those its model's guards let a check read.
    var ruleViolations: [VendorRuleViolation] { get }

    /// The rules that `tags`, taken together, break: too many distinct event names, names that
    /// differ only by case. Empty by default.
    static func ruleViolations(across tags: [Self]) -> [VendorRuleViolation]
}

extension RuleCheckedVendorTag {
    /// None: the vendor has no rule across tags.
    public static func ruleViolations(across tags: [Self]) -> [VendorRuleViolation] { [] }
}
