/// A strategy that hands its tags to another strategy: a delivery wrapper such as
/// ``BackgroundStrategy``, or one of the app's own.
///
/// Saying so is all a wrapper does to keep every promise at any depth of wrapping: the hub and
/// ``AnalyticsConsent`` walk the chain from the outermost strategy inwards, and ask each strategy
/// on it for what it can do itself.
///
/// - ``AnalyticsHub/flush()`` flushes each ``AnalyticsFlushable`` on the chain, outermost first;
/// - a consent revocation cancels what each background queue on the chain holds, outermost first,
///   and a return to undecided waits until each has delivered;
/// - each ``AnalyticsConsentObserver`` on the chain is told when tags start and stop reaching it;
/// - diagnostics name the chain after its outermost named strategy (a ``MappingStrategy`` or a
///   ``BackgroundStrategy`` with a `name`).
///
/// So a wrapper never forwards any of these by hand. It should hand each tag on before its `send`
/// returns: a wrapper that keeps tags to deliver later cannot yet be cancelled by consent nor run
/// its strategy in the hub's delivery scope (wrap a ``BackgroundStrategy`` for that).
///
/// ```swift
/// final class PlaysOnlyStrategy: AnalyticsUserActionStrategy, AnalyticsWrappingStrategy {
///     typealias Schema = PodcastAnalytics
///     let wrappedStrategy: any AnalyticsStrategy<PodcastAnalytics>
///     private let vendor: any AnalyticsUserActionStrategy<PodcastAnalytics>
///
///     init(wrapping vendor: some AnalyticsUserActionStrategy<PodcastAnalytics>) {
///         self.wrappedStrategy = vendor
///         self.vendor = vendor
///     }
///
///     func send(userAction: PodcastAnalytics.UserActionEnvelope) {
///         guard case .playPodcast = userAction.tag else { return }  // plays only
///         vendor.send(userAction: userAction)
///     }
/// }
/// ```
public protocol AnalyticsWrappingStrategy<Schema>: AnalyticsStrategy {
    /// The strategy this one hands its tags to.
    var wrappedStrategy: any AnalyticsStrategy<Schema> { get }
}

/// `strategy`, then the strategy it wraps, and so on: the outermost first.
///
/// A chain that comes back to a strategy already on it (a wrapper that wraps itself) ends there.
func wrapperChain(of strategy: any AnalyticsStrategy) -> [any AnalyticsStrategy] {
    var chain: [any AnalyticsStrategy] = [strategy]
    var current = strategy
    while let wrapper = current as? any AnalyticsWrappingStrategy {
        let next: any AnalyticsStrategy = wrapper.wrappedStrategy
        guard !chain.contains(where: { $0 === next }) else { break }
        chain.append(next)
        current = next
    }
    return chain
}

/// The name diagnostics use for `strategy`: that of the outermost named strategy on its chain,
/// else its type's.
func diagnosticName(of strategy: any AnalyticsStrategy) -> String {
    for stage in wrapperChain(of: strategy) {
        if let named = stage as? any NamedStrategy { return named.name }
    }
    return String(describing: type(of: strategy))
}
