/// What one OS thread is doing for the hubs: its open delivery frames, innermost last. This is the
/// one delivery scope: every path that runs strategy code runs it inside a frame here (see "One
/// send" and "One delivery scope" in Docs/Architecture.md).
///
/// One instance per thread, created on its first delivery and only ever touched by it: no lock.
/// No app code runs during an access to its frames or arrays, and no pointer into the frames is
/// kept across app code (they move when they grow): so every access is exclusive, and the stored
/// properties skip the run-time exclusivity checks (see "Compiled once" in Docs/Architecture.md).
final class DeliveryThread {
    /// How many deliveries may wait on one frame. Past it, a nested send is dropped and counted:
    /// a strategy that sends more tags than it receives would otherwise grow memory without end.
    static let pendingLimit = 10_000

    struct Frame {
        /// `nil` for a scope that is for no hub in particular (a tag made by hand, delivered by a
        /// wrapper): it only marks the thread as delivering.
        var hub: ObjectIdentifier?
        /// Deliveries queued by nested sends; those before `next` have run and are no-ops now.
        /// Empty whenever the frame is closed.
        var pending: [() -> Void] = []
        var next = 0
    }

    /// A strategy this thread detached from a hub while delivering.
    struct Detachment {
        /// Strong references: neither identity can be reused while this is listed.
        let hub: AnyObject
        let strategy: AnyObject
        /// The generation of the first roster of `hub` without `strategy`.
        let generation: UInt64
    }

    /// The open frames, innermost last: the first `depth` of `capacity` slots, all initialized.
    /// Closed frames stay, empty, for the next delivery: steady state allocates nothing. Memory of
    /// this object's own, not an array: see "Tricks on the send path" in Docs/Architecture.md.
    @exclusivity(unchecked) var frames: UnsafeMutablePointer<Frame>
    @exclusivity(unchecked) var capacity: Int
    @exclusivity(unchecked) var depth = 0

    /// Deliveries still running on this thread from rosters older than a detachment skip its
    /// strategy, so a strategy detached from inside a delivery receives nothing more from this
    /// thread, not even the rest of the current fan-out. Cleared when the outermost delivery ends.
    @exclusivity(unchecked) var detachments: [Detachment] = []

    /// How many of this thread's frames are running the deliveries queued on them by nested sends.
    @exclusivity(unchecked) var queuedRuns = 0

    /// Whether this thread is inside some hub's delivery, that is inside a strategy's `send`.
    var isDelivering: Bool { depth > 0 }

    /// Whether the tag being delivered was sent from inside a delivery: queued on a frame, or in a
    /// frame inside another. (A consent gate, a strategy, is always inside one: ``isDelivering``.)
    var isDeliveringANestedSend: Bool { depth > 1 || queuedRuns > 0 }

    private init() {
        capacity = 4
        frames = .allocate(capacity: capacity)
        frames.initialize(repeating: Frame(hub: nil), count: capacity)
    }

    deinit {
        frames.deinitialize(count: capacity)
        frames.deallocate()
    }

    /// The calling thread's state, created on first use.
    static var current: DeliveryThread {
        unretainedCurrent.takeUnretainedValue()
    }

    /// The calling thread's state, created on first use, without a reference of its own: the
    /// thread-specific slot keeps it alive until the thread ends, so code running on this thread
    /// may borrow it (`_withUnsafeGuaranteedRef`) instead of retaining it.
    static var unretainedCurrent: Unmanaged<DeliveryThread> {
        if let pointer = deliveryThreadSlot.object {
            return Unmanaged<DeliveryThread>.fromOpaque(pointer)
        }
        return makeCurrent()
    }

    private static func makeCurrent() -> Unmanaged<DeliveryThread> {
        let thread = DeliveryThread()
        // The thread-specific slot owns one reference; the key's destructor releases it at thread exit.
        let unmanaged = Unmanaged.passRetained(thread)
        deliveryThreadSlot.store(unmanaged)
        return unmanaged
    }

    /// Runs `body`, strategy code run by a wrapper, inside `hub`'s delivery scope on this thread:
    /// inside the frame `hub` has open here already, or else in one opened now and drained (what
    /// `body` sent to `hub` is delivered) and closed once `body` returns.
    ///
    /// With no hub (`nil`), inside any frame open here, or else in one that only marks the thread
    /// as delivering.
    func runInScope(of hub: ObjectIdentifier?, _ body: () -> Void) {
        let opened = enterScope(of: hub)
        body()
        if opened { drainAndCloseFrame() }
    }

