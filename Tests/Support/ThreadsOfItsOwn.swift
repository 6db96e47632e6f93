import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs each test of a suite on threads of its own, not on the concurrency pool's.
///
/// For suites whose tests block: they wait on semaphores and on other threads (each wait with a
/// deadline of its own), poll with `Thread.sleep`, or hold a strategy at a gate. On the pool,
/// which has as many threads as cores, a blocked test holds a thread that every other test needs,
/// and the others' time limits count the wait. Here, each job of the test's task (its body up to
/// its first `await`, then each part after one) runs on a new thread, which only that test uses:
/// blocking it delays nothing else. The test keeps its task, so `#expect` and `Issue.record` in
/// its body still name it, and `.timeLimit` still applies, as the last resort against a hang.
///
/// A suite that computes for long uses ``Trait/onLowPriorityThreadsOfItsOwn`` instead: its threads
/// yield the cores to the other tests, whose reported time is then their own work, not a share of
/// the cores with a megabyte check.
public struct ThreadsOfItsOwnTrait: SuiteTrait, TestTrait, TestScoping {
    /// Whether the threads run at a lower priority than the other tests'.
    let isLowPriority: Bool

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
            try await withTaskExecutorPreference(ThreadPerJobExecutor(isLowPriority: isLowPriority)) {
                try await function()
            }
        } else {
            try await function()
        }
    }
}

extension Trait where Self == ThreadsOfItsOwnTrait {
    /// Runs each test on threads of its own, so that a test that blocks blocks no other test.
    public static var onThreadsOfItsOwn: Self { Self(isLowPriority: false) }

    /// Runs each test on threads of its own at a lower priority, so that a test that computes for
    /// long neither holds a thread of the pool nor takes the cores from tests that take
    /// milliseconds.
    public static var onLowPriorityThreadsOfItsOwn: Self { Self(isLowPriority: true) }
}

/// Runs each job on a new thread, made for it and ended after it.
///
/// A test's jobs run one after another, so a test uses one thread at a time. A thread costs tens
/// of microseconds to start: nothing next to a test that waits on other threads.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public final class ThreadPerJobExecutor: TaskExecutor {
    private let isLowPriority: Bool

    /// An executor; each job it is given runs on a thread of its own.
    ///
    /// - Parameter isLowPriority: Whether those threads, and the threads and processes they start,
    ///   yield the cores to other threads: a nice value of 5 on Linux (about a quarter of the share
    ///   of a thread at 0), the utility quality of service elsewhere.
    public init(isLowPriority: Bool = false) {
        self.isLowPriority = isLowPriority
    }

    /// Runs `job` on a new thread.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let thread = Thread { [isLowPriority] in
            #if canImport(Glibc)
            // On Linux, a nice value is per thread (`who` 0 is the calling thread), and the threads
            // and processes started from this one inherit it.
            if isLowPriority { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 5) }
            #endif
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
        #if !canImport(Glibc)
        if isLowPriority { thread.qualityOfService = .utility }
        #endif
        thread.start()
    }
}
