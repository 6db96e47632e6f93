/// The four tag types of an app, bundled so that a hub and its strategies are generic over one type.
///
/// The library never defines an app's tags: the app declares one type per channel, in its own
/// words, usually as nested enums. A channel the app does not use can be `Never`.
///
/// ```swift
/// enum RadioAnalytics: AnalyticsSchema {
///     enum Screen: Sendable, Hashable { case stations, player }
///     enum UserAction: Sendable, Hashable { case tuneIn(station: String), stop }
///     enum Event: Sendable, Hashable { case streamDidFail(station: String, AnalyticsError) }
///     typealias State = Never  // no user properties yet
/// }
///
/// @Test func aHubOfTheRadioSchemaKeepsItsScreens() {
///     let hub = AnalyticsHub<RadioAnalytics>()
///     hub.send(screen: .player)
///     #expect(hub.currentScreen == .player)
/// }
/// ```
///
/// Tags cross threads (a view model sends, a strategy on another queue converts), so each type
/// must be `Sendable`; so must the schema itself, which an enum with no cases always is. Logs, the
/// demo and test failures print tags with `String(describing:)`: give a payload type a
/// `CustomStringConvertible` description to keep those lines short. Make them `Hashable` too, so
/// that tests can compare what was sent.
public protocol AnalyticsSchema: Sendable {
    /// A screen was shown. The hub keeps a bounded history of these and passes it with every tag.
    associatedtype Screen: Sendable
    /// Something the user did: a tap, a swipe, a play.
    associatedtype UserAction: Sendable
    /// Something that happened without the user: an error, a track that finished.
    associatedtype Event: Sendable
    /// A user property: a number of favourites, notifications on or off.
    associatedtype State: Sendable

    /// What tells states apart: states of one key replace each other (`autoPlay(false)` replaces
    /// `autoPlay(true)`; `loggedIn(userID:)` and `loggedOut` share a key). `Never` by default: the hub then
    /// keeps no state.
    associatedtype StateKey: Hashable & Sendable = Never

    /// The key of `state`, or `nil` for a state the hub does not keep (it is still delivered).
    ///
    /// The hub keeps the latest state of each key, shows them in every context
    /// (``AnalyticsContext/states``), and delivers them first to a strategy that joins later. A
    /// schema that declares no key keeps nothing, and works as if states were events. It must be
    /// fast and pure: the hub calls it on every state sent.
    ///
    /// ```swift
    /// enum SettingsAnalytics: AnalyticsSchema {
    ///     typealias Screen = PodcastAnalytics.Screen
    ///     typealias UserAction = PodcastAnalytics.UserAction
    ///     typealias Event = PodcastAnalytics.Event
    ///     enum State: Sendable, Hashable { case autoPlay(Bool), loggedIn(userID: String), loggedOut }
    ///     enum StateKey: Hashable, Sendable { case autoPlay, identity }
    ///
    ///     static func stateKey(of state: State) -> StateKey? {
    ///         switch state {
    ///         case .autoPlay: .autoPlay
    ///         case .loggedIn, .loggedOut: .identity
    ///         }
    ///     }
    /// }
    /// ```
    static func stateKey(of state: State) -> StateKey?

    /// The event to send when a session starts or ends, or `nil` (the default) to send none.
    ///
    /// The hub sends it as any other event, just before the tag that changed the session, with
    /// the context of the session it is about: strategies that do not map it return `nil` for it,
    /// and a schema that does not implement this sends nothing.
    static func sessionEvent(for change: AnalyticsSessionChange) -> Event?
}

extension AnalyticsSchema where StateKey == Never {
    /// No key: the hub keeps no state.
    @inlinable
    public static func stateKey(of state: State) -> Never? { nil }
}

extension AnalyticsSchema {
    /// No event for session changes.
    @inlinable
    public static func sessionEvent(for change: AnalyticsSessionChange) -> Event? { nil }
}

extension AnalyticsSchema {
    /// The context this schema's tags carry: screens, time, session and states.
    public typealias Context = AnalyticsContext<Self>
    /// What an ``AnalyticsScreenStrategy`` of this schema receives: a screen tag and its context.
    public typealias ScreenEnvelope = TagEnvelope<Screen, Self>
    /// What an ``AnalyticsUserActionStrategy`` of this schema receives: a user action and its context.
    public typealias UserActionEnvelope = TagEnvelope<UserAction, Self>
    /// What an ``AnalyticsEventStrategy`` of this schema receives: an event and its context.
    public typealias EventEnvelope = TagEnvelope<Event, Self>
    /// What an ``AnalyticsStateStrategy`` of this schema receives: a state and its context.
    public typealias StateEnvelope = TagEnvelope<State, Self>
    /// A tag of any channel of this schema, with its context: what a tagger is told a vendor tag came from.
    public typealias AnyTagEnvelope = TagEnvelope<AnalyticsTag<Self>, Self>
}
