#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Takes the app's tags and routes each one, with the context it was sent in, to the strategies
/// attached for its channel.
///
/// ```swift
/// let hub = AnalyticsHub<PodcastAnalytics>()
/// let tracker = makeTracker(tagger: ConsoleTagger(label: "tracker"))
/// hub.attach(tracker)
/// hub.send(screen: .favorites)
/// hub.send(userAction: .playPodcast(Podcast(title: "Swift Talk", duration: 1_800)))  // the tracker sees it on .favorites
/// hub.detach(tracker)  // the user withdrew consent
/// #expect(hub.isAttached(tracker) == false)
/// ```
///
/// ## Guarantees
///
/// - `send` is synchronous and non-throwing and can be called from any thread or actor. It never
///   holds a lock while it calls a strategy, so a strategy may call the hub.
/// - Tags sent from one thread reach each strategy in the order they were sent. A tag sent from
///   inside a strategy's `send` is delivered after the tag being delivered, to every strategy.
/// - Each tag reaches the strategies that take its channel one after the other, in the order they
///   were attached.
/// - Each tag carries the ``AnalyticsContext`` of the moment it was sent: the screens, the time
///   read from ``clock``, the session, and the states (see ``AnalyticsSchema/stateKey(of:)``).
/// - A strategy attached after states were sent receives them first (see ``attach(_:)``).
/// - After ``detach(_:)`` returns, the strategy receives nothing more (see ``detach(_:)`` for the
///   one exception, a detach from inside a delivery).
/// - Memory is bounded: the history keeps at most ``screenHistoryLimit`` screens, and at most
///   10,000 tags sent from inside deliveries wait, per hub, on one thread; past that they are
///   dropped and reported to ``diagnostics`` as ``DiagnosticReport/Reason/droppedByBound`` from
///   the source `"AnalyticsHub"` (a dropped screen still enters the history).
public final class AnalyticsHub<Schema: AnalyticsSchema>: Sendable {
    /// How many screens the history keeps, newest last; the oldest goes when a new one comes.
    public let screenHistoryLimit: Int

    /// Where the hub and everything it delivers to report the tags they do not deliver.
    public var diagnostics: AnalyticsDiagnostics { scope.diagnostics }

    /// The hub's delivery scope, which every envelope it sends carries.
    let scope: DeliveryScope

    let state = HubState<Schema>()

    /// Where the hub reads the time of each tag.
    public let clock: any AnalyticsClock

    /// Whether ``clock`` is a ``SystemClock``: then a send reads the system's time directly (see
    /// ``secondsNow()``).
    let readsSystemClock: Bool

    /// How long without any tag ends a session: the next tag starts a new one. 30 minutes by
    /// default; `nil` when sessions never end by themselves (only ``startSession()`` starts one).
    public let sessionTimeout: Duration?

    /// ``sessionTimeout`` in seconds; infinite for `nil`.
    let sessionTimeoutSeconds: Double

    /// Whether two states are equal, when the app's `State` type is `Equatable`: a keyed state
    /// equal to its key's current value is not delivered again.
    let sameState: (any StateComparison)?

