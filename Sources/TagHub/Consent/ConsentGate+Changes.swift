// ConsentGate: what a change of consent does to the tags it keeps and to its strategy.

extension ConsentGate {
    // Called by AnalyticsConsent, one change at a time.

    // A state with a key is passed as its value, key and version (the hub's, unique to its send):
    // see "Shapes kept for bytes" in Docs/Architecture.md.

    /// With the lock held: whether the strategy has yet to receive the state `value` of `key` sent
    /// as `version`, or a newer one of its key (then it is marked received, and the state it
    /// replaces handed back in `replaced`, for the caller to release after the lock: its `deinit`
    /// is app code, which may send).
    func markDelivered(
        _ value: Schema.State,
        key: Schema.StateKey,
        version: UInt64,
        replacing replaced: inout Schema.State?
    ) -> Bool {
        guard version > deliveredStates[key]?.version ?? 0 else { return false }
        replaced = deliveredStates.updateValue((version, value), forKey: key)?.value
        return true
    }

    /// On the replaying thread: whether to deliver the state `value` of `key`, sent as `version`,
    /// now. Not when the gate closed, when the strategy received it or a newer one of its key, or
    /// (compared outside the lock: `==` is app code) when it equals the last one of its key the
    /// strategy received.
    private func shouldDeliverInReplay(_ value: Schema.State, key: Schema.StateKey, version: UInt64) -> Bool {
        // Released after the lock (see `markDelivered(_:key:version:replacing:)`).
        var replaced: Schema.State?
        defer { withExtendedLifetime(replaced) {} }
        let last = lock.withLock {
            mode == .forwarding ? deliveredStates[key] : (version: .max, value: value)
        }
        if let last {
            guard version > last.version else { return false }
            if let sameState, sameState.isSame(last.value, value) {
                lock.withLock { _ = markDelivered(value, key: key, version: version, replacing: &replaced) }
                return false
            }
        }
        return lock.withLock {
            mode == .forwarding && markDelivered(value, key: key, version: version, replacing: &replaced)
        }
    }

    /// Notes the hub's states when the gate joined its roster (`AnalyticsHub.attach(gate:)`).
    func joined(with record: ContextRecord<Schema>) {
        // The record replaced is released after the lock: the states it alone holds are app code.
        var replaced: ContextRecord<Schema>? = record
        lock.withLock { swap(&joinedWith, &replaced) }
        withExtendedLifetime(replaced) {}
    }

    /// Starts passing tags through, after catching the strategy up with the states and replaying
    /// the buffer in order on this thread; tags other threads send meanwhile join the buffer's end.
    ///
    /// First the states as they stood when the oldest kept tag was sent (or, when nothing was kept,
    /// when the gate joined the hub: every state since reached the gate), each once, in the order
    /// they were set, but those the strategy received already; then the kept tags, but states it
    /// received that way; then the newest state of each key that the buffer refused. A state equal
    /// to the last one of its key the strategy received is not delivered: it never receives the
    /// same state twice in a row. The hub's live states are never read here: a state another
    /// thread is sending arrives through the buffer, in that thread's order.
    ///
    /// The whole replay runs in the hub's delivery scope on this thread, as one delivery: a tag the
    /// strategy sends from a replayed tag waits on this thread's frame and reaches every strategy
    /// once the replay has ended (this one included, then passing through), so the replay never
    /// feeds itself and drops nothing; a `detach` from there does not wait.
    ///
    /// `limited`: only the tags `whileDenied` allows pass, replayed ones included. Switching
    /// between all tags and those forgets the states delivered: the strategy is caught up again.
    func open(limited: Bool = false) {
        // Released after the lock: the states are app code.
        var delivered: [Schema.StateKey: (version: UInt64, value: Schema.State)] = [:]
        defer { withExtendedLifetime(delivered) {} }
        let (oldest, joinedWith): (Schema.AnyTagEnvelope?, ContextRecord<Schema>?) = lock.withLock {
            if isLimited != limited { swap(&deliveredStates, &delivered) }
            isLimited = limited
            mode = .forwarding
            replayingThread = .current
            isReplayOverdue = false
            return (keptAllowed.last ?? buffer.first, self.joinedWith)
        }
        DeliveryThread.current.runInScope(of: scope.identity) {
            if let record = oldest.map(Self.statesBefore) ?? joinedWith {
                catchUp(with: record)
            }
            var replayed = 0
            while true {
                while let envelope = nextToReplay(after: replayed) {
                    if case .state(let tag) = envelope.tag, let key = Schema.stateKey(of: tag),
                        !shouldDeliverInReplay(tag, key: key, version: envelope.context.record.version)
                    {
                        continue
                    }
                    if passes(envelope.tag) { receivers.deliver(envelope) }
                    replayed += 1
                }
                if !deliverRefusedStates(), endReplay() { return }
            }
        }
    }

    /// The states just before `envelope` was sent: those of its context, but for a state with a
    /// key, whose context includes it, the ones before it.
    private static func statesBefore(_ envelope: Schema.AnyTagEnvelope) -> ContextRecord<Schema> {
        guard case .state(let tag) = envelope.tag, Schema.stateKey(of: tag) != nil else {
            return envelope.context.record
        }
        return envelope.context.record.beforeLastSet()
    }

