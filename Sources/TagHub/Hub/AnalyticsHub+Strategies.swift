extension AnalyticsHub {
    /// Attaches `strategy`: from now on it receives the tags of the channels it adopts and accepts.
    ///
    /// Which channels is decided here, once: the hub checks which of ``AnalyticsScreenStrategy``,
    /// ``AnalyticsUserActionStrategy``, ``AnalyticsEventStrategy`` and ``AnalyticsStateStrategy``
    /// the strategy adopts, and reads its ``AnalyticsStrategy/acceptedChannels``
    /// (see ``AnalyticsStrategy/deliveredChannels``).
    ///
    /// A strategy that takes states receives the hub's states first (see
    /// ``AnalyticsSchema/stateKey(of:)``): the latest of each key, each once, in the order they
    /// were set, with the context each was sent in (its states being those it is caught up to).
    /// They reach it before any tag, as `attach` delivers them, on the calling thread, before the
    /// strategy joins; a state changed meanwhile is delivered too. A strategy registered with an
    /// ``AnalyticsConsent`` is caught up when its consent is granted instead.
    ///
    /// - Returns: `true` if it was attached; `false` if this very instance was attached already,
    ///   or it or a strategy on its chain (see ``AnalyticsWrappingStrategy``) is registered with an
    ///   ``AnalyticsConsent`` (consent attaches it, when its purposes allow), in which case nothing
    ///   changes: it is never attached twice, receives each tag once, and consent's decisions are
    ///   not bypassed by wrapping it.
    @discardableResult
    public func attach(_ strategy: some AnalyticsStrategy<Schema>) -> Bool {
        let admission = Admission(strategy)
        let identifier = ObjectIdentifier(strategy)
        let stages = wrapperChain(of: strategy).map(ObjectIdentifier.init)
        if let receiver = admission.state, !(strategy is ConsentGate<Schema>) {
            return attach(admission, catchingUp: receiver, identifier: identifier, stages: stages)
        }
        state.lock.lock()
        defer { state.lock.unlock() }
        guard !state.roster.contains(identifier), !isClaimedByConsent(stages), state.joining[identifier] == nil
        else {
            return false
        }
        replaceRoster(with: state.roster.adding(admission, generation: state.nextGeneration()))
        return true
    }

    /// Detaches `strategy`: once this returns, it receives nothing more.
    ///
    /// A send on another thread may have picked the strategy just before: `detach` waits for the
    /// sends, on the channels the strategy takes, that were delivering when it was called, including
    /// their deliveries to other strategies (a slow vendor makes it slow). So never call it on a
    /// thread that a strategy may be waiting for: from the main thread, for example, when some
    /// strategy's `send` runs `DispatchQueue.main.sync`, or while holding a lock that a strategy takes.
    ///
    /// From inside a delivery (in some strategy's `send`, of this hub or another), waiting could
    /// deadlock, so `detach` does not wait there. What holds then: the strategy receives nothing more
    /// from this thread, not even the rest of the tag being delivered, nor from sends that start
    /// after `detach` returns; a delivery already under way on another thread may still reach it.
    ///
    /// - Returns: `true` if it was attached; `false` if it was not, in which case nothing changes
    ///   (but `detach` still waits for deliveries to it under way, as when another thread has
    ///   just detached it).
    @discardableResult
    public func detach(_ strategy: some AnalyticsStrategy<Schema>) -> Bool {
        let identifier = ObjectIdentifier(strategy)
        let thread = DeliveryThread.current
        state.lock.lock()
        defer { state.lock.unlock() }
        if state.joining[identifier] != nil {
            // Being caught up by an `attach`: it stops, and the strategy never joins.
            state.joining[identifier] = true
            if !thread.isDelivering {
                while state.joining[identifier] != nil { state.lock.wait() }
            }
            return true
        }
        let wasAttached = state.roster.contains(identifier)
        if wasAttached {
            replaceRoster(with: state.roster.removing(identifier, generation: state.nextGeneration()))
        }
        // The current roster is the first without the strategy, or one that never had it: older
        // rosters may still deliver to it; newer ones only if it is attached again, which this call
        // neither waits for nor prevents.
        let firstWithout = state.roster.generation
        if thread.isDelivering {
            // Even when another thread detached it first: this thread must skip it from now on.
            thread.recordDetachment(of: strategy, from: self, generation: firstWithout)
        } else {
            state.waitingDetaches += 1
            while state.retired.contains(where: {
                $0.generation < firstWithout && $0.mayStillDeliver(to: identifier)
            }) {
                state.lock.wait()
            }
            state.waitingDetaches -= 1
        }
        return wasAttached
    }

    /// Whether this very instance is attached: directly, or through an ``AnalyticsConsent`` it is
    /// registered with, while its consent is granted or undecided (undecided: its tags are kept
    /// for it; ``AnalyticsConsent/status(of:)`` tells which), or denied in an advanced setup (see
    /// ``AnalyticsConsent/register(_:name:for:whileDenied:)``).
    public func isAttached(_ strategy: some AnalyticsStrategy<Schema>) -> Bool {
        state.lock.withLock { state.roster.members }.contains {
            $0 === strategy || consentGate($0)?.strategy === strategy
        }
    }

    /// The strategies attached now, in the order they were attached: those attached directly, and
    /// those registered with an ``AnalyticsConsent`` while their consent is granted or undecided,
    /// or denied in an advanced setup (each where its consent attached it), as the app made them.
    public var attachedStrategies: [any AnalyticsStrategy<Schema>] {
        state.lock.withLock { state.roster.members }.map { consentGate($0)?.strategy ?? $0 }
    }

    /// Returns once every tag sent before the call has been delivered by every attached strategy
    /// that delivers later: each ``AnalyticsFlushable`` (such as a ``BackgroundStrategy``) on the
    /// chain of each attached strategy (see ``AnalyticsWrappingStrategy``), outermost first, so
    /// that a queue inside a queue is flushed too.
    ///
    /// Strategies that deliver synchronously are done when `send` returns: there is nothing to
    /// wait for. Tags that ``AnalyticsConsent`` keeps until the user decides are not waited for:
    /// they wait for a decision. An app calls it when it goes to the background; a test, before
    /// reading what a vendor received.
    public func flush() async {
        for member in state.lock.withLock({ state.roster.members }) {
            for stage in wrapperChain(of: member) {
                await (stage as? any AnalyticsFlushable)?.flush()
            }
        }
    }

    /// Claims `strategy` and every strategy on its chain for a consent of this hub: from then on
    /// ``attach(_:)`` leaves each to that consent, alone or wrapped. `false`, claiming nothing,
    /// when one of them is claimed already, or is attached: on its own (but `strategy` itself,
    /// which consent takes over) or on the chain of an attached strategy.
    func claimForConsent(_ strategy: any AnalyticsStrategy<Schema>) -> Bool {
        let owner = ObjectIdentifier(strategy)
        let stages = wrapperChain(of: strategy).map(ObjectIdentifier.init)
        let claimed = state.lock.withLock {
            guard !isClaimedByConsent(stages) else { return false }
            for stage in stages { state.registeredWithConsent.append((stage, owner)) }
            return true
        }
        guard claimed else { return false }
        // Read once claimed, so that a strategy attached meanwhile is seen here or refused by
        // `attach`; the chains are walked outside the lock (a wrapper's is app code).
        let attached = state.lock.withLock { state.roster.members }.contains { member in
            member !== strategy && wrapperChain(of: member).contains { stages.contains(ObjectIdentifier($0)) }
        }
        if attached { releaseFromConsent(strategy) }
        return !attached
    }

    /// Gives `strategy` and every strategy on its chain back to the app: ``attach(_:)`` takes
    /// them again.
    func releaseFromConsent(_ strategy: AnyObject) {
        let owner = ObjectIdentifier(strategy)
        state.lock.withLock { state.registeredWithConsent.removeAll { $0.owner == owner } }
    }

    /// With the lock held: whether a consent has claimed one of `stages`.
    func isClaimedByConsent(_ stages: [ObjectIdentifier]) -> Bool {
        stages.contains { stage in state.registeredWithConsent.contains { $0.stage == stage } }
    }

    /// The consent gate `member` is, if it is one.
    private func consentGate(_ member: any AnalyticsStrategy<Schema>) -> ConsentGate<Schema>? {
        member as? ConsentGate<Schema>
    }
}
