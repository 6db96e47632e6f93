import Foundation
import TagHub

/// The hub's clock in the demo: it starts at a fixed time and moves only when the story moves it,
/// so that every run prints the same times and sessions.
///
/// `@unchecked Sendable` is safe: `date` is private and only touched while `lock` is held.
final class StoryClock: AnalyticsClock, @unchecked Sendable {
    private let lock = NSLock()
    private var date: Date

    init(startingAt date: Date) {
        self.date = date
    }

    func now() -> Date {
        lock.lock()
        defer { lock.unlock() }
        return date
    }

    func advance(by duration: Duration) {
        lock.lock()
        defer { lock.unlock() }
        date += TimeInterval(duration.components.seconds)
    }
}
