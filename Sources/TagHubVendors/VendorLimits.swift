import TagHub

/// Every number the vendor rule checks use, each with where it comes from, and what breaking each rule costs. Where a
/// vendor's current documentation says otherwise, it wins: change the number here, and the checks and their tests
/// follow. `Docs/Vendors.md` tells what each SDK does with what no vendor documents (non-finite numbers, empty names).
public enum VendorLimits {
    /// Every rule the vendor models check, with what breaking it costs.
    public static let consequences: [String: VendorRuleViolation.Consequence] = [
        Firebase.consequences, Mixpanel.consequences, Amplitude.consequences, Segment.consequences,
        Batch.consequences, Piano.consequences,
    ].reduce(into: [:]) { all, vendor in all.merge(vendor) { first, _ in first } }
}

extension VendorRuleViolation {
    /// A violation of `rule`, with the consequence ``VendorLimits/consequences`` gives it.
    init(_ rule: String, _ subject: String, limit: String) {
        self.init(rule, subject, limit: limit, consequence: VendorLimits.consequences[rule] ?? .dataLost)
    }
}
