import Dispatch

#if canImport(ObjectiveC)
import ObjectiveC  // autoreleasepool
#endif

/// Runs another strategy on its own serial queue, so that the thread that sends never waits for
/// the vendor, and one slow vendor never delays another.
///
/// `send` on the hub then costs the caller one lock and an append to a bounded queue, whatever
/// the wrapped strategy does. The wrapped strategy receives the tags in the order they were
/// queued, one at a time, on the wrapper's queue: the tags of each sending thread in the order
/// that thread sent them, with the context of the moment each was sent. A tag that finds the
/// queue idle starts it a millisecond later, so that the tags sent meanwhile go in the same run:
/// a burst of sends wakes the queue once, not once per tag. ``flush()`` starts it at once.
///
/// ```swift
/// let firebase = BackgroundStrategy(wrapping: makeFirebaseStrategy(tagger: FirebaseTagger()))
/// hub.attach(firebase)
/// hub.send(userAction: .playPodcast(podcast))  // returns at once
/// await hub.flush()  // every tag sent so far reached Firebase's tagger
/// ```
///
/// The queue holds at most `capacity` tags. When it is full, its ``OverflowPolicy``
/// decides which tag is dropped; every dropped tag is counted in ``droppedTagCount``.
///
/// Detaching the wrapper from the hub stops new tags; tags already queued are still delivered,
/// as tags sent before the detach. To stop them too, as a consent revocation must, call
/// ``cancelPendingDeliveries()``.
public final class BackgroundStrategy<Wrapped: AnalyticsStrategy>:
    AnalyticsScreenStrategy, AnalyticsUserActionStrategy, AnalyticsEventStrategy, AnalyticsStateStrategy,
    AnalyticsFlushable
{
    /// The app's tag types: the wrapped strategy's.
    public typealias Schema = Wrapped.Schema

    /// The strategy that receives the tags, on the wrapper's queue.
    public let wrapped: Wrapped
    /// The most tags the queue holds.
    public var capacity: Int { engine.capacity }
    /// Which tag a full queue drops.
    public var overflowPolicy: OverflowPolicy { engine.overflowPolicy }
    /// The wrapped strategy's delivered channels: the wrapper takes exactly those.
    public let acceptedChannels: AnalyticsChannels
    /// The wrapper's name in diagnostics.
    public var name: String { engine.name }

    /// The queue, its worker and its counters.
    @usableFromInline let engine: BackgroundQueue<Schema>
    /// What each `send` runs: built where the wrapper is created, so compiled for the app's types.
    @usableFromInline let enqueuers: Enqueuers

    /// A wrapper that delivers to `strategy` on its own serial queue.
    ///
    /// - Parameters:
    ///   - strategy: The strategy to run off the caller's thread.
    ///   - capacity: The most tags waiting at once (at least 1); 10,000 by default.
    ///   - overflowPolicy: Which tag a full queue drops; the oldest by default.
    ///   - name: The wrapper's name in diagnostics, where its drops are reported, and its queue's
    ///     label; by default the wrapped strategy's name when it is a ``MappingStrategy``, else its
    ///     type's.
    @inlinable
    public convenience init(
        wrapping strategy: Wrapped,
        capacity: Int = 10_000,
        overflowPolicy: OverflowPolicy = .dropOldest,
        name: String? = nil
    ) {
        self.init(
            wrapping: strategy,
            capacity: capacity,
            overflowPolicy: overflowPolicy,
            name: name,
            enqueuers: Enqueuers()
        )
    }

    @usableFromInline
    init(
        wrapping strategy: Wrapped,
        capacity: Int,
        overflowPolicy: OverflowPolicy,
        name: String?,
        enqueuers: Enqueuers
    ) {
        precondition(
            capacity >= 1,
            "BackgroundStrategy: capacity must be at least 1, got \(capacity). Leave it out for the default of 10,000."
        )
        self.wrapped = strategy
        self.acceptedChannels = strategy.deliveredChannels
        self.engine = BackgroundQueue(
            receivers: ChannelReceivers(strategy),
            capacity: capacity,
            overflowPolicy: overflowPolicy,
            name: name ?? (strategy as? any NamedStrategy)?.name ?? String(describing: Wrapped.self),
            drain: enqueuers.drain
        )
        self.enqueuers = enqueuers
    }

    /// How many tags a full queue dropped so far.
    public var droppedTagCount: Int {
        engine.lock.withLock { engine.dropped }
    }

    /// How many queued tags ``cancelPendingDeliveries()`` (or a consent revocation) discarded so
    /// far.
    public var cancelledTagCount: Int {
        engine.lock.withLock { engine.cancelled }
    }

    /// How many tags wait to be delivered, not counting one being delivered.
    public var pendingTagCount: Int {
        engine.lock.withLock { engine.pending.count }
    }

    // MARK: - Channel strategies

    /// Queues the screen tag for the wrapped strategy.
    @inlinable
    public func send(screen: TagEnvelope<Schema.Screen, Schema.Screen>) {
        enqueuers.screen(engine, screen)
    }

    /// Queues the user action for the wrapped strategy.
    @inlinable
    public func send(userAction: TagEnvelope<Schema.UserAction, Schema.Screen>) {
        enqueuers.userAction(engine, userAction)
    }

    /// Queues the event for the wrapped strategy.
    @inlinable
    public func send(event: TagEnvelope<Schema.Event, Schema.Screen>) {
        enqueuers.event(engine, event)
    }

    /// Queues the state tag for the wrapped strategy.
    @inlinable
    public func send(state: TagEnvelope<Schema.State, Schema.Screen>) {
        enqueuers.state(engine, state)
    }

    // MARK: - Flushing and cancelling

    /// Returns once every tag queued before the call has been delivered to the wrapped strategy
    /// (or dropped by the bound, or cancelled).
    ///
    /// What an app going to the background, and a test, calls before reading what the vendor
    /// received.
    public func flush() async {
        await engine.flush()
        // A wrapped strategy that delivers later too (another wrapper) is flushed after.
        await (wrapped as? any AnalyticsFlushable)?.flush()
    }

    /// Drops every queued tag and waits for a delivery under way to finish: once it returns, the
    /// wrapped strategy receives nothing more until a new tag is sent. Returns how many tags were
    /// dropped (they count in ``cancelledTagCount``).
    ///
    /// Called from the wrapped strategy's own `send` (on the wrapper's queue), it does not wait
    /// for that delivery, which is the caller's own.
    @discardableResult
    public func cancelPendingDeliveries() -> Int {
        engine.cancelPending().values.reduce(0, +)
    }
}

