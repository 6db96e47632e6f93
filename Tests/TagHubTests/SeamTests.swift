import Dispatch
import Foundation
import TagHub
import TagHubTestSupport
import Testing

/// The promises where the hub, consent and background delivery meet: every wrapper inside every
/// other, and every path that runs strategy code (the hub's route, a consent replay, a background
/// worker). Each test failed on the code before the delivery scope and the wrapper chain.
@Suite(.timeLimit(.minutes(1)), .onThreadsOfItsOwn)
struct SeamTests {
    // MARK: - Wrappers inside wrappers, under a denial

    /// How the vendor's background queues are wrapped inside consent.
    enum Nesting: String, CaseIterable, CustomTestStringConvertible {
        /// consent → background → background → vendor
        case backgroundInBackground
        /// consent → background → the app's wrapper → background → vendor
        case backgroundInAppWrapperInBackground
        /// consent → the app's wrapper → background → background → vendor
        case backgroundInBackgroundInAppWrapper

        var testDescription: String { rawValue }

        /// The registered strategy, and the queue next to the vendor.
        func wrap(
            _ vendor: DeliveryRecorder
        ) -> (any AnalyticsStrategy<SeedAnalytics>, BackgroundStrategy<DeliveryRecorder>) {
            let inner = BackgroundStrategy(wrapping: vendor)
            switch self {
            case .backgroundInBackground:
                return (BackgroundStrategy(wrapping: inner), inner)
            case .backgroundInAppWrapperInBackground:
                return (BackgroundStrategy(wrapping: PassThrough(wrapping: inner)), inner)
            case .backgroundInBackgroundInAppWrapper:
                return (PassThrough(wrapping: BackgroundStrategy(wrapping: inner)), inner)
            }
        }
    }

    @Test(arguments: Nesting.allCases)
    func aDenialCancelsEveryQueueOnTheChainAndNothingArrivesAfterItReturns(nesting: Nesting) {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let gate = Gate()
        let denyReturned = LockedFlag()
        let afterDeny = LockedLog<Delivery>()
        let vendor = DeliveryRecorder("vendor") { delivery in
            if denyReturned.isSet { afterDeny.append(delivery) }
            if delivery.tag == numbered(0) { gate.block() }
        }
        let (registered, nextToVendor) = nesting.wrap(vendor)
        consent.register(registered, for: [.analytics])
        consent.grant(.analytics)

        for sequence in 0..<20 { hub.send(userAction: .numbered(thread: 0, sequence: sequence)) }
        defer { gate.release() }
        guard gate.waitUntilEntered() else { return }
        guard
            waitUntil(
                "the 19 other tags reaching the queue next to the vendor",
                { nextToVendor.pendingTagCount == 19 }
            )
        else { return }

        let denier = onNewThread {
            consent.deny(.analytics)
            denyReturned.set()
        }
        // The denial has emptied the queue next to the vendor, and waits for tag 0, under way.
        #expect(waitUntil("the denial cancelling the queue next to the vendor") { nextToVendor.pendingTagCount == 0 })
        #expect(!denyReturned.isSet)
        gate.release()
        #expect(denier.waitOrFail("deny"))

        #expect(vendor.tags == [numbered(0)])
        #expect(afterDeny.items == [])
        #expect(hub.diagnostics.count(of: .discardedByDenial, source: "DeliveryRecorder", channel: .userAction) == 19)
        #expect(hub.diagnostics.count(of: .cancelled) == 0)
    }

    @Test(arguments: Nesting.allCases)
    func aFlushOfTheHubWaitsForEveryQueueOnTheChain(nesting: Nesting) async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let vendor = DeliveryRecorder("vendor")
        consent.register(nesting.wrap(vendor).0, for: [.analytics])
        consent.grant(.analytics)

        for sequence in 0..<100 { hub.send(userAction: .numbered(thread: 0, sequence: sequence)) }
        guard await flushOrFail(hub) else { return }

