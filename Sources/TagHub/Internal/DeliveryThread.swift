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

/// What one OS thread is doing for the hubs: the deliveries it is running, innermost last.
///
/// This is what makes a `send` from inside a strategy's `send` safe and ordered. The outermost
/// `send` on a thread opens a frame for its hub; a nested `send` to the same hub finds that frame
/// and queues its delivery there instead of delivering in the middle of the current one; the
/// outer `send` drains the queue before it returns. It also tells `detach` whether it runs inside
/// a delivery, where waiting for other deliveries could deadlock.
///
/// One instance per thread, created on the thread's first delivery and only ever touched by that
/// thread, so it needs no lock.
final class DeliveryThread {
    private struct Frame {
        let hub: ObjectIdentifier
        var pending: [() -> Void] = []
    }

    /// Innermost last. Usually empty or one frame; capacity is kept, so steady state allocates nothing.
    private var frames: [Frame] = []

    /// Strategies detached by this thread while it was delivering. Deliveries still running on this
    /// thread skip them, so a strategy detached from inside a delivery receives nothing more from
    /// this thread, not even the rest of the current fan-out. Strong references, so an identifier
    /// cannot be reused by a new object while it is listed. Cleared when the outermost delivery ends.
    private var detachedHere: [AnyObject] = []

    /// Whether this thread is inside some hub's delivery, that is inside a strategy's `send`.
    var isDelivering: Bool { !frames.isEmpty }

    /// The calling thread's state, created on first use.
    @inline(__always)
    static var current: DeliveryThread {
        if let pointer = pthread_getspecific(deliveryThreadKey) {
            return Unmanaged<DeliveryThread>.fromOpaque(pointer).takeUnretainedValue()
        }
        return makeCurrent()
    }

    private static func makeCurrent() -> DeliveryThread {
        let thread = DeliveryThread()
        thread.frames.reserveCapacity(4)
        // The thread-specific slot owns one reference; the key's destructor releases it at thread exit.
        let error = pthread_setspecific(deliveryThreadKey, Unmanaged.passRetained(thread).toOpaque())
        precondition(error == 0, "TagHub: pthread_setspecific failed with error \(error)")
        return thread
    }

    /// Whether this thread is already delivering for `hub`, so a new delivery must be queued.
    @inline(__always)
    func isDelivering(for hub: ObjectIdentifier) -> Bool {
        frames.contains { $0.hub == hub }
    }

    /// Queues `deliver` on the frame `hub` has open on this thread.
    func enqueue(for hub: ObjectIdentifier, _ deliver: @escaping () -> Void) {
        guard let index = frames.firstIndex(where: { $0.hub == hub }) else {
            preconditionFailure("TagHub: no delivery open for this hub on this thread")
        }
        frames[index].pending.append(deliver)
    }

    /// Opens a frame for `hub`, unless this thread is already delivering for it: then it returns
    /// `false`, and the caller must queue its delivery with ``enqueue(for:_:)`` instead.
    ///
    /// While the frame is open, deliveries for `hub` on this thread are queued on it; the caller
    /// delivers, then calls ``drainAndCloseFrame()``.
    @inline(__always)
    func openFrame(for hub: ObjectIdentifier) -> Bool {
        if isDelivering(for: hub) { return false }
        frames.append(Frame(hub: hub))
        return true
    }

    /// Runs what was queued on the innermost frame, in order, then closes it.
    func drainAndCloseFrame() {
        let index = frames.count - 1
        var next = 0
        // Deliveries may queue more deliveries on this frame: re-read the count each time round.
        while next < frames[index].pending.count {
            let deliver = frames[index].pending[next]
            next += 1
            deliver()
        }
        frames.removeLast()
        if frames.isEmpty && !detachedHere.isEmpty {
            detachedHere.removeAll()
        }
    }

    /// Whether `strategy` was detached by this thread during its current delivery.
    @inline(__always)
    func skips(_ strategy: AnyObject) -> Bool {
        if detachedHere.isEmpty { return false }
        return detachedHere.contains { $0 === strategy }
    }

    /// Records that this thread, while delivering, detached `strategy`.
    func markDetached(_ strategy: AnyObject) {
        guard isDelivering, !skips(strategy) else { return }
        detachedHere.append(strategy)
    }

    /// Records that this thread, while delivering, attached `strategy` again.
    func unmarkDetached(_ strategy: AnyObject) {
        detachedHere.removeAll { $0 === strategy }
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