extension BackgroundStrategy {
    /// One function per channel, each wrapping the tag for the queue and queueing it.
    ///
    /// Why: a hub calls the wrapper through its channel protocol, which lands in generic code
    /// compiled once in TagHub, where every envelope and queue operation looked up the metadata
    /// of its generic types at run time. These functions are built by inlinable code, in the
    /// app's module, where the schema is known, so they (and the worker they start) run
    /// specialized code. They capture nothing: calling one costs no reference counting.
    @usableFromInline
    struct Enqueuers: Sendable {
        @usableFromInline typealias Enqueue<Tag> =
            @Sendable (BackgroundQueue<Schema>, TagEnvelope<Tag, Schema.Screen>) -> Void

        @usableFromInline let screen: Enqueue<Schema.Screen>
        @usableFromInline let userAction: Enqueue<Schema.UserAction>
        @usableFromInline let event: Enqueue<Schema.Event>
        @usableFromInline let state: Enqueue<Schema.State>
        /// The worker, whoever starts it: a tag that finds it idle, or a flush.
        @usableFromInline let drain: @Sendable (BackgroundQueue<Schema>) -> Void

        @inlinable
        init() {
            screen = { queue, envelope in queue.enqueue(envelope.map { .screen($0) }) }
            userAction = { queue, envelope in queue.enqueue(envelope.map { .userAction($0) }) }
            event = { queue, envelope in queue.enqueue(envelope.map { .event($0) }) }
            state = { queue, envelope in queue.enqueue(envelope.map { .state($0) }) }
            drain = { queue in queue.drain() }
        }
    }
}

extension BackgroundStrategy: AnalyticsConvertingStrategy where Wrapped: AnalyticsConvertingStrategy {
    /// The wrapped strategy's vendor tag type.
    public typealias VendorTag = Wrapped.VendorTag

    /// What the wrapped strategy makes of `tag` in `context`.
    public func vendorTag(for tag: AnalyticsTag<Schema>, in context: ScreenContext<Schema.Screen>) -> VendorTag? {
        wrapped.vendorTag(for: tag, in: context)
    }
}

/// The queue of a ``BackgroundStrategy``, its worker and its counters, behind one lock.
///
/// The worker is a drain scheduled on a serial `DispatchQueue`: it delivers the queued tags one at
/// a time until the queue is empty. A tag that finds the worker idle schedules it to start
/// ``gatheringDelay`` later rather than at once, so that the tags sent meanwhile are delivered by
/// the same drain: the callers of a burst wake the queue once, not once per tag. ``flush()`` and
/// `waitUntilDelivered()` start it at once.
///
/// `@unchecked Sendable` is safe: every stored `var` is read and written only while `lock` is
/// held, and the `let`s are `Sendable`. The `var`s skip the run-time exclusivity checks: the lock
/// already makes every access exclusive.
@usableFromInline
final class BackgroundQueue<Schema: AnalyticsSchema>: @unchecked Sendable {
    /// How long a tag that finds the worker idle waits for others before the worker starts.
    @usableFromInline static var gatheringDelay: DispatchTimeInterval { .milliseconds(1) }

