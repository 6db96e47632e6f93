/// What ``AnalyticsConsent`` attaches to the hub in place of a registered strategy: it keeps tags
/// while consent is undecided, replays them on grant, and passes tags through once granted.
///
/// A wrapper like any other: the hub flushes what it wraps by walking the chain, and shows the
/// wrapped strategy in ``AnalyticsHub/attachedStrategies``.
///
/// `@unchecked Sendable` is safe: the mutable state is read and written only under `lock`, and
/// `status` is behind a lock of its own. For the same reason the `var`s that a send reads skip the
/// run-time exclusivity checks.
///
/// A send that the gate keeps or passes through runs code compiled for the app's types: the
/// gate's per-channel work is built by ``Keepers``'s `@inlinable` initializer, which
/// ``AnalyticsConsent/register(_:name:for:)`` calls in the app's module, as
/// `BackgroundStrategy` builds its enqueuers ([Architecture](Architecture.md)). Unspecialized,
/// looking up the generic types' metadata was half of a kept tag's cost.
@usableFromInline
final class ConsentGate<Schema: AnalyticsSchema>:
    AnalyticsScreenStrategy, AnalyticsUserActionStrategy, AnalyticsEventStrategy, AnalyticsStateStrategy,
    AnalyticsWrappingStrategy, @unchecked Sendable
{
    @usableFromInline
    enum Mode {
        /// Tags are kept, in order, up to the buffer's capacity.
        case buffering
        /// Tags pass through to the strategy (after the buffer, while it is replayed).
        case forwarding
        /// Tags are dropped: the gate is detached from the hub.
        case closed
    }

    let strategy: any AnalyticsStrategy<Schema>
    @usableFromInline var wrappedStrategy: any AnalyticsStrategy<Schema> { strategy }
    /// The delivery scope of the hub the gate is attached to: the replay runs in it, and the
    /// states it catches up with are sent from it.
    let scope: DeliveryScope
    /// Whether two states are equal, when the app's `State` is `Equatable` (the hub's).
    let sameState: (any StateComparison)?
    @usableFromInline let name: String
    let purposes: Set<ConsentPurpose>
    /// Which tags still pass while the purposes are denied, in an advanced setup; `nil` for none:
    /// the gate is then detached.
    @usableFromInline let whileDenied: (@Sendable (AnalyticsTag<Schema>) -> Bool)?
    @usableFromInline let acceptedChannels: AnalyticsChannelSet
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
    @usableFromInline let dropDetail: String

    @usableFromInline let receivers: ChannelReceivers<Schema>
    @usableFromInline let overflowPolicy: OverflowPolicy
    /// What each send runs: built where the gate is registered, so compiled for the app's types.
    @usableFromInline let keepers: Keepers

    @usableFromInline let lock = ConditionLock()
    @usableFromInline @exclusivity(unchecked) var mode = Mode.closed
    @usableFromInline let buffer: RingBuffer<Schema.AnyTagEnvelope>
    /// The thread replaying kept tags, or holding them for a switch, while one does.
    @usableFromInline @exclusivity(unchecked) var replayingThread: ThreadIdentity?
    /// Whether the replay has gone on for `capacity` tags: from then on, other threads wait for it
    /// to end rather than feed it, so that it ends.
    @usableFromInline @exclusivity(unchecked) var isReplayOverdue = false
    /// Sends passing through to the strategy right now.
    @usableFromInline @exclusivity(unchecked) var forwarding = 0
    /// Whether only the tags `whileDenied` allows pass. Written under the lock while nothing
    /// passes, so a send that passed the lock reads it as it was then.
    @usableFromInline @exclusivity(unchecked) var isLimited = false
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
    @usableFromInline @exclusivity(unchecked) var refusedStates: [Schema.StateKey: Schema.AnyTagEnvelope] = [:]

    init(
        strategy: any AnalyticsStrategy<Schema>,
        scope: DeliveryScope,
        sameState: (any StateComparison)?,
        name: String,
        purposes: Set<ConsentPurpose>,
        whileDenied: (@Sendable (AnalyticsTag<Schema>) -> Bool)?,
        capacity: Int,
        overflowPolicy: OverflowPolicy,
        keepers: Keepers
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
    }

    var bufferedTagCount: Int {
        lock.withLock { buffer.count }
    }

    // MARK: - Tags from the hub

    @usableFromInline
    func send(screen: TagEnvelope<Schema.Screen, Schema>) {
        keepers.screen(self, screen)
    }

    @usableFromInline
    func send(userAction: TagEnvelope<Schema.UserAction, Schema>) {
        keepers.userAction(self, userAction)
    }

    @usableFromInline
    func send(event: TagEnvelope<Schema.Event, Schema>) {
        keepers.event(self, event)
    }

    /// What ``send(screen:)``, ``send(userAction:)`` and ``send(event:)`` run, compiled for the
    /// app's types where ``AnalyticsConsent/register(_:name:for:)`` is called. A state is compared
    /// with those delivered, by key: rare, and left to ``send(state:)``'s generic code.
    ///
    /// Three closures written out, not one generic helper given the tag's wrapping and delivery:
    /// such a helper calls those two closures rather than inlining them.
    @usableFromInline
    struct Keepers: Sendable {
        @usableFromInline typealias Keep<Tag> = @Sendable (ConsentGate, TagEnvelope<Tag, Schema>) -> Void

        @usableFromInline let screen: Keep<Schema.Screen>
        @usableFromInline let userAction: Keep<Schema.UserAction>
        @usableFromInline let event: Keep<Schema.Event>

        @inlinable
        init() {
            screen = { gate, screen in
                guard gate.admit({ screen.map { .screen($0) } }, diagnostics: screen.diagnostics) else { return }
                if gate.passes(.screen(screen.tag)) { gate.receivers.screen?.send(screen: screen) }
                gate.endForwarding()
            }
            userAction = { gate, userAction in
                guard gate.admit({ userAction.map { .userAction($0) } }, diagnostics: userAction.diagnostics) else {
                    return
                }
                if gate.passes(.userAction(userAction.tag)) { gate.receivers.userAction?.send(userAction: userAction) }
                gate.endForwarding()
            }
            event = { gate, event in
                guard gate.admit({ event.map { .event($0) } }, diagnostics: event.diagnostics) else { return }
                if gate.passes(.event(event.tag)) { gate.receivers.event?.send(event: event) }
                gate.endForwarding()
            }
        }
    }

    @usableFromInline
    func send(state: TagEnvelope<Schema.State, Schema>) {
        let keyed = Schema.stateKey(of: state.tag).map {
            KeyedState(key: $0, version: state.context.record.version, value: state.tag)
        }
        guard admit({ state.map { .state($0) } }, diagnostics: state.diagnostics, state: keyed) else {
            return
        }
        if passes(.state(state.tag)) { receivers.state?.send(state: state) }
        endForwarding()
    }

    /// Whether a tag passing through reaches the strategy: every tag, but while limited.
    @inlinable
    func passes(_ tag: @autoclosure () -> AnalyticsTag<Schema>) -> Bool {
        !isLimited || whileDenied?(tag()) == true
    }

    /// Whether the tag passes through now (then the caller delivers it and calls
    /// `endForwarding()`); otherwise it was kept, or dropped.
    ///
    /// While kept tags are replayed, a tag joins the end of the buffer, to come after them. A tag
    /// from another thread waits for the replay to end instead when the buffer is full (consent is
    /// granted: nothing is dropped) or once the replay has delivered `capacity` tags (so that
    /// senders faster than the vendor cannot keep it going).
    ///
    /// A state with a key (`state`) that the strategy has received already, or a newer one of its
    /// key (a catch-up delivered it), passes through as nothing: it is dropped silently.
    @inlinable
    func admit(
        _ envelope: () -> Schema.AnyTagEnvelope,
        diagnostics: AnalyticsDiagnostics?,
        state: KeyedState? = nil
    ) -> Bool {
        var dropped: AnalyticsChannel?
        // Released after the lock: a payload's `deinit` is app code, which may send.
        var evicted: Schema.AnyTagEnvelope?
        var replacedState: Schema.State?
        defer { withExtendedLifetime((evicted, replacedState)) {} }
        lock.lock()
        // Held for a switch (`replayingThread` set while buffering), a full buffer waits too.
        while mode != .closed, let replaying = replayingThread, replaying != .current,
            isReplayOverdue || buffer.isFull
        {
            lock.wait()
        }
        switch mode {
        case .forwarding where replayingThread == nil:
            if let state, !markDelivered(state, replacing: &replacedState) {
                lock.unlock()
                return false
            }
            forwarding += 1
            lock.unlock()
            return true
        case .forwarding, .buffering:
            let kept = envelope()
            if buffer.isFull {
                if overflowPolicy.dropsOldest {
                    evicted = buffer.popFirst()
                    dropped = evicted?.tag.channel
                    buffer.append(consume kept)
                } else {
                    dropped = kept.tag.channel
                    if let state { evicted = refusedStates.updateValue(kept, forKey: state.key) }
                }
            } else {
                // Consumed, not copied: a copy went through the run-time witnesses of its screens'
                // optional reference.
                buffer.append(consume kept)
            }
        case .closed:
            break
        }
        lock.unlock()
        if let dropped {
            diagnostics?.report(
                DiagnosticReport(reason: .droppedByBound, source: name, channel: dropped, detail: dropDetail)
            )
        }
        return false
    }

    @inlinable
    func endForwarding() {
        lock.lock()
        forwarding -= 1
        if forwarding == 0 { lock.broadcast() }
        lock.unlock()
    }
}
