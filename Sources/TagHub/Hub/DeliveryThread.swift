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

/// What one OS thread is doing for the hubs: the deliveries it is running, innermost last. This
/// is the one delivery scope: every path that runs strategy code runs it inside a frame here.
///
/// - The hub's `send` opens a frame for its hub, unless this thread has one open already: then
///   the tag is queued on that frame, and delivered after the tag being delivered, to every
///   strategy. The send that opened the frame drains the queue before it returns.
/// - A consent replay runs inside a frame for the gate's hub, and a background worker runs each
///   tag inside a frame for the hub that sent it (``runInScope(of:_:)``): a tag a strategy sends
///   from there waits in the same way, and is delivered once that strategy's `send` has returned.
/// - `detach` asks ``isDelivering``: inside a frame, waiting for other deliveries could deadlock,
///   so it does not wait, whichever path runs the strategy.
///
/// One instance per thread, created on the thread's first delivery and only ever touched by that
/// thread, so it needs no lock. App code (a strategy, a `deinit`) may run whenever a delivery
/// runs or a reference is released, and may call back into this object: so no app code ever runs
/// during an access to its arrays (deliveries are copied out first, references released after).
/// Those two rules (one thread, no app code inside an access) make every access exclusive, so the
/// arrays skip the run-time exclusivity checks, which cost about 600 instructions a send here
/// (891 with them off, about 1,490 with them on, counted by callgrind: Docs/Performance.md). The
/// second rule must be kept by hand: a value whose release may run app code is moved out of the
/// array, the array written, and the value released after (`withExtendedLifetime`). When the
/// detachments were released inside the write that emptied them, a release build crashed
/// (`DetachTests.aStrategyReleasedWhenTheDeliveryEndsMaySendFromItsDeinit`, run by CI's optimized
/// step).
@usableFromInline
final class DeliveryThread {
    /// How many deliveries may wait on one frame. Past it, a nested send is dropped and counted:
    /// a strategy that sends more tags than it receives would otherwise grow memory without end.
    static let pendingLimit = 10_000

    private struct Frame {
        /// `nil` for a scope that is for no hub in particular (a tag made by hand, delivered by a
        /// wrapper): it only marks the thread as delivering.
        let hub: ObjectIdentifier?
        /// Deliveries queued by nested sends; those before `next` have run and are no-ops now.
        var pending: [() -> Void] = []
        var next = 0
    }

    /// A strategy this thread detached from a hub while delivering.
    @usableFromInline
    struct Detachment {
        /// Strong references: neither identity can be reused while this is listed.
        let hub: AnyObject
        let strategy: AnyObject
        /// The generation of the first roster of `hub` without `strategy`.
        let generation: UInt64
    }

    /// Innermost last. Usually empty or one frame; capacity is kept, so steady state allocates nothing.
    @exclusivity(unchecked) private var frames: [Frame] = []

    /// Deliveries still running on this thread from rosters older than a detachment skip its
    /// strategy, so a strategy detached from inside a delivery receives nothing more from this
    /// thread, not even the rest of the current fan-out. Cleared when the outermost delivery ends.
    @usableFromInline @exclusivity(unchecked) var detachments: [Detachment] = []

    /// Whether this thread is inside some hub's delivery, that is inside a strategy's `send`.
    @usableFromInline
    var isDelivering: Bool { !frames.isEmpty }

    /// The calling thread's state, created on first use.
    @usableFromInline
    static var current: DeliveryThread {
        unretainedCurrent.takeUnretainedValue()
    }

    /// The calling thread's state, created on first use, without a reference of its own: the
    /// thread-specific slot keeps it alive until the thread ends, so code running on this thread
    /// may borrow it (`_withUnsafeGuaranteedRef`) instead of retaining it.
    @usableFromInline
    static var unretainedCurrent: Unmanaged<DeliveryThread> {
        if let pointer = pthread_getspecific(deliveryThreadKey) {
            return Unmanaged<DeliveryThread>.fromOpaque(pointer)
        }
        return makeCurrent()
    }

    private static func makeCurrent() -> Unmanaged<DeliveryThread> {
        let thread = DeliveryThread()
        thread.frames.reserveCapacity(4)
        // The thread-specific slot owns one reference; the key's destructor releases it at thread exit.
        let unmanaged = Unmanaged.passRetained(thread)
        let error = pthread_setspecific(deliveryThreadKey, unmanaged.toOpaque())
        precondition(error == 0, "TagHub: pthread_setspecific failed with error \(error)")
        return unmanaged
    }

    /// Runs `body`, strategy code run by a wrapper, inside `hub`'s delivery scope on this thread:
    /// inside the frame `hub` has open here already, or else in one opened now and drained (what
    /// `body` sent to `hub` is delivered) and closed once `body` returns.
    ///
    /// With no hub (`nil`), inside any frame open here, or else in one that only marks the thread
    /// as delivering.
    ///
    /// Inlined, so that `body` is too: a closure passed to code compiled once in TagHub would copy
    /// what it captures through generic code (the background worker's tag, for example).
    @inlinable
    func runInScope(of hub: ObjectIdentifier?, _ body: () -> Void) {
        let opened = enterScope(of: hub)
        body()
        if opened { drainAndCloseFrame() }
    }