    /// Opens a frame for `hub` (for no hub: `nil`) unless this thread is inside its scope already;
    /// `true` when it opened one, which the caller closes with ``drainAndCloseFrame()`` once the
    /// strategy code it runs has returned. `false` for the hub's own `send` means a strategy sent
    /// it: the caller queues its delivery with ``enqueue(for:_:)`` instead.
    func enterScope(of hub: ObjectIdentifier?) -> Bool {
        guard depth > 0 else {
            frames.pointee.hub = hub
            depth = 1
            return true
        }
        return enterNestedScope(of: hub)
    }

    /// ``enterScope(of:)`` inside another frame.
    func enterNestedScope(of hub: ObjectIdentifier?) -> Bool {
        if hub == nil || (0..<depth).contains(where: { frames[$0].hub == hub }) { return false }
        if depth == capacity {
            // Moved, not copied: nothing is retained or released, so no app code runs here.
            let grown = UnsafeMutablePointer<Frame>.allocate(capacity: 2 * capacity)
            grown.moveInitialize(from: frames, count: capacity)
            (grown + capacity).initialize(repeating: Frame(hub: nil), count: capacity)
            frames.deallocate()
            frames = grown
            capacity *= 2
        }
        frames[depth].hub = hub
        depth += 1
        return true
    }

    /// Queues `deliver` on the frame `hub` has open on this thread; `false`, and nothing queued,
    /// when ``pendingLimit`` deliveries are waiting there already.
    func enqueue(for hub: ObjectIdentifier, _ deliver: @escaping () -> Void) -> Bool {
        guard let index = (0..<depth).first(where: { frames[$0].hub == hub }) else {
            preconditionFailure("TagHub: no delivery open for this hub on this thread")
        }
        guard frames[index].pending.count - frames[index].next < Self.pendingLimit else { return false }
        frames[index].pending.append(deliver)
        return true
    }

    /// Runs what was queued on the innermost frame, in order, then closes it.
    func drainAndCloseFrame() {
        if !frames[depth - 1].pending.isEmpty { runQueued(closing: true) }
        depth -= 1
        if depth == 0 && hasDetachments { dropSkipMarks() }
    }

    /// Ends one delivery in the innermost frame but keeps the frame open for the next (a background
    /// worker's run of tags of one hub): runs what was queued on it and, in the outermost frame,
    /// drops the skip marks, as closing would.
    func endDeliveryKeepingFrame() {
        if !frames[depth - 1].pending.isEmpty { runQueued(closing: false) }
        if depth == 1 && hasDetachments { dropSkipMarks() }
    }

    /// Runs what was queued on the innermost frame, in order, and empties its queue: keeping its
    /// room for a frame kept open, letting it go for one being closed (a burst of nested sends
    /// would otherwise hold its room, up to ``pendingLimit`` closures, for the thread's life).
    func runQueued(closing: Bool) {
        let index = depth - 1
        queuedRuns += 1
        defer { queuedRuns -= 1 }
        // Indexed from `frames` each time: a delivery may open frames, which may move them.
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
        // Only no-ops are left, which hold nothing: releasing them runs no app code.
        if closing {
            frames[index].pending = []
        } else {
            frames[index].pending.removeAll(keepingCapacity: true)
        }
        frames[index].next = 0
    }

    /// Forgets what this thread detached during its delivery, which has ended. Its callers ask
    /// ``hasDetachments`` first.
    func dropSkipMarks() {
        // Emptied first, released after: a strategy's `deinit` may send, and a send reads
        // `detachments`. Without `withExtendedLifetime`, the optimizer may release the old array
        // inside the write that empties it (a release build crashed so).
        let released = detachments
        detachments = []
        withExtendedLifetime(released) {}
    }

    /// Whether this thread detached a strategy during its current delivery: only then may
    /// ``skips(_:of:generation:)`` be true.
    var hasDetachments: Bool { !detachments.isEmpty }

    /// Whether a delivery from `hub`'s roster of `generation` must skip `strategy`, because this
    /// thread detached it from `hub` (in a later roster) during its current delivery. Its caller
    /// asks ``hasDetachments`` first, inline.
    func skips(_ strategy: AnyObject, of hub: AnyObject, generation: UInt64) -> Bool {
        detachments.contains { $0.hub === hub && $0.strategy === strategy && generation < $0.generation }
    }

    /// Records that this thread, while delivering, detached `strategy` from `hub`, whose first
    /// roster without it has `generation`.
    func recordDetachment(of strategy: AnyObject, from hub: AnyObject, generation: UInt64) {
        detachments.append(Detachment(hub: hub, strategy: strategy, generation: generation))
    }
}

/// The thread-specific slot that holds each thread's `DeliveryThread`.
private let deliveryThreadSlot = ThreadSpecificReference()
