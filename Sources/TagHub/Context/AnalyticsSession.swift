#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A run of tags with no long pause, as the hub counts it: the same for every vendor.
///
/// The first tag a hub is sent starts its first session. A tag sent after the hub's
/// ``AnalyticsHub/sessionTimeout`` or more without any tag starts a new one, and so does
/// ``AnalyticsHub/startSession()`` (at login or logout, for example). Every context carries the
/// session its tag was sent in:
///
/// ```swift
/// let hub = AnalyticsHub<PodcastAnalytics>()
/// hub.send(screen: .podcasts)  // the first tag starts the first session
/// let session = try #require(hub.session)
/// #expect(session.number == 1)
/// // Its start, in milliseconds since 1970: what Amplitude and GA4 use as a session ID.
/// #expect(session.id == Int64(session.start.timeIntervalSince1970 * 1_000))
/// ```
public struct AnalyticsSession: Sendable, Hashable {
    /// The session's identifier: its start in whole milliseconds since 1970 (Amplitude's
    /// `session_id`; divide by 1,000 for GA4's `ga_session_id`), made one more than the previous
    /// session's when that is not larger, so that IDs always increase within a hub.
    public let id: Int64
    /// ``start`` in seconds since 2001: a `Date` field (a type of another module, whose layout
    /// this one may not rely on) made every copy of a state kept by the hub go through generic
    /// value witnesses.
    let startSeconds: Double
    /// How many sessions the hub has started, this one included: 1 for the first.
    public let number: Int

    /// A session with this identifier, start and number.
    public init(id: Int64, start: Date, number: Int) {
        self.id = id
        self.startSeconds = start.timeIntervalSinceReferenceDate
        self.number = number
    }

    /// When the session started: the time of the tag that started it, or of the call to
    /// ``AnalyticsHub/startSession()``.
    public var start: Date { Date(timeIntervalSinceReferenceDate: startSeconds) }

    /// What a context made by hand carries: no session (number 0, identifier 0, starting in 1970).
    public static let none = AnalyticsSession(id: 0, start: Date(timeIntervalSince1970: 0), number: 0)

    /// The session that follows this one, started at `start`.
    func next(at start: Date) -> AnalyticsSession {
        // The millisecond the description shows, since 1970 (978,307,200 s before 2001). A clock can
        // read anything: a time no millisecond holds (not a number, past 285,000 years) counts as 0.
        let fromStart = start.millisecondSinceReferenceDate.map { $0 + 978_307_200_000 } ?? 0
        let id = number == 0 ? fromStart : Swift.max(fromStart, self.id &+ 1)
        return AnalyticsSession(id: id, start: start, number: number + 1)
    }
}

extension AnalyticsSession: CustomStringConvertible {
    /// The number, identifier and start, for example `session 2 (1700000000000) from 2023-11-14T22:13:20Z`:
    /// a start past a whole second shows its millisecond, and past that its exact seconds, as a context's time.
    public var description: String {
        "session \(number) (\(id)) from \(start.exactDescription(toTheSecond: true))"
    }
}

/// A session that started or ended: what a schema may send as an event of its own (see
/// ``AnalyticsSchema/sessionEvent(for:)``).
public enum AnalyticsSessionChange: Sendable, Hashable {
    /// A session started; it is the context's session too.
    case started(AnalyticsSession)
    /// A session ended: `lastActivity` is the time of its last tag. Sent just before the
    /// `started` of the next session, and in the context of the session that ended.
    case ended(AnalyticsSession, lastActivity: Date)
}

extension AnalyticsSession: CustomReflectable {
    /// The identifier, the start and the number: what a snapshot of a session shows.
    public var customMirror: Mirror {
        Mirror(self, children: ["id": id, "start": start, "number": number])
    }
}
