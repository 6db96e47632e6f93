#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything a tag was sent with: where the user was (the screens), when (the time), in which
/// session, and the app's states at that moment.
///
/// The hub takes one with every `send`, at the moment of the send, and passes it with the tag to
/// every strategy, however late one delivers it (a consent replay, a background queue). It is what
/// lets one `playPodcast` action become `play_podcast_from_favorites` for one vendor and plain
/// `play` for another:
///
/// ```swift
/// switch (action, context.current) {
/// case (.playPodcast(let podcast), .favorites?): .play(name: "play_podcast_from_favorites", title: podcast.title)
/// case (.playPodcast(let podcast), _): .play(name: "play", title: podcast.title)
/// default: nil
/// }
/// ```
///
/// For a screen tag, the context already includes that screen: ``current`` is the screen being
/// sent and ``previous`` the one before it. For a state tag, ``states`` already includes that
/// state.
///
/// Taking a context copies no screen and no state: it shares the hub's storage, so its cost does
/// not depend on ``AnalyticsHub/screenHistoryLimit`` or on the number of states.
public struct AnalyticsContext<Schema: AnalyticsSchema> {
    /// The screens shown, oldest to newest, within the hub's bound.
    public let history: ScreenHistory<Schema.Screen>
    /// When the tag was sent, as the hub's ``AnalyticsClock`` read it.
    public let time: Date
    /// The session, and the states, of the moment the tag was sent.
    @usableFromInline let record: ContextRecord<Schema>

    /// A context as the hub takes it.
    @inlinable
    init(history: ScreenHistory<Schema.Screen>, time: Date, record: ContextRecord<Schema>) {
        self.history = history
        self.time = time
        self.record = record
    }

    /// A context made by hand: for a test, or a tracking plan's samples.
    ///
    /// - Parameters:
    ///   - history: The screens shown, oldest first.
    ///   - time: When the tag was sent; by default 1970-01-01T00:00:00Z.
    ///   - session: The session; by default ``AnalyticsSession/none``.
    ///   - states: States in the order they were set; each replaces an earlier one of the same
    ///     key (``AnalyticsSchema/stateKey(of:)``), and those without a key are left out, as the
    ///     hub does.
    public init(
        history: ScreenHistory<Schema.Screen> = [],
        time: Date = Date(timeIntervalSince1970: 0),
        session: AnalyticsSession = .none,
        states: [Schema.State] = []
    ) {
        var record = ContextRecord<Schema>(session: session)
        for state in states {
            guard let key = Schema.stateKey(of: state) else { continue }
            record = record.setting(state, for: key, at: time, history: history)
        }
        self.init(history: history, time: time, record: record)
    }

    /// The screen shown last, or `nil` when no screen was sent yet.
    @inlinable
    public var current: Schema.Screen? { history.last }

    /// The screen shown before ``current``, or `nil` when fewer than two screens were sent.
    @inlinable
    public var previous: Schema.Screen? {
        history.count >= 2 ? history[history.count - 2] : nil
    }

    /// The session the tag was sent in.
    @inlinable
    public var session: AnalyticsSession { record.session }

    /// The app's states when the tag was sent: the latest value of each key.
    @inlinable
    public var states: AnalyticsStates<Schema> { AnalyticsStates(record: record) }

    /// This context with another time and history: what a catch-up delivers a state with.
    func with(time: Date, history: ScreenHistory<Schema.Screen>, record: ContextRecord<Schema>) -> Self {
        AnalyticsContext(history: history, time: time, record: record)
    }
}

extension AnalyticsContext: Sendable {}

extension AnalyticsContext: Equatable where Schema.Screen: Equatable, Schema.State: Equatable {
    /// Whether the screens, the time, the session and the states are all equal.
    public static func == (left: Self, right: Self) -> Bool {
        left.history == right.history && left.time == right.time && left.session == right.session
            && left.states == right.states
    }
}

extension AnalyticsContext: Hashable where Schema.Screen: Hashable, Schema.State: Hashable {
    /// Hashes the screens, the time, the session and the states.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(history)
        hasher.combine(time)
        hasher.combine(session)
        hasher.combine(states)
    }
}

extension AnalyticsContext: CustomStringConvertible {
    /// The screen history, oldest first, for example `[podcasts, favorites]`: what most lines of a
    /// log need. The time, session and states are properties of their own.
    public var description: String { history.description }
}

extension AnalyticsContext: ExpressibleByArrayLiteral {
    /// A context whose history is the screens listed, oldest first: `[.podcasts, .favorites]` is on
    /// `favorites`, coming from `podcasts`. Its time is 1970-01-01T00:00:00Z, its session
    /// ``AnalyticsSession/none``, and it has no states.
    public init(arrayLiteral screens: Schema.Screen...) {
        self.init(history: ScreenHistory(screens))
    }
}