    /// Delivers the states of `record` that the strategy has not received, in the order they were
    /// set. Stops if the gate closes meanwhile.
    private func catchUp(with record: ContextRecord<Schema>) {
        guard let receiver = receivers.state else { return }
        for entry in record.entries where passes(.state(entry.value)) {
            guard shouldDeliverInReplay(entry.value, key: entry.key, version: entry.version) else { continue }
            receiver.send(state: TagEnvelope(tag: entry.value, context: record.context(of: entry)))
        }
    }

    /// Delivers the states the buffer refused, oldest first; whether there were any to deliver.
    private func deliverRefusedStates() -> Bool {
        // The dictionary is taken out whole and read after the lock.
        var taken: [Schema.StateKey: Schema.AnyTagEnvelope] = [:]
        lock.withLock { swap(&refusedStates, &taken) }
        let refused = taken.values.sorted { $0.context.record.version < $1.context.record.version }
        taken = [:]
        var delivered = false
        for envelope in refused {
            guard case .state(let tag) = envelope.tag, let key = Schema.stateKey(of: tag),
                passes(envelope.tag),
                shouldDeliverInReplay(tag, key: key, version: envelope.context.record.version)
            else { continue }
            receivers.deliver(envelope)
            delivered = true
        }
        return delivered
    }

    /// The next kept tag, or `nil` when there is none now (the buffer is empty, or the gate was
    /// closed meanwhile).
    private func nextToReplay(after replayed: Int) -> Schema.AnyTagEnvelope? {
        lock.lock()
        defer { lock.unlock() }
        guard mode == .forwarding else { return nil }
        if let envelope = keptAllowed.popLast() { return envelope }
        guard let envelope = buffer.popFirst() else { return nil }
        _ = keptChannels.popFirst()
        if replayed >= capacity { isReplayOverdue = true }
        // A tag taken makes room: a sender waiting for room may go on.
        lock.broadcast()
        return envelope
    }

    /// Ends the replay if nothing was kept since the last look (or the gate closed); then wakes
    /// the threads waiting for it. `false` when there is more to replay.
    private func endReplay() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard mode != .forwarding || buffer.isEmpty else { return false }
        replayingThread = nil
        isReplayOverdue = false
        lock.broadcast()
        return true
    }

    /// Keeps tags from now on; waits for those passing through (unless this thread is delivering
    /// one, which it would then wait for). `holding`: until this thread opens the gate again, a
    /// sender that finds the buffer full waits rather than drop a tag (see `takeTurn()`).
    func startBuffering(holding: Bool = false) {
        lock.lock()
        mode = .buffering
        replayingThread = holding ? .current : nil
        lock.broadcast()
        waitForForwarding()
        lock.unlock()
    }

    /// Lets the senders waiting for a hold go on (they check again under the lock).
    func releaseHold() {
        lock.withLock { replayingThread = nil }
        lock.broadcast()
    }

    /// Drops every tag from now on (`keeping`: holds them, as `startBuffering(holding: true)`) and
    /// discards the kept tags, reported for `reason`; but (`keeping`) those `whileDenied` allows,
    /// replayed when the gate opens.
    func close(keeping: Bool = false, reason: String = "") {
        var discarded: [AnalyticsChannel: Int] = [:]
        // Released after the lock: a payload's `deinit` is app code, which may send.
        var removed: [Schema.AnyTagEnvelope] = []
        var delivered: [Schema.StateKey: (version: UInt64, value: Schema.State)] = [:]
        var refused: [Schema.StateKey: Schema.AnyTagEnvelope] = [:]
        defer { withExtendedLifetime((removed, delivered, refused)) {} }
        lock.lock()
        mode = keeping ? .buffering : .closed
        replayingThread = keeping ? .current : nil
        swap(&deliveredStates, &delivered)
        swap(&refusedStates, &refused)
        while let envelope = keptAllowed.popLast() ?? buffer.popFirst() { removed.append(envelope) }
        while keptChannels.popFirst() != nil {}
        lock.broadcast()
        waitForForwarding()
        lock.unlock()
        // Sorted outside the lock: `whileDenied` is app code.
        let allowed = removed.filter { envelope in
            let allows = keeping && whileDenied?(envelope.tag) == true
            if !allows { discarded[envelope.tag.channel, default: 0] += 1 }
            return allows
        }
        lock.withLock { keptAllowed = allowed.reversed() }
        for channel in AnalyticsChannel.allCases {
            guard let count = discarded[channel] else { continue }
            let denied = DiagnosticReport.Reason.discardedByDenial
            scope.diagnostics.report(
                DiagnosticReport(reason: denied, source: name, channel: channel, count: count, detail: reason)
            )
        }
    }

    /// Waits, with the lock held, until no tag passes through, unless this thread is inside a
    /// delivery (it may be that very tag).
    private func waitForForwarding() {
        guard !DeliveryThread.current.isDelivering else { return }
        while forwarding > 0 { lock.wait() }
    }
}
