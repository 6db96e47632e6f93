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
/// that thread sent them, with the context of the moment each was sent.
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
    public let capacity: Int
    /// Which tag a full queue drops.
    public let overflowPolicy: OverflowPolicy
    /// The wrapped strategy's delivered channels: the wrapper takes exactly those.
    public let acceptedChannels: AnalyticsChannels
    /// The wrapper's name in diagnostics.
    public let name: String

    private let receivers: ChannelReceivers<Schema>
    private let queue: DispatchQueue
    private let state: LockedQueueState<Schema>

    /// A wrapper that delivers to `strategy` on its own serial queue.
    ///
    /// - Parameters:
    ///   - strategy: The strategy to run off the caller's thread.
    ///   - capacity: The most tags waiting at once (at least 1); 10,000 by default.
    ///   - overflowPolicy: Which tag a full queue drops; the oldest by default.
    ///   - name: The wrapper's name in diagnostics, where its drops are reported, and its queue's
    ///     label; by default the wrapped strategy's name when it is a ``MappingStrategy``, else its
    ///     type's.
    public init(
        wrapping strategy: Wrapped,
        capacity: Int = 10_000,
        overflowPolicy: OverflowPolicy = .dropOldest,
        name: String? = nil
    ) {
        precondition(
            capacity >= 1,
            "BackgroundStrategy: capacity must be at least 1, got \(capacity). Leave it out for the default of 10,000."
        )
        self.wrapped = strategy
        self.capacity = capacity
        self.overflowPolicy = overflowPolicy
        self.acceptedChannels = strategy.deliveredChannels
        self.receivers = ChannelReceivers(strategy)
        let name = name ?? (strategy as? any NamedStrategy)?.name ?? String(describing: Wrapped.self)
        self.name = name
        // Analytics is never urgent: the vendor runs below the app's own work, whoever sends.
        self.queue = DispatchQueue(label: "TagHub.BackgroundStrategy: \(name)", qos: .utility)
        self.state = LockedQueueState(capacity: capacity)
    }

    /// How many tags a full queue dropped so far.
    public var droppedTagCount: Int {
        state.lock.withLock { state.dropped }
    }

    /// How many queued tags ``cancelPendingDeliveries()`` (or a consent revocation) discarded so
    /// far.
    public var cancelledTagCount: Int {
        state.lock.withLock { state.cancelled }
    }

    /// How many tags wait to be delivered, not counting one being delivered.
    public var pendingTagCount: Int {
        state.lock.withLock { state.pending.count }
    }

    // MARK: - Channel strategies

    /// Queues the screen tag for the wrapped strategy.
    public func send(screen: TagEnvelope<Schema.Screen, Schema.Screen>) {
        enqueue(screen.map(AnalyticsTag.screen))
    }

    /// Queues the user action for the wrapped strategy.
    public func send(userAction: TagEnvelope<Schema.UserAction, Schema.Screen>) {
        enqueue(userAction.map(AnalyticsTag.userAction))
    }

    /// Queues the event for the wrapped strategy.
    public func send(event: TagEnvelope<Schema.Event, Schema.Screen>) {
        enqueue(event.map(AnalyticsTag.event))
    }

    /// Queues the state tag for the wrapped strategy.
    public func send(state: TagEnvelope<Schema.State, Schema.Screen>) {
        enqueue(state.map(AnalyticsTag.state))
    }

    // MARK: - Flushing and cancelling

    /// Returns once every tag queued before the call has been delivered to the wrapped strategy
    /// (or dropped by the bound, or cancelled).
    ///
    /// What an app going to the background, and a test, calls before reading what the vendor
    /// received.
    public func flush() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isDone = state.lock.withLock { () -> Bool in
                if state.processedThrough >= state.issued { return true }
                state.flushes.append((state.issued, continuation))
                return false
            }
            if isDone { continuation.resume() }
        }
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
        cancelPending().values.reduce(0, +)
    }

    /// ``cancelPendingDeliveries()``, counted by channel.
    func cancelPending() -> [AnalyticsChannel: Int] {
        let finished: [CheckedContinuation<Void, Never>]
        var cancelled: [AnalyticsChannel: Int] = [:]
        // Released after the lock: a payload's `deinit` is app code, which may send.
        var removed: [(ticket: Int, envelope: Schema.AnyTagEnvelope)] = []
        defer { withExtendedLifetime(removed) {} }
        state.lock.lock()
        while let item = state.pending.popFirst() {
            cancelled[item.envelope.tag.channel, default: 0] += 1
            state.cancelled += 1
            removed.append(item)
        }
        let isOwnDelivery = state.deliveringThread == .current
        while state.deliveringThread != nil && !isOwnDelivery {
            state.lock.wait()
        }
        if state.deliveringThread == nil && state.pending.isEmpty {
            state.processedThrough = state.issued
        }
        finished = state.takeFinishedFlushes()
        state.lock.unlock()
        for continuation in finished { continuation.resume() }
        return cancelled
    }

    /// Waits until every queued tag is delivered; from the wrapper's own queue, returns at once.
    func waitUntilDelivered() {
        state.lock.lock()
        let isOwnDelivery = state.deliveringThread == .current
        while state.isDraining && !isOwnDelivery {
            state.lock.wait()
        }
        state.lock.unlock()
    }

    // MARK: - The queue

    private func enqueue(_ envelope: Schema.AnyTagEnvelope) {
        var droppedChannel: AnalyticsChannel?
        // Released after the lock: its payload's `deinit` is app code, which may send.
        var evicted: (ticket: Int, envelope: Schema.AnyTagEnvelope)?
        state.lock.lock()
        state.issued += 1
        if state.pending.isFull {
            state.dropped += 1
            if overflowPolicy.dropsOldest {
                evicted = state.pending.popFirst()
                droppedChannel = evicted?.envelope.tag.channel
                state.pending.append((state.issued, envelope))
            } else {
                droppedChannel = envelope.tag.channel
            }
        } else {
            state.pending.append((state.issued, envelope))
        }
        let mustStart = !state.isDraining
        state.isDraining = true
        state.lock.unlock()
        evicted = nil
        if mustStart {
            queue.async { self.drain() }
        }
        if let droppedChannel {
            reportDrop(on: droppedChannel, to: envelope.diagnostics)
        }
    }

    @inline(never)
    private func reportDrop(on channel: AnalyticsChannel, to diagnostics: AnalyticsDiagnostics?) {
        diagnostics?.report(
            AnalyticsDiagnostic(
                reason: .droppedByBound,
                source: name,
                channel: channel,
                detail: "background queue of \(capacity), \(overflowPolicy)"
            )
        )
    }

    /// Delivers queued tags one at a time until the queue is empty.
    private func drain() {
        // Each tag is released after `finishDelivery` has let go of the lock: its `deinit` is app
        // code, which may send.
        while let (ticket, envelope) = takeNext() {
            #if canImport(ObjectiveC)
            autoreleasepool { receivers.deliver(envelope) }
            #else
            receivers.deliver(envelope)
            #endif
            finishDelivery(of: ticket)
        }
    }

    /// The next tag to deliver, marked as being delivered by this thread; `nil` when the queue is
    /// empty, which ends the drain.
    private func takeNext() -> (ticket: Int, envelope: Schema.AnyTagEnvelope)? {
        state.lock.lock()
        guard let next = state.pending.popFirst() else {
            state.isDraining = false
            state.processedThrough = state.issued
            state.lock.broadcast()
            let finished = state.takeFinishedFlushes()
            state.lock.unlock()
            for continuation in finished { continuation.resume() }
            return nil
        }
        state.deliveringThread = .current
        state.lock.unlock()
        return next
    }

    private func finishDelivery(of ticket: Int) {
        state.lock.lock()
        state.deliveringThread = nil
        state.processedThrough = max(state.processedThrough, ticket)
        state.lock.broadcast()
        let finished = state.takeFinishedFlushes()
        state.lock.unlock()
        for continuation in finished { continuation.resume() }
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

/// The queue of a ``BackgroundStrategy`` and its counters, behind one lock.
///
/// `@unchecked Sendable` is safe: every stored property is read and written only while `lock` is
/// held.
final class LockedQueueState<Schema: AnalyticsSchema>: @unchecked Sendable {
    let lock = ConditionLock()
    var pending: RingBuffer<(ticket: Int, envelope: Schema.AnyTagEnvelope)>
    /// Tickets handed out: one per tag sent to the wrapper, queued or dropped.
    var issued = 0
    /// Every ticket up to this one is delivered, dropped or cancelled.
    var processedThrough = 0
    var dropped = 0
    var cancelled = 0
    var isDraining = false
    /// The thread delivering a tag to the wrapped strategy, while it does.
    var deliveringThread: ThreadIdentity?
    var flushes: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []

    init(capacity: Int) {
        pending = RingBuffer(capacity: capacity)
    }

    /// Removes and returns the flushes whose tags are all processed; the caller holds the lock.
    func takeFinishedFlushes() -> [CheckedContinuation<Void, Never>] {
        guard !flushes.isEmpty else { return [] }
        var finished: [CheckedContinuation<Void, Never>] = []
        flushes.removeAll { flush in
            guard flush.target <= processedThrough else { return false }
            finished.append(flush.continuation)
            return true
        }
        return finished
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

extension BackgroundStrategy: PendingDeliveriesCancelling {}

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