        #expect(vendor.tags == (0..<100).map { numbered($0) })
    }

    @Test func everyConsentObserverOnTheChainIsToldOnce() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let vendor = ObservingRecorder()
        let wrapper = ObservingPassThrough(wrapping: BackgroundStrategy(wrapping: vendor))
        consent.register(BackgroundStrategy(wrapping: wrapper), for: [.analytics])

        consent.grant(.analytics)
        consent.deny(.analytics)

        #expect(vendor.notices.items == ["granted", "withdrawn"])
        #expect(wrapper.notices.items == ["granted", "withdrawn"])
    }

    @Test func diagnosticsNameAChainAfterItsOutermostNamedStrategy() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub, bufferCapacity: 1)
        let named = BackgroundStrategy(wrapping: DeliveryRecorder(), name: "firebase")
        consent.register(PassThrough(wrapping: named), for: [.analytics])

        hub.send(userAction: .numbered(thread: 0, sequence: 0))
        hub.send(userAction: .numbered(thread: 0, sequence: 1))  // the buffer of 1 drops the oldest

        #expect(hub.diagnostics.summary == ["firebase: 1 userAction tag dropped by a bound"])
        #expect(BackgroundStrategy(wrapping: PassThrough(wrapping: named)).name == "firebase")
    }

    @Test func aDenialCancelsTheOutermostQueueFirst() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let innerGate = Gate()
        let outerGate = Gate()
        let handedOn = DispatchSemaphore(value: 0)
        let vendor = DeliveryRecorder("vendor") { delivery in
            if delivery.tag == numbered(-1) { innerGate.block() }
        }
        let inner = BackgroundStrategy(wrapping: vendor)
        // Between the queues: holds tag 0 at a gate, and says when it has handed it on.
        let outer = BackgroundStrategy(
            wrapping: HoldingPassThrough(wrapping: inner, gate: outerGate, handedOn: handedOn)
        )
        consent.register(outer, for: [.analytics])
        consent.grant(.analytics)
        defer {
            outerGate.release()
            innerGate.release()
        }

        // The inner worker is held on tag -1, so whatever reaches the inner queue stays queued.
        hub.send(userAction: .numbered(thread: 0, sequence: -1))
        guard innerGate.waitUntilEntered() else { return }
        for sequence in 0..<20 { hub.send(userAction: .numbered(thread: 0, sequence: sequence)) }
        guard outerGate.waitUntilEntered(), waitUntil("19 tags queued behind tag 0", { outer.pendingTagCount == 19 })
        else { return }

        let denier = onNewThread { consent.deny(.analytics) }
        // Outermost first: the outer queue is cancelled, and the denial waits for tag 0, under way.
        guard waitUntil("the denial cancelling the outer queue", { outer.pendingTagCount == 0 }) else { return }
        outerGate.release()
        guard waitOrFail(handedOn, "tag 0 handed on to the inner queue") else { return }
        // Then the inner queue, with tag 0 in it; the denial waits for tag -1, under way.
        guard waitUntil("the denial cancelling the inner queue", { inner.pendingTagCount == 0 }) else { return }
        innerGate.release()
        guard denier.waitOrFail("deny") else { return }

        #expect(vendor.tags == [numbered(-1)])
        #expect(hub.diagnostics.count(of: .discardedByDenial, source: "DeliveryRecorder", channel: .userAction) == 20)
    }

    @Test func aStrategyBelongsToOneConsentOfAHub() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let first = AnalyticsConsent(hub: hub)
        let second = AnalyticsConsent(hub: hub)
        let vendor = DeliveryRecorder("vendor")
        first.register(vendor, for: [.analytics])

        #expect(!second.register(vendor, for: [.advertising]))
        first.grant(.analytics)
        second.deny(.advertising)
        hub.send(userAction: .numbered(thread: 0, sequence: 0))
        #expect(vendor.tags == [numbered(0)])  // once, as `first` decides

        first.unregister(vendor)
        #expect(hub.attach(vendor))  // given back to the app
        hub.detach(vendor)
        #expect(second.register(vendor, for: [.advertising]))  // and free for another consent
        hub.send(userAction: .numbered(thread: 0, sequence: 1))
        #expect(vendor.tags == [numbered(0)])  // denied by `second`
    }

    /// What the replayed strategy does to a background queue from its replayed tag.
    enum StopFromAReplay: String, CaseIterable, CustomTestStringConvertible {
        /// `cancelPendingDeliveries()`
        case cancel
        /// a denial of the queue's purpose
        case deny
        /// a return to undecided of the queue's purpose, which waits until the queue is delivered
        case undecided

        var testDescription: String { rawValue }
    }

    /// The worker's strategy waits, inside its delivery, for the replay that stops its queue: app
    /// code the library cannot see into (a worker's tag sent to the replaying gate itself no longer
    /// waits: `ConsentEdgeTests.aTagSentFromInsideADeliveryDoesNotWaitForADenialThatWaitsForThatDelivery`).
    /// Waiting for that delivery would wait for ever; the worker gives up at its deadline.
    @Test(arguments: StopFromAReplay.allCases)
    func cancellingFromAReplayedTagDoesNotWaitForAWorkerThatWaitsForTheReplay(stop: StopFromAReplay) async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub, bufferCapacity: 1)
        let workerInside = DispatchSemaphore(value: 0)
        let replayEnded = DispatchSemaphore(value: 0)
        let queued = DeliveryRecorder("queued") { delivery in
            guard delivery.tag == numbered(0) else { return }
            workerInside.signal()
            waitOrFail(replayEnded, "the replay to end")
        }
        let background = BackgroundStrategy(wrapping: queued)
        let stopped = LockedFlag()
        let replayed = DeliveryRecorder("replayed") { delivery in
            guard delivery.tag == numbered(0) else { return }
            guard waitOrFail(workerInside, "the worker delivering tag 0") else { return }
            switch stop {
            case .cancel: background.cancelPendingDeliveries()
            case .deny: consent.deny(.advertising)
            case .undecided: consent.set(.undecided, for: [.advertising])
            }
            stopped.set()
        }
        consent.register(replayed, for: [.analytics])
        if stop == .cancel {
            hub.attach(background)
        } else {
            consent.register(background, for: [.advertising])
            consent.grant(.advertising)
        }
        hub.send(userAction: .numbered(thread: 0, sequence: 0))  // kept for `replayed`; queued for `queued`

        let granter = onNewThread { consent.grant(.analytics) }
        let granted = granter.waitOrFail("the grant, whose replay stops the queue")
        replayEnded.signal()  // lets the worker go on whatever happened
        guard granted, await flushOrFail(background) else { return }
        #expect(stopped.isSet)
        #expect(replayed.tags == [numbered(0)])
        #expect(queued.tags == [numbered(0)])
    }

    @Test func consentThatGoesAwayCancelsEveryQueueOnTheChainAndTellsEveryObserver() async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let gate = Gate()
        let vendor = ObservingRecorder()
        let held = DeliveryRecorder("held") { delivery in
            if delivery.tag == numbered(0) { gate.block() }
        }
        let inner = BackgroundStrategy(wrapping: held)
        let wrapper = ObservingPassThrough(wrapping: inner)
        defer { gate.release() }
        do {
            let consent = AnalyticsConsent(hub: hub)
            let ready = withExtendedLifetime(consent) { () -> Bool in
                consent.register(BackgroundStrategy(wrapping: wrapper), for: [.analytics])
                consent.register(vendor, for: [.analytics])
                consent.grant(.analytics)
                for sequence in 0..<5 { hub.send(userAction: .numbered(thread: 0, sequence: sequence)) }
                return gate.waitUntilEntered() && waitUntil("4 tags queued behind tag 0") { inner.pendingTagCount == 4 }
            }
            guard ready else { return }
            // Opens the gate once the consent going away has cancelled the inner queue (it then
            // waits for tag 0, under way).
            _ = onNewThread {
                _ = waitUntil("the inner queue cancelled") { inner.pendingTagCount == 0 }
                gate.release()
            }
        }  // the consent's last reference goes here
        guard await flushOrFail(inner) else { return }

        #expect(hub.attachedStrategies.isEmpty)
        #expect(held.tags == [numbered(0)])
        #expect(hub.diagnostics.count(of: .discardedByDenial, source: "DeliveryRecorder", channel: .userAction) == 4)
        #expect(vendor.notices.items == ["granted", "withdrawn"])
        #expect(wrapper.notices.items == ["granted", "withdrawn"])
        hub.send(userAction: .numbered(thread: 0, sequence: 5))
        #expect(held.tags == [numbered(0)])
    }

    @Test func aStrategyRegisteredWithConsentIsNotAttachedAgainByTheHub() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let vendor = DeliveryRecorder("vendor")
        consent.register(vendor, for: [.analytics])

        #expect(!hub.attach(vendor))  // undecided: consent keeps its tags
        hub.send(userAction: .numbered(thread: 0, sequence: 0))
        #expect(vendor.tags == [])
        consent.grant(.analytics)
        #expect(!hub.attach(vendor))
        hub.send(userAction: .numbered(thread: 0, sequence: 1))
        #expect(vendor.tags == [numbered(0), numbered(1)])  // each once
        #expect(!hub.detach(vendor))  // consent decides: it stays
        hub.send(userAction: .numbered(thread: 0, sequence: 2))
        #expect(vendor.tags == [numbered(0), numbered(1), numbered(2)])
        consent.deny(.analytics)
        #expect(!hub.attach(vendor))
        hub.send(userAction: .numbered(thread: 0, sequence: 3))
        #expect(vendor.tags == [numbered(0), numbered(1), numbered(2)])

        consent.unregister(vendor)  // handed back to the app
        #expect(hub.attach(vendor))
        hub.send(userAction: .numbered(thread: 0, sequence: 4))
        #expect(vendor.tags == [numbered(0), numbered(1), numbered(2), numbered(4)])
    }

    @Test func noStrategyOnTheChainOfARegisteredStrategyIsAttachedByTheHubAloneOrWrapped() async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let vendor = DeliveryRecorder("vendor")
        let registered = BackgroundStrategy(wrapping: vendor)
        consent.register(registered, for: [.analytics])
        consent.deny(.analytics)

        // A queue takes states (the hub's attach catches it up first); the app's wrapper does not.
        let queue = BackgroundStrategy(wrapping: vendor)
        #expect(!hub.attach(queue))
        #expect(!hub.attach(PassThrough(wrapping: vendor)))
        #expect(!hub.attach(BackgroundStrategy(wrapping: registered)))
        #expect(!hub.attach(vendor))
        hub.send(userAction: .numbered(thread: 0, sequence: 0))
        guard await flushOrFail(queue), await flushOrFail(registered) else { return }
        #expect(vendor.tags == [])
        #expect(hub.attachedStrategies.isEmpty)

        consent.unregister(registered)  // every strategy on its chain is given back to the app
        #expect(hub.attach(queue))
        hub.send(userAction: .numbered(thread: 0, sequence: 1))
        guard await flushOrFail(queue) else { return }
        #expect(vendor.tags == [numbered(1)])
    }

    @Test func consentRefusesAChainThatHoldsAStrategyRegisteredOrAttachedAlready() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let registered = DeliveryRecorder("registered")
        let attached = DeliveryRecorder("attached")
        let inside = DeliveryRecorder("inside")
        let outside = PassThrough(wrapping: inside)
        consent.register(registered, for: [.analytics])
        hub.attach(attached)
        hub.attach(outside)

        #expect(!consent.register(PassThrough(wrapping: registered), for: [.advertising]))
        #expect(!consent.register(PassThrough(wrapping: attached), for: [.advertising]))
        #expect(!consent.register(inside, for: [.advertising]))  // on the chain of an attached strategy
        // The refusals claimed nothing; a strategy attached on its own is handed over, as ever.
        #expect(consent.register(attached, for: [.advertising]))
        consent.grant(.analytics)
        consent.deny(.advertising)
        hub.send(userAction: .numbered(thread: 0, sequence: 0))

        #expect(registered.tags == [numbered(0)])
        #expect(attached.tags == [])
        #expect(inside.tags == [numbered(0)])
        #expect(hub.attachedStrategies.map(ObjectIdentifier.init) == [registered, outside].map(ObjectIdentifier.init))
    }

    // MARK: - What the hub shows of consent

    @Test func theHubShowsRegisteredStrategiesAsAttachedWhileGrantedOrUndecided() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let direct = DeliveryRecorder("direct")
        let registered = DeliveryRecorder("registered")
        hub.attach(direct)
        consent.register(registered, for: [.analytics])

        #expect(hub.attachedStrategies.map { ($0 as? DeliveryRecorder)?.name } == ["direct", "registered"])
        #expect(hub.isAttached(registered))  // undecided: its tags are kept for it

        consent.grant(.analytics)
        #expect(hub.isAttached(registered))

        consent.deny(.analytics)
        #expect(!hub.isAttached(registered))
        #expect(hub.attachedStrategies.map { ($0 as? DeliveryRecorder)?.name } == ["direct"])
    }

    // MARK: - A consent replay is one delivery

    /// Which replayed tag the vendor detaches another strategy from, while a sender waits at its gate.
    enum ReplayWait: String, CaseIterable, CustomTestStringConvertible {
        /// The sender waits because the buffer is full.
        case bufferFull
        /// The sender waits because the replay has run `bufferCapacity` tags (the buffer is empty).
        case overdue

        var testDescription: String { rawValue }
    }

    @Test(arguments: ReplayWait.allCases)
    func detachFromAReplayedTagDoesNotWaitForASenderWaitingForTheReplay(wait replayWait: ReplayWait) {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub, bufferCapacity: 1)
        let other = DeliveryRecorder("other")
        let otherHasTag2 = DispatchSemaphore(value: 0)
        let observed = DeliveryRecorder("other-observer") { delivery in
            if delivery.tag == numbered(2, thread: 2) { otherHasTag2.signal() }
        }
        hub.attach(other)
        hub.attach(observed)
        let detached = LockedLog<Bool>()
        // Blocks on tag 0 (and on tag 1 when overdue), each at a gate of its own, and detaches
        // `other` on the last it blocks on.
        let blockOn = replayWait == .bufferFull ? [numbered(0)] : [numbered(0), numbered(1, thread: 1)]
        let gates = blockOn.map { _ in Gate() }
        let vendor = DeliveryRecorder("vendor") { delivery in
            guard let index = blockOn.firstIndex(of: delivery.tag) else { return }
            gates[index].block()
            if delivery.tag == blockOn.last { detached.append(hub.detach(other)) }
        }
        consent.register(vendor, for: [.analytics])
        hub.send(userAction: .numbered(thread: 0, sequence: 0))  // kept: the buffer of 1 is full

        defer { for gate in gates { gate.release() } }
        let granter = onNewThread { consent.grant(.analytics) }
        guard gates[0].waitUntilEntered() else { return }
        // Tag 1 joins the buffer behind the replay.
        #expect(onNewThread { hub.send(userAction: .numbered(thread: 1, sequence: 1)) }.waitOrFail("tag 1's send"))
        if replayWait == .overdue {
            gates[0].release()
            guard gates[1].waitUntilEntered() else { return }
        }
        // Tag 2's sender reaches `other`, then waits at the vendor's gate for the replay to end:
        // it is in flight on a roster that holds `other`.
        let sender = onNewThread { hub.send(userAction: .numbered(thread: 2, sequence: 2)) }
        guard waitOrFail(otherHasTag2, "tag 2 reaching the other strategies") else { return }
        gates.last?.release()

        // Deadlocked (the detach waiting for the sender, the sender for the replay): stop here,
        // since any further send would wait at the vendor's gate too.
        guard granter.waitOrFail("the grant (and the detach from its replay)") else { return }
        #expect(sender.waitOrFail("the sender waiting for the replay"))
        #expect(detached.items == [true])
        #expect(vendor.tags == [numbered(0), numbered(1, thread: 1), numbered(2, thread: 2)])
        #expect(other.tags == [numbered(0), numbered(1, thread: 1), numbered(2, thread: 2)])
        hub.send(userAction: .numbered(thread: 0, sequence: 3))
        #expect(other.tags == [numbered(0), numbered(1, thread: 1), numbered(2, thread: 2)])
        #expect(vendor.tags.last == numbered(3))
    }

    @Test func tagsAStrategySendsFromAReplayedTagComeAfterTheReplayAndNothingIsDropped() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub, bufferCapacity: 3)
        let (vendor, other, seenDuringVendorSend) = NestedSend.strategies(on: hub, sending: [100, 101])
        hub.attach(other)
        consent.register(vendor, for: [.analytics])
        for sequence in 0..<3 { hub.send(userAction: .numbered(thread: 0, sequence: sequence)) }  // kept: full

        consent.grant(.analytics)

        #expect(hub.diagnostics.totals == [:])
        #expect(
            vendor.tags == [numbered(0), numbered(1), numbered(2), numbered(100, thread: 1), numbered(101, thread: 1)]
        )
        #expect(
            other.tags == [numbered(0), numbered(1), numbered(2), numbered(100, thread: 1), numbered(101, thread: 1)]
        )
        #expect(seenDuringVendorSend.items == [])
    }

    // MARK: - A background worker runs its strategy in the hub's scope

    @Test func aTagSentFromABackgroundDeliveryReachesTheOthersOnceThatDeliveryHasReturned() async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let (vendor, other, seenDuringVendorSend) = NestedSend.strategies(on: hub, sending: [100])
        let background = BackgroundStrategy(wrapping: vendor)
        hub.attach(other)
        hub.attach(background)

        hub.send(userAction: .numbered(thread: 0, sequence: 0))
        guard await flushOrFail(hub) else { return }
        guard await flushOrFail(hub) else { return }  // the tag the vendor sent went through the queue too

        #expect(other.tags == [numbered(0), numbered(100, thread: 1)])
        #expect(vendor.tags == [numbered(0), numbered(100, thread: 1)])
        #expect(seenDuringVendorSend.items == [])
    }

    @Test func detachFromABackgroundDeliveryDoesNotWaitForDeliveriesOnOtherThreads() async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let gate = Gate()
        let blocked = DeliveryRecorder("blocked") { delivery in
            if delivery.tag == numbered(0) { gate.block() }
        }
        let detached = DispatchSemaphore(value: 0)
        let vendor = DeliveryRecorder("vendor") { delivery in
            guard delivery.tag == numbered(1) else { return }
            hub.detach(blocked)
            detached.signal()
        }
        hub.attach(blocked)
        hub.attach(BackgroundStrategy(wrapping: vendor))

        defer { gate.release() }
        let sender = onNewThread { hub.send(userAction: .numbered(thread: 0, sequence: 0)) }
        guard gate.waitUntilEntered() else { return }
        hub.send(userAction: .numbered(thread: 0, sequence: 1))

        // The vendor's detach returns while `blocked` is still inside its delivery of tag 0.
        #expect(waitOrFail(detached, "the detach on the background queue"))
        #expect(blocked.tags == [numbered(0), numbered(1)])
        gate.release()
        #expect(sender.waitOrFail("the send blocked at the gate"))
        guard await flushOrFail(hub) else { return }
        #expect(!hub.isAttached(blocked))
    }
}

