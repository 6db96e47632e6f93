import Dispatch
import Foundation
import Testing

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

/// Holds a strategy inside its `send` until the test opens it.
///
/// Once open, it stays open: every later ``block()`` passes at once, so a test may open it in a
/// `defer` to let its threads go when it stops early. A gate nobody opens opens itself after
/// `holdLimit` seconds and records a failure, so that a stuck test lets its threads end instead of
/// holding them for the rest of the run. The limit is longer than the test's own waits
/// (``waitLimit``): those fail first, at the line that waited.
final class Gate: Sendable {
    private let entered = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let isOpen = LockedFlag()
    private let holdLimit: Int
    private let madeAt: SourceLocation

    /// A closed gate.
    ///
    /// - Parameters:
    ///   - seconds: How long ``block()`` waits before the gate opens itself and records a failure.
    ///   - sourceLocation: Where the gate is made: that failure points there, as it is recorded on
    ///     the strategy's thread, outside any test.
    init(holdLimit seconds: Int = 2 * waitLimit, sourceLocation: SourceLocation = #_sourceLocation) {
        holdLimit = seconds
        madeAt = sourceLocation
    }

    /// Called from a strategy's `send`: says it is there, then waits until the gate opens.
    func block() {
        entered.signal()
        guard released.wait(timeout: .now() + .seconds(holdLimit)) == .success else {
            Issue.record(
                "A gate held a delivery for \(holdLimit) s without being opened; it opens now",
                sourceLocation: madeAt
            )
            release()
            return
        }
        released.signal()  // open for good: the next delivery passes too
    }

    /// Opens the gate, for the delivery held now and every later one. Opening it again does nothing.
    func release() {
        if isOpen.setIfUnset() { released.signal() }
    }

    /// Waits until a delivery reaches ``block()``, for at most `seconds`; records a failure if none
    /// does.
    ///
    /// - Returns: Whether a delivery reached the gate in time.
    @discardableResult
    func waitUntilEntered(seconds: Int = waitLimit, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        waitOrFail(entered, seconds: seconds, "a delivery to reach the gate", sourceLocation: sourceLocation)
    }
}

/// Blocks the calling thread for `milliseconds`, also from `async` code: unlike `Task.sleep`, it
/// does not need a thread of the concurrency pool, which other tests may hold, to go on after.
func blockThisThread(milliseconds: Int) {
    Thread.sleep(forTimeInterval: Double(milliseconds) / 1_000)
}

extension DispatchGroup {
    /// Whether the group finished within `milliseconds`, recording nothing: for a negative wait
    /// ("has not returned 200 ms later"), kept only where nothing else can show that the other
    /// thread is waiting.
    func finishes(within milliseconds: Int) -> Bool {
        wait(timeout: .now() + .milliseconds(milliseconds)) == .success
    }
}

/// The thread running the caller, as an identity; callable from `async` code, where
/// `Thread.current` is not. An identity is unique only while its thread's object lives: compare it
/// with a thread that may have ended through ``currentThread()``, kept until the comparison.
func currentThreadIdentity() -> ObjectIdentifier {
    ObjectIdentifier(Thread.current)
}

/// The thread running the caller; callable from `async` code, where `Thread.current` is not.
func currentThread() -> Thread {
    Thread.current
}

/// Runs `body` on a new thread with a 512 KiB stack, the default for secondary threads on Apple
/// platforms, and returns what it returns. A body that has not returned after a minute stops the
/// process: the test fails rather than hangs.
func onA512KiBThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
    let done = DispatchSemaphore(value: 0)
    let box = ResultBox<Result>()
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    guard done.wait(timeout: .now() + .seconds(6 * waitLimit)) == .success, let value = box.value else {
        fatalError("A body run on a 512 KiB thread had not returned after \(6 * waitLimit) s")
    }
    return value
}

/// Hands a result from one thread to another, which waits on a semaphore signalled after it is set.
final class ResultBox<Value>: @unchecked Sendable {
    // `@unchecked`: written once on one thread before a semaphore is signalled, read after waiting.
    var value: Value?
}
