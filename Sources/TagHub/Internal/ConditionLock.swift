#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Bionic)
@preconcurrency import Bionic
#else
#error("TagHub needs pthreads: this C library is not supported yet.")
#endif

/// A mutex with a condition variable: the hub's one lock, and what `detach` waits on.
///
/// Built on pthreads rather than `Synchronization.Mutex` because the package supports iOS 16 and
/// macOS 13, where `Mutex` is not available, and because `detach` needs a condition variable.
///
/// Not copyable: it owns its pthread objects, and its owner (always a class, which must not move
/// them) holds it inline, so that taking the lock costs no reference counting.
///
/// `@unchecked Sendable` is safe: the pointers are allocated once in `init`, never reassigned, and
/// every access to the memory they point to goes through pthread calls, which are thread-safe.
@usableFromInline
package struct ConditionLock: ~Copyable, @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        var error = pthread_mutex_init(mutex, nil)
        precondition(error == 0, "TagHub: pthread_mutex_init failed with error \(error)")
        error = pthread_cond_init(condition, nil)
        precondition(error == 0, "TagHub: pthread_cond_init failed with error \(error)")
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    @inlinable
    package func lock() {
        let error = pthread_mutex_lock(mutex)
        assert(error == 0, "TagHub: pthread_mutex_lock failed with error \(error)")
    }

    @inlinable
    package func unlock() {
        let error = pthread_mutex_unlock(mutex)
        assert(error == 0, "TagHub: pthread_mutex_unlock failed with error \(error)")
    }

    @inlinable
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Blocks until another thread calls `broadcast()`; the caller must hold the lock.
    /// Spurious wake-ups happen: always call it in a loop that re-checks the condition.
    @usableFromInline
    package func wait() {
        let error = pthread_cond_wait(condition, mutex)
        precondition(error == 0, "TagHub: pthread_cond_wait failed with error \(error)")
    }

    /// Wakes every thread blocked in `wait()`; the caller must hold the lock.
    @usableFromInline
    package func broadcast() {
        let error = pthread_cond_broadcast(condition)
        assert(error == 0, "TagHub: pthread_cond_broadcast failed with error \(error)")
    }
}
