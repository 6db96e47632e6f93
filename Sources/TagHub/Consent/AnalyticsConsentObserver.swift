/// A strategy that wants to know when consent lets tags through to it, and when it stops them:
/// to switch a vendor SDK's own collection on or off.
///
/// ```swift
/// extension FirebaseStrategy: AnalyticsConsentObserver {
///     func consentWasGranted() { Analytics.setAnalyticsCollectionEnabled(true) }
///     func consentWasWithdrawn() { Analytics.setAnalyticsCollectionEnabled(false) }
/// }
/// ```
///
/// ``AnalyticsConsent`` calls these on the thread that changed the decision, while no other
/// decision is being applied. Every observer on the registered strategy's chain is told, outermost
/// first: a strategy inside a ``BackgroundStrategy`` (or any ``AnalyticsWrappingStrategy``) is told
/// as if registered itself.
public protocol AnalyticsConsentObserver: AnyObject {
    /// All the strategy's purposes are granted: called before it receives any tag, including the
    /// tags kept while consent was undecided.
    func consentWasGranted()

    /// A purpose of the strategy was denied or withdrawn: called once it receives nothing more.
    func consentWasWithdrawn()
}
