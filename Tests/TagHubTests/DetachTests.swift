import Dispatch
import Foundation
import TagHub
import TagHubTestSupport
import Testing

@Suite(.timeLimit(.minutes(1)), .onThreadsOfItsOwn) struct DetachTests {
    @Test func afterDetachTheStrategyReceivesNothingMore() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let recorder = DeliveryRecorder()
        hub.attach(recorder)
        hub.send(screen: .podcasts)
        #expect(hub.detach(recorder))
        hub.send(screen: .favorites)
        hub.send(userAction: .playPodcast(swiftTalk))
        hub.send(event: .playerDidPlay(swiftTalk))
        hub.send(state: .autoPlay(false))
        #expect(recorder.tags == [.screen(.podcasts)])
        #expect(!hub.isAttached(recorder))
        #expect(hub.attachedStrategies.isEmpty)
    }

    @Test func oneOfTwoStrategiesOfTheSameTypeCanBeDetached() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let europe = DeliveryRecorder("europe")
        let america = DeliveryRecorder("america")
        hub.attach(europe)
        hub.attach(america)
        hub.send(event: .playerDidLoad(swiftTalk))
        hub.detach(europe)
        hub.send(event: .playerDidPlay(swiftTalk))
        #expect(europe.tags == [.event(.playerDidLoad(swiftTalk))])
        #expect(america.tags == [.event(.playerDidLoad(swiftTalk)), .event(.playerDidPlay(swiftTalk))])
        #expect(hub.attachedStrategies.map(ObjectIdentifier.init) == [ObjectIdentifier(america)])
    }

    @Test func aDetachedStrategyCanBeAttachedAgain() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let recorder = DeliveryRecorder()
        hub.attach(recorder)
        hub.detach(recorder)
        hub.send(event: .playerDidLoad(swiftTalk))
        #expect(hub.attach(recorder))
        hub.send(event: .playerDidPlay(swiftTalk))
        #expect(recorder.tags == [.event(.playerDidPlay(swiftTalk))])
    }

    @Test func detachingAStrategyThatIsNotAttachedReturnsFalseAndChangesNothing() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let attached = DeliveryRecorder()
        hub.attach(attached)
        #expect(!hub.detach(DeliveryRecorder()))
        hub.send(state: .autoPlay(true))
        #expect(attached.tags == [.state(.autoPlay(true))])
    }

    @Test func attachingTheSameInstanceTwiceReturnsFalseAndItReceivesEachTagOnce() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let recorder = DeliveryRecorder()
        #expect(hub.attach(recorder))
        #expect(!hub.attach(recorder))
        hub.send(userAction: .pausePodcast(swiftTalk))
        #expect(recorder.tags == [.userAction(.pausePodcast(swiftTalk))])
        #expect(hub.attachedStrategies.count == 1)
        #expect(hub.detach(recorder))
        #expect(!hub.isAttached(recorder))
    }

    /// The hard case: a send on another thread picked the strategy before `detach` was called.
    /// The blocking strategy comes first, so a `detach` that did not wait would be followed by a
    /// delivery to the detached one.
    @Test func detachWaitsForADeliveryUnderWayOnAnotherThread() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let gate = Gate()
        defer { gate.release() }
        let detachReturned = LockedFlag()
        let receivedAfterDetachReturned = LockedLog<AnalyticsTag<SeedAnalytics>>()
        let order = LockedLog<String>()
        let blocker = DeliveryRecorder("blocker") { delivery in
            if delivery.tag == .event(.playerDidLoad(swiftTalk)) {
                gate.block()
                order.append("blocker let go")
            }
        }
        let detached = DeliveryRecorder("detached") { delivery in
            if detachReturned.isSet { receivedAfterDetachReturned.append(delivery.tag) }
            order.append("detached received \(delivery.tag.eventName)")
        }
        hub.attach(blocker)
        hub.attach(detached)

        let sending = onNewThread { hub.send(event: .playerDidLoad(swiftTalk)) }
        guard gate.waitUntilEntered() else { return }
        let detaching = onNewThread {
            hub.detach(detached)
            detachReturned.set()
            order.append("detach returned")
        }
        // Once the strategy is out of the roster, detach is running; the delivery it must wait
        // for is held in the gate, so it must still be waiting.
        guard waitUntil("detach to take the strategy out", { !hub.isAttached(detached) }) else { return }
        #expect(!detachReturned.isSet)

        gate.release()
        guard detaching.waitOrFail("detach to return once the delivery ended"),
            sending.waitOrFail("the send to return")
        else { return }
        hub.send(event: .playerDidPlay(swiftTalk))
        #expect(order.items == ["blocker let go", "detached received load", "detach returned"])
        #expect(detached.tags == [.event(.playerDidLoad(swiftTalk))])
        #expect(receivedAfterDetachReturned.items.isEmpty)
    }

    /// Two consent revocations of one strategy at once: the second `detach` finds it gone, and must
    /// still wait for the delivery under way.
    @Test func aSecondDetachOfTheSameStrategyAlsoWaitsForADeliveryUnderWay() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let gate = Gate()
        defer { gate.release() }
        let secondDetachReturned = LockedFlag()
        let late = LockedLog<AnalyticsTag<SeedAnalytics>>()
        let order = LockedLog<String>()
        let blocker = DeliveryRecorder("blocker") { _ in
            gate.block()
            order.append("blocker let go")
        }
        let target = DeliveryRecorder("target") { delivery in
            if secondDetachReturned.isSet { late.append(delivery.tag) }
            order.append("target received \(delivery.tag.eventName)")
        }
        hub.attach(blocker)
        hub.attach(target)

        let sending = onNewThread { hub.send(event: .playerDidLoad(swiftTalk)) }
        guard gate.waitUntilEntered() else { return }
        let first = onNewThread { hub.detach(target) }
        guard waitUntil("the first detach to take the strategy out", { !hub.isAttached(target) }) else { return }
        let secondResult = LockedLog<Bool>()
        let second = onNewThread {
            secondResult.append(hub.detach(target))
            secondDetachReturned.set()
            order.append("second detach returned")
        }
        // The one negative wait kept here: the second detach finds the strategy gone and changes
        // nothing anyone can see, so nothing shows it has started waiting. 200 ms give one that
        // returns early the time to show it; a correct detach cannot return while the delivery is
        // held, so a busy machine can make this check weaker, never red.
        #expect(!second.finishes(within: 200))

        gate.release()
        guard sending.waitOrFail("the send to return"), first.waitOrFail("the first detach to return"),
            second.waitOrFail("the second detach to return once the delivery ended")
        else { return }
        #expect(order.items == ["blocker let go", "target received load", "second detach returned"])
        #expect(secondResult.items == [false])
        #expect(late.items.isEmpty)
    }

    @Test func detachDoesNotWaitForASendOnAChannelTheStrategyDoesNotTake() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let gate = Gate()
        defer { gate.release() }
        let slow = DeliveryRecorder("slow") { delivery in
            if delivery.tag.channel == .event { gate.block() }
        }
        let screensOnly = NarrowStrategy(accepting: .screen)
        hub.attach(slow)
        hub.attach(screensOnly)

        let sending = onNewThread { hub.send(event: .playerDidLoad(swiftTalk)) }
        guard gate.waitUntilEntered() else { return }
        // Must return while the send is held in the gate.
        let detached = onNewThread { hub.detach(screensOnly) }.waitOrFail("detach to return while the send is held")
        gate.release()
        guard detached, sending.waitOrFail("the send to return") else { return }
        #expect(!hub.isAttached(screensOnly))
    }

    @Test func aStrategyDetachedFromInsideADeliveryMissesTheRestOfIt() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let holder = Holder()
        let first = DeliveryRecorder("first") { delivery in
            if delivery.tag == .event(.playerDidLoad(swiftTalk)), let second = holder.second {
                #expect(hub.detach(second))
                hub.send(event: .playerDidPlay(swiftTalk))
            }
        }
        let second = DeliveryRecorder("second")
        holder.second = second
        hub.attach(first)
        hub.attach(second)

        hub.send(event: .playerDidLoad(swiftTalk))
        hub.send(event: .playerDidStop(swiftTalk))

        #expect(
            first.tags == [
                .event(.playerDidLoad(swiftTalk)), .event(.playerDidPlay(swiftTalk)), .event(.playerDidStop(swiftTalk)),
            ]
        )
        #expect(second.tags == [])
    }

    @Test func aStrategyMayDetachItselfFromInsideItsSend() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let holder = Holder()
        let once = DeliveryRecorder("once") { _ in
            if let me = holder.second { hub.detach(me) }
        }
        holder.second = once
        hub.attach(once)
        hub.send(userAction: .playPodcast(swiftTalk))
        hub.send(userAction: .pausePodcast(swiftTalk))
        #expect(once.tags == [.userAction(.playPodcast(swiftTalk))])
        #expect(!hub.isAttached(once))
    }

    /// Two threads, each inside a delivery of one hub, detach the strategy the other is delivering
    /// to: if either waited, both would wait forever.
    @Test func detachesFromInsideDeliveriesOnTwoThreadsDoNotDeadlock() {
        let hubA = AnalyticsHub<SeedAnalytics>()
        let hubB = AnalyticsHub<SeedAnalytics>()
        let xEntered = DispatchSemaphore(value: 0)
        let yEntered = DispatchSemaphore(value: 0)
        let holder = Holder()
        let results = LockedLog<String>()
        // Each waits until the other is inside its delivery too; from the delivery threads, a
        // failure names no test, but the run fails and the test's own waits fail too.
        let x = DeliveryRecorder("x") { _ in
            xEntered.signal()
            waitOrFail(yEntered, "y's delivery to start")
            if let y = holder.second { results.append("x detached y: \(hubB.detach(y))") }
        }
        let y = DeliveryRecorder("y") { _ in
            yEntered.signal()
            waitOrFail(xEntered, "x's delivery to start")
            if let x = holder.first { results.append("y detached x: \(hubA.detach(x))") }
        }
        holder.first = x
        holder.second = y
        hubA.attach(x)
        hubB.attach(y)

        let sendingA = onNewThread { hubA.send(event: .playerDidLoad(swiftTalk)) }
        let sendingB = onNewThread { hubB.send(event: .playerDidLoad(swiftTalk)) }
        guard sendingA.waitOrFail("the send to hub A to return"), sendingB.waitOrFail("the send to hub B to return")
        else { return }
        #expect(results.items.sorted() == ["x detached y: true", "y detached x: true"])
        #expect(hubA.attachedStrategies.isEmpty && hubB.attachedStrategies.isEmpty)
    }

    @Test func queuedTagsSkipAStrategyDetachedInsideTheDelivery() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let holder = Holder()
        let victim = DeliveryRecorder("victim")
        let trigger = trigger(holder) { victim in
            hub.send(event: .playerDidPlay(swiftTalk))  // queued, from a roster that holds the victim
            #expect(hub.detach(victim))
        }
        holder.second = victim
        hub.attach(victim)
        hub.attach(trigger)
        hub.send(event: .playerDidLoad(swiftTalk))
        #expect(victim.tags == [.event(.playerDidLoad(swiftTalk))])
        #expect(trigger.tags == [.event(.playerDidLoad(swiftTalk)), .event(.playerDidPlay(swiftTalk))])
    }

    @Test func detachingFromAnotherHubAStrategyItDoesNotHoldChangesNothingHere() {
        let hubA = AnalyticsHub<SeedAnalytics>()
        let hubB = AnalyticsHub<SeedAnalytics>()
        let holder = Holder()
        let trigger = DeliveryRecorder("trigger") { _ in
            if let shared = holder.second { #expect(!hubB.detach(shared)) }
        }
        let shared = DeliveryRecorder("shared")
        holder.second = shared
        hubA.attach(trigger)
        hubA.attach(shared)
        hubB.raiseGeneration()
        hubA.send(event: .playerDidLoad(swiftTalk))
        #expect(hubA.isAttached(shared))
        #expect(shared.tags == [.event(.playerDidLoad(swiftTalk))])
    }

    @Test func detachingFromAnotherHubInsideADeliveryDoesNotSkipTheStrategyHere() {
        let hubA = AnalyticsHub<SeedAnalytics>()
        let hubB = AnalyticsHub<SeedAnalytics>()
        let holder = Holder()
        let trigger = trigger(holder) { shared in
            #expect(hubB.detach(shared))
            hubA.send(event: .playerDidPlay(swiftTalk))
        }
        let shared = DeliveryRecorder("shared")
        holder.second = shared
        hubA.attach(trigger)
        hubA.attach(shared)
        hubB.raiseGeneration()
        hubB.attach(shared)
        hubA.send(event: .playerDidLoad(swiftTalk))
        #expect(shared.tags == [.event(.playerDidLoad(swiftTalk)), .event(.playerDidPlay(swiftTalk))])
    }

    @Test func attachingToAnotherHubDoesNotUndoADetachFromThisOne() {
        let hubA = AnalyticsHub<SeedAnalytics>()
        let hubB = AnalyticsHub<SeedAnalytics>()
        let holder = Holder()
        let trigger = trigger(holder) { victim in
            #expect(hubA.detach(victim))
            hubB.attach(victim)
        }
        let victim = DeliveryRecorder("victim")
        holder.second = victim
        hubA.attach(trigger)
        hubA.attach(victim)
        hubA.send(event: .playerDidLoad(swiftTalk))
        #expect(victim.tags == [])
    }

    /// Detached inside a delivery, then attached again (by another thread, or by this one): a tag
    /// the detaching thread sends next, still inside its delivery, reaches it.
    @Test(arguments: [true, false])
    func aStrategyAttachedAgainReceivesWhatTheDetachingThreadSendsNext(attachedByAnotherThread: Bool) {
        let hub = AnalyticsHub<SeedAnalytics>()
        let holder = Holder()
        let trigger = trigger(holder) { strategy in
            #expect(hub.detach(strategy))
            if attachedByAnotherThread {
                onNewThread { hub.attach(strategy) }.waitOrFail("the other thread to attach the strategy again")
            } else {
                hub.attach(strategy)
            }
            hub.send(event: .playerDidPlay(swiftTalk))
        }
        let strategy = DeliveryRecorder("strategy")
        holder.second = strategy
        hub.attach(trigger)
        hub.attach(strategy)
        hub.send(event: .playerDidLoad(swiftTalk))
        #expect(strategy.tags == [.event(.playerDidPlay(swiftTalk))])
    }

    /// Another thread detached `target` and waits for this delivery; inside it, this thread
    /// detaches `target` too: `false`, but the rest of the fan-out must skip it all the same.
    @Test func aDetachInsideADeliveryAfterAnotherThreadsDetachStillSkipsTheStrategy() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let gate = Gate()
        defer { gate.release() }
        let holder = Holder()
        let detachReturnedHere = LockedFlag()
        let results = LockedLog<Bool>()
        let late = LockedLog<AnalyticsTag<SeedAnalytics>>()
        let first = trigger(holder) { target in
            gate.block()
            results.append(hub.detach(target))
            detachReturnedHere.set()
        }
        let target = DeliveryRecorder("target") { delivery in
            if detachReturnedHere.isSet { late.append(delivery.tag) }
        }
        holder.second = target
        hub.attach(first)
        hub.attach(target)

        let sending = onNewThread { hub.send(event: .playerDidLoad(swiftTalk)) }
        guard gate.waitUntilEntered() else { return }
        let other = onNewThread { hub.detach(target) }
        guard waitUntil("the other thread's detach to take the strategy out", { !hub.isAttached(target) }) else {
            return
        }
        gate.release()
        guard sending.waitOrFail("the send to return"), other.waitOrFail("the other thread's detach to return") else {
            return
        }
        #expect(results.items == [false])
        #expect(late.items.isEmpty)
    }

    /// `detach` waits for the sends under way when it was called, not for sends that started
    /// later from a roster where the strategy was attached again: under steady consent toggling it
    /// would otherwise wait without end.
    @Test func detachDoesNotWaitForSendsThatStartedAfterItWasCalled() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let firstGate = Gate()
        let secondGate = Gate()
        defer {
            firstGate.release()
            secondGate.release()
        }
        let blocker = DeliveryRecorder("blocker") { delivery in
            if delivery.tag == .event(.playerDidLoad(swiftTalk)) { firstGate.block() }
            if delivery.tag == .event(.playerDidPlay(swiftTalk)) { secondGate.block() }
        }
        let target = DeliveryRecorder("target")
        hub.attach(blocker)
        hub.attach(target)

        let firstSend = onNewThread { hub.send(event: .playerDidLoad(swiftTalk)) }
        guard firstGate.waitUntilEntered() else { return }
        let detaching = onNewThread { hub.detach(target) }
        guard waitUntil("detach to take the strategy out", { !hub.isAttached(target) }) else { return }
        // Consent granted again, a new send starts, and an unrelated attach retires its roster.
        hub.attach(target)
        let secondSend = onNewThread { hub.send(event: .playerDidPlay(swiftTalk)) }
        guard secondGate.waitUntilEntered() else { return }
        hub.attach(DeliveryRecorder("unrelated"))

        firstGate.release()
        // Must return while the second send, which started after it, is held in its gate.
        guard firstSend.waitOrFail("the first send to return"),
            detaching.waitOrFail("detach to return while a later send is held")
        else { return }
        secondGate.release()
        guard secondSend.waitOrFail("the second send to return") else { return }
        #expect(target.tags == [.event(.playerDidLoad(swiftTalk)), .event(.playerDidPlay(swiftTalk))])
    }

    /// A screen leaving the history is released by the send that pushed it out; its `deinit` may
    /// detach a strategy without waiting for that very send.
    @Test func aScreenWhoseDeinitDetachesDoesNotDeadlockTheSendThatReleasesIt() {
        let hub = AnalyticsHub<TokenSchema>(screenHistoryLimit: 1)
        let watcher = TokenStrategy()
        let other = TokenStrategy()
        hub.attach(watcher)
        hub.attach(other)
        let sending = onNewThread {
            hub.send(screen: Token { hub.detach(other) })
            hub.send(screen: Token {})
            hub.send(screen: Token {})
        }
        guard sending.waitOrFail("the sends to return") else { return }
        #expect(!hub.isAttached(other))
    }

    @Test func nothingIsKeptAliveOnceTheOutermostSendHasReturned() {
        weak var weakVictim: DeliveryRecorder?
        weak var weakHub: AnalyticsHub<SeedAnalytics>?
        do {
            let hub = AnalyticsHub<SeedAnalytics>()
            weakHub = hub
            let holder = Holder()
            do {
                let victim = DeliveryRecorder("victim")
                weakVictim = victim
                holder.second = victim
                hub.attach(victim)
            }
            let trigger = DeliveryRecorder("trigger") { [unowned hub] _ in
                guard let victim = holder.second else { return }
                holder.second = nil
                hub.send(event: .playerDidPlay(swiftTalk))
                hub.detach(victim)
            }
            hub.attach(trigger)
            hub.send(event: .playerDidLoad(swiftTalk))
        }
        #expect(weakVictim == nil)
        #expect(weakHub == nil)
    }

    #if compiler(>=6.2) && (os(macOS) || os(Linux))
    /// The last reference to a strategy detached inside a delivery goes when the delivery ends;
    /// its `deinit` may send.
    @Test func aStrategyReleasedWhenTheDeliveryEndsMaySendFromItsDeinit() async {
        await #expect(processExitsWith: .success) {
            let hub = AnalyticsHub<SeedAnalytics>()
            let audit = AnalyticsHub<SeedAnalytics>()
            let auditLog = DeliveryRecorder("audit")
            audit.attach(auditLog)
            let trigger = DeliveryRecorder("trigger") { delivery in
                guard delivery.tag == .event(.playerDidLoad(swiftTalk)) else { return }
                let sender = DeinitSender(audit)
                hub.attach(sender)
                hub.send(event: .playerDidPlay(swiftTalk))
                hub.detach(sender)
            }
            hub.attach(trigger)
            hub.send(event: .playerDidLoad(swiftTalk))
            precondition(auditLog.tags == [.event(.playerDidStop(swiftTalk))])
        }
    }
    #endif
}

