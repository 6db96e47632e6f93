/// A strategy, or the tagger of a ``MappingStrategy``, that wants to know when consent lets tags
/// through to it, and when it stops them: to switch a vendor SDK's own collection on or off.
///
/// The tagger is the only code that calls the vendor's SDK, so it is usually the one to adopt it;
/// a ``MappingStrategy`` tells its tagger when it is told:
///
/// ```swift
/// /// Stands in for a vendor SDK's collection switch, which SDKs make safe to call from any thread.
/// final class TrackerSDK: @unchecked Sendable {  // `collecting` is only touched under `lock`
///     private let lock = NSLock()
///     private var collecting = false
///
///     var isCollecting: Bool {
///         lock.lock()
///         defer { lock.unlock() }
///         return collecting
///     }
///
///     func setCollectionEnabled(_ enabled: Bool) {
///         lock.lock()
///         defer { lock.unlock() }
///         collecting = enabled
///     }
/// }
///
/// struct TrackerSDKTagger: AnalyticsTagger, AnalyticsConsentObserver {
///     let sdk: TrackerSDK
///
///     func send(_ tag: TrackerTag) {}  // the SDK's track call
///     func consentWasGranted() { sdk.setCollectionEnabled(true) }
///     func consentWasWithdrawn() { sdk.setCollectionEnabled(false) }
/// }
///
/// @Test func theTrackerSDKCollectsOnlyOnceTheUserAgrees() {
///     let hub = AnalyticsHub<PodcastAnalytics>()
///     let consent = AnalyticsConsent(hub: hub)
///     let sdk = TrackerSDK()
///     consent.register(makeTracker(tagger: TrackerSDKTagger(sdk: sdk)), for: [.analytics])
///     #expect(sdk.isCollecting == false)
///     consent.grant(.analytics)
///     #expect(sdk.isCollecting)
///     consent.deny(.analytics)
///     #expect(sdk.isCollecting == false)
/// }
/// ```
///
/// A strategy of the app's own adopts it the same way. Every observer on the registered strategy's
/// chain is told, outermost first, one decision at a time, on the thread that decided; but one
/// inside a ``BackgroundStrategy`` (through any ``AnalyticsWrappingStrategy``) is told on its queue,
/// between the tags queued before and after the decision, never during one; its
/// ``consentWasWithdrawn()`` comes on the deciding thread, once the queue is cancelled or delivered.
/// An observer told on the deciding thread may decide when told (a consent platform's bridge that
/// learned the user's answer meanwhile); one told on a queue's thread must not, as from a `send`
/// (see ``AnalyticsConsent/set(_:for:)``).
/// A vendor that needs every purpose's decision (Google's Consent Mode) implements
/// ``consentDecisionsDidChange(_:)`` too, or a ``MappingStrategy`` maps them with `consent:`.
public protocol AnalyticsConsentObserver {
    /// All the strategy's purposes are granted: called before it receives any tag, including the
    /// tags kept while consent was undecided.
    func consentWasGranted()

    /// A purpose of the strategy was denied or withdrawn: called once its tags stop (but those an
    /// advanced setup's `whileDenied` allows), on the thread that decided.
    func consentWasWithdrawn()

    /// The decisions of every purpose, its own or not: when the strategy is registered, and after
    /// each change of one. Told after ``consentWasGranted()`` and before any tag that the change
    /// lets through; after ``consentWasWithdrawn()`` and after the last tag it stops. By default,
    /// nothing.
    func consentDecisionsDidChange(_ decisions: ConsentDecisions)
}

extension AnalyticsConsentObserver {
    /// Does nothing: an observer that needs the decisions implements it.
    public func consentDecisionsDidChange(_ decisions: ConsentDecisions) {}
}
