#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Bionic)
@preconcurrency import Bionic
#endif

/// What ``AnalyticsConsent`` attaches to the hub in place of a registered strategy: it keeps tags
/// while consent is undecided, replays them on grant, and passes tags through once granted.
///
/// `@unchecked Sendable` is safe: the mutable state is read and written only under `lock`, except
/// `status`, which only ``AnalyticsConsent`` touches, under its own lock.
final class ConsentGate<Schema: AnalyticsSchema>:
    AnalyticsScreenStrategy, AnalyticsUserActionStrategy, AnalyticsEventStrategy, AnalyticsStateStrategy,
    AnalyticsFlushable, @unchecked Sendable
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
    let name: String
    let purposes: Set<ConsentPurpose>
    let acceptedChannels: AnalyticsChannels
    /// What the purposes allow now; read and written by ``AnalyticsConsent`` only, under its lock.
    var status: ConsentState = .denied

    private let screenStrategy: (any AnalyticsScreenStrategy<Schema>)?
    private let userActionStrategy: (any AnalyticsUserActionStrategy<Schema>)?
    private let eventStrategy: (any AnalyticsEventStrategy<Schema>)?
    private let stateStrategy: (any AnalyticsStateStrategy<Schema>)?
    private let overflowPolicy: OverflowPolicy

    private let lock = ConditionLock()
    private var mode = Mode.closed
    private var buffer: RingBuffer<Schema.AnyTagEnvelope>
    private var isReplaying = false
    /// Sends passing through to the strategy right now.
    private var forwarding = 0

    init(
        strategy: any AnalyticsStrategy<Schema>,
        name: String,
        purposes: Set<ConsentPurpose>,
        capacity: Int,
        overflowPolicy: OverflowPolicy
    ) {
        self.strategy = strategy
        self.name = name
        self.purposes = purposes
        self.acceptedChannels = strategy.deliveredChannels
        self.screenStrategy = strategy as? any AnalyticsScreenStrategy<Schema>
        self.userActionStrategy = strategy as? any AnalyticsUserActionStrategy<Schema>
        self.eventStrategy = strategy as? any AnalyticsEventStrategy<Schema>
        self.stateStrategy = strategy as? any AnalyticsStateStrategy<Schema>
        self.overflowPolicy = overflowPolicy
        self.buffer = RingBuffer(capacity: capacity)
    }

    var bufferedTagCount: Int {
        lock.withLock { buffer.count }
    }

    // MARK: - Tags from the hub

    func send(screen: TagEnvelope<Schema.Screen, Schema.Screen>) {
        guard admit({ screen.map(AnalyticsTag.screen) }, diagnostics: screen.diagnostics) else { return }
        screenStrategy?.send(screen: screen)
        endForwarding()
    }

    func send(userAction: TagEnvelope<Schema.UserAction, Schema.Screen>) {
        guard admit({ userAction.map(AnalyticsTag.userAction) }, diagnostics: userAction.diagnostics) else { return }
        userActionStrategy?.send(userAction: userAction)
        endForwarding()
    }

    func send(event: TagEnvelope<Schema.Event, Schema.Screen>) {
        guard admit({ event.map(AnalyticsTag.event) }, diagnostics: event.diagnostics) else { return }
        eventStrategy?.send(event: event)
        endForwarding()
    }

    func send(state: TagEnvelope<Schema.State, Schema.Screen>) {
        guard admit({ state.map(AnalyticsTag.state) }, diagnostics: state.diagnostics) else { return }
        stateStrategy?.send(state: state)
        endForwarding()
    }

    /// Whether the tag passes through now (then the caller delivers it and calls
    /// `endForwarding()`); otherwise it was buffered, or dropped.
    private func admit(_ envelope: () -> Schema.AnyTagEnvelope, diagnostics: AnalyticsDiagnostics?) -> Bool {
        var dropped: AnalyticsChannel?
        lock.lock()
        switch mode {
        case .forwarding where !isReplaying:
            forwarding += 1
            lock.unlock()
            return true
        case .forwarding, .buffering:
            let kept = envelope()
            if buffer.isFull {
                if overflowPolicy.dropsOldest {
                    dropped = buffer.popFirst()?.tag.channel
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
        if let dropped {
            diagnostics?.report(
                AnalyticsDiagnostic(
                    reason: .droppedByBound,
                    source: name,
                    channel: dropped,
                    detail: "consent buffer of \(buffer.capacity), \(overflowPolicy)"
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

    /// Starts passing tags through, after replaying the buffer in order on this thread; tags sent
    /// meanwhile join the buffer's end.
    func open() {
        lock.withLock {
            mode = .forwarding
            isReplaying = true
        }
        while true {
            lock.lock()
            guard mode == .forwarding, let envelope = buffer.popFirst() else {
                isReplaying = false
                lock.unlock()
                return
            }
            lock.unlock()
            deliver(envelope)
        }
    }

    /// Keeps tags from now on; waits for those passing through (unless this thread is delivering
    /// one, which it would then wait for).
    func startBuffering() {
        lock.lock()
        mode = .buffering
        waitForForwarding()
        lock.unlock()
    }

    /// Drops every tag from now on and discards the buffer; returns what it discarded, by channel.
    func close() -> [AnalyticsChannel: Int] {
        lock.lock()
        mode = .closed
        var discarded: [AnalyticsChannel: Int] = [:]
        while let envelope = buffer.popFirst() {
            discarded[envelope.tag.channel, default: 0] += 1
        }
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

    private func deliver(_ envelope: Schema.AnyTagEnvelope) {
        let context = envelope.context
        let diagnostics = envelope.diagnostics
        switch envelope.tag {
        case .screen(let tag):
            screenStrategy?.send(screen: TagEnvelope(tag: tag, context: context, diagnostics: diagnostics))
        case .userAction(let tag):
            userActionStrategy?.send(userAction: TagEnvelope(tag: tag, context: context, diagnostics: diagnostics))
        case .event(let tag):
            eventStrategy?.send(event: TagEnvelope(tag: tag, context: context, diagnostics: diagnostics))
        case .state(let tag):
            stateStrategy?.send(state: TagEnvelope(tag: tag, context: context, diagnostics: diagnostics))
        }
    }

    /// Flushes the strategy when it delivers later (a ``BackgroundStrategy``); buffered tags are
    /// not waited for: they wait for a decision.
    func flush() async {
        await (strategy as? any AnalyticsFlushable)?.flush()
    }
}
