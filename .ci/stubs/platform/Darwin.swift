// Checked against apple-oss-distributions/libpthread libpthread-539 (42d026d) and xnu xnu-11417.101.15 (e3723e1f): the pthread declarations, as Swift imports pthread.h, and the constants' values; the functions of unistd.h, fcntl.h, sys/stat.h and string.h (Libc's) were not compared.
//
// A stub of the C library declarations that Sources/TagHub/Internal/Platform.swift uses, as Swift
// imports them from Apple's SDKs, for type-checking that file's Darwin side on Linux
// (.ci/typecheck-stubs). Never shipped, never run: every body traps.
//
// The pthread functions follow libpthread-539's include/pthread/pthread.h (the line of each is
// given with it): the header is in `clang assume_nonnull`, so a pointer is optional only where it
// says `_Nullable`, and `__PTHREAD_SWIFT_UNAVAILABLE_FROM_ASYNC(msg)` imports as
// `@_unavailableFromAsync(message: msg)`. The rest is written from the SDK's headers
// (sys/_types, unistd.h, fcntl.h, sys/stat.h, string.h, errno.h) and the Darwin overlay's Swift
// declarations (`errno`, `open` with a mode, `S_IWUSR` as a `mode_t`), whose manual pages are at
// https://developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/
// (man2 and man3, one page per function), and was not compared with a header. Only what
// Platform.swift uses is declared, with Darwin's types, which differ from Glibc's: `pthread_t` is
// a pointer (Glibc: an integer), `mode_t` 16 bits (Glibc: 32), `PTHREAD_MUTEX_RECURSIVE` an
// `Int32` (Glibc: an `Int`), and a thread-specific key's destructor takes a non-optional pointer
// (Glibc: an optional one).

// C declares a struct and a function both named `stat`, which one Swift module cannot: the struct
// and the types it uses are in DarwinStat.swift, a module of their own that this one re-exports.
@_exported import DarwinStat

// MARK: - pthread.h

public struct _opaque_pthread_t {}
public typealias pthread_t = UnsafeMutablePointer<_opaque_pthread_t>  // sys/_pthread/_pthread_types.h:118
public typealias pthread_key_t = UInt  // unsigned long (:112)

public struct pthread_mutex_t { public init() {} }
public struct pthread_mutexattr_t { public init() {} }
public struct pthread_cond_t { public init() {} }
public struct pthread_condattr_t { public init() {} }

/// `#define PTHREAD_MUTEX_RECURSIVE 2` (:168)
public var PTHREAD_MUTEX_RECURSIVE: Int32 { 2 }

