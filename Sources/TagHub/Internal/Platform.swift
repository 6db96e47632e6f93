// Every platform `#if` of the TagHub module but its FoundationEssentials imports: the C library,
// the unified log and the autorelease pool, behind the few types and functions the module calls.
// One code path wherever an API exists on every platform. `.ci/typecheck-stubs` compiles this file
// alone (it uses nothing else of the module) against `.ci/stubs` (Darwin, os, ObjectiveC).
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
#if canImport(os)
import os
#endif
#if canImport(ObjectiveC)
import ObjectiveC
#endif

// MARK: - Locks

/// A mutex with a condition variable: the hub's one lock, and what `detach` waits on. Pthreads,
/// as `Synchronization.Mutex` needs iOS 18 and macOS 15, and `detach` needs a condition variable.
///
/// Not copyable: it owns its pthread objects, and its owner (always a class, which must not move
/// them) holds it inline, so that taking the lock costs no reference counting.
///
/// `@unchecked Sendable` is safe: the pointers are allocated once in `init`, never reassigned, and
/// every access to the memory they point to goes through pthread calls, which are thread-safe.
package struct ConditionLock: ~Copyable, @unchecked Sendable {
    let mutex: UnsafeMutablePointer<pthread_mutex_t>
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

    package func lock() {
        let error = pthread_mutex_lock(mutex)
        assert(error == 0, "TagHub: pthread_mutex_lock failed with error \(error)")
    }

    package func unlock() {
        let error = pthread_mutex_unlock(mutex)
        assert(error == 0, "TagHub: pthread_mutex_unlock failed with error \(error)")
    }

    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Blocks until another thread calls `broadcast()`; the caller must hold the lock.
    /// Spurious wake-ups happen: always call it in a loop that re-checks the condition.
    package func wait() {
        let error = pthread_cond_wait(condition, mutex)
        precondition(error == 0, "TagHub: pthread_cond_wait failed with error \(error)")
    }

    /// Wakes every thread blocked in `wait()`; the caller must hold the lock.
    package func broadcast() {
        let error = pthread_cond_broadcast(condition)
        assert(error == 0, "TagHub: pthread_cond_broadcast failed with error \(error)")
    }
}

