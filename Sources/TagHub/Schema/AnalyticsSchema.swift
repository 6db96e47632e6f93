/// The four tag types of an app, bundled so that a hub and its strategies are generic over one type.
///
/// The library never defines an app's tags: the app declares one type per channel, in its own
/// words, usually as nested enums. A channel the app does not use can be `Never`.
///
/// ```swift
/// enum PodcastAnalytics: AnalyticsSchema {
///     enum Screen: Sendable, Hashable { case podcasts, podcastPlayer, favorites, downloads }
///     enum UserAction: Sendable { case playPodcast(Podcast), pausePodcast(Podcast) }
///     enum Event: Sendable { case playerDidFail(Podcast, reason: String) }
///     typealias State = Never
/// }
///
/// let hub = AnalyticsHub<PodcastAnalytics>()
/// ```
///
/// Tags cross threads (a view model sends, a strategy on another queue converts), so each type
/// must be `Sendable`; so must the schema itself, which an enum with no cases always is. Logs, the demo and test failures print tags with `String(describing:)`:
/// give a payload type a `CustomStringConvertible` description to keep those lines short.
public protocol AnalyticsSchema: Sendable {
    /// A screen was shown. The hub keeps a bounded history of these and passes it with every tag.
    associatedtype Screen: Sendable
    /// Something the user did: a tap, a swipe, a play.
    associatedtype UserAction: Sendable
    /// Something that happened without the user: an error, a track that finished.
    associatedtype Event: Sendable
    /// A user property: a number of favourites, notifications on or off.
    associatedtype State: Sendable
}

extension AnalyticsSchema {
    /// The screen context this schema's tags carry.
    public typealias Context = ScreenContext<Screen>
    /// What an ``AnalyticsScreenStrategy`` of this schema receives: a screen tag and its context.
    public typealias ScreenEnvelope = TagEnvelope<Screen, Screen>
    /// What an ``AnalyticsUserActionStrategy`` of this schema receives: a user action and its context.
    public typealias UserActionEnvelope = TagEnvelope<UserAction, Screen>
    /// What an ``AnalyticsEventStrategy`` of this schema receives: an event and its context.
    public typealias EventEnvelope = TagEnvelope<Event, Screen>
    /// What an ``AnalyticsStateStrategy`` of this schema receives: a state and its context.
    public typealias StateEnvelope = TagEnvelope<State, Screen>
    /// A tag of any channel of this schema, with its context: what a tagger is told a vendor tag came from.
    public typealias AnyTagEnvelope = TagEnvelope<AnalyticsTag<Self>, Screen>
}
