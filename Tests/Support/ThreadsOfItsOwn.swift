import Foundation
import Testing

/// Runs each test of a suite on threads of its own, not on the concurrency pool's.
///
/// For suites whose tests block: they wait on semaphores and on other threads (each wait with a
/// deadline of its own), poll with `Thread.sleep`, or hold a strategy at a gate. On the pool,
/// which has as many threads as cores, a blocked test holds a thread that every other test needs,
/// and the others' time limits count the wait. Here, each job of the test's task (its body up to
/// its first `await`, then each part after one) runs on a new thread, which only that test uses:
/// blocking it delays nothing else. The test keeps its task, so `#expect` and `Issue.record` in
/// its body still name it, and `.timeLimit` still applies, as the last resort against a hang.
public struct ThreadsOfItsOwnTrait: SuiteTrait, TestTrait, TestScoping {
    /// Applies to every test of the suite, and of the suites inside it.
    public var isRecursive: Bool { true }

    /// Each test case, not the suite or the test function around its cases.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    /// Runs the test case with a preference for ``ThreadPerJobExecutor``, which its child tasks
    /// inherit.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            try await withTaskExecutorPreference(ThreadPerJobExecutor()) { try await function() }
        } else {
            try await function()
        }
    }
}

extension Trait where Self == ThreadsOfItsOwnTrait {
    /// Runs each test on threads of its own, so that a test that blocks blocks no other test.
    public static var onThreadsOfItsOwn: Self { Self() }
}

/// Runs each job on a new thread, made for it and ended after it.
///
/// A test's jobs run one after another, so a test uses one thread at a time. A thread costs tens
/// of microseconds to start: nothing next to a test that waits on other threads.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public final class ThreadPerJobExecutor: TaskExecutor {
    /// An executor; each job it is given runs on a thread of its own.
    public init() {}

    /// Runs `job` on a new thread.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        Thread { job.runSynchronously(on: self.asUnownedTaskExecutor()) }.start()
    }
}