    /// A hub with no strategy attached, an empty screen history, no session and no state.
    ///
    /// - Parameters:
    ///   - screenHistoryLimit: How many screens the history keeps, at least 1; the default is 5.
    ///     Contexts cost the same whatever the limit: keep what your converters look back on.
    ///   - clock: Where the time of each tag is read; the system's clock by default. A test passes
    ///     a clock it sets.
    ///   - sessionTimeout: How long without a tag ends a session; 30 minutes by default, as GA4
    ///     and Amplitude count. `nil`, zero or less means that sessions never end by themselves.
    ///   - diagnostics: Where undelivered tags are reported; by default, diagnostics that only
    ///     count.
    /// - Precondition: `screenHistoryLimit >= 1`. A smaller value stops the program with a message
    ///   that names it: a hub that keeps no screen could give no context.
    public init(
        screenHistoryLimit: Int = 5,
        clock: some AnalyticsClock = SystemClock(),
        sessionTimeout: Duration? = .seconds(30 * 60),
        diagnostics: AnalyticsDiagnostics = AnalyticsDiagnostics()
    ) {
        if screenHistoryLimit < 1 {
            // `fatalError` rather than `precondition`: its message is printed in release builds too.
            fatalError(
                """
                AnalyticsHub: screenHistoryLimit must be at least 1, got \(screenHistoryLimit). \
                Pass 1 to keep only the current screen, or leave out the argument for the default of 5.
                """
            )
        }
        self.screenHistoryLimit = screenHistoryLimit
        self.scope = DeliveryScope(diagnostics: diagnostics)
        state.record = ContextRecord(scope: scope, session: .none)
        self.clock = clock
        self.readsSystemClock = clock is SystemClock
        let seconds = sessionTimeout.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 }
        if let seconds, seconds > 0 {
            self.sessionTimeout = sessionTimeout
            self.sessionTimeoutSeconds = seconds
        } else {
            self.sessionTimeout = nil
            self.sessionTimeoutSeconds = .infinity
        }
        self.sameState = equality(of: Schema.State.self)
    }

    // MARK: - Sending

    /// Records that `screen` is shown, then routes it to the strategies that take screens.
    ///
    /// The screen joins the history first: the context it is delivered with has it as `current`.
    @inlinable
    public func send(screen: Schema.Screen) {
        // Screens that left the history are released once this send has delivered: see "One send"
        // in Architecture.md.
        var replacedStorage: AnyObject?
        defer { withExtendedLifetime(replacedStorage) {} }
        guard let (roster, context) = record(screen, replacing: &replacedStorage) else { return }
        route(screen: TagEnvelope(tag: screen, context: consume context), from: roster)
    }

    /// Routes a user action, with the current context, to the strategies that take user actions.
    @inlinable
    public func send(userAction: Schema.UserAction) {
        guard let (roster, context) = snapshot(for: .userAction) else { return }
        route(userAction: TagEnvelope(tag: userAction, context: consume context), from: roster)
    }

    /// Routes an event, with the current context, to the strategies that take events.
    @inlinable
    public func send(event: Schema.Event) {
        guard let (roster, context) = snapshot(for: .event) else { return }
        route(event: TagEnvelope(tag: event, context: consume context), from: roster)
    }

    /// Routes a state tag, with the current context, to the strategies that take states.
    ///
    /// A state with a key (``AnalyticsSchema/stateKey(of:)``) replaces the hub's state of that key
    /// first: its context's ``AnalyticsContext/states`` includes it. When the app's `State` type is
    /// `Equatable`, a state equal to the current one of its key changes nothing and is not
    /// delivered: a vendor never receives the same state twice in a row.
    @inlinable
    public func send(state tag: Schema.State) {
        if let key = Schema.stateKey(of: tag) {
            return send(keyed: tag, key: key)
        }
        guard let (roster, context) = snapshot(for: .state) else { return }
        route(state: TagEnvelope(tag: tag, context: consume context), from: roster)
    }

    // Why the public `send`s are inlinable and the rest is not: "Compiled once" in Architecture.md.

    /// Reads the clock, then, under the lock, appends `screen` to the history (handing back the
    /// storage it replaced, to be released after the delivery) and takes the roster and the
    /// context.
    @usableFromInline
    func record(
        _ screen: Schema.Screen,
        replacing replacedStorage: inout AnyObject?
    ) -> (Roster<Schema>, AnalyticsContext<Schema>)? {
        let now = secondsNow()
        state.lock.lock()
        defer { state.lock.unlock() }
        startSessionIfLapsed(at: now)
        (state.history, replacedStorage) = state.history.appending(screen, limit: screenHistoryLimit)
        return take(.screen, at: now)
    }

    /// Reads the clock, then, under the lock, starts a session if the last one lapsed, and takes
    /// the roster and the context for a tag of `channel`.
    @usableFromInline
    func snapshot(for channel: AnalyticsChannel) -> (Roster<Schema>, AnalyticsContext<Schema>)? {
        let now = secondsNow()
        state.lock.lock()
        defer { state.lock.unlock() }
        startSessionIfLapsed(at: now)
        return take(channel, at: now)
    }

    /// Delivers a tag taken from `roster`, one function per channel (see
    /// ``route(_:from:on:fanOut:)``).
    @usableFromInline
    func route(screen envelope: Schema.ScreenEnvelope, from roster: Roster<Schema>) {
        route(envelope, from: roster, on: .screen) { roster, envelope, thread, hub in
            roster.fanOut(to: roster.screen, on: thread, for: hub) { $0.send(screen: envelope) }
        }
    }

    @usableFromInline
    func route(userAction envelope: Schema.UserActionEnvelope, from roster: Roster<Schema>) {
        route(envelope, from: roster, on: .userAction) { roster, envelope, thread, hub in
            roster.fanOut(to: roster.userAction, on: thread, for: hub) { $0.send(userAction: envelope) }
        }
    }

    @usableFromInline
    func route(event envelope: Schema.EventEnvelope, from roster: Roster<Schema>) {
        route(envelope, from: roster, on: .event) { roster, envelope, thread, hub in
            roster.fanOut(to: roster.event, on: thread, for: hub) { $0.send(event: envelope) }
        }
    }

    @usableFromInline
    func route(state envelope: Schema.StateEnvelope, from roster: Roster<Schema>) {
        route(envelope, from: roster, on: .state) { roster, envelope, thread, hub in
            roster.fanOut(to: roster.state, on: thread, for: hub) { $0.send(state: envelope) }
        }
    }

    // MARK: - Context

    /// The context a tag sent now would carry: the screens, the clock's time, the session and the
    /// states. Reading it starts no session: ``AnalyticsContext/session`` is
    /// ``AnalyticsSession/none`` before the first tag.
    public var context: AnalyticsContext<Schema> {
        let now = secondsNow()
        return state.lock.withLock { AnalyticsContext(history: state.history, seconds: now, record: state.record) }
    }

    /// The screen shown last, or `nil` before the first `send(screen:)`.
    public var currentScreen: Schema.Screen? {
        state.lock.withLock { state.history.last }
    }

    // MARK: - Delivery

    /// The clock's time now, in seconds since 2001.
    ///
    /// A ``SystemClock`` is read as `Date.timeIntervalSinceReferenceDate`, the time `Date()` is
    /// made of: the same reading, without the call through the clock's protocol and the `Date`
    /// made and taken apart.
    @inline(__always)
    func secondsNow() -> Double {
        readsSystemClock ? Date.timeIntervalSinceReferenceDate : clock.now().timeIntervalSinceReferenceDate
    }

    /// This hub, as the per-thread delivery frames know it: its scope's identity.
    var identity: ObjectIdentifier { scope.identity }

    /// Under the lock: takes the roster and the context for a tag of `channel`, and counts the send
    /// as in flight; `nil` when no strategy takes the channel.
    @inline(__always)
    func take(_ channel: AnalyticsChannel, at now: Double) -> (Roster<Schema>, AnalyticsContext<Schema>)? {
        let roster = state.roster
        guard roster.channels.contains(channel) else { return nil }
        roster.beginSend(on: channel)
        return (roster, AnalyticsContext(history: state.history, seconds: now, record: state.record))
    }

    /// Under the lock: records a tag sent at `now`, after starting a new session (unlocking
    /// meanwhile) when the last one lapsed. Cheap when it does not: one subtraction.
    @inline(__always)
    func startSessionIfLapsed(at now: Double) {
        if state.sessionLapses(at: now, timeout: sessionTimeoutSeconds) {
            state.lock.unlock()
            startSession(at: now, onlyIfLapsed: true)
            state.lock.lock()
        }
        // A clock that reads "not a number" is not believed: the timeout counts from the last
        // reading that was a time.
        if !now.isNaN { state.lastActivity = now }
    }

    /// Delivers `envelope` now, in a frame it opens on this thread, to the strategies of `roster`
    /// that take the channel, by `fanOut`; or, when this thread is already delivering for this hub
    /// (a strategy sent it), queues the delivery on that frame: only that case allocates (a
    /// closure). Always inlined, so that `fanOut` is too (see "Tricks on the send path").
    @inline(__always)
    func route<Tag>(
        _ envelope: TagEnvelope<Tag, Schema>,
        from roster: Roster<Schema>,
        on channel: AnalyticsChannel,
        fanOut: @escaping (Roster<Schema>, TagEnvelope<Tag, Schema>, DeliveryThread, AnyObject) -> Void
    ) {
        DeliveryThread.unretainedCurrent._withUnsafeGuaranteedRef { thread in
            guard thread.enterScope(of: identity) else {
                return queue(envelope, from: roster, on: channel, fanOut: fanOut, on: thread)
            }
            fanOut(roster, envelope, thread, self)
            finishDelivery(from: roster, on: channel)
            thread.drainAndCloseFrame()
        }
    }

    /// Queues a delivery behind the one this thread is running for this hub; when too many wait
    /// already, drops it, counts it, and ends its send. Apart from ``route(_:from:on:fanOut:)``,
    /// so that only a nested send copies its envelope (into the closure queued).
    @inline(never)
    func queue<Tag>(
        _ envelope: TagEnvelope<Tag, Schema>,
        from roster: Roster<Schema>,
        on channel: AnalyticsChannel,
        fanOut: @escaping (Roster<Schema>, TagEnvelope<Tag, Schema>, DeliveryThread, AnyObject) -> Void,
        on thread: DeliveryThread
    ) {
        // The closure keeps what it captures, the borrowed thread state included: it retains it,
        // which the thread's slot makes safe to do.
        let delivery = { [self] in
            fanOut(roster, envelope, thread, self)
            finishDelivery(from: roster, on: channel)
        }
        if thread.enqueue(for: identity, delivery) { return }
        finishDelivery(from: roster, on: channel)
        let detail = "10,000 nested sends already waiting on this thread"
        diagnostics.report(
            DiagnosticReport(reason: .droppedByBound, source: "AnalyticsHub", channel: channel, detail: detail)
        )
    }

    /// Ends a send that took `roster`, delivered or dropped: without the lock, an atomic count
    /// (see ``Roster/endSend(on:)``), unless attach or detach replaced the roster meanwhile.
    func finishDelivery(from roster: Roster<Schema>, on channel: AnalyticsChannel) {
        guard roster.endSend(on: channel) else { return }
        finishDeliveryFromRetiredRoster()
    }

    /// After a send from a replaced roster: lets go of the replaced rosters no send delivers from
    /// any more, and wakes `detach` calls waiting for them. They are released after the lock:
    /// releasing a roster may release a strategy, whose `deinit` is app code.
    func finishDeliveryFromRetiredRoster() {
        var idle: [Roster<Schema>] = []
        state.lock.lock()
        state.retired.removeAll { roster in
            guard roster.isIdle else { return false }
            idle.append(roster)
            return true
        }
        if state.waitingDetaches > 0 {
            state.lock.broadcast()
        }
        state.lock.unlock()
        withExtendedLifetime(idle) {}
    }

    /// Makes `roster` current; keeps the one it replaces while sends still deliver from it.
    /// Call with the lock held. The replaced roster is marked retired before its counters are
    /// read: a send that ends from it without seeing the mark has counted itself out already.
    func replaceRoster(with roster: Roster<Schema>) {
        let replaced = state.roster
        state.roster = roster
        replaced.markRetired()
        if !replaced.isIdle {
            state.retired.append(replaced)
        }
    }
}
