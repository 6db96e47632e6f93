import Dispatch
import Foundation

/// Runs `body` on a new thread (not a pooled one, which may start late); wait on the group.
func onNewThread(_ body: @escaping @Sendable () -> Void) -> DispatchGroup {
    let group = DispatchGroup()
    group.enter()
    Thread {
        body()
        group.leave()
    }.start()
    return group
}

/// Holds a strategy inside its `send` until the test lets it go.
final class Gate: Sendable {
    /// Signalled when a delivery reaches ``block()``.
    let entered = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)

    /// Called from a strategy's `send`: says it is there, then waits for ``release()``.
    func block() {
        entered.signal()
        released.wait()
    }

    func release() { released.signal() }
}

extension DispatchGroup {
    /// Whether the group finished within `milliseconds`.
    func finishes(within milliseconds: Int) -> Bool {
        wait(timeout: .now() + .milliseconds(milliseconds)) == .success
    }
}

/// The thread running the caller, as an identity; callable from `async` code, where
/// `Thread.current` is not.
func currentThreadIdentity() -> ObjectIdentifier {
    ObjectIdentifier(Thread.current)
}