    /// Opens a frame for `hub` (for no hub: `nil`) unless this thread is inside its scope already;
    /// `true` when it opened one, which the caller closes with ``drainAndCloseFrame()`` once the
    /// strategy code it runs has returned. `false` for the hub's own `send` means a strategy sent
    /// it: the caller queues its delivery with ``enqueue(for:_:)`` instead.
    @usableFromInline
    func enterScope(of hub: ObjectIdentifier?) -> Bool {
        let isOpen = hub == nil ? isDelivering : frames.contains { $0.hub == hub }
        if isOpen { return false }
        frames.append(Frame(hub: hub))
        return true
    }

    /// Queues `deliver` on the frame `hub` has open on this thread; `false`, and nothing queued,
    /// when ``pendingLimit`` deliveries are waiting there already.
    @usableFromInline
    func enqueue(for hub: ObjectIdentifier, _ deliver: @escaping () -> Void) -> Bool {
        guard let index = frames.firstIndex(where: { $0.hub == hub }) else {
            preconditionFailure("TagHub: no delivery open for this hub on this thread")
        }
        guard frames[index].pending.count - frames[index].next < Self.pendingLimit else { return false }
        frames[index].pending.append(deliver)
        return true
    }

    /// Runs what was queued on the innermost frame, in order, then closes it.
    @usableFromInline
    func drainAndCloseFrame() {
        runQueued()
        frames.removeLast()
        if frames.isEmpty { dropSkipMarks() }
    }

    /// Ends one delivery in the innermost frame but keeps the frame open for the next (a background
    /// worker's run of tags of one hub): runs what was queued on it and, in the outermost frame,
    /// drops the skip marks, as closing would.
    @usableFromInline
    func endDeliveryKeepingFrame() {
        runQueued()
        if frames.count == 1 { dropSkipMarks() }
    }

    /// Runs what was queued on the innermost frame, in order, and empties its queue.
    private func runQueued() {
        let index = frames.count - 1
        guard frames[index].next < frames[index].pending.count else { return }
        while frames[index].next < frames[index].pending.count {
            // Take the delivery out, leaving a no-op, so that what it holds is released as soon as
            // it has run, outside any access to `frames`.
            let slot = frames[index].next
            var deliver: () -> Void = {}
            swap(&deliver, &frames[index].pending[slot])
            frames[index].next = slot + 1
            if frames[index].next >= 1_024 && 2 * frames[index].next >= frames[index].pending.count {
                frames[index].pending.removeFirst(frames[index].next)
                frames[index].next = 0
            }
            deliver()
        }
        // Only no-ops are left, which hold nothing: a frame kept open must not grow.
        frames[index].pending.removeAll(keepingCapacity: true)
        frames[index].next = 0
    }

    /// Forgets what this thread detached during its delivery, which has ended.
    private func dropSkipMarks() {
        guard !detachments.isEmpty else { return }
        // Emptied first, released after: a strategy's `deinit` may send, and a send reads
        // `detachments`. Without `withExtendedLifetime`, the optimizer may release the old array
        // inside the write that empties it (a release build crashed so).
        let released = detachments
        detachments = []
        withExtendedLifetime(released) {}
    }

    /// Whether this thread detached a strategy during its current delivery: only then may
    /// ``skips(_:of:generation:)`` be true.
    @inlinable
    var hasDetachments: Bool { !detachments.isEmpty }

    /// Whether a delivery from `hub`'s roster of `generation` must skip `strategy`, because this
    /// thread detached it from `hub` (in a later roster) during its current delivery.
    @usableFromInline
    func skips(_ strategy: AnyObject, of hub: AnyObject, generation: UInt64) -> Bool {
        if detachments.isEmpty { return false }
        return detachments.contains { $0.hub === hub && $0.strategy === strategy && generation < $0.generation }
    }

    /// Records that this thread, while delivering, detached `strategy` from `hub`, whose first
    /// roster without it has `generation`.
    func recordDetachment(of strategy: AnyObject, from hub: AnyObject, generation: UInt64) {
        detachments.append(Detachment(hub: hub, strategy: strategy, generation: generation))
    }
}

/// The thread-specific slot that holds each thread's `DeliveryThread`.
private let deliveryThreadKey: pthread_key_t = {
    var key = pthread_key_t()
    let error = pthread_key_create(&key, releaseDeliveryThread)
    precondition(error == 0, "TagHub: pthread_key_create failed with error \(error)")
    return key
}()

#if canImport(Darwin)
private func releaseDeliveryThread(_ pointer: UnsafeMutableRawPointer) {
    Unmanaged<DeliveryThread>.fromOpaque(pointer).release()
}
#else
private func releaseDeliveryThread(_ pointer: UnsafeMutableRawPointer?) {
    guard let pointer else { return }
    Unmanaged<DeliveryThread>.fromOpaque(pointer).release()
}
#endif