extension AnalyticsHub<SeedAnalytics> {
    /// Gives this hub's rosters later generations than a new hub's, so that a skip mark that forgot
    /// which hub it is for would apply to the other hub's deliveries.
    func raiseGeneration() {
        for _ in 0..<5 {
            let passing = DeliveryRecorder("passing")
            attach(passing)
            detach(passing)
        }
    }
}

/// A strategy that, when it receives `playerDidLoad`, runs `action` with the strategy `holder`
/// holds by then.
func trigger(_ holder: Holder, _ action: @escaping @Sendable (DeliveryRecorder) -> Void) -> DeliveryRecorder {
    DeliveryRecorder("trigger") { delivery in
        guard delivery.tag == .event(.playerDidLoad(swiftTalk)), let target = holder.second else { return }
        action(target)
    }
}

/// Sends to `audit` from its `deinit`.
final class DeinitSender: AnalyticsEventStrategy {
    typealias Schema = SeedAnalytics
    let audit: AnalyticsHub<SeedAnalytics>
    init(_ audit: AnalyticsHub<SeedAnalytics>) { self.audit = audit }
    func send(event: Schema.EventEnvelope) {}
    deinit { audit.send(event: .playerDidStop(swiftTalk)) }
}

/// Lets a strategy's closure reach strategies created after it.
final class Holder: @unchecked Sendable {
    // Safe: set on the test's thread before any send and read after, or set and read by one thread.
    var first: DeliveryRecorder?
    var second: DeliveryRecorder?
}

/// A screen that runs `onDeinit` when released.
final class Token: Sendable, CustomStringConvertible {
    let onDeinit: @Sendable () -> Void
    init(_ onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
    var description: String { "token" }
}

enum TokenSchema: AnalyticsSchema {
    typealias Screen = Token
    typealias UserAction = Never
    typealias Event = Never
    typealias State = Never
}

final class TokenStrategy: AnalyticsScreenStrategy {
    typealias Schema = TokenSchema
    func send(screen: Schema.ScreenEnvelope) {}
}
