/// What ``AnalyticsConsent`` attaches to the hub in place of a registered strategy: it keeps tags
/// while consent is undecided, replays them on grant, and passes tags through once granted.
///
/// A wrapper like any other: the hub flushes what it wraps by walking the chain, and shows the
/// wrapped strategy in ``AnalyticsHub/attachedStrategies``.
///
/// `@unchecked Sendable` is safe: the mutable state is read and written only under `lock`, and
/// `status` is behind a lock of its own. For the same reason the `var`s that a send reads skip the
/// run-time exclusivity checks.
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
    /// The delivery scope of the hub the gate is attached to: the replay runs in it, and the
    /// states it catches up with are sent from it.
    let scope: DeliveryScope
    /// Whether two states are equal, when the app's `State` is `Equatable` (the hub's).
    let sameState: (any StateComparison)?
    let name: String
    let purposes: Set<ConsentPurpose>
    /// Which tags still pass while the purposes are denied, in an advanced setup; `nil` for none:
    /// the gate is then detached.
    let whileDenied: (@Sendable (AnalyticsTag<Schema>) -> Bool)?
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
    /// The detail of each drop's report, made once: a full buffer drops a tag per send, and
    /// building the text each time cost each send an allocation.
    let dropDetail: String

    let receivers: ChannelReceivers<Schema>
    let overflowPolicy: OverflowPolicy

    /// Wraps and copies a tag into `buffer`: compiled for the app's types.
    let keepers: TagKeepers<Schema>

    let lock = ConditionLock()
    @exclusivity(unchecked) var mode = Mode.closed
    let buffer: RingBuffer<Schema.AnyTagEnvelope>
    /// The tags kept before a denial that `whileDenied` allows, newest first: replayed before `buffer`.
    @exclusivity(unchecked) var keptAllowed: [Schema.AnyTagEnvelope] = []
    /// The channel of each kept tag, one for one with `buffer`: read here, where reading it from a
    /// tag of the app's type looked up the metadata of its generic types.
    let keptChannels: RingBuffer<AnalyticsChannel>
    /// The thread replaying kept tags, or holding them for a switch, while one does.
    @exclusivity(unchecked) var replayingThread: ThreadIdentity?
    /// Whether the replay has gone on for `capacity` tags: from then on, other threads wait for it
    /// to end rather than feed it, so that it ends.
    @exclusivity(unchecked) var isReplayOverdue = false
    /// Sends passing through to the strategy right now.
    @exclusivity(unchecked) var forwarding = 0
    /// Whether only the tags `whileDenied` allows pass. Written under the lock while nothing
    /// passes, so a send that passed the lock reads it as it was then.
    @exclusivity(unchecked) var isLimited = false
    /// Per state key, the state the strategy received last through the gate, and its version: a
    /// state of that key with a version no larger is not delivered again, nor (in a catch-up or a
    /// replay) one equal to it. Emptied when the gate closes: after a denial, a grant delivers
    /// every state again.
    var deliveredStates: [Schema.StateKey: (version: UInt64, value: Schema.State)] = [:]
    /// The hub's states when the gate joined its roster: every state since then reaches the gate.
    /// What a grant catches up with when nothing was kept.
    var joinedWith: ContextRecord<Schema>?
    /// Per key, the newest state the buffer refused (`dropNewest`): delivered after the replay.
    /// (A state the buffer evicts as its oldest is in the states of every tag kept after it.)
    @exclusivity(unchecked) var refusedStates: [Schema.StateKey: Schema.AnyTagEnvelope] = [:]

    init(
        strategy: any AnalyticsStrategy<Schema>,
        scope: DeliveryScope,
        sameState: (any StateComparison)?,
        name: String,
        purposes: Set<ConsentPurpose>,
        whileDenied: (@Sendable (AnalyticsTag<Schema>) -> Bool)?,
        capacity: Int,
        overflowPolicy: OverflowPolicy,
        keepers: TagKeepers<Schema>
    ) {
        self.keepers = keepers
        self.strategy = strategy
        self.scope = scope
        self.sameState = sameState
        self.name = name
        self.purposes = purposes
        self.whileDenied = whileDenied
        self.acceptedChannels = strategy.deliveredChannels
        self.receivers = ChannelReceivers(strategy)
        self.overflowPolicy = overflowPolicy
        self.capacity = capacity
        self.dropDetail = "consent buffer of \(capacity), \(overflowPolicy)"
        self.buffer = RingBuffer(capacity: capacity)
        self.keptChannels = RingBuffer(capacity: capacity)
    }

    var bufferedTagCount: Int {
        lock.withLock { buffer.count }
    }

    // MARK: - Tags from the hub

    func send(screen: TagEnvelope<Schema.Screen, Schema>) {
        guard admit(screen, on: .screen, keep: keepers.screen) else { return }
        if passes(.screen(screen.tag)) { receivers.screen?.send(screen: screen) }
        endForwarding()
    }

    func send(userAction: TagEnvelope<Schema.UserAction, Schema>) {
        guard admit(userAction, on: .userAction, keep: keepers.userAction) else { return }
        if passes(.userAction(userAction.tag)) { receivers.userAction?.send(userAction: userAction) }
        endForwarding()
    }

    func send(event: TagEnvelope<Schema.Event, Schema>) {
        guard admit(event, on: .event, keep: keepers.event) else { return }
        if passes(.event(event.tag)) { receivers.event?.send(event: event) }
        endForwarding()
    }

    func send(state: TagEnvelope<Schema.State, Schema>) {
        let admitted =
            if let key = Schema.stateKey(of: state.tag) {
                admit(state, key: key)
            } else {
                admit(state, on: .state, keep: keepers.state)
            }
        guard admitted else { return }
        if passes(.state(state.tag)) { receivers.state?.send(state: state) }
        endForwarding()
    }

    /// Whether a tag passing through reaches the strategy: every tag, but while limited.
    func passes(_ tag: @autoclosure () -> AnalyticsTag<Schema>) -> Bool {
        !isLimited || whileDenied?(tag()) == true
    }

    /// Whether the tag passes through now (then the caller delivers it and calls
    /// `endForwarding()`); otherwise it was kept (by `keep`), or dropped.
    ///
    /// While kept tags are replayed, a tag joins the end of the buffer, to come after them. A tag
    /// from another thread waits for the replay to end instead when the buffer is full (consent is
    /// granted: nothing is dropped) or once the replay has delivered `capacity` tags (so that
    /// senders faster than the vendor cannot keep it going); not from inside a delivery. The tag is
    /// passed on by reference: `keep`, compiled for its type, wraps and copies it.
    func admit<Tag>(
        _ envelope: TagEnvelope<Tag, Schema>,
        on channel: AnalyticsChannel,
        keep: TagKeeper<Schema, Tag>
    ) -> Bool {
        switch takeTurn() {
        case .forwarding:
            forwarding += 1
            lock.unlock()
            return true
        case .buffering:
            keepOrDrop(envelope, on: channel, keep: keep)
            return false
        case .closed:
            lock.unlock()
            return false
        }
    }

    /// ``admit(_:on:keep:)`` for a state with a key, `key`: one the strategy received already, or a
    /// newer one of its key, is dropped silently; one a full buffer refuses is delivered after the
    /// replay.
    func admit(_ envelope: TagEnvelope<Schema.State, Schema>, key: Schema.StateKey) -> Bool {
        // Released after the lock (see `markDelivered(_:key:version:replacing:)`).
        var replacedState: Schema.State?
        defer { withExtendedLifetime(replacedState) {} }
        switch takeTurn() {
        case .forwarding:
            let version = envelope.context.record.version
            guard markDelivered(envelope.tag, key: key, version: version, replacing: &replacedState) else {
                lock.unlock()
                return false
            }
            forwarding += 1
            lock.unlock()
            return true
        case .buffering:
            keepOrDrop(envelope, on: .state, keep: keepers.state) { [self] in
                // The state it replaces is released after the lock: its payload's `deinit` is app code.
                let replaced = refusedStates.updateValue(envelope.map { .state($0) }, forKey: key)
                lock.unlock()
                withExtendedLifetime(replaced) {}
            }
            return false
        case .closed:
            lock.unlock()
            return false
        }
    }

    /// Takes the lock, waits while a replay or a switch (`replayingThread`) holds tags back, and
    /// says what becomes of a tag now (`buffering` also while a replay runs). The caller lets go of
    /// the lock. A tag sent from inside a delivery never waits (asked last, by a thread that would):
    /// the switch may be waiting for that delivery (a denial, for a queue's, whose strategy sends).
    private func takeTurn() -> Mode {
        lock.lock()
        while mode != .closed, let replaying = replayingThread, replaying != .current,
            isReplayOverdue || buffer.isFull, !DeliveryThread.current.isDeliveringANestedSend
        {
            lock.wait()
        }
        return mode == .forwarding && replayingThread != nil ? .buffering : mode
    }

    /// With the lock held: keeps `envelope`, the oldest tag dropped first when the buffer is full,
    /// or by the overflow policy this one (`refuse`, when given, takes it and lets go of the lock).
    /// Lets go of the lock, and reports a drop.
    private func keepOrDrop<Tag>(
        _ envelope: TagEnvelope<Tag, Schema>,
        on channel: AnalyticsChannel,
        keep: TagKeeper<Schema, Tag>,
        refuse: (() -> Void)? = nil
    ) {
        guard buffer.isFull else {
            keep(buffer, envelope)
            keptChannels.append(channel)
            lock.unlock()
            return
        }
        let dropped: AnalyticsChannel
        if overflowPolicy.dropsOldest {
            dropped = keptChannels.removeFirst()
            // The oldest tag is released after the lock: its payload's `deinit` is app code.
            buffer.removeFirst {
                keep(buffer, envelope)
                keptChannels.append(channel)
                lock.unlock()
            }
        } else {
            dropped = channel
            if let refuse { refuse() } else { lock.unlock() }
        }
        envelope.context.scope?.diagnostics.report(
            DiagnosticReport(reason: .droppedByBound, source: name, channel: dropped, detail: dropDetail)
        )
    }

    func endForwarding() {
        lock.lock()
        forwarding -= 1
        if forwarding == 0 { lock.broadcast() }
        lock.unlock()
    }
}
