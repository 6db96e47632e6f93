/// A vendor's side of the hub: receives the app's tags and hands that vendor's own tags to a tagger.
///
/// A strategy adopts only the channel protocols its vendor needs: ``AnalyticsScreenStrategy``,
/// ``AnalyticsUserActionStrategy``, ``AnalyticsEventStrategy`` and ``AnalyticsStateStrategy``.
/// The hub finds which ones when the strategy is attached, never per send, and calls it only for
/// those channels.
///
/// Strategies are classes: a hub attaches and detaches them by identity, so two strategies of the
/// same type are two vendors (or two accounts of one vendor) that consent can switch separately.
/// They are called from whichever thread sent the tag, so they must be `Sendable`.
///
/// Most vendors need no hand-written strategy: ``MappingStrategy`` takes a converter per channel
/// and a tagger. Write one by hand when a vendor needs more than a mapping:
///
/// ```swift
/// final class ThirdPartyTrackerStrategy: AnalyticsScreenStrategy, AnalyticsUserActionStrategy {
///     typealias Schema = PodcastAnalytics
///     private let tagger: any AnalyticsTagger<TrackerTag>  // injected: tests pass a recorder
///
///     init(tagger: some AnalyticsTagger<TrackerTag>) { self.tagger = tagger }
///
///     func send(screen: Schema.ScreenEnvelope) {
///         guard screen.tag == .podcasts else { return }
///         tagger.send(.screen(name: "show_podcasts"))
///     }
///
///     func send(userAction: Schema.UserActionEnvelope) {
///         guard let tag = trackerTag(for: userAction.tag, in: userAction.context) else { return }
///         tagger.send(tag)
///     }
/// }
/// ```
public protocol AnalyticsStrategy<Schema>: AnyObject, Sendable {
    /// The app's tag types this strategy receives.
    associatedtype Schema: AnalyticsSchema

    /// The channels this strategy wants, among those it adopts; read once, when it is attached.
    ///
    /// The default is ``AnalyticsChannelSet/all``: every channel protocol the strategy adopts.
    /// ``MappingStrategy`` narrows it to the channels it has a converter for, so the hub does not
    /// call it for tags it would ignore anyway.
    var acceptedChannels: AnalyticsChannelSet { get }
}

extension AnalyticsStrategy {
    /// Every channel the strategy adopts.
    public var acceptedChannels: AnalyticsChannelSet { .all }

    /// The channels a hub delivers to this strategy: those whose protocol it adopts, among its
    /// ``acceptedChannels``. The hub works this out once, when the strategy is attached.
    public var deliveredChannels: AnalyticsChannelSet {
        Admission(self).channels
    }
}

/// A strategy that receives screen tags.
public protocol AnalyticsScreenStrategy<Schema>: AnalyticsStrategy {
    /// Receives a screen tag with its context; `screen.context.current` is that screen.
    ///
    /// Called synchronously on the thread that sent the tag. It may call the hub (send, attach,
    /// detach): a tag sent from here is delivered after the current one.
    func send(screen: TagEnvelope<Schema.Screen, Schema>)
}

/// A strategy that receives user-action tags.
public protocol AnalyticsUserActionStrategy<Schema>: AnalyticsStrategy {
    /// Receives a user action with the screen context it happened in.
    ///
    /// Called synchronously on the thread that sent the tag. It may call the hub (send, attach,
    /// detach): a tag sent from here is delivered after the current one.
    func send(userAction: TagEnvelope<Schema.UserAction, Schema>)
}

/// A strategy that receives event tags.
public protocol AnalyticsEventStrategy<Schema>: AnalyticsStrategy {
    /// Receives an event with the screen context it happened in.
    ///
    /// Called synchronously on the thread that sent the tag. It may call the hub (send, attach,
    /// detach): a tag sent from here is delivered after the current one.
    func send(event: TagEnvelope<Schema.Event, Schema>)
}

/// A strategy that receives state tags (user properties).
public protocol AnalyticsStateStrategy<Schema>: AnalyticsStrategy {
    /// Receives a state tag with the screen context it was sent in.
    ///
    /// Called synchronously on the thread that sent the tag. It may call the hub (send, attach,
    /// detach): a tag sent from here is delivered after the current one.
    func send(state: TagEnvelope<Schema.State, Schema>)
}