// MARK: - Helpers

/// A vendor that sends tags of its own while it receives tag 0, and another strategy that records
/// what it receives while the vendor is still inside that `send`.
private enum NestedSend {
    /// The vendor sends `sequences` (from thread 1) from its `send` of tag 0.
    static func strategies(
        on hub: AnalyticsHub<SeedAnalytics>,
        sending sequences: [Int]
    ) -> (
        vendor: DeliveryRecorder, other: DeliveryRecorder, seenDuringVendorSend: LockedLog<AnalyticsTag<SeedAnalytics>>
    ) {
        let vendorIsSending = LockedFlag()
        let seenDuringVendorSend = LockedLog<AnalyticsTag<SeedAnalytics>>()
        let other = DeliveryRecorder("other") { delivery in
            if vendorIsSending.isSet { seenDuringVendorSend.append(delivery.tag) }
        }
        let vendor = DeliveryRecorder("vendor") { delivery in
            guard delivery.tag == numbered(0) else { return }
            vendorIsSending.set()
            defer { vendorIsSending.clear() }
            for sequence in sequences { hub.send(userAction: .numbered(thread: 1, sequence: sequence)) }
        }
        return (vendor, other, seenDuringVendorSend)
    }
}

/// The user action numbered `sequence`, from `thread`.
private func numbered(_ sequence: Int, thread: Int = 0) -> AnalyticsTag<SeedAnalytics> {
    .userAction(.numbered(thread: thread, sequence: sequence))
}

