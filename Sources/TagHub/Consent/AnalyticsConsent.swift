/// Attaches each vendor's strategy to a hub exactly when the user granted every purpose it serves.
///
/// Register each strategy with its purposes. Per purpose, the user's decision is undecided,
/// granted or denied, and a strategy is
/// - **granted** when all its purposes are granted: tags reach it;
/// - **undecided** when none is denied and one is undecided: its tags are kept, with the context
///   each had when sent, in a bounded buffer, and replayed to it in order, before any newer tag,
///   once its purposes are granted;
/// - **denied** when one of its purposes is denied: what was kept for it is discarded (and counted
///   in the hub's ``AnalyticsHub/diagnostics``), and it receives no tag; in an advanced setup
///   (`whileDenied`), none but the tags the app allows then, kept ones too.
///
/// In every state, in both setups, its observers learn every purpose's decision.
///
/// ```swift
/// let hub = AnalyticsHub<PodcastAnalytics>()
/// let tracker = makeTracker(tagger: ConsoleTagger(label: "tracker"))
/// let adNetwork = makeTracker(tagger: ConsoleTagger(label: "ads"))
/// let consent = AnalyticsConsent(hub: hub)  // in memory; a FileConsentStore keeps decisions across launches
/// consent.register(tracker, for: [.analytics])
/// consent.register(adNetwork, name: "ads", for: [.advertising, .personalization])
/// hub.send(screen: .podcasts)  // kept for both: the user has not answered yet
///
/// // The consent screen:
/// consent.grant(.analytics)  // the tracker receives what was kept, then everything new
/// consent.deny(.advertising)  // the ad network receives nothing, its buffer is discarded
/// #expect(consent.status(of: tracker) == .granted)
/// #expect(consent.status(of: adNetwork) == .denied)
/// #expect(hub.diagnostics.summary == ["ads: 1 screen tag discarded (consent denied)"])
/// ```
///
/// Revocation is immediate: once `deny` (or any call that takes a purpose away) returns, no tag
/// its status forbids reaches the strategy, not even what other threads were delivering, its
/// buffer kept or any ``BackgroundStrategy`` on its chain queued: the call waits for deliveries
/// under way, as ``AnalyticsHub/detach(_:)`` does. So decide from app code, never from inside a
/// delivery (see ``set(_:for:)``) nor on a thread a vendor waits for. A grant replays the kept
/// tags on the calling thread. The hub shows the strategy itself unless it is denied in a basic
/// setup; withdraw it with ``deny(_:)`` or ``unregister(_:)``, not ``AnalyticsHub/detach(_:)``, and
/// keep the consent object as long as the hub: when it goes, each strategy is withdrawn as by a denial.
///
/// Decisions are applied one at a time and saved in the ``ConsentStore`` given (a failed save is
/// reported as ``DiagnosticReport/Reason/consentNotSaved``). Each ``AnalyticsConsentObserver`` on
/// the strategy's chain is told when tags start and stop reaching it, and every purpose's decision;
/// a decision it makes when told is applied once every observer on that chain was told, and the
/// strategies not told yet learn only the later decisions. `Docs/Consent.md` has the details.
public final class AnalyticsConsent<Schema: AnalyticsSchema>: Sendable {
    /// The hub the strategies are attached to.
    public let hub: AnalyticsHub<Schema>
    /// Where decisions are saved.
    public let store: any ConsentStore
    /// The most tags kept per strategy while its consent is undecided.
    public let bufferCapacity: Int
    /// Which tag a full buffer drops.
    public let overflowPolicy: OverflowPolicy

    private let operations = RecursiveLock()
    private let registry: LockedValue<Registry>

    private struct Registry {
        var decisions: [ConsentPurpose: ConsentState]
        var gates: [ConsentGate<Schema>] = []
        /// While observers are told (on the thread holding `operations`): the decisions they make.
        var deferred: [(ConsentState, Set<ConsentPurpose>)]?
    }

