/// A strategy, or the tagger of a ``MappingStrategy``, that wants to know when consent lets tags
/// through to it, and when it stops them: to switch a vendor SDK's own collection on or off.
///
/// The tagger is the only code that calls the vendor's SDK, so it is usually the one to adopt it;
/// a ``MappingStrategy`` tells its tagger when it is told:
///
/// ```swift
/// final class TrackerSDKTagger: AnalyticsTagger, AnalyticsConsentObserver, @unchecked Sendable {
///     private(set) var isCollecting = false  // where the vendor's SDK would switch collection
///
///     func send(_ tag: TrackerTag) {}
///     func consentWasGranted() { isCollecting = true }
///     func consentWasWithdrawn() { isCollecting = false }
/// }
///
/// @Test func theTrackerSDKCollectsOnlyOnceTheUserAgrees() {
///     let hub = AnalyticsHub<PodcastAnalytics>()
///     let consent = AnalyticsConsent(hub: hub)
///     let sdk = TrackerSDKTagger()
///     consent.register(makeTracker(tagger: sdk), name: "tracker", for: [.analytics])
///     #expect(sdk.isCollecting == false)
///     consent.grant(.analytics)
///     #expect(sdk.isCollecting)
///     consent.deny(.analytics)
///     #expect(sdk.isCollecting == false)
/// }
/// ```
///
/// A strategy of the app's own adopts it the same way. ``AnalyticsConsent`` calls these on the
/// thread that changed the decision, while no other decision is being applied. Every observer on
/// the registered strategy's chain is told, outermost first: a strategy inside a
/// ``BackgroundStrategy`` (or any ``AnalyticsWrappingStrategy``) is told as if registered itself.
public protocol AnalyticsConsentObserver {
    /// All the strategy's purposes are granted: called before it receives any tag, including the
    /// tags kept while consent was undecided.
    func consentWasGranted()

    /// A purpose of the strategy was denied or withdrawn: called once it receives nothing more.
    func consentWasWithdrawn()
}
