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
/// let hub = AnalyticsHub<PodcastAnalytics>()
/// let tracker = BackgroundStrategy(wrapping: makeTracker(tagger: ConsoleTagger(label: "tracker")))
/// hub.attach(tracker)
/// hub.send(screen: .favorites)
/// hub.send(userAction: .playPodcast(Podcast(title: "Swift Talk", duration: 1_800)))  // returns at once
/// await hub.flush()  // every tag sent so far reached the tracker's tagger
/// ```
///
/// The queue holds at most `capacity` tags. When it is full, its ``OverflowPolicy``
/// decides which tag is dropped; every dropped tag is reported to the sending hub's
/// ``AnalyticsHub/diagnostics`` (``DiagnosticReport/Reason/droppedByBound``, from this wrapper's
/// ``name``).
///
/// The wrapped strategy runs inside the delivery scope of the hub that sent each tag, as if the
/// hub delivered it: a tag it sends from there is delivered once its `send` returns, and a
/// `detach` it calls does not wait.
///
/// Detaching the wrapper from the hub stops new tags; tags already queued are still delivered,
/// as tags sent before the detach. To stop them too, as a consent revocation does, call
/// ``cancelPendingDeliveries()``.
///
/// It is an ``AnalyticsWrappingStrategy``: the hub and consent find what it wraps, so a
/// background strategy inside another one (or inside any wrapper) is flushed, cancelled on a
/// revocation and told of consent like one attached directly.
public final class BackgroundStrategy<Wrapped: AnalyticsStrategy>:
    AnalyticsScreenStrategy, AnalyticsUserActionStrategy, AnalyticsEventStrategy, AnalyticsStateStrategy,
    AnalyticsWrappingStrategy, AnalyticsFlushable
{
    /// The app's tag types: the wrapped strategy's.
    public typealias Schema = Wrapped.Schema

    /// The strategy that receives the tags, on the wrapper's queue.
    public let wrapped: Wrapped
    /// The strategy that receives the tags: ``wrapped``, as the hub and consent walk the chain.
    public var wrappedStrategy: any AnalyticsStrategy<Schema> { wrapped }
    /// The most tags the queue holds.
    public var capacity: Int { engine.capacity }
    /// Which tag a full queue drops.
    public var overflowPolicy: OverflowPolicy { engine.overflowPolicy }
    /// The wrapped strategy's delivered channels: the wrapper takes exactly those.
    public let acceptedChannels: AnalyticsChannelSet
    /// The wrapper's name in diagnostics.
    public var name: String { engine.name }

    /// The queue, its worker and its counters.
    let engine: BackgroundQueue<Schema>
    /// What each `send` queues a tag with: compiled for the app's types.
    let keepers: TagKeepers<Schema>

    /// A wrapper that delivers to `strategy` on its own serial queue.
    ///
    /// - Parameters:
    ///   - strategy: The strategy to run off the caller's thread.
    ///   - capacity: The most tags waiting at once (at least 1); 10,000 by default.
    ///   - overflowPolicy: Which tag a full queue drops; the oldest by default.
    ///   - name: The wrapper's name in diagnostics, where its drops are reported, and its queue's
    ///     label; by default the name of the outermost named strategy it wraps (a
    ///     ``MappingStrategy``, another ``BackgroundStrategy``), else the wrapped strategy's
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
            keepers: makeTagKeepers(),
            deliver: { $0.deliver($1) }
        )
    }

    /// ``init(wrapping:capacity:overflowPolicy:name:)``, with the keepers and `deliver` (a queued
    /// tag to the wrapped strategy) compiled by the caller, for the app's types.
    @usableFromInline
    init(
        wrapping strategy: Wrapped,
        capacity: Int,
        overflowPolicy: OverflowPolicy,
        name: String?,
        keepers: TagKeepers<Schema>,
        deliver: @escaping @Sendable (ChannelReceivers<Schema>, Schema.AnyTagEnvelope) -> Void
    ) {
        precondition(
            capacity >= 1,
            "BackgroundStrategy: capacity must be at least 1, got \(capacity). Leave it out for the default of 10,000."
        )
        self.wrapped = strategy
        self.acceptedChannels = strategy.deliveredChannels
        self.keepers = keepers
        self.engine = BackgroundQueue(
            receivers: ChannelReceivers(strategy),
            deliver: deliver,
            capacity: capacity,
            overflowPolicy: overflowPolicy,
            name: name ?? diagnosticName(of: strategy)
        )
    }

    /// How many tags wait to be delivered, not counting one being delivered.
    public var pendingTagCount: Int {
        engine.lock.withLock { engine.pending.count }
    }

    // MARK: - Channel strategies

    /// Queues the screen tag for the wrapped strategy.
    public func send(screen: TagEnvelope<Schema.Screen, Schema>) {
        engine.enqueue(on: .screen, scope: screen.context.scope) { keepers.screen(engine.pending, screen) }
    }

    /// Queues the user action for the wrapped strategy.
    public func send(userAction: TagEnvelope<Schema.UserAction, Schema>) {
        engine.enqueue(on: .userAction, scope: userAction.context.scope) {
            keepers.userAction(engine.pending, userAction)
        }
    }

    /// Queues the event for the wrapped strategy.
    public func send(event: TagEnvelope<Schema.Event, Schema>) {
        engine.enqueue(on: .event, scope: event.context.scope) { keepers.event(engine.pending, event) }
    }

    /// Queues the state tag for the wrapped strategy.
    public func send(state: TagEnvelope<Schema.State, Schema>) {
        engine.enqueue(on: .state, scope: state.context.scope) { keepers.state(engine.pending, state) }
    }

    // MARK: - Flushing and cancelling

    /// Returns once every tag queued before the call has been handed to the wrapped strategy (or
    /// dropped by the bound, or cancelled).
    ///
    /// This queue only: when the wrapped strategy delivers later too (another background queue),
    /// ``AnalyticsHub/flush()``, which flushes every strategy on the chain, is what waits for the
    /// vendor. What an app going to the background, and a test, calls before reading what the
    /// vendor received.
    public func flush() async {
        await engine.flush()
    }

    /// Drops every queued tag and waits for a delivery under way to finish: once it returns, the
    /// wrapped strategy receives nothing more from this queue until a new tag is sent. Returns how
    /// many tags were dropped; each is reported to the diagnostics of the hub that sent it
    /// (``DiagnosticReport/Reason/cancelled``).
    ///
    /// This queue only, as ``flush()``; a consent revocation cancels every queue on the chain.
    ///
    /// Called from inside a delivery (a strategy's `send`, on any thread, this wrapper's queue
    /// included), it does not wait for the delivery under way, which may be the caller's own or
    /// may be waiting for it: then the tag being delivered may still reach the wrapped strategy,
    /// and no queued tag does.
    @discardableResult
    public func cancelPendingDeliveries() -> Int {
        engine.cancelPending(reason: .cancelled, detail: "cancelPendingDeliveries()")
    }
}

extension BackgroundStrategy: AnalyticsConvertingStrategy where Wrapped: AnalyticsConvertingStrategy {
    /// The wrapped strategy's vendor tag type.
    public typealias VendorTag = Wrapped.VendorTag

    /// What the wrapped strategy makes of `tag` in `context`.
    public func vendorTag(for tag: AnalyticsTag<Schema>, in context: AnalyticsContext<Schema>) -> VendorTag? {
        wrapped.vendorTag(for: tag, in: context)
    }
}

extension BackgroundStrategy: NamedStrategy {}

extension BackgroundStrategy: QueuedDelivery {
    func cancelQueued(reason: DiagnosticReport.Reason, detail: String) -> Int {
        engine.cancelPending(reason: reason, detail: detail)
    }

    func waitUntilDelivered() {
        engine.waitUntilDelivered()
    }

    func enqueueNotice(_ tell: @escaping @Sendable () -> Void) {
        engine.enqueueNotice(tell)
    }
}