/// `int pthread_mutex_init(pthread_mutex_t * __restrict, const pthread_mutexattr_t * _Nullable __restrict);` (:388-389)
public func pthread_mutex_init(
    _ mutex: UnsafeMutablePointer<pthread_mutex_t>,
    _ attributes: UnsafePointer<pthread_mutexattr_t>?
) -> Int32 { fatalError() }
/// `int pthread_mutex_destroy(pthread_mutex_t *);` (:381)
@discardableResult
public func pthread_mutex_destroy(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 { fatalError() }
/// `int pthread_mutex_lock(pthread_mutex_t *);` (:392-393, unavailable from async)
@_unavailableFromAsync(message: "Use OSAllocatedUnfairLock's withLock or NSLock for async-safe scoped locking")
@discardableResult
public func pthread_mutex_lock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 { fatalError() }
/// `int pthread_mutex_unlock(pthread_mutex_t *);` (:404-405, unavailable from async)
@_unavailableFromAsync(message: "Use OSAllocatedUnfairLock's withLock or NSLock for async-safe scoped locking")
@discardableResult
public func pthread_mutex_unlock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 { fatalError() }
/// `int pthread_mutexattr_init(pthread_mutexattr_t *);` (:431)
@discardableResult
public func pthread_mutexattr_init(_ attributes: UnsafeMutablePointer<pthread_mutexattr_t>) -> Int32 { fatalError() }
/// `int pthread_mutexattr_settype(pthread_mutexattr_t *, int);` (:443)
@discardableResult
public func pthread_mutexattr_settype(_ attributes: UnsafeMutablePointer<pthread_mutexattr_t>, _ type: Int32) -> Int32 {
    fatalError()
}
/// `int pthread_mutexattr_destroy(pthread_mutexattr_t *);` (:408)
@discardableResult
public func pthread_mutexattr_destroy(_ attributes: UnsafeMutablePointer<pthread_mutexattr_t>) -> Int32 { fatalError() }

/// `int pthread_cond_init(pthread_cond_t * __restrict, const pthread_condattr_t * _Nullable __restrict);` (:303-306)
public func pthread_cond_init(
    _ condition: UnsafeMutablePointer<pthread_cond_t>,
    _ attributes: UnsafePointer<pthread_condattr_t>?
) -> Int32 { fatalError() }
/// `int pthread_cond_destroy(pthread_cond_t *);` (:300)
@discardableResult
public func pthread_cond_destroy(_ condition: UnsafeMutablePointer<pthread_cond_t>) -> Int32 { fatalError() }
/// `int pthread_cond_wait(pthread_cond_t * __restrict, pthread_mutex_t * __restrict);` (:319-321,
/// unavailable from async)
@_unavailableFromAsync(message: "Use an asynchronous wait instead of a synchronous wait")
public func pthread_cond_wait(
    _ condition: UnsafeMutablePointer<pthread_cond_t>,
    _ mutex: UnsafeMutablePointer<pthread_mutex_t>
) -> Int32 { fatalError() }
/// `int pthread_cond_broadcast(pthread_cond_t *);` (:297)
public func pthread_cond_broadcast(_ condition: UnsafeMutablePointer<pthread_cond_t>) -> Int32 { fatalError() }

/// `pthread_t pthread_self(void);` (:494)
public func pthread_self() -> pthread_t { fatalError() }
/// `int pthread_equal(pthread_t _Nullable, pthread_t _Nullable);` (:352)
public func pthread_equal(_ first: pthread_t?, _ second: pthread_t?) -> Int32 { fatalError() }

/// `int pthread_key_create(pthread_key_t *, void (* _Nullable)(void *));` (:375)
public func pthread_key_create(
    _ key: UnsafeMutablePointer<pthread_key_t>,
    _ destructor: (@convention(c) (UnsafeMutableRawPointer) -> Void)?
) -> Int32 { fatalError() }
/// `void* _Nullable pthread_getspecific(pthread_key_t);` (:365-367, unavailable from async)
@_unavailableFromAsync(message: "Use Task Local Values instead")
public func pthread_getspecific(_ key: pthread_key_t) -> UnsafeMutableRawPointer? { fatalError() }
/// `int pthread_setspecific(pthread_key_t , const void * _Nullable);` (:513-514, unavailable from async)
@_unavailableFromAsync(message: "Use Task Local Values instead")
public func pthread_setspecific(_ key: pthread_key_t, _ value: UnsafeRawPointer?) -> Int32 { fatalError() }

// MARK: - errno.h, string.h

public var errno: Int32 {
    get { fatalError() }
    set {}
}
public var EINTR: Int32 { 4 }  // xnu bsd/sys/errno.h:93
public var EACCES: Int32 { 13 }  // :103
public func strerror(_ error: Int32) -> UnsafeMutablePointer<CChar>! { fatalError() }

// MARK: - unistd.h, fcntl.h, sys/stat.h

public var STDERR_FILENO: Int32 { 2 }
public var O_WRONLY: Int32 { 0x0001 }  // xnu bsd/sys/fcntl.h:99
public var O_CREAT: Int32 { 0x0200 }  // :127
public var O_TRUNC: Int32 { 0x0400 }  // :128
public var O_CLOEXEC: Int32 { 0x0100_0000 }  // :170
public var S_IWUSR: mode_t { 0o200 }  // xnu bsd/sys/_types/_s_ifmt.h:51

public func isatty(_ descriptor: Int32) -> Int32 { fatalError() }
public func open(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 { fatalError() }
public func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer!, _ count: Int) -> Int { fatalError() }
public func fsync(_ descriptor: Int32) -> Int32 { fatalError() }
@discardableResult
public func close(_ descriptor: Int32) -> Int32 { fatalError() }
@discardableResult
public func chmod(_ path: UnsafePointer<CChar>!, _ mode: mode_t) -> Int32 { fatalError() }
public func geteuid() -> uid_t { fatalError() }

public func stat(_ path: UnsafePointer<CChar>!, _ status: UnsafeMutablePointer<stat>!) -> Int32 { fatalError() }
