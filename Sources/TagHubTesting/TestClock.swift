import TagHub

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A clock that moves only when the test moves it: recorded times, session IDs and snapshots are
/// then the same on every run.
///
/// ```swift
/// let clock = TestClock()
/// let hub = AnalyticsHub<PodcastAnalytics>(clock: clock)
/// hub.send(screen: .podcasts)  // at 2023-11-14T22:13:20Z
/// clock.advance(by: .seconds(90))
/// hub.send(userAction: .playPodcast(Podcast(title: "Swift Talk", duration: 1_800)))  // 90 seconds later
/// #expect(hub.context.time.timeIntervalSince1970 == 1_700_000_090)
/// #expect(hub.session?.number == 1)  // in the same session
/// ```
public final class TestClock: AnalyticsClock, Sendable {
    /// The date last set, and the sum of the moves since.
    private let current: LockedValue<(start: Date, moved: Duration)>

    /// A clock reading `start`: by default 2023-11-14T22:13:20Z (1,700,000,000 seconds since 1970).
    public init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        current = LockedValue((start, .zero))
    }

    /// The time the test set: the date last set, plus the sum of the moves since, added at once,
    /// so that two moves of 1 ms read the same as one of 2 ms.
    public func now() -> Date {
        current.withLock { current in
            let (seconds, attoseconds) = current.moved.components
            return current.start + (Double(seconds) + Double(attoseconds) / 1e18)
        }
    }

    /// Moves the clock by `duration`; a negative one moves it back.
    public func advance(by duration: Duration) {
        current.withLock { $0.moved += duration }
    }

    /// Sets the clock to `date`, earlier or later.
    public func set(_ date: Date) {
        current.withLock { $0 = (date, .zero) }
    }
}
