/// Where the user was when a tag was sent: the current screen, the previous one, and the bounded
/// history of screens, oldest to newest.
///
/// The hub takes one with every `send`, at the moment of the send, and passes it with the tag to
/// every strategy. It is what lets one `playPodcast` action become `play_podcast_from_favorites`
/// for one vendor and plain `play` for another:
///
/// ```swift
/// switch (action, context.current) {
/// case (.playPodcast(let podcast), .favorites?): .play(name: "play_podcast_from_favorites", title: podcast.title)
/// case (.playPodcast(let podcast), _): .play(name: "play", title: podcast.title)
/// default: nil
/// }
/// ```
///
/// For a screen tag, the context already includes that screen: `current` is the screen being
/// sent and `previous` the one before it.
public struct ScreenContext<Screen> {
    /// The screens shown, oldest to newest, within the hub's bound.
    public let history: ScreenHistory<Screen>

    /// A context with this history, oldest screen first.
    @inlinable
    public init(history: ScreenHistory<Screen> = []) {
        self.history = history
    }

    /// A context where `current` is the only screen shown so far.
    public init(current: Screen) {
        self.history = [current]
    }

    /// The screen shown last, or `nil` when no screen was sent yet.
    @inlinable
    public var current: Screen? { history.last }

    /// The screen shown before ``current``, or `nil` when fewer than two screens were sent.
    @inlinable
    public var previous: Screen? {
        history.count >= 2 ? history[history.count - 2] : nil
    }
}

extension ScreenContext: Sendable where Screen: Sendable {}
extension ScreenContext: Equatable where Screen: Equatable {}
extension ScreenContext: Hashable where Screen: Hashable {}

extension ScreenContext: CustomStringConvertible {
    /// The history, oldest first, for example `[podcasts, favorites]`.
    public var description: String { history.description }
}

extension ScreenContext: ExpressibleByArrayLiteral {
    /// A context whose history is the screens listed, oldest first: `[.podcasts, .favorites]` is on
    /// `favorites`, coming from `podcasts`.
    public init(arrayLiteral screens: Screen...) {
        self.init(history: ScreenHistory(screens))
    }
}