    /// Consent for the strategies of `hub`, starting from the decisions in `store`.
    ///
    /// - Parameters:
    ///   - hub: The hub the registered strategies are attached to.
    ///   - store: Where decisions are loaded from now and saved to on every change; in memory by
    ///     default.
    ///   - bufferCapacity: The most tags kept per strategy while its consent is undecided (at
    ///     least 1); 1,000 by default.
    ///   - overflowPolicy: Which tag a full buffer drops; the oldest by default.
    public init(
        hub: AnalyticsHub<Schema>,
        store: any ConsentStore = InMemoryConsentStore(),
        bufferCapacity: Int = 1_000,
        overflowPolicy: OverflowPolicy = .dropOldest
    ) {
        precondition(
            bufferCapacity >= 1,
            "AnalyticsConsent: bufferCapacity must be at least 1, got \(bufferCapacity). Leave it out for the default of 1,000."
        )
        self.hub = hub
        self.store = store
        self.bufferCapacity = bufferCapacity
        self.overflowPolicy = overflowPolicy
        self.registry = LockedValue(Registry(decisions: ConsentDecisions(store.loadDecisions()).decided))
    }

    /// Withdraws every registered strategy as a denial does, but tells no decisions, and waits as
    /// a denial does: consent that nobody can change any more lets nothing through. Hands the
    /// strategies back to the hub, which may attach them again.
    deinit {
        operations.withLock {
            for gate in registry.withLock({ $0.gates }) {
                apply(.denied, to: gate, from: gate.status, decisions: nil, reason: "consent went away")
                hub.releaseFromConsent(gate.strategy)
            }
        }
    }

    // MARK: - Strategies

    /// Registers `strategy` for `purposes`, and attaches it (or starts keeping its tags) as the
    /// current decisions allow.
    ///
    /// - Parameters:
    ///   - strategy: The vendor's strategy. Do not attach it to the hub yourself.
    ///   - name: Its name in diagnostics; by default the name of the outermost ``MappingStrategy``
    ///     or ``BackgroundStrategy`` on its chain (it, or one it wraps), else its type's.
    ///   - purposes: What the vendor uses the tags for; with none, the strategy is always granted.
    ///   - whileDenied: For an advanced setup (Google's Consent Mode): the tags the strategy still
    ///     receives while denied, when it stays attached, those kept until the denial included;
    ///     `nil` (the default) for none: it is detached.
    /// - Returns: `false` if this instance, or a strategy on its chain (see
    ///   ``AnalyticsWrappingStrategy``), was registered already, with this consent or another of
    ///   the same hub, or is attached to the hub, on its own or on an attached strategy's chain
    ///   (`strategy` itself attached on its own is handed over instead); in which case nothing
    ///   changes.
    @inlinable
    @discardableResult
    public func register(
        _ strategy: some AnalyticsStrategy<Schema>,
        name: String? = nil,
        for purposes: Set<ConsentPurpose>,
        whileDenied: (@Sendable (AnalyticsTag<Schema>) -> Bool)? = nil
    ) -> Bool {
        register(strategy, name: name, for: purposes, whileDenied: whileDenied, keepers: makeTagKeepers())
    }

    /// ``register(_:name:for:whileDenied:)``, with the gate's keepers built by the caller.
    @usableFromInline
    func register(
        _ strategy: some AnalyticsStrategy<Schema>,
        name: String?,
        for purposes: Set<ConsentPurpose>,
        whileDenied: (@Sendable (AnalyticsTag<Schema>) -> Bool)?,
        keepers: TagKeepers<Schema>
    ) -> Bool {
        operations.withLock {
            // One consent per strategy: another consent of this hub may hold it already.
            guard gate(of: strategy) == nil, hub.claimForConsent(strategy) else { return false }
            let gate = ConsentGate(
                strategy: strategy,
                scope: hub.scope,
                sameState: hub.sameState,
                name: name ?? diagnosticName(of: strategy),
                purposes: purposes,
                whileDenied: whileDenied,
                capacity: bufferCapacity,
                overflowPolicy: overflowPolicy,
                keepers: keepers
            )
            // Consent decides from now on: a strategy attached directly would bypass it (and one
            // attached later: the claim above stops that).
            hub.detach(strategy)
            registry.withLock { $0.gates.append(gate) }
            apply(status(of: purposes), to: gate, from: nil, decisions: ConsentDecisions(decisions))
            return true
        }
    }

