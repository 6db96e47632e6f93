import Foundation
import TagHub

/// A tag that counts its live instances, to test what the hub keeps alive.
///
/// Tests that use it must not run at the same time: the suites using it are serialized.
final class Counted: Sendable, CustomStringConvertible {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var liveCount = 0

    static var live: Int {
        lock.lock()
        defer { lock.unlock() }
        return liveCount
    }

    init() { Self.adjust(by: 1) }
    deinit { Self.adjust(by: -1) }

    var description: String { "counted" }

    private static func adjust(by delta: Int) {
        lock.lock()
        defer { lock.unlock() }
        liveCount += delta
    }
}

/// A schema whose screens and events count their live instances.
enum CountedSchema: AnalyticsSchema {
    typealias Screen = Counted
    typealias UserAction = Never
    typealias Event = Counted
    typealias State = Never
}
