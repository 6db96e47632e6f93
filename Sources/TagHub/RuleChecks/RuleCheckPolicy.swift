/// What a ``MappingStrategy`` does, at run time, with a vendor tag that breaks its vendor's rules.
///
/// Whatever the policy, nothing crashes: a bad tag is at worst reported and dropped.
public struct RuleCheckPolicy: Sendable, Hashable, CustomStringConvertible {
    // Two flags rather than a private enum: every type adds its metadata, value witnesses and
    // conformances to the app.
    /// Whether tags are checked: `report` and `drop`.
    @usableFromInline let checks: Bool
    /// Whether a tag the vendor would drop or lose data from is dropped: `drop`.
    let drops: Bool

    private init(checks: Bool, drops: Bool) {
        self.checks = checks
        self.drops = drops
    }

    /// No check: every tag goes to the tagger, at no cost. The default; tests and tracking plans
    /// still check.
    public static let passThrough = RuleCheckPolicy(checks: false, drops: false)
    /// The violations of a tag are reported to the hub's diagnostics, once per tag, and the tag
    /// still goes to the tagger: the vendor decides.
    public static let report = RuleCheckPolicy(checks: true, drops: false)
    /// Each violation is reported, and a tag that the vendor would drop or lose data from (any
    /// violation that is not ``VendorRuleViolation/Consequence/advisory``) does not go to the
    /// tagger.
    public static let drop = RuleCheckPolicy(checks: true, drops: true)

    /// `passThrough`, `report` or `drop`.
    public var description: String {
        drops ? "drop" : checks ? "report" : "passThrough"
    }
}
