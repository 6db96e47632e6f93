import Foundation
import TagHub
import TagHubTestSupport
import Testing

/// Edge cases found in review, each with the failure it would show.
@Suite(.timeLimit(.minutes(1)), .onThreadsOfItsOwn) struct ConsentEdgeTests {
    /// A payload whose `deinit` sends: app code that runs wherever the last reference goes.
    final class Sending: Sendable {
        let hub: AnalyticsHub<PayloadAnalytics>
        init(hub: AnalyticsHub<PayloadAnalytics>) { self.hub = hub }
        deinit { hub.send(userAction: .ping) }
    }

    enum PayloadAnalytics: AnalyticsSchema {
        typealias Screen = Never
        enum UserAction: Sendable {
            case carry(Sending)
            case ping
        }
        typealias Event = Never
        typealias State = Never
    }

    /// Counts the payloads it receives; the first one may wait at a gate.
    final class Carrier: AnalyticsUserActionStrategy {
        typealias Schema = PayloadAnalytics
        let carried = LockedLog<Void>()
        let gate: Gate?
        init(gate: Gate? = nil) { self.gate = gate }
        func send(userAction: Schema.UserActionEnvelope) {
            guard case .carry = userAction.tag else { return }
            carried.append(())
            if carried.items.count == 1 { gate?.block() }
        }
    }

    @Test func aGrantEndsWhileFasterSendersKeepSendingAndDropsNothing() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub, bufferCapacity: 50)
        let replayStarted = DispatchSemaphore(value: 0)
        let slow = DeliveryRecorder { delivery in
            if delivery.tag == .userAction(.numbered(thread: 0, sequence: 0)) { replayStarted.signal() }
            Thread.sleep(forTimeInterval: 0.000_5)
        }
        consent.register(slow, for: [.analytics])
        for sequence in 0..<50 { hub.send(userAction: .numbered(thread: 0, sequence: sequence)) }

        // A sender faster than the vendor, from the moment the replay starts.
        let stop = LockedFlag()
        let sentThrough = LockedLog<Int>()
        let sender = onNewThread {
            // From the sender's thread, a failure names no test; the test then fails on the count.
            guard waitOrFail(replayStarted, "the replay to start") else { return }
            var sequence = 50
            while !stop.isSet {
                hub.send(userAction: .numbered(thread: 0, sequence: sequence))
                sequence += 1
            }
            sentThrough.append(sequence)
        }
        let granter = onNewThread { consent.grant(.analytics) }
        let granted = granter.waitOrFail("grant to end while the sender keeps sending")
        stop.set()
        guard granted, sender.waitOrFail("the sender to stop") else { return }

        #expect(hub.diagnostics.count(of: .droppedByBound) == 0)
        let sequences = slow.tags.compactMap { tag -> Int? in
            guard case .userAction(.numbered(_, let sequence)) = tag else { return nil }
            return sequence
        }
        // Every tag sent, replayed or passed through, in order.
        #expect(sequences == Array(0..<(sentThrough.items.first ?? 50)))
    }

    @Test(arguments: [ConsentState.denied, .undecided])
    func aDecisionMadeWhenToldOfAGrantStands(decision: ConsentState) {
        final class ChangesItsMind: AnalyticsUserActionStrategy, AnalyticsConsentObserver {
            typealias Schema = SeedAnalytics
            let received = LockedLog<SeedAnalytics.UserAction>()
            let onGrant: @Sendable () -> Void
            init(onGrant: @escaping @Sendable () -> Void) { self.onGrant = onGrant }
            func send(userAction: Schema.UserActionEnvelope) { received.append(userAction.tag) }
            func consentWasGranted() { onGrant() }
            func consentWasWithdrawn() {}
        }
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let strategy = ChangesItsMind { consent.set(decision, for: [.analytics]) }
        consent.register(strategy, for: [.analytics])
        hub.send(userAction: .numbered(thread: 0, sequence: 0))

        consent.grant(.analytics)
        hub.send(userAction: .numbered(thread: 0, sequence: 1))

        #expect(consent.status(of: strategy) == decision)
        #expect(strategy.received.items.isEmpty)
    }

    @Test func aStrategyMayReadItsStatusWhileAnotherThreadDenies() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let gate = Gate()
        defer { gate.release() }
        let box = LockedLog<DeliveryRecorder>()
        defer { box.removeAll() }
        let statuses = LockedLog<ConsentState?>()
        let reader = DeliveryRecorder { _ in
            gate.block()
            if let me = box.items.first { statuses.append(consent.status(of: me)) }
        }
        box.append(reader)
        consent.register(reader, for: [.analytics])
        consent.grant(.analytics)

        let sender = onNewThread { hub.send(screen: .podcasts) }
        guard gate.waitUntilEntered() else { return }
        let denier = onNewThread { consent.deny(.analytics) }
        // The strategy reads its status only once deny is provably under way: detaching it, and
        // waiting for this very delivery.
        guard waitUntil("deny to detach the strategy", { hub.attachedStrategies.isEmpty }) else { return }
        gate.release()

        guard denier.waitOrFail("deny to return: it and the strategy's read waited for each other"),
            sender.waitOrFail("the send to return")
        else { return }
        #expect(statuses.items == [.denied])
    }

    @Test func payloadsWhoseDeinitSendsAreReleasedOutsideTheConsentBuffersLock() {
        let hub = AnalyticsHub<PayloadAnalytics>()
        let consent = AnalyticsConsent(hub: hub, bufferCapacity: 2)
        let carrier = Carrier()
        consent.register(carrier, for: [.analytics])

        // Evictions happen inside the hub's delivery, which queues the pings behind it; the replay
        // releases D outside the gate's lock.
        // Each payload evicted from the full buffer sends a ping from its `deinit`, which evicts
        // the next: C evicts A, whose ping evicts B, whose ping evicts C, whose ping evicts the
        // first ping; D evicts the second. Five drops; the third ping and D stay.
        for _ in 0..<4 { hub.send(userAction: .carry(Sending(hub: hub))) }
        consent.grant(.analytics)  // replays the ping and D, then releases D
        for _ in 0..<4 { hub.send(userAction: .carry(Sending(hub: hub))) }
        consent.deny(.analytics)

        #expect(carrier.carried.items.count == 5)
        #expect(hub.diagnostics.count(of: .droppedByBound, source: "Carrier") == 5)
    }

    /// A state payload that runs app code (`onRelease`) from its `deinit`.
    final class Releasing: Sendable {
        let onRelease: @Sendable () -> Void
        init(_ onRelease: @escaping @Sendable () -> Void = {}) { self.onRelease = onRelease }
        deinit { onRelease() }
    }

    enum KeyedPayloadAnalytics: AnalyticsSchema {
        typealias Screen = Never
        typealias UserAction = Never
        typealias Event = Never
        enum State: Sendable {
            case payload(Releasing)
            case plain(Int)

            var plain: Int? { if case .plain(let number) = self { number } else { nil } }
        }
        enum StateKey: Hashable, Sendable { case only }
        static func stateKey(of state: State) -> StateKey? { .only }
    }

    /// Takes states; keeps their numbers (`nil` for a payload, which it does not keep).
    final class StateSink: AnalyticsStateStrategy {
        typealias Schema = KeyedPayloadAnalytics
        let received = LockedLog<Int?>()
        func send(state: Schema.StateEnvelope) { received.append(state.tag.plain) }
    }

    /// A state that neither the hub nor a consent gate holds any more is released outside their
    /// locks, once the send that let it go has delivered: its `deinit`, app code, may send (under
    /// the hub's lock, a deadlock) and change consent (which takes the gate's lock), and what it
    /// sends comes after that send.
    @Test func aStateLetGoIsReleasedOutsideTheLocksAfterTheSendThatLetItGo() {
        let hub = AnalyticsHub<KeyedPayloadAnalytics>()
        let consent = AnalyticsConsent(hub: hub, bufferCapacity: 1, overflowPolicy: .dropNewest)
        let refused = StateSink()
        consent.register(refused, for: [.analytics])
        let sink = StateSink()
        hub.attach(sink)

        let done = onNewThread {
            // Kept: the gate's buffer is full from then on, and keeps no payload.
            hub.send(state: .plain(-1))
            hub.send(
                state: .payload(
                    Releasing {
                        hub.send(state: .plain(99))
                        consent.deny(.analytics)
                    }
                )
            )
            // The hub's record keeps the state it replaced, and so does the context of the state
            // the gate refused last: the payload goes with the second state after it.
            hub.send(state: .plain(0))
            hub.send(state: .plain(1))
        }
        guard done.waitOrFail("the sends to return: a state released under a lock sent?") else { return }
        #expect(sink.received.items == [-1, nil, 0, 1, 99])
        #expect(consent.status(of: refused) == .denied)
        #expect(hub.context.states[.only]?.plain == 99)
    }

    @Test func payloadsWhoseDeinitSendsAreReleasedOutsideTheBackgroundQueuesLock() async {
        let hub = AnalyticsHub<PayloadAnalytics>()
        let gate = Gate()
        defer { gate.release() }
        let carrier = Carrier(gate: gate)
        let background = BackgroundStrategy(wrapping: carrier, capacity: 2)
        hub.attach(background)

        // The first payload waits in delivery; the next ones overflow the queue (each evicted one
        // sends from its `deinit`), and the rest is cancelled (idem).
        let sender = onNewThread {
            for _ in 0..<5 { hub.send(userAction: .carry(Sending(hub: hub))) }
        }
        guard gate.waitUntilEntered(),
            sender.waitOrFail("the sends to return: a deinit that sends waited for the queue's lock?")
        else { return }
        let canceller = onNewThread { background.cancelPendingDeliveries() }
        // Released once the cancellation has emptied the queue (it then waits for the delivery
        // held at the gate), so that no payload but the first is ever delivered.
        guard waitUntil("the cancellation to empty the queue", { background.pendingTagCount == 0 }) else { return }
        gate.release()
        guard canceller.waitOrFail("the cancellation to return: a deinit that sends waited for the queue's lock?")
        else { return }
        guard await flushOrFail(background) else { return }

        #expect(carrier.carried.items.count == 1)
        // Every other payload was dropped by the bound or cancelled; the pings their `deinit`s
        // send are tags too, so the total counts at least the 4 payloads.
        let droppedOrCancelled = [DiagnosticReport.Reason.droppedByBound, .cancelled].reduce(0) {
            $0 + hub.diagnostics.count(of: $1, source: background.name)
        }
        #expect(droppedOrCancelled >= 4)
    }

    @Test func aDirectlyAttachedStrategyIsHandedOverToConsent() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let recorder = DeliveryRecorder()
        hub.attach(recorder)

        consent.register(recorder, for: [.analytics])
        hub.send(screen: .podcasts)
        consent.deny(.analytics)
        hub.send(screen: .favorites)

        #expect(!hub.isAttached(recorder))
        #expect(recorder.tags.isEmpty)
    }

    @Test func consentThatGoesAwayLetsNothingThrough() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let recorder = DeliveryRecorder()
        do {
            let consent = AnalyticsConsent(hub: hub)
            consent.register(recorder, for: [.analytics])
            consent.grant(.analytics)
            hub.send(screen: .podcasts)
        }
        hub.send(screen: .favorites)

        #expect(recorder.tags == [.screen(.podcasts)])
        #expect(hub.attachedStrategies.isEmpty)
    }

    @Test func oneBadEntryInTheFileLeavesTheOthers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ConsentEdgeTests-\(UUID().uuidString)"
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("consent.json")
        try writeWithoutWaitingForTheDisk(
            #"{"schemaVersion": 2, "advertising": "denied", "analytics": null}"#.utf8,
            to: file
        )

        #expect(FileConsentStore(url: file).loadDecisions() == [.advertising: .denied])
    }

    @Test func flushingAWrapperFlushesTheWrapperInside() async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let recorder = DeliveryRecorder { _ in Thread.sleep(forTimeInterval: 0.001) }
        hub.attach(BackgroundStrategy(wrapping: BackgroundStrategy(wrapping: recorder)))

        for sequence in 0..<20 { hub.send(userAction: .numbered(thread: 0, sequence: sequence)) }
        guard await flushOrFail(hub) else { return }

        #expect(recorder.tags == (0..<20).map { .userAction(.numbered(thread: 0, sequence: $0)) })
    }

    /// The vendor of an advanced setup behind a queue: it answers a play of `slow` with an event of
    /// its own, sent to the hub from its `send` (on the worker's thread) once `gate` lets it go.
    static func answeringVendor(
        hub: AnalyticsHub<SeedAnalytics>,
        gate: Gate
    ) -> DeliveryRecorder {
        DeliveryRecorder("answering") { delivery in
            guard delivery.tag == .userAction(.playPodcast(slow)) else { return }
            gate.block()
            hub.send(event: .playerDidFail(slow, .networkUnavailable))
        }
    }

    static let slow = Podcast(title: "slow", duration: 1)

    /// A denial in the advanced setup holds the tags `whileDenied` allows while it waits for the
    /// queue's delivery under way; the vendor's answer, sent from that delivery, finds the buffer
    /// full. It must not wait for the hold: the denial waits for it (they waited for each other
    /// forever). It is kept, the oldest tag dropped by the overflow policy, and the denial returns.
    @Test(arguments: [1, 1_000])
    func aTagSentFromInsideADeliveryDoesNotWaitForADenialThatWaitsForThatDelivery(capacity: Int) async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(
            hub: hub,
            store: InMemoryConsentStore([.analytics: .granted]),
            bufferCapacity: capacity
        )
        let gate = Gate()
        defer { gate.release() }
        let vendor = Self.answeringVendor(hub: hub, gate: gate)
        let queue = BackgroundStrategy(wrapping: vendor, name: "answering")
        consent.register(queue, for: [.analytics]) { tag in
            if case .event = tag { true } else { false }
        }
        hub.send(userAction: .playPodcast(Self.slow))
        hub.send(userAction: .playPodcast(swiftTalk))  // queued behind it, cancelled by the denial
        guard gate.waitUntilEntered() else { return }

        let denier = onNewThread { consent.deny(.analytics) }
        // The denial has closed the gate, holding what it allows, and now waits for the delivery
        // held at the gate, having emptied the queue.
        guard waitUntil("the denial to cancel the queue", { queue.pendingTagCount == 0 }) else { return }
        let appEvents = (0..<capacity).map {
            SeedAnalytics.Event.playerDidLoad(Podcast(title: "app \($0)", duration: 1))
        }
        for event in appEvents { hub.send(event: event) }  // kept: the buffer is full
        gate.release()
        guard denier.waitOrFail("the denial to return: it and the vendor's answer waited for each other"),
            await flushOrFail(queue)
        else { return }

        // The answer took the oldest app event's place; the rest are delivered after the denial.
        let play: AnalyticsTag<SeedAnalytics> = .userAction(.playPodcast(Self.slow))
        let delivered: [AnalyticsTag<SeedAnalytics>] = appEvents.dropFirst().map { .event($0) }
        let answer: AnalyticsTag<SeedAnalytics> = .event(.playerDidFail(Self.slow, .networkUnavailable))
        #expect(vendor.tags == [play] + delivered + [answer])
        #expect(hub.diagnostics.count(of: .droppedByBound, source: "answering") == 1)
    }

    /// Sends `screens` on a new thread; returns it once the first `filling` were sent (they fill the
    /// buffer: the next may wait), or `nil` past the deadline.
    static func send(
        _ screens: [SeedAnalytics.Screen],
        to hub: AnalyticsHub<SeedAnalytics>,
        filling: Int
    ) -> DispatchGroup? {
        let sent = LockedLog<SeedAnalytics.Screen>()
        let sender = onNewThread {
            for screen in screens {
                hub.send(screen: screen)
                sent.append(screen)
            }
        }
        return waitUntil("the sender to fill the buffer", { sent.items.count >= filling }) ? sender : nil
    }

    /// Observes consent as a vendor SDK told synchronously may: it takes a while (until `gate`
    /// opens) to hear of a grant (`holdsOnGrant`) or a withdrawal.
    final class SlowToBeTold: AnalyticsScreenStrategy, AnalyticsConsentObserver {
        typealias Schema = SeedAnalytics
        let log = LockedLog<String>()
        let gate: Gate
        let holdsOnGrant: Bool
        init(gate: Gate, holdsOnGrant: Bool) {
            self.gate = gate
            self.holdsOnGrant = holdsOnGrant
        }
        func send(screen: Schema.ScreenEnvelope) { log.append("\(screen.tag)") }
        func consentWasGranted() {
            log.append("granted")
            if holdsOnGrant { gate.block() }
        }
        func consentWasWithdrawn() {
            log.append("withdrawn")
            if !holdsOnGrant { gate.block() }
        }
    }

    /// Once consent is granted, nothing is dropped: a grant from undecided holds the tags sent
    /// while its observers are told, and a sender that finds the buffer full waits.
    @Test func aGrantFromUndecidedDropsNothingSentWhileItsObserversAreTold() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub, bufferCapacity: 2)
        let gate = Gate()
        defer { gate.release() }
        let vendor = SlowToBeTold(gate: gate, holdsOnGrant: true)
        consent.register(vendor, for: [.analytics])
        hub.send(screen: .favorites)  // kept

        let granter = onNewThread { consent.grant(.analytics) }
        guard gate.waitUntilEntered() else { return }
        // The sender fills the buffer, then waits for the grant (a sender dropping its tags
        // returns at once).
        guard let sender = Self.send([.podcasts, .downloads, .podcastPlayer], to: hub, filling: 1) else { return }
        #expect(!sender.finishes(within: 500))
        gate.release()
        guard granter.waitOrFail("the grant to return"), sender.waitOrFail("the sends to return") else { return }

        #expect(vendor.log.items == ["granted", "favorites", "podcasts", "downloads", "podcastPlayer"])
        #expect(hub.diagnostics.count(of: .droppedByBound) == 0)
    }

    /// Denies when told of a grant, once `gate` opens.
    final class DeniesWhenToldOfAGrant: AnalyticsScreenStrategy, AnalyticsConsentObserver {
        typealias Schema = SeedAnalytics
        let log = LockedLog<String>()
        let gate: Gate
        nonisolated(unsafe) var consent: AnalyticsConsent<SeedAnalytics>?
        init(gate: Gate) { self.gate = gate }
        func send(screen: Schema.ScreenEnvelope) { log.append("\(screen.tag)") }
        func consentWasGranted() {
            log.append("granted")
            gate.block()
            consent?.deny(.analytics)
        }
        func consentWasWithdrawn() { log.append("withdrawn") }
    }

    /// A denial made when told of a grant lets go of the grant's hold before it detaches the
    /// strategy, since the detach waits for the sends under way: a sender that found the buffer
    /// full and waits for the grant goes on (its tag, kept, is discarded by the denial).
    @Test func aDenialMadeWhenToldOfAGrantLetsASenderWaitingForTheGrantGoOn() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub, bufferCapacity: 1)
        let gate = Gate()
        defer { gate.release() }
        let vendor = DeniesWhenToldOfAGrant(gate: gate)
        vendor.consent = consent
        consent.register(vendor, for: [.analytics])
        hub.send(screen: .favorites)  // kept: the buffer of 1 is full

        let granter = onNewThread { consent.grant(.analytics) }
        guard gate.waitUntilEntered() else { return }
        let sender = onNewThread { hub.send(screen: .podcasts) }
        #expect(!sender.finishes(within: 300))  // it waits for the grant
        gate.release()
        guard granter.waitOrFail("the grant and the denial made when told to return"),
            sender.waitOrFail("the send that waited for the grant to return")
        else { return }

        #expect(vendor.log.items == ["granted", "withdrawn"])
        #expect(consent.status(of: vendor) == .denied)
    }

    /// In the advanced setup, a denial switches from all tags to those `whileDenied` allows: it
    /// holds the tags sent meanwhile, and a sender that finds the buffer full waits for the switch
    /// to end rather than drop an allowed tag.
    @Test func aSenderWaitsForTheAdvancedSetupsSwitchRatherThanDropAnAllowedTag() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub, store: InMemoryConsentStore([.analytics: .granted]), bufferCapacity: 2)
        let gate = Gate()
        defer { gate.release() }
        let vendor = SlowToBeTold(gate: gate, holdsOnGrant: false)
        consent.register(vendor, for: [.analytics]) { tag in
            if case .screen = tag { true } else { false }
        }

        let denier = onNewThread { consent.deny(.analytics) }
        guard gate.waitUntilEntered() else { return }
        let screens: [SeedAnalytics.Screen] = [.podcasts, .downloads, .podcastPlayer, .favorites]
        // The sender fills the buffer, then waits for the switch (without the hold, it returns at
        // once, having dropped two screens).
        guard let sender = Self.send(screens, to: hub, filling: 2) else { return }
        #expect(!sender.finishes(within: 500))
        gate.release()
        guard denier.waitOrFail("the denial to return"), sender.waitOrFail("the sends to return") else { return }

        #expect(vendor.log.items == ["granted", "withdrawn"] + screens.map { "\($0)" })
        #expect(hub.diagnostics.count(of: .droppedByBound) == 0)
    }
}
