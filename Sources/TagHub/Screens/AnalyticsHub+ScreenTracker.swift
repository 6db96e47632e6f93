#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AnalyticsHub {
    /// Makes `screen` the current screen, as `send(screen:)` does, without delivering it to any
    /// strategy: for a ``ScreenTracker`` whose options keep a return from being a screen view.
    ///
    /// The history gains it, so the next tag's context has it as current. It is not a tag: it
    /// starts no session and keeps none alive.
    func makeCurrent(_ screen: Schema.Screen) {
        // As in `send(screen:)`: storage the history no longer needs is released after the lock.
        var replacedStorage: AnyObject?
        defer { withExtendedLifetime(replacedStorage) {} }
        state.lock.withLock {
            (state.history, replacedStorage) = state.history.appending(screen, limit: screenHistoryLimit)
        }
    }

    /// Whether a tag sent now would start a new session: there is none yet, or the last one has
    /// lapsed (``sessionTimeout``).
    var sessionHasLapsed: Bool {
        let now = secondsNow()
        return state.lock.withLock { state.sessionHasLapsed(at: now, timeout: sessionTimeoutSeconds) }
    }
}
