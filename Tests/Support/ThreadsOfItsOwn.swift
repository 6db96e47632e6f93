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
/// A suite that computes for a tenth of a second, or keeps threads busy for longer, uses
/// ``Trait/onLowPriorityThreadsOfItsOwn`` instead: its threads yield the cores to the threads of
/// the pool, which start and end every test (a test whose body ran on threads of its own still
/// ends on the pool). The other tests' reported time is then their own work, not their place in a
/// queue behind a megabyte check.
public struct ThreadsOfItsOwnTrait: SuiteTrait, TestTrait, TestScoping {
    /// How much the threads yield to the other tests': a nice value on Linux, 0 as the pool's.
    let niceness: Int32

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
            try await withTaskExecutorPreference(ThreadPerJobExecutor(niceness: niceness)) {
                try await function()
            }
        } else {
            try await function()
        }
    }
}

extension Trait where Self == ThreadsOfItsOwnTrait {
    /// Runs each test on threads of its own, so that a test that blocks blocks no other test.
    public static var onThreadsOfItsOwn: Self { Self(niceness: 0) }

    /// Runs each test on threads of its own at a lower priority, so that a test that computes for
    /// a tenth of a second neither holds a thread of the pool nor takes the cores from the pool's
    /// threads, which start and end every test.
    ///
    /// A nice value 10 above the process's. At 5, the suites that compute took most of the cores
    /// in the run's first second, while every test starts, in about half the runs: each test that
    /// started then reported the 1.2 s the pool took to end it. A priority lower still starves: on
    /// a machine kept busy by other processes, a suite that takes a second took 75 s at 15.
    public static var onLowPriorityThreadsOfItsOwn: Self { Self(niceness: 10) }
}

/// Runs each job on a new thread, made for it and ended after it.
///
/// A test's jobs run one after another, so a test uses one thread at a time. A thread costs tens
/// of microseconds to start: nothing next to a test that waits on other threads.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public final class ThreadPerJobExecutor: TaskExecutor {
    private let niceness: Int32

    /// An executor; each job it is given runs on a thread of its own.
    ///
    /// - Parameter niceness: How much those threads, and the threads and processes they start,
    ///   yield the cores to other threads: added to the process's nice value on Linux (10 more,
    ///   and a thread has about a ninth of the share of one of the pool), and elsewhere, above 0,
    ///   the utility quality of service, above 10, the background one.
    public init(niceness: Int32 = 0) {
        self.niceness = niceness
    }

    #if canImport(Glibc)
    /// The nice value of the process's main thread, which the others started with.
    private static let processNiceness = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(getpid()))
    #endif

    /// Runs `job` on a new thread.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let thread = Thread { [niceness] in
            #if canImport(Glibc)
            // On Linux, a nice value is per thread (`who` 0 is the calling thread), and the threads
            // and processes started from this one inherit it. Added to the process's own (`nice
            // swift test` lowers them all), not to the thread's that enqueued the job, which may be
            // one of these.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.processNiceness + niceness)
            #endif
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
        #if !canImport(Glibc)
        if niceness > 10 {
            thread.qualityOfService = .background
        } else if niceness > 0 {
            thread.qualityOfService = .utility
        }
        #endif
        thread.start()
    }
}