    @usableFromInline let lock = ConditionLock()
    @usableFromInline let receivers: ChannelReceivers<Schema>
    @usableFromInline let queue: DispatchQueue
    @usableFromInline let overflowPolicy: OverflowPolicy
    @usableFromInline let capacity: Int
    @usableFromInline let name: String

    @usableFromInline let pending: RingBuffer<Pending>
    /// Tickets handed out: one per tag sent to the wrapper, queued or dropped.
    @usableFromInline @exclusivity(unchecked) var issued = 0
    /// Every ticket up to this one is delivered, dropped or cancelled.
    @usableFromInline @exclusivity(unchecked) var processedThrough = 0
    @usableFromInline @exclusivity(unchecked) var dropped = 0
    @usableFromInline @exclusivity(unchecked) var cancelled = 0
    /// Whether a drain is scheduled or running that will see every queued tag.
    @usableFromInline @exclusivity(unchecked) var isDraining = false
    /// The thread delivering a tag to the wrapped strategy, while it does.
    @usableFromInline @exclusivity(unchecked) var deliveringThread: ThreadIdentity?
    /// The ticket of the tag being delivered, while it is: what a cancellation waits for.
    @usableFromInline @exclusivity(unchecked) var deliveringTicket: Int?
    @usableFromInline @exclusivity(unchecked) var flushes:
        [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// A queued tag, with its ticket.
    @usableFromInline
    struct Pending {
        @usableFromInline let ticket: Int
        @usableFromInline let envelope: Schema.AnyTagEnvelope

        @inlinable
        init(ticket: Int, envelope: Schema.AnyTagEnvelope) {
            self.ticket = ticket
            self.envelope = envelope
        }
    }

    /// ``drain()``, compiled for the app's types (see ``BackgroundStrategy/Enqueuers``).
    @usableFromInline let specializedDrain: @Sendable (BackgroundQueue) -> Void

    init(
        receivers: ChannelReceivers<Schema>,
        capacity: Int,
        overflowPolicy: OverflowPolicy,
        name: String,
        drain: @escaping @Sendable (BackgroundQueue) -> Void
    ) {
        self.specializedDrain = drain
        self.receivers = receivers
        self.capacity = capacity
        self.overflowPolicy = overflowPolicy
        self.name = name
        self.pending = RingBuffer(capacity: capacity)
        // Analytics is never urgent: the vendor runs below the app's own work, whoever sends.
        self.queue = DispatchQueue(label: "TagHub.BackgroundStrategy: \(name)", qos: .utility)
    }

    // MARK: - The caller's side

    /// Queues `envelope`, or drops a tag when the queue is full; starts the worker if it is idle.
    @inlinable
    func enqueue(_ envelope: Schema.AnyTagEnvelope) {
        var droppedChannel: AnalyticsChannel?
        // Released after the lock: its payload's `deinit` is app code, which may send.
        var evicted: Pending?
        lock.lock()
        issued += 1
        if pending.isFull {
            dropped += 1
            if overflowPolicy.dropsOldest {
                evicted = pending.popFirst()
                droppedChannel = evicted?.envelope.tag.channel
                pending.append(Pending(ticket: issued, envelope: envelope))
            } else {
                droppedChannel = envelope.tag.channel
            }
        } else {
            pending.append(Pending(ticket: issued, envelope: envelope))
        }
        let mustStart = !isDraining
        isDraining = true
        lock.unlock()
        evicted = nil
        if mustStart {
            queue.asyncAfter(deadline: .now() + Self.gatheringDelay) { self.specializedDrain(self) }
        }
        if let droppedChannel {
            reportDrop(on: droppedChannel, to: envelope.diagnostics)
        }
    }

    @usableFromInline
    @inline(never)
    func reportDrop(on channel: AnalyticsChannel, to diagnostics: AnalyticsDiagnostics?) {
        diagnostics?.report(
            AnalyticsDiagnostic(
                reason: .droppedByBound,
                source: name,
                channel: channel,
                detail: "background queue of \(capacity), \(overflowPolicy)"
            )
        )
    }

    // MARK: - The worker's side

    /// Delivers queued tags one at a time until the queue is empty. Several drains may be
    /// scheduled (a gathered one and one a flush started); the serial queue runs them one after
    /// the other, and one that finds the queue empty ends at once.
    @inlinable
    func drain() {
        var delivered: Int?
        // Each tag is released after the lock is let go: its `deinit` is app code, which may send.
        while let next = finishDelivery(of: delivered) {
            #if canImport(ObjectiveC)
            autoreleasepool { receivers.deliver(next.envelope) }
            #else
            receivers.deliver(next.envelope)
            #endif
            delivered = next.ticket
        }
    }

    /// Under one lock, marks the tag `ticket` delivered (when there is one) and takes the next,
    /// marking it as being delivered by this thread; `nil` when the queue is empty, which ends
    /// the drain.
    @inlinable
    func finishDelivery(of ticket: Int?) -> Pending? {
        lock.lock()
        if let ticket {
            deliveringThread = nil
            deliveringTicket = nil
            processedThrough = max(processedThrough, ticket)
            // Wakes a cancellation waiting for the delivery that just ended.
            lock.broadcast()
        }
        let next = pending.popFirst()
        if let next {
            deliveringThread = .current
            deliveringTicket = next.ticket
        } else {
            isDraining = false
            processedThrough = issued
            lock.broadcast()
        }
        let finished = takeFinishedFlushes()
        lock.unlock()
        for continuation in finished { continuation.resume() }
        return next
    }

    /// Removes and returns the flushes whose tags are all processed; the caller holds the lock.
    @inlinable
    func takeFinishedFlushes() -> [CheckedContinuation<Void, Never>] {
        // Flushes are added in the order of their targets: when the first is not done, none is.
        guard let first = flushes.first, first.target <= processedThrough else { return [] }
        return takeFinishedFlushesSlowly()
    }

    @usableFromInline
    func takeFinishedFlushesSlowly() -> [CheckedContinuation<Void, Never>] {
        var finished: [CheckedContinuation<Void, Never>] = []
        flushes.removeAll { flush in
            guard flush.target <= processedThrough else { return false }
            finished.append(flush.continuation)
            return true
        }
        return finished
    }

    // MARK: - Flushing, cancelling, waiting

    /// Returns once every tag queued before the call is delivered, dropped or cancelled.
    func flush() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isDone = lock.withLock { () -> Bool in
                if processedThrough >= issued { return true }
                flushes.append((issued, continuation))
                return false
            }
            if isDone {
                continuation.resume()
            } else {
                startNow()
            }
        }
    }

    /// Starts a drain at once, without waiting for the gathering delay.
    func startNow() {
        queue.async { self.specializedDrain(self) }
    }

    /// Drops every queued tag and waits for a delivery under way; returns the drops by channel.
    func cancelPending() -> [AnalyticsChannel: Int] {
        let finished: [CheckedContinuation<Void, Never>]
        var cancelledByChannel: [AnalyticsChannel: Int] = [:]
        // Released after the lock: a payload's `deinit` is app code, which may send.
        var removed: [Pending] = []
        defer { withExtendedLifetime(removed) {} }
        lock.lock()
        while let item = pending.popFirst() {
            cancelledByChannel[item.envelope.tag.channel, default: 0] += 1
            cancelled += 1
            removed.append(item)
        }
        // Waits for the delivery under way now, not for those of tags sent meanwhile: the worker
        // goes from one tag to the next under one lock, so it may never be seen idle.
        let isOwnDelivery = deliveringThread == .current
        if let underWay = deliveringTicket, !isOwnDelivery {
            while deliveringTicket == underWay {
                lock.wait()
            }
        }
        if deliveringThread == nil && pending.isEmpty {
            processedThrough = issued
        }
        finished = takeFinishedFlushes()
        lock.unlock()
        for continuation in finished { continuation.resume() }
        return cancelledByChannel
    }

    /// Waits until every queued tag is delivered; from the queue's own delivery, returns at once.
    func waitUntilDelivered() {
        lock.lock()
        let isOwnDelivery = deliveringThread == .current
        if isDraining && !isOwnDelivery {
            startNow()
        }
        while isDraining && !isOwnDelivery {
            lock.wait()
        }
        lock.unlock()
    }
}

extension BackgroundStrategy: NamedStrategy {}

/// A strategy that delivers after `send` returns, which consent must stop or drain before it
/// tells the caller that tags no longer flow.
protocol PendingDeliveriesCancelling {
    /// Drops the queued tags, waits for a delivery under way, and returns what it dropped.
    func cancelPending() -> [AnalyticsChannel: Int]

    /// Waits until every queued tag is delivered (unless called from a delivery of its own).
    func waitUntilDelivered()
}

extension BackgroundStrategy: PendingDeliveriesCancelling {
    func cancelPending() -> [AnalyticsChannel: Int] {
        engine.cancelPending()
    }

    func waitUntilDelivered() {
        engine.waitUntilDelivered()
    }
}

extension BackgroundStrategy: AnalyticsConsentObserver {
    /// Tells the wrapped strategy, if it observes consent.
    public func consentWasGranted() {
        (wrapped as? any AnalyticsConsentObserver)?.consentWasGranted()
    }

    /// Tells the wrapped strategy, if it observes consent.
    public func consentWasWithdrawn() {
        (wrapped as? any AnalyticsConsentObserver)?.consentWasWithdrawn()
    }
}