    /// Detaches `strategy` and forgets it, as a denial would, but tells no decisions: a vendor
    /// keeps the last signals it was told, which are still the user's.
    ///
    /// - Returns: `false` if it was not registered.
    @discardableResult
    public func unregister(_ strategy: some AnalyticsStrategy<Schema>) -> Bool {
        operations.withLock {
            guard let gate = gate(of: strategy) else { return false }
            // Forgotten first: a decision its observers make when told passes it by.
            registry.withLock { $0.gates.removeAll { $0 === gate } }
            apply(.denied, to: gate, from: gate.status, decisions: nil, reason: "unregistered")
            hub.releaseFromConsent(strategy)
            return true
        }
    }

    /// What consent allows `strategy` now (`nil` when it is not registered); it does not wait for a
    /// decision being applied, so a strategy may ask from its own `send`.
    public func status(of strategy: some AnalyticsStrategy<Schema>) -> ConsentState? {
        gate(of: strategy)?.status
    }

    /// How many tags are kept for `strategy` until its consent is decided.
    public func bufferedTagCount(of strategy: some AnalyticsStrategy<Schema>) -> Int {
        gate(of: strategy)?.bufferedTagCount ?? 0
    }

    // MARK: - Decisions

    /// The user's decision for `purpose`.
    public func decision(for purpose: ConsentPurpose) -> ConsentState {
        registry.withLock { $0.decisions[purpose] ?? .undecided }
    }

    /// Every purpose decided so far; the others are undecided.
    public var decisions: [ConsentPurpose: ConsentState] {
        registry.withLock { $0.decisions }
    }

    /// Grants `purposes`: the strategies whose purposes are now all granted receive their kept
    /// tags, in order, then every new tag. Never from inside a delivery (see ``set(_:for:)``).
    public func grant(_ purposes: ConsentPurpose...) {
        set(.granted, for: Set(purposes))
    }

    /// Denies (or withdraws) `purposes`: once this returns, no strategy serving one of them receives
    /// a tag but those its `whileDenied` allows (the kept ones included); the rest of what was kept
    /// or queued for them is discarded.
    ///
    /// It may wait for a delivery under way on another thread: never call it from inside a
    /// delivery (see ``set(_:for:)``).
    public func deny(_ purposes: ConsentPurpose...) {
        set(.denied, for: Set(purposes))
    }

    /// Sets `purposes` to `state`, saves the decisions, and attaches, detaches or buffers each
    /// strategy accordingly; then every observer learns the decisions, if they changed. Setting
    /// `undecided` asks again: tags are kept from now on.
    ///
    /// Never call it from inside a delivery: a strategy's or a tagger's `send`, or a notice told on
    /// a ``BackgroundStrategy``'s thread. Another thread applying a decision holds the consent
    /// while it waits for the deliveries under way, and this call would wait for the consent: a
    /// deadlock. Move the decision to another thread (`Task { consent.deny(.advertising) }`). An
    /// observer told on the deciding thread may decide when told.
    public func set(_ state: ConsentState, for purposes: Set<ConsentPurpose>) {
        operations.withLock {
            // Made by an observer being told: applied once its strategy's chain has been told.
            if registry.withLock({ $0.deferred?.append((state, purposes)) != nil }) { return }
            let (before, after) = registry.withLock { registry in
                let before = registry.decisions
                for purpose in purposes { registry.decisions[purpose] = state == .undecided ? nil : state }
                return (before, registry.decisions)
            }
            do { try store.saveDecisions(after) } catch { saveFailed(error) }
            guard after != before else { return }
            for gate in registry.withLock({ $0.gates }) {
                // An observer told may have unregistered it, or decided again (applied to every gate).
                guard isRegistered(gate), decisions == after else { continue }
                apply(status(of: gate.purposes), to: gate, from: gate.status, decisions: ConsentDecisions(decisions))
            }
        }
    }

    // MARK: - Applying a status

    private func status(of purposes: Set<ConsentPurpose>) -> ConsentState {
        let states = registry.withLock { registry in purposes.map { registry.decisions[$0] ?? .undecided } }
        return states.contains(.denied) ? .denied : states.contains(.undecided) ? .undecided : .granted
    }

