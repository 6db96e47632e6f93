#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Bionic)
@preconcurrency import Bionic
#endif

/// A thread, compared by identity: who is replaying or delivering, so that a wait never waits for
/// the caller itself.
@usableFromInline
struct ThreadIdentity: Equatable, @unchecked Sendable {
    // `@unchecked`: a `pthread_t` is a pointer on Apple platforms, used here only as an identity.
    @usableFromInline let thread: pthread_t

    @inlinable
    init(thread: pthread_t) {
        self.thread = thread
    }

    /// The thread running the caller.
    @inlinable
    static var current: ThreadIdentity { ThreadIdentity(thread: pthread_self()) }

    @inlinable
    static func == (left: ThreadIdentity, right: ThreadIdentity) -> Bool {
        pthread_equal(left.thread, right.thread) != 0
    }
}
