/// The user's decision for every purpose, as an ``AnalyticsConsentObserver`` learns it: any
/// purpose can be asked for, registered or not, and one never decided is `undecided`.
///
/// ```swift
/// let decisions = ConsentDecisions([.analytics: .granted, .advertising: .denied])
/// #expect(decisions[.analytics] == .granted)
/// #expect(decisions[.personalization] == .undecided)
/// #expect("\(decisions)" == "advertising: denied, analytics: granted")
/// #expect("\(ConsentDecisions())" == "(none decided)")
/// ```
public struct ConsentDecisions: Sendable, Hashable, CustomStringConvertible {
    /// The purposes decided, granted or denied; every other one is undecided.
    public let decided: [ConsentPurpose: ConsentState]

    /// The decisions given; an `undecided` entry is the same as none.
    public init(_ decisions: [ConsentPurpose: ConsentState] = [:]) {
        decided = decisions.filter { $0.value != .undecided }
    }

    /// The decision for `purpose`: `undecided` unless it was granted or denied.
    public subscript(purpose: ConsentPurpose) -> ConsentState { decided[purpose] ?? .undecided }

    /// Each decided purpose and its decision, sorted by purpose: `advertising: denied, analytics: granted`;
    /// `(none decided)` when every purpose is undecided.
    public var description: String {
        if decided.isEmpty { return "(none decided)" }
        // An array sorted, as ConsentFileFormat sorts (see "Shapes kept for bytes" in Architecture.md).
        return Array(decided.keys).sorted().map { "\($0): \(self[$0])" }.joined(separator: ", ")
    }
}