    /// Runs `body`, which tells observers; decisions they make meanwhile are applied after it, in order.
    private func telling(_ body: () -> Void) {
        guard registry.withLock({ $0.deferred == nil }) else { return body() }
        registry.withLock { $0.deferred = [] }
        body()
        for (state, purposes) in registry.withLock({ $0.deferred.take() ?? [] }) { set(state, for: purposes) }
    }

    private func isRegistered(_ gate: ConsentGate<Schema>) -> Bool {
        registry.withLock { $0.gates.contains { $0 === gate } }
    }

    private func gate(of strategy: some AnalyticsStrategy<Schema>) -> ConsentGate<Schema>? {
        registry.withLock { $0.gates.first { $0.strategy === strategy } }
    }

    /// Reports a save that failed to the hub's diagnostics: the decisions hold in memory, and the
    /// next change saves them all again.
    private func saveFailed(_ error: any Error) {
        hub.diagnostics.report(
            DiagnosticReport(reason: .consentNotSaved, source: "AnalyticsConsent", channel: nil, detail: "\(error)")
        )
    }

    /// Moves `gate` from `previous` (`nil` for a gate just registered) to `status`, and tells its
    /// observers `decisions` (`nil` when the gate is withdrawn for good: then it is detached even
    /// when it could stay); called with `operations` held, so one change at a time. Every observer
    /// and queue on the strategy's chain is told, cancelled or waited for, outermost first.
    private func apply(
        _ status: ConsentState,
        to gate: ConsentGate<Schema>,
        from previous: ConsentState?,
        decisions: ConsentDecisions?,
        reason: String = ""
    ) {
        let chain = wrapperChain(of: gate.strategy)
        let observers = chain.compactMap { $0 as? any AnalyticsConsentObserver }
        let queues = chain.compactMap { $0 as? any QueuedDelivery }
        func tell() { if let decisions { chain[...].tell { $0.consentDecisionsDidChange(decisions) } } }
        // An advanced setup's gate stays attached while denied, but not once withdrawn for good.
        let limits = decisions != nil && gate.whileDenied != nil
        guard status != previous || (status == .denied && previous == .denied && !limits && gate.whileDenied != nil)
        else { return telling(tell) }
        gate.status = status
        switch status {
        case .granted:
            // Nothing passes until the strategy is told (tags are kept, and held). A gate not attached
            // is attached first, so that the replay catches up with every state and misses no tag
            // sent meanwhile, and a decision made when told finds it.
            gate.startBuffering(holding: true)
            if previous == nil || (previous == .denied && !limits) { hub.attach(gate: gate) }
            telling {
                chain[...].tell { $0.consentWasGranted() }
                tell()
            }
            // The strategy may have made another decision when told: that one stands.
            guard gate.status == status, isRegistered(gate) else { return }
            if previous == .denied, limits { gate.joined(with: hub.currentRecord) }
            gate.open()
        case .undecided:
            gate.startBuffering()
            if previous == .granted {
                // Tags queued while granted are delivered before the call returns (outermost first).
                for queue in queues { queue.waitUntilDelivered() }
            } else if previous == nil || !limits {
                hub.attach(gate: gate)
            } else {
                // Limited while denied, it may have refused states: a grant that finds nothing
                // kept catches up with the states as they stand now, not at the denial.
                gate.joined(with: hub.currentRecord)
            }
            telling {
                if previous == .granted { for observer in observers { observer.consentWasWithdrawn() } }
                tell()
            }
        case .denied:
            // Limited: what passes meanwhile is kept, and replayed once it is told.
            if !limits {
                gate.releaseHold()  // a grant's, whose observer denied when told: detach waits for senders
                hub.detach(gate)
            }
            gate.close(keeping: limits, reason: reason)
            if limits, previous == nil { hub.attach(gate: gate) }
            telling {
                // Outermost first: a queue cancelled, its delivery ended, passes nothing on.
                for queue in queues { _ = queue.cancelQueued(reason: .discardedByDenial, detail: reason) }
                if previous == .granted { for observer in observers { observer.consentWasWithdrawn() } }
                tell()
            }
            guard limits, gate.status == status, isRegistered(gate) else { return }
            gate.joined(with: hub.currentRecord)
            gate.open(limited: true)
        }
    }
}
