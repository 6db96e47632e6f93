#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a hub reads the time each tag is sent: the ``AnalyticsContext/time`` every strategy
/// receives with the tag, however late it delivers it.
///
/// The default is ``SystemClock``. A test passes a clock it sets, so that recorded times and
/// snapshots are the same on every run:
///
/// ```swift
/// import Foundation
/// import TagHub
///
/// struct FixedClock: AnalyticsClock {
///     let date: Date
///     func now() -> Date { date }
/// }
///
/// @Test func everyTagCarriesTheFixedTime() {
///     let hub = AnalyticsHub<PodcastAnalytics>(clock: FixedClock(date: Date(timeIntervalSince1970: 1_700_000_000)))
///     hub.send(screen: .podcasts)
///     #expect(hub.context.time == Date(timeIntervalSince1970: 1_700_000_000))
/// }
/// ```
///
/// `TagHubTesting` has `TestClock`, for tests that move time on.
///
/// The hub reads the clock once per `send`, on the sending thread, before it takes its lock: keep
/// `now()` fast, and never call the hub from it.
public protocol AnalyticsClock: Sendable {
    /// The time now.
    func now() -> Date
}

/// The system's wall clock: `Date()`.
///
/// A hub reads it without calling ``now()``: as `Date.timeIntervalSinceReferenceDate`, the
/// reading that `Date()` is made of, which spares each send a call through the protocol.
public struct SystemClock: AnalyticsClock {
    /// The system's wall clock.
    @inlinable
    public init() {}

    /// `Date()`.
    @inlinable
    public func now() -> Date { Date() }
}

extension AnalyticsClock where Self == SystemClock {
    /// The system's wall clock.
    public static var system: SystemClock { SystemClock() }
}
