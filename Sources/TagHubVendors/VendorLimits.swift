import TagHub

/// Every number the vendor rule checks use, in one place, each with where it comes from.
///
/// Where a vendor's current documentation says otherwise, the documentation wins: change the
/// number here, and the checks and their tests follow.
///
/// Non-finite numbers (NaN, infinity) are checked for every vendor. No vendor documents a rule;
/// what each SDK does with one, from its source, is the rule's consequence: Amplitude-Swift's
/// `JSONEncoder` throws and the event is lost (`BaseEvent.toString`); Segment's analytics-swift
/// writes 0 (`Configuration.jsonNonConformingNumberStrategy`); Batch's `BAJson` serializer fails
/// and the event's attributes are lost; Piano's `JSONSerialization.data` raises; Mixpanel-swift
/// asserts in debug builds and writes the number as text in release; Firebase's code is not open.
///
/// Empty names (an empty event name, an empty property key, a blank Segment event) have no rule in
/// any vendor's documentation either: they are advisory, except where an SDK's source shows a loss
/// (Amplitude-Swift's `Identify` drops an empty user property key, `amplitude.userPropertyName.empty`;
/// nothing in its source drops an event property's, so `amplitude.propertyName.empty` is advisory;
/// Segment's spec requires an event name on a track call).
public enum VendorLimits {
    /// Every rule the vendor models check, with what breaking it costs.
    public static let consequences: [String: VendorRuleViolation.Consequence] = [
        Firebase.consequences, Mixpanel.consequences, Amplitude.consequences, Segment.consequences,
        Batch.consequences, Piano.consequences,
    ].reduce(into: [:]) { all, vendor in all.merge(vendor) { first, _ in first } }
}

extension VendorRuleViolation {
    /// A violation of `rule`, one of the vendor models' rules, with the consequence
    /// ``VendorLimits/consequences`` gives it.
    init(_ rule: String, _ subject: String, limit: String) {
        self.init(rule, subject, limit: limit, consequence: VendorLimits.consequences[rule] ?? .dataLost)
    }
}
