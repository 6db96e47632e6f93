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
/// func playTag(for action: PodcastAnalytics.UserAction, in context: PodcastAnalytics.Context) -> TrackerTag? {
///     switch (action, context.current) {
///     case (.playPodcast(let podcast), .favorites?): .play(name: "play_podcast_from_favorites", title: podcast.title)
///     case (.playPodcast(let podcast), _): .play(name: "play", title: podcast.title)
///     default: nil
///     }
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
    // Stored without the schema's types: a field whose type depends on `Schema.Screen` made every
    // copy of an envelope in generic code (a background queue's) look up that associated type, and
    // made a background delivery far dearer (Architecture.md, "Tricks on the send path").

    /// The history's storage (a `ScreenLog<Schema.Screen>`), and its slots in use.
    @usableFromInline let screens: AnyObject?
    @usableFromInline let start: Int
    @usableFromInline let end: Int
    /// ``time``, in seconds since 2001, not a `Date`: see "The rest of the context" in
    /// Docs/Architecture.md.
    @usableFromInline let secondsSinceReferenceDate: Double
    /// The session and the states of the moment the tag was sent: a `ContextRecord<Schema>`.
    @usableFromInline let storedRecord: AnyObject

    /// A context as the hub takes it.
    @inlinable
    init(history: ScreenHistory<Schema.Screen>, seconds: Double, record: ContextRecord<Schema>) {
        self.screens = history.storage
        self.start = history.start
        self.end = history.end
        self.secondsSinceReferenceDate = seconds
        self.storedRecord = record
    }

    /// When the tag was sent, as the hub's ``AnalyticsClock`` read it.
    @inlinable
    public var time: Date { Date(timeIntervalSinceReferenceDate: secondsSinceReferenceDate) }

    /// The screens shown, oldest to newest, within the hub's bound.
    @inlinable
    public var history: ScreenHistory<Schema.Screen> {
        ScreenHistory(
            storage: screens.map { unsafeDowncast($0, to: ScreenLog<Schema.Screen>.self) },
            start: start,
            end: end
        )
    }

    /// The session, and the states, of the moment the tag was sent.
    @inlinable
    var record: ContextRecord<Schema> {
        unsafeDowncast(storedRecord, to: ContextRecord<Schema>.self)
    }

    /// The delivery scope of the hub that took the context (see ``ContextRecord/scope``).
    @inline(__always)
    var scope: DeliveryScope? {
        unsafeDowncast(storedRecord, to: ContextRecord<Schema>.self).scope
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
        var record = ContextRecord<Schema>(scope: nil, session: session)
        for state in states {
            guard let key = Schema.stateKey(of: state) else { continue }
            record = record.setting(state, for: key, at: time.timeIntervalSinceReferenceDate, history: history)
        }
        self.init(history: history, seconds: time.timeIntervalSinceReferenceDate, record: record)
    }

    /// The screen shown last, or `nil` when no screen was sent yet.
    @inlinable
    public var current: Schema.Screen? { history.last }

    /// The screen shown before ``current``, or `nil` when fewer than two screens were sent.
    @inlinable
    public var previous: Schema.Screen? {
        history.count >= 2 ? history[history.count - 2] : nil
    }

    /// This context, reporting to `diagnostics` (an envelope made by hand with diagnostics).
    @usableFromInline
    func reporting(to diagnostics: AnalyticsDiagnostics) -> Self {
        let record = record.reporting(to: DeliveryScope(diagnostics: diagnostics))
        return AnalyticsContext(history: history, seconds: secondsSinceReferenceDate, record: record)
    }

    /// The session the tag was sent in.
    public var session: AnalyticsSession { record.session }

    /// The app's states when the tag was sent: the latest value of each key.
    @inlinable
    public var states: AnalyticsStates<Schema> { AnalyticsStates(record: record) }

}

// Safe: `screens` is a `ScreenLog<Schema.Screen>` read only in the slots `start..<end`, written
// before the context was taken and never again (see `ScreenHistory`), and `storedRecord` an
// immutable `ContextRecord<Schema>`; the screens and states they hold are `Sendable`.
extension AnalyticsContext: @unchecked Sendable {}

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
    /// What `==` compares: `[podcasts] at 2023-11-14T22:13:20.250Z, session 2 (…), states [autoPlay(true)]`.
    /// A time past a whole millisecond adds its exact seconds: `…20.250Z (721692800.2501 s since 2001)`.
    public var description: String {
        let time = time.exactDescription()
        let (session, states) = (session == .none ? "" : ", \(session)", states.isEmpty ? "" : ", states \(states)")
        return "\(history) at \(time)\(session)\(states)"
    }
}

extension AnalyticsContext: ExpressibleByArrayLiteral {
    /// A context whose history is the screens listed, oldest first: `[.podcasts, .favorites]` is on
    /// `favorites`, coming from `podcasts`. Its time is 1970-01-01T00:00:00Z, its session
    /// ``AnalyticsSession/none``, and it has no states.
    public init(arrayLiteral screens: Schema.Screen...) {
        self.init(history: ScreenHistory(screens))
    }
}