/// A mutex that the thread holding it may take again: consent decisions are applied one at a
/// time, and a strategy told of one may make another.
///
/// `@unchecked Sendable` is safe for the same reasons as ``ConditionLock``'s.
final class RecursiveLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        // An `Int32` in Darwin, an `Int` in Glibc.
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        let error = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(error == 0, "TagHub: pthread_mutex_init failed with error \(error)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

// MARK: - Threads

/// A thread, compared by identity: who is replaying or delivering, so that a wait never waits for
/// the caller itself.
struct ThreadIdentity: Equatable, @unchecked Sendable {
    // `@unchecked`: a `pthread_t` is a pointer on Apple platforms, used here only as an identity.
    let thread = pthread_self()

    init() {}

    /// The thread running the caller.
    static var current: ThreadIdentity { ThreadIdentity() }

    static func == (left: ThreadIdentity, right: ThreadIdentity) -> Bool {
        pthread_equal(left.thread, right.thread) != 0
    }
}

/// A thread-specific slot that owns one reference to an object per thread, released when the
/// thread ends.
struct ThreadSpecificReference: @unchecked Sendable {  // a key, set once; pthread calls are thread-safe
    private var key = pthread_key_t()

    init() {
        // Darwin passes the destructor a pointer, Glibc an optional one: both convert to this.
        let error = pthread_key_create(&key) { pointer in
            guard let pointer = pointer as UnsafeMutableRawPointer? else { return }
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
        precondition(error == 0, "TagHub: pthread_key_create failed with error \(error)")
    }

    /// The object this thread's slot holds, unretained; `nil` until `store(_:)` on this thread.
    var object: UnsafeMutableRawPointer? { pthread_getspecific(key) }

    /// Gives the slot of this thread `object`, whose one reference it keeps until the thread ends.
    func store<Object: AnyObject>(_ object: Unmanaged<Object>) {
        let error = pthread_setspecific(key, object.toOpaque())
        precondition(error == 0, "TagHub: pthread_setspecific failed with error \(error)")
    }
}

/// Runs `body` in an autorelease pool where there is one: a vendor's SDK that autoreleases
/// Objective-C objects then frees them after each tag, not when a long drain ends.
func withAutoreleasePool<Result>(_ body: () throws -> Result) rethrows -> Result {
    #if canImport(ObjectiveC)
    try autoreleasepool(invoking: body)
    #else
    try body()
    #endif
}

// MARK: - The console

/// The unified log's subsystem of `ConsoleTagger(label:)`; its category is the tagger's label.
let consoleSubsystem = "dev.taghub"

/// What writes the lines of `ConsoleTagger(label: label)`: standard error, which a terminal
/// (`swift run`) and Xcode's console show, in a debug build, whenever standard error is a terminal,
/// and on every platform but Apple's.
func makeConsoleWrite(label: String) -> @Sendable (String) -> Void {
    #if canImport(os)
    // A release build not on a terminal (an app on a device): the unified log, at the debug level,
    // which the system does not persist, with the line private, which it redacts unless a debugger
    // is attached.
    if !isDebugBuild && isatty(STDERR_FILENO) != 1 {
        let logger = Logger(subsystem: consoleSubsystem, category: label)
        return { line in logger.debug("\(line, privacy: .private)") }
    }
    #endif
    return { line in _ = writeAll(Array((line + "\n").utf8), to: STDERR_FILENO) }
}

/// Whether this module was compiled for debugging (`-D DEBUG`), as SwiftPM and Xcode do.
#if DEBUG
let isDebugBuild = true
#else
let isDebugBuild = false
#endif

// MARK: - Files

/// A C library call that failed: its name and the system's message for `errno`.
struct SystemCallFailure: Error {
    let call: String
    let message = Self.message(for: errno)

    /// The system's message for the error number `code`.
    static func message(for code: Int32) -> String { String(cString: strerror(code)) }
}

/// Rewrites the file at `path` in place: truncates it, writes `contents`, syncs it to storage and
/// closes it (a failure names its call: only `open` leaves the file unchanged). A file the process
/// owns but has made read-only is made writable for the write, and given its mode back after:
/// `stat` reads its owner and mode (a required-reason API, declared in `PrivacyInfo.xcprivacy`).
func rewriteFile(atPath path: String, with contents: [UInt8]) throws(SystemCallFailure) {
    func openForWriting() -> Int32 { open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666) }
    var descriptor = openForWriting()
    var modeToRestore: mode_t?
    defer { if let modeToRestore { chmod(path, modeToRestore) } }
    if descriptor < 0 && errno == EACCES {
        var status = stat()
        if stat(path, &status) == 0, status.st_uid == geteuid(), chmod(path, status.st_mode | S_IWUSR) == 0 {
            modeToRestore = status.st_mode & 0o7777
            descriptor = openForWriting()
        } else {
            errno = EACCES  // the reason to report, whatever `stat` or `chmod` left
        }
    }
    guard descriptor >= 0 else { throw SystemCallFailure(call: "open") }
    func closing(after call: String) -> SystemCallFailure {
        let failure = SystemCallFailure(call: call)  // before `close` changes `errno`
        close(descriptor)
        return failure
    }
    guard writeAll(contents, to: descriptor) else { throw closing(after: "write") }
    guard fsync(descriptor) == 0 else { throw closing(after: "fsync") }
    // Some file systems (NFS) report a failed write only when the file is closed.
    guard close(descriptor) == 0 else { throw SystemCallFailure(call: "close") }
}

/// Writes all of `bytes` to `descriptor`: in one `write` when it can, so that lines written at once
/// do not mix (up to the system's atomic write size, 4 KiB on Linux), and again when interrupted or
/// when only part was written. `false` when a write fails, with `errno` saying why.
func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let count = bytes.withUnsafeBytes { buffer in
            write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
    }
    return true
}