/// The app's own wrapper: passes user actions through, and says what it wraps.
class PassThrough: AnalyticsUserActionStrategy, AnalyticsWrappingStrategy, @unchecked Sendable {
    // `@unchecked`: a non-final class for `ObservingPassThrough`; every stored property is a `let`
    // of a `Sendable` value.
    typealias Schema = SeedAnalytics
    let wrappedStrategy: any AnalyticsStrategy<SeedAnalytics>
    private let next: any AnalyticsUserActionStrategy<SeedAnalytics>

    init(wrapping next: some AnalyticsUserActionStrategy<SeedAnalytics>) {
        self.wrappedStrategy = next
        self.next = next
    }

    func send(userAction: Schema.UserActionEnvelope) {
        next.send(userAction: userAction)
    }
}

/// The app's own wrapper, observing consent: it records the notices it gets.
final class ObservingPassThrough: PassThrough, AnalyticsConsentObserver, @unchecked Sendable {
    let notices = LockedLog<String>()

    func consentWasGranted() { notices.append("granted") }
    func consentWasWithdrawn() { notices.append("withdrawn") }
}

/// A vendor that records the consent notices it gets.
final class ObservingRecorder: AnalyticsUserActionStrategy, AnalyticsConsentObserver {
    typealias Schema = SeedAnalytics
    let notices = LockedLog<String>()

    func send(userAction: Schema.UserActionEnvelope) {}
    func consentWasGranted() { notices.append("granted") }
    func consentWasWithdrawn() { notices.append("withdrawn") }
}

/// The app's own wrapper, holding the delivery of tag 0 at a gate before it passes it on, and
/// signalling `handedOn` once it has.
final class HoldingPassThrough: PassThrough, @unchecked Sendable {
    private let gate: Gate
    private let handedOn: DispatchSemaphore

    init(wrapping next: some AnalyticsUserActionStrategy<SeedAnalytics>, gate: Gate, handedOn: DispatchSemaphore) {
        self.gate = gate
        self.handedOn = handedOn
        super.init(wrapping: next)
    }

    override func send(userAction: Schema.UserActionEnvelope) {
        let isHeld = userAction.tag == .numbered(thread: 0, sequence: 0)
        if isHeld { gate.block() }
        super.send(userAction: userAction)
        if isHeld { handedOn.signal() }
    }
}
