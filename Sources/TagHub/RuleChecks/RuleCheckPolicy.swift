/// What a ``MappingStrategy`` does, at run time, with a vendor tag that breaks its vendor's rules.
///
/// Whatever the policy, nothing crashes: a bad tag is at worst reported and dropped.
public struct RuleCheckPolicy: Sendable, Hashable, CustomStringConvertible {
    private enum Storage: Sendable, Hashable { case passThrough, report, drop }
    private let storage: Storage

    private init(_ storage: Storage) {
        self.storage = storage
    }

    /// No check: every tag goes to the tagger, at no cost. The default; tests and tracking plans
    /// still check.
    public static let passThrough = RuleCheckPolicy(.passThrough)
    /// The violations of a tag are reported to the hub's diagnostics, once per tag, and the tag
    /// still goes to the tagger: the vendor decides.
    public static let report = RuleCheckPolicy(.report)
    /// Each violation is reported, and a tag that the vendor would drop or lose data from (any
    /// violation that is not ``VendorRuleViolation/Consequence/advisory``) does not go to the
    /// tagger.
    public static let drop = RuleCheckPolicy(.drop)

    /// `passThrough`, `report` or `drop`.
    public var description: String {
        switch storage {
        case .passThrough: "passThrough"
        case .report: "report"
        case .drop: "drop"
        }
    }

    @usableFromInline var checks: Bool { storage != .passThrough }
    var drops: Bool { storage == .drop }
}
