/// What ``AnalyticsConsent`` attaches to the hub in place of a registered strategy: it keeps tags
/// while consent is undecided, replays them on grant, and passes tags through once granted.
///
/// A wrapper like any other: the hub flushes what it wraps by walking the chain, and shows the
/// wrapped strategy in ``AnalyticsHub/attachedStrategies``.
///
/// `@unchecked Sendable` is safe: the mutable state is read and written only under `lock`, and
/// `status` is behind a lock of its own.
final class ConsentGate<Schema: AnalyticsSchema>:
    AnalyticsScreenStrategy, AnalyticsUserActionStrategy, AnalyticsEventStrategy, AnalyticsStateStrategy,
    AnalyticsWrappingStrategy, @unchecked Sendable
{
    enum Mode {
        /// Tags are kept, in order, up to the buffer's capacity.
        case buffering
        /// Tags pass through to the strategy (after the buffer, while it is replayed).
        case forwarding
        /// Tags are dropped: the gate is detached from the hub.
        case closed
    }

    let strategy: any AnalyticsStrategy<Schema>
    var wrappedStrategy: any AnalyticsStrategy<Schema> { strategy }
    /// The hub the gate is attached to: the replay runs in its delivery scope.
    private let hub: ObjectIdentifier
    let name: String
    let purposes: Set<ConsentPurpose>
    let acceptedChannels: AnalyticsChannelSet
    /// What the purposes allow now; `nil` until the gate is first set. Written by
    /// ``AnalyticsConsent`` only, one decision at a time; read from anywhere.
    var status: ConsentState? {
        get { storedStatus.withLock { $0 } }
        set { storedStatus.withLock { $0 = newValue } }
    }
    private let storedStatus = LockedValue<ConsentState?>(nil)
    /// The most tags kept.
    let capacity: Int

    private let receivers: ChannelReceivers<Schema>
    private let overflowPolicy: OverflowPolicy

    private let lock = ConditionLock()
    private var mode = Mode.closed
    private let buffer: RingBuffer<Schema.AnyTagEnvelope>
    /// The thread replaying kept tags, while one does.
    private var replayingThread: ThreadIdentity?
    /// Whether the replay has gone on for `capacity` tags: from then on, other threads wait for it
    /// to end rather than feed it, so that it ends.
    private var isReplayOverdue = false
    /// Sends passing through to the strategy right now.
    private var forwarding = 0

    init(
        strategy: any AnalyticsStrategy<Schema>,
        hub: ObjectIdentifier,
        name: String,
        purposes: Set<ConsentPurpose>,
        capacity: Int,
        overflowPolicy: OverflowPolicy
    ) {
        self.strategy = strategy
        self.hub = hub
        self.name = name
        self.purposes = purposes
        self.acceptedChannels = strategy.deliveredChannels
        self.receivers = ChannelReceivers(strategy)
        self.overflowPolicy = overflowPolicy
        self.capacity = capacity
        self.buffer = RingBuffer(capacity: capacity)
    }

    var bufferedTagCount: Int {
        lock.withLock { buffer.count }
    }

    // MARK: - Tags from the hub

    func send(screen: TagEnvelope<Schema.Screen, Schema>) {
        guard admit({ screen.map(AnalyticsTag.screen) }, diagnostics: screen.diagnostics) else { return }
        receivers.screen?.send(screen: screen)
        endForwarding()
    }

    func send(userAction: TagEnvelope<Schema.UserAction, Schema>) {
        guard admit({ userAction.map(AnalyticsTag.userAction) }, diagnostics: userAction.diagnostics) else { return }
        receivers.userAction?.send(userAction: userAction)
        endForwarding()
    }

    func send(event: TagEnvelope<Schema.Event, Schema>) {
        guard admit({ event.map(AnalyticsTag.event) }, diagnostics: event.diagnostics) else { return }
        receivers.event?.send(event: event)
        endForwarding()
    }

    func send(state: TagEnvelope<Schema.State, Schema>) {
        guard admit({ state.map(AnalyticsTag.state) }, diagnostics: state.diagnostics) else { return }
        receivers.state?.send(state: state)
        endForwarding()
    }

    /// Whether the tag passes through now (then the caller delivers it and calls
    /// `endForwarding()`); otherwise it was kept, or dropped.
    ///
    /// While kept tags are replayed, a tag joins the end of the buffer, to come after them. A tag
    /// from another thread waits for the replay to end instead when the buffer is full (consent is
    /// granted: nothing is dropped) or once the replay has delivered `capacity` tags (so that
    /// senders faster than the vendor cannot keep it going).
    private func admit(_ envelope: () -> Schema.AnyTagEnvelope, diagnostics: AnalyticsDiagnostics?) -> Bool {
        var dropped: AnalyticsChannel?
        // Released after the lock: a payload's `deinit` is app code, which may send.
        var evicted: Schema.AnyTagEnvelope?
        lock.lock()
        while mode == .forwarding, let replaying = replayingThread, replaying != .current,
            isReplayOverdue || buffer.isFull
        {
            lock.wait()
        }
        switch mode {
        case .forwarding where replayingThread == nil:
            forwarding += 1
            lock.unlock()
            return true
        case .forwarding, .buffering:
            let kept = envelope()
            if buffer.isFull {
                if overflowPolicy.dropsOldest {
                    evicted = buffer.popFirst()
                    dropped = evicted?.tag.channel
                    buffer.append(kept)
                } else {
                    dropped = kept.tag.channel
                }
            } else {
                buffer.append(kept)
            }
        case .closed:
            break
        }
        lock.unlock()
        evicted = nil
        if let dropped {
            diagnostics?.report(
                DiagnosticReport(
                    reason: .droppedByBound,
                    source: name,
                    channel: dropped,
                    detail: "consent buffer of \(capacity), \(overflowPolicy)"
                )
            )
        }
        return false
    }

    private func endForwarding() {
        lock.lock()
        forwarding -= 1
        if forwarding == 0 { lock.broadcast() }
        lock.unlock()
    }

    // MARK: - Consent changes (called by AnalyticsConsent, one at a time)

    /// Starts passing tags through, after replaying the buffer in order on this thread; tags other
    /// threads send meanwhile join the buffer's end.
    ///
    /// The whole replay runs in the hub's delivery scope on this thread, as one delivery: a tag the
    /// strategy sends from a replayed tag waits on this thread's frame and reaches every strategy
    /// once the replay has ended (this one included, then passing through), so the replay never
    /// feeds itself and drops nothing; a `detach` from there does not wait.
    func open() {
        lock.withLock {
            mode = .forwarding
            replayingThread = .current
            isReplayOverdue = false
        }
        DeliveryThread.current.runInScope(of: hub) {
            var replayed = 0
            while let envelope = nextToReplay(after: replayed) {
                receivers.deliver(envelope)
                replayed += 1
            }
        }
    }

    /// The next kept tag, or `nil` when the replay is over (the buffer is empty, or the gate was
    /// closed meanwhile); then wakes the threads waiting for it.
    private func nextToReplay(after replayed: Int) -> Schema.AnyTagEnvelope? {
        lock.lock()
        defer { lock.unlock() }
        guard mode == .forwarding, let envelope = buffer.popFirst() else {
            replayingThread = nil
            isReplayOverdue = false
            lock.broadcast()
            return nil
        }
        if replayed >= capacity { isReplayOverdue = true }
        // A tag taken makes room: a sender waiting for room may go on.
        lock.broadcast()
        return envelope
    }

    /// Keeps tags from now on; waits for those passing through (unless this thread is delivering
    /// one, which it would then wait for).
    func startBuffering() {
        lock.lock()
        mode = .buffering
        lock.broadcast()
        waitForForwarding()
        lock.unlock()
    }

    /// Drops every tag from now on and discards the buffer; returns what it discarded, by channel.
    func close() -> [AnalyticsChannel: Int] {
        var discarded: [AnalyticsChannel: Int] = [:]
        // Released after the lock: a payload's `deinit` is app code, which may send.
        var removed: [Schema.AnyTagEnvelope] = []
        defer { withExtendedLifetime(removed) {} }
        lock.lock()
        mode = .closed
        while let envelope = buffer.popFirst() {
            discarded[envelope.tag.channel, default: 0] += 1
            removed.append(envelope)
        }
        lock.broadcast()
        waitForForwarding()
        lock.unlock()
        return discarded
    }

    /// Waits, with the lock held, until no tag passes through, unless this thread is inside a
    /// delivery (it may be that very tag).
    private func waitForForwarding() {
        guard !DeliveryThread.current.isDelivering else { return }
        while forwarding > 0 { lock.wait() }
    }
}
