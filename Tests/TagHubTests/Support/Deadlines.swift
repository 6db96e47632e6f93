import Dispatch
import Foundation
import TagHub
import TagHubTestSupport
import Testing

// Every wait on another thread ends by a deadline that records a failure: a broken hub makes a
// test fail, never hang. Each helper returns whether the wait succeeded, so that the test can
// stop rather than assert on a state it never reached.

/// How long a test waits for another thread before it records a failure, in seconds.
///
/// Far more than any wait here needs, even under Thread Sanitizer on a busy machine: reaching it
/// means the thing waited for is not going to happen. Less than the suites' time limits (a minute
/// at least), so that a wait that fails says what it waited for. 10 s was reached once in CI under
/// Thread Sanitizer, by a thread that had only to see a flag and end.
let waitLimit = 30

/// Waits until `semaphore` is signalled, for at most `seconds`; records a failure if it is not.
///
/// - Parameters:
///   - semaphore: The semaphore another thread signals.
///   - seconds: The deadline.
///   - what: What the signal means, as the end of "Gave up after 30 s waiting for …".
/// - Returns: Whether the semaphore was signalled in time.
@discardableResult
func waitOrFail(
    _ semaphore: DispatchSemaphore,
    seconds: Int = waitLimit,
    _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    guard semaphore.wait(timeout: .now() + .seconds(seconds)) == .timedOut else { return true }
    Issue.record("Gave up after \(seconds) s waiting for \(what)", sourceLocation: sourceLocation)
    return false
}

extension DispatchGroup {
    /// Waits until the group's work is done, for at most `seconds`; records a failure if it is not.
    ///
    /// - Parameters:
    ///   - seconds: The deadline.
    ///   - what: What the group's work is, as the end of "Gave up after 30 s waiting for …".
    /// - Returns: Whether the work was done in time.
    @discardableResult
    func waitOrFail(
        seconds: Int = waitLimit,
        _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        guard wait(timeout: .now() + .seconds(seconds)) == .timedOut else { return true }
        Issue.record("Gave up after \(seconds) s waiting for \(what)", sourceLocation: sourceLocation)
        return false
    }
}

/// Checks `condition` every millisecond until it holds, for at most `seconds`; records a failure
/// if it never does.
///
/// For a state that another thread reaches without signalling it, such as a strategy taken out
/// of the roster by a `detach` that is still running.
///
/// - Parameters:
///   - seconds: The deadline.
///   - what: What the condition means, as the end of "Gave up after 30 s waiting for …".
///   - condition: Read from the calling thread; must be safe to read while other threads run.
/// - Returns: Whether the condition held in time.
@discardableResult
func waitUntil(
    seconds: Int = waitLimit,
    _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
) -> Bool {
    let deadline = DispatchTime.now() + .seconds(seconds)
    while !condition() {
        guard DispatchTime.now() < deadline else {
            Issue.record("Gave up after \(seconds) s waiting for \(what)", sourceLocation: sourceLocation)
            return false
        }
        Thread.sleep(forTimeInterval: 0.001)
    }
    return true
}

/// Awaits `operation` for at most `seconds`; records a failure if it has not returned by then.
///
/// A wait that cannot be cancelled (a flush waits for a strategy, not for its task) is left
/// running when the deadline passes: the test goes on and fails.
///
/// Neither the operation nor the deadline needs a thread of the concurrency pool, which other
/// tests may keep busy: the deadline is a Dispatch timer, and the operation runs on threads of its
/// own (``ThreadPerJobExecutor``), so that it is done when it returns, not when the pool gets to it.
///
/// - Parameters:
///   - seconds: The deadline.
///   - what: What the operation is, as the end of "Gave up after 30 s waiting for …".
///   - operation: The wait.
/// - Returns: Whether the operation returned in time.
@discardableResult
func awaitOrFail(
    seconds: Int = waitLimit,
    _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: @escaping @Sendable () async -> Void
) async -> Bool {
    let returned = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        // Whoever sets it first resumes the continuation: the operation, or the deadline.
        let decided = LockedFlag()
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds)) {
            if decided.setIfUnset() { continuation.resume(returning: false) }
        }
        let run: @Sendable () async -> Void = {
            await operation()
            if decided.setIfUnset() { continuation.resume(returning: true) }
        }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            Task(executorPreference: ThreadPerJobExecutor(), operation: run)
        } else {
            Task(operation: run)
        }
    }
    if !returned {
        Issue.record("Gave up after \(seconds) s waiting for \(what)", sourceLocation: sourceLocation)
    }
    return returned
}

/// Flushes `hub`, for at most `seconds`; records a failure if the flush has not returned by then.
///
/// - Returns: Whether the flush returned in time.
@discardableResult
func flushOrFail<Schema: AnalyticsSchema>(
    _ hub: AnalyticsHub<Schema>,
    seconds: Int = waitLimit,
    sourceLocation: SourceLocation = #_sourceLocation
) async -> Bool {
    await awaitOrFail(seconds: seconds, "the hub's flush", sourceLocation: sourceLocation) { await hub.flush() }
}

/// Flushes `strategy`, for at most `seconds`; records a failure if the flush has not returned by
/// then.
///
/// - Returns: Whether the flush returned in time.
@discardableResult
func flushOrFail(
    _ strategy: some AnalyticsFlushable,
    seconds: Int = waitLimit,
    sourceLocation: SourceLocation = #_sourceLocation
) async -> Bool {
    await awaitOrFail(seconds: seconds, "the strategy's flush", sourceLocation: sourceLocation) {
        await strategy.flush()
    }
}
