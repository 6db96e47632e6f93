#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AnalyticsHub {
    // MARK: - Session

    /// The current session, or `nil` before the first tag (or ``startSession()``).
    public var session: AnalyticsSession? {
        let session = state.lock.withLock { state.record.session }
        return session.number == 0 ? nil : session
    }

    /// Starts a new session now, as at login or logout: the next tag is sent in it.
    ///
    /// When the schema maps session changes to events (``AnalyticsSchema/sessionEvent(for:)``),
    /// sends the `ended` event of the current session (if one started), then the `started` event.
    public func startSession() {
        startSession(at: secondsNow(), onlyIfLapsed: false)
    }

    /// Starts a session at `now`; when `onlyIfLapsed`, only if the last one has lapsed meanwhile (a
    /// send found it lapsed, and another thread may have started the next one since).
    func startSession(at now: Double, onlyIfLapsed: Bool) {
        state.lock.lock()
        if onlyIfLapsed, !state.sessionHasLapsed(at: now, timeout: sessionTimeoutSeconds) {
            state.lock.unlock()
            return
        }
        let ended = state.record
        let started = ended.starting(ended.session.next(at: Date(timeIntervalSinceReferenceDate: now)))
        let lastActivity = Date(timeIntervalSinceReferenceDate: state.lastActivity.isFinite ? state.lastActivity : now)
        state.record = started
        if !now.isNaN { state.lastActivity = now }
        let history = state.history
        state.lock.unlock()
        // The events are app code: called with the lock released.
        if ended.session.number > 0,
            let event = Schema.sessionEvent(for: .ended(ended.session, lastActivity: lastActivity))
        {
            send(event, in: AnalyticsContext(history: history, seconds: now, record: ended))
        }
        if let event = Schema.sessionEvent(for: .started(started.session)) {
            send(event, in: AnalyticsContext(history: history, seconds: now, record: started))
        }
    }

    /// Routes `event` with a context of its own: a session change's.
    private func send(_ event: Schema.Event, in context: AnalyticsContext<Schema>) {
        let roster: Roster<Schema>? = state.lock.withLock {
            let roster = state.roster
            guard roster.channels.contains(.event) else { return nil }
            roster.beginSend(on: .event)
            return roster
        }
        guard let roster else { return }
        route(event: TagEnvelope(tag: event, context: consume context), from: roster)
    }

    // MARK: - States

    /// The session and states a tag sent now would carry.
    var currentRecord: ContextRecord<Schema> {
        state.lock.withLock { state.record }
    }

    /// The states a tag sent now would carry: the latest of each key, in the order they were set.
    public var states: AnalyticsStates<Schema> {
        AnalyticsStates(record: currentRecord)
    }

    /// Sends a state that has a key: replaces the state of that key (unless it is equal), then
    /// routes it.
    ///
    /// The new record is built, and states compared, without the lock (both run app code: the
    /// key's `==`, the state's `==`); it is installed only if no other state changed meanwhile,
    /// else built again.
    @usableFromInline
    func send(keyed tag: Schema.State, key: Schema.StateKey) {
        let now = secondsNow()
        var (record, history) = state.lock.withLock {
            startSessionIfLapsed(at: now)
            return (state.record, state.history)
        }
        while true {
            if let sameState, let current = record.value(for: key), sameState.isSame(current, tag) { return }
            let updated = record.setting(tag, for: key, at: now, history: history)
            state.lock.lock()
            guard state.record === record else {
                (record, history) = (state.record, state.history)
                state.lock.unlock()
                continue
            }
            state.record = updated
            // The context holds the history as the send took it: a screen sent meanwhile on
            // another thread comes after this state.
            let taken = take(.state, at: now)
            state.lock.unlock()
            // The record replaced is released once this send has delivered, not by the write
            // above, under the lock: the state it alone holds (the one set before the last) is
            // app code, whose `deinit` may send, after this state.
            let replaced = record
            defer { withExtendedLifetime(replaced) {} }
            guard let (roster, context) = taken else { return }
            route(state: TagEnvelope(tag: tag, context: consume context), from: roster)
            return
        }
    }

    // MARK: - Catch-up

    /// Attaches a strategy that takes states, after delivering it the hub's states: those current
    /// when it joins, each once, in the order they were set, in the hub's delivery scope (see
    /// "Catching up a strategy that joins late" in Docs/Architecture.md).
    func attach(
        _ admission: Admission<Schema>,
        catchingUp receiver: any AnalyticsStateStrategy<Schema>,
        identifier: ObjectIdentifier,
        stages: [ObjectIdentifier]
    ) -> Bool {
        let claimed = state.lock.withLock {
            guard !state.roster.contains(identifier), !isClaimedByConsent(stages), state.joining[identifier] == nil
            else { return false }
            state.joining[identifier] = false
            return true
        }
        guard claimed else { return false }
        var delivered: UInt64 = 0
        // The last state of each key delivered: a round never repeats one (a state changed and
        // changed back while the round before was delivering).
        var lastDelivered: [Schema.StateKey: Schema.State] = [:]
        // A consent may have claimed a strategy on its chain meanwhile: then it does not join.
        var joined = true
        DeliveryThread.current.runInScope(of: identity) {
            while true {
                state.lock.lock()
                let record = state.record
                let cancelled = state.joining[identifier] == true
                if cancelled || record.version == delivered {
                    state.joining[identifier] = nil
                    if !cancelled {
                        joined = !isClaimedByConsent(stages)
                        if joined {
                            replaceRoster(with: state.roster.adding(admission, generation: state.nextGeneration()))
                        }
                    }
                    // A detach may wait for the catch-up to stop.
                    state.lock.broadcast()
                    state.lock.unlock()
                    return
                }
                state.lock.unlock()
                for entry in record.entries where entry.version > delivered {
                    if let sameState, let last = lastDelivered[entry.key], sameState.isSame(last, entry.value) {
                        continue
                    }
                    lastDelivered[entry.key] = entry.value
                    receiver.send(state: TagEnvelope(tag: entry.value, context: record.context(of: entry)))
                    if state.lock.withLock({ state.joining[identifier] == true }) { break }
                }
                delivered = record.version
            }
        }
        return joined
    }

    /// Attaches a consent gate, and tells it the states as they stood when it joined the roster
    /// (read under the same lock): every state sent after reaches it.
    func attach(gate: ConsentGate<Schema>) {
        let admission = Admission(gate)
        let identifier = ObjectIdentifier(gate)
        let record: ContextRecord<Schema>? = state.lock.withLock {
            guard !state.roster.contains(identifier) else { return nil }
            replaceRoster(with: state.roster.adding(admission, generation: state.nextGeneration()))
            return state.record
        }
        if let record { gate.joined(with: record) }
    }
}

extension ContextRecord {
    /// The context a catch-up delivers `entry`, one of these states, with: the time, screens,
    /// session and states of its send. Its version is the entry's, which a consent gate compares.
    func context(of entry: Entry) -> AnalyticsContext<Schema> {
        AnalyticsContext(
            history: entry.history,
            seconds: entry.seconds,
            record: ContextRecord(
                scope: scope,
                session: entry.session,
                values: entry.statesAtSend,
                version: entry.version
            )
        )
    }
}
