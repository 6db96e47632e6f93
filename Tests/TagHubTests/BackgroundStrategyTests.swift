import Dispatch
import Foundation
import TagHub
import TagHubTestSupport
import Testing

@Suite(.timeLimit(.minutes(1)), .onThreadsOfItsOwn) struct BackgroundStrategyTests {
    @Test func everyTagArrivesInOrderWithItsContextOffTheCallersThread() async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let deliveryThreads = LockedLog<ObjectIdentifier>()
        let recorder = DeliveryRecorder { _ in deliveryThreads.append(currentThreadIdentity()) }
        let background = BackgroundStrategy(wrapping: recorder)
        hub.attach(background)

        // Kept, not only its identity: on a thread of its own, the test's thread ends at its first
        // `await`, and a delivery thread made later could be given the ended thread's identity.
        let sendingThread = currentThread()
        hub.send(screen: .podcasts)
        hub.send(userAction: .playPodcast(swiftTalk))
        hub.send(screen: .favorites)
        hub.send(event: .playerDidLoad(swiftTalk))
        hub.send(state: .autoPlay(true))
        guard await flushOrFail(hub) else { return }

        #expect(
            recorder.deliveries == [
                Delivery(.screen(.podcasts), [.podcasts]),
                Delivery(.userAction(.playPodcast(swiftTalk)), [.podcasts]),
                Delivery(.screen(.favorites), [.podcasts, .favorites]),
                Delivery(.event(.playerDidLoad(swiftTalk)), [.podcasts, .favorites]),
                Delivery(.state(.autoPlay(true)), [.podcasts, .favorites]),
            ]
        )
        #expect(deliveryThreads.items.count == 5)
        #expect(!deliveryThreads.items.contains(ObjectIdentifier(sendingThread)))
        #expect(background.pendingTagCount == 0)
        #expect(hub.diagnostics.totals == [:])
    }

    @Test func withoutAFlushTagsAreDeliveredInOrderAfterTheGatheringDelay() throws {
        let hub = AnalyticsHub<SeedAnalytics>()
        let clock = ContinuousClock()
        let firstDelivery = LockedLog<ContinuousClock.Instant>()
        let allDelivered = DispatchSemaphore(value: 0)
        let recorder = DeliveryRecorder { delivery in
            if firstDelivery.items.isEmpty { firstDelivery.append(clock.now) }
            if delivery.tag == .userAction(.numbered(thread: 0, sequence: 99)) { allDelivered.signal() }
        }
        hub.attach(BackgroundStrategy(wrapping: recorder))

        let start = clock.now
        for sequence in 0..<100 {
            hub.send(userAction: .numbered(thread: 0, sequence: sequence))
        }
        // No flush: the worker starts by itself, a millisecond after the first tag.
        guard waitOrFail(allDelivered, "the worker to deliver the 100 tags without a flush") else { return }

        #expect(recorder.tags == (0..<100).map { .userAction(.numbered(thread: 0, sequence: $0)) })
        // The one wall-clock check kept: the guarantee is a delay, which no gate can show. It is a
        // lower bound, which a busy machine only makes easier to meet.
        let waited = try #require(firstDelivery.items.first) - start
        #expect(waited >= .milliseconds(1), "the worker started \(waited) after the first tag")
    }

    @Test func theWrapperTakesExactlyTheWrappedStrategysChannels() {
        #expect(BackgroundStrategy(wrapping: UserActionOnlyStrategy()).deliveredChannels == .userAction)
        #expect(
            BackgroundStrategy(wrapping: NarrowStrategy(accepting: [.screen, .state])).deliveredChannels == [
                .screen, .state,
            ]
        )
    }

    @Test func eachSendingThreadsTagsArriveInTheOrderItSentThem() async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let recorder = DeliveryRecorder()
        hub.attach(BackgroundStrategy(wrapping: recorder))
        let perThread = 2_000

        let senders = (0..<4).map { thread in
            onNewThread {
                for sequence in 0..<perThread {
                    hub.send(userAction: .numbered(thread: thread, sequence: sequence))
                }
            }
        }
        for (thread, sender) in senders.enumerated() {
            guard sender.waitOrFail(seconds: 30, "sender \(thread) to send its \(perThread) tags") else { return }
        }
        guard await flushOrFail(hub) else { return }

        var sequences: [Int: [Int]] = [:]
        for case .userAction(.numbered(let thread, let sequence)) in recorder.tags {
            sequences[thread, default: []].append(sequence)
        }
        #expect(sequences.count == 4)
        for thread in 0..<4 {
            #expect(sequences[thread] == Array(0..<perThread))
        }
    }

    /// Proved with a gate, not timed: the slow vendor is held in its `send` from its first tag
    /// until the end, so a caller or a vendor that waited for it would wait until the deadline.
    @Test func aSlowVendorCostsTheCallerNothingAndDelaysNoOtherVendor() async {
        let tagCount = 30
        let tags = (0..<tagCount).map { AnalyticsTag<SeedAnalytics>.userAction(.numbered(thread: 0, sequence: $0)) }

        // Without the wrapper, the vendor runs on the caller's thread: held there, it holds the caller.
        let directGate = Gate()
        defer { directGate.release() }
        let vendorThread = LockedLog<ObjectIdentifier>()
        let directHub = AnalyticsHub<SeedAnalytics>()
        directHub.attach(
            DeliveryRecorder("slow") { _ in
                vendorThread.append(currentThreadIdentity())
                directGate.block()
            }
        )
        let callerThread = LockedLog<ObjectIdentifier>()
        let directSender = onNewThread {
            callerThread.append(currentThreadIdentity())
            directHub.send(userAction: .numbered(thread: 0, sequence: 0))
        }
        guard directGate.waitUntilEntered() else { return }
        #expect(vendorThread.items == callerThread.items)
        directGate.release()
        guard directSender.waitOrFail("the direct send to return once the vendor was let go") else { return }

        // With it, the caller's sends return, and a second, fast vendor receives every tag, while
        // the slow vendor is held in its gate on the first tag.
        let hub = AnalyticsHub<SeedAnalytics>()
        let gate = Gate()
        defer { gate.release() }
        let slow = BackgroundStrategy(wrapping: DeliveryRecorder("slow") { _ in gate.block() })
        let fastHasAll = DispatchSemaphore(value: 0)
        let fast = DeliveryRecorder("fast") { delivery in
            if delivery.tag == tags.last { fastHasAll.signal() }
        }
        hub.attach(slow)
        hub.attach(BackgroundStrategy(wrapping: fast))

        let firstSend = onNewThread { hub.send(userAction: .numbered(thread: 0, sequence: 0)) }
        guard firstSend.waitOrFail("the first send to return"), gate.waitUntilEntered() else { return }
        let otherSends = onNewThread {
            for sequence in 1..<tagCount { hub.send(userAction: .numbered(thread: 0, sequence: sequence)) }
        }
        guard otherSends.waitOrFail("\(tagCount - 1) sends to return while the slow vendor is held") else { return }
        guard waitOrFail(fastHasAll, "the fast vendor to receive every tag while the slow one is held") else { return }
        #expect(fast.tags == tags)
        #expect(slow.wrapped.tags == [tags[0]])
        #expect(slow.pendingTagCount == tagCount - 1)

        gate.release()
        guard await flushOrFail(hub) else { return }
        #expect(slow.wrapped.tags == tags)
        #expect(fast.tags == tags)
    }

    @Test(arguments: [OverflowPolicy.dropOldest, .dropNewest])
    func aFullQueueDropsByItsPolicyAndCountsEveryDrop(policy: OverflowPolicy) async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let gate = Gate()
        defer { gate.release() }
        let first = LockedFlag()
        let recorder = DeliveryRecorder { _ in
            if first.setIfUnset() { gate.block() }
        }
        let background = BackgroundStrategy(wrapping: recorder, capacity: 10, overflowPolicy: policy)
        hub.attach(background)

        hub.send(userAction: .numbered(thread: 0, sequence: 0))
        guard gate.waitUntilEntered() else { return }  // tag 0 is being delivered; the queue is empty
        for sequence in 1...25 { hub.send(userAction: .numbered(thread: 0, sequence: sequence)) }

        #expect(background.pendingTagCount == 10)
        #expect(hub.diagnostics.count(of: .droppedByBound, source: background.name) == 15)
        gate.release()
        guard await flushOrFail(background) else { return }

        let delivered = recorder.tags.compactMap { tag -> Int? in
            guard case .userAction(.numbered(_, let sequence)) = tag else { return nil }
            return sequence
        }
        #expect(delivered == [0] + (policy == .dropOldest ? Array(16...25) : Array(1...10)))
        #expect(hub.diagnostics.count(of: .droppedByBound, source: background.name) == 15)
    }

    @Test func flushWaitsForTheTagsSentBeforeIt() async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let gate = Gate()
        defer { gate.release() }
        let order = LockedLog<String>()
        let recorder = DeliveryRecorder { _ in
            gate.block()
            order.append("delivered")
        }
        let background = BackgroundStrategy(wrapping: recorder)
        hub.attach(background)
        hub.send(userAction: .numbered(thread: 0, sequence: 0))
        guard gate.waitUntilEntered() else { return }

        let flush = Task {
            await awaitOrFail("the flush to return once the tag was delivered") {
                await hub.flush()
                order.append("flushed")
            }
        }
        // The one negative wait kept here: nothing outside the queue shows that the flush has
        // started waiting (its continuation is private), so the gate stays closed 100 ms to give a
        // flush that returns early the time to show it. A correct flush never returns while the
        // gate is closed: a busy machine can make this check weaker, never red. The test's thread
        // sleeps rather than suspends: a suspended test waits for a thread of the concurrency pool
        // to resume it, which other tests may hold for longer than the gate's own limit, after
        // which the gate opens by itself and the check below would see the flush return.
        blockThisThread(milliseconds: 100)
        #expect(order.items.isEmpty, "the flush returned while the tag was still being delivered")
        gate.release()
        guard await flush.value else { return }
        #expect(order.items == ["delivered", "flushed"])
        #expect(recorder.tags == [.userAction(.numbered(thread: 0, sequence: 0))])
    }

    @Test func cancellingWaitsForTheDeliveryUnderWayThenNothingMoreArrives() async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let gate = Gate()
        defer { gate.release() }
        let first = LockedFlag()
        let order = LockedLog<String>()
        let recorder = DeliveryRecorder { _ in
            guard first.setIfUnset() else { return }
            gate.block()
            order.append("delivery under way ended")
        }
        let background = BackgroundStrategy(wrapping: recorder)
        hub.attach(background)
        for sequence in 0..<5 { hub.send(userAction: .numbered(thread: 0, sequence: sequence)) }
        guard gate.waitUntilEntered() else { return }
        #expect(background.pendingTagCount == 4)

        let cancelled = LockedLog<Int>()
        let canceller = onNewThread {
            cancelled.append(background.cancelPendingDeliveries())
            order.append("cancel returned")
        }
        // Once the queue is empty, the cancellation is under way; the delivery it must wait for
        // is held in the gate, so it must not have returned.
        guard waitUntil("the cancellation to empty the queue", { background.pendingTagCount == 0 }) else { return }
        #expect(order.items.isEmpty, "cancel returned while a delivery was under way")
        gate.release()
        guard canceller.waitOrFail("the cancellation to return once the delivery ended") else { return }
        #expect(order.items == ["delivery under way ended", "cancel returned"])

        #expect(cancelled.items == [4])
        #expect(hub.diagnostics.count(of: .cancelled, source: background.name, channel: .userAction) == 4)
        #expect(hub.diagnostics.count(of: .droppedByBound) == 0)
        guard await flushOrFail(background) else { return }
        #expect(recorder.tags == [.userAction(.numbered(thread: 0, sequence: 0))])
    }

    /// The worker goes from one tag to the next without ever being idle: the cancellation must
    /// wait for the delivery under way when it began, not for the deliveries of tags another
    /// thread sends meanwhile. Proved with two gates: the cancellation must return while the
    /// worker is held delivering a tag sent after it began.
    @Test func cancellingWaitsOnlyForTheDeliveryUnderWayWhileAnotherThreadKeepsSending() async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let underWay = Gate()
        let sentLater = Gate()
        defer {
            underWay.release()
            sentLater.release()
        }
        let recorder = DeliveryRecorder { delivery in
            if delivery.tag == .userAction(.numbered(thread: 0, sequence: 0)) {
                underWay.block()
            } else {
                sentLater.block()
            }
        }
        let background = BackgroundStrategy(wrapping: recorder)
        hub.attach(background)
        hub.send(userAction: .numbered(thread: 0, sequence: 0))
        guard underWay.waitUntilEntered() else { return }
        hub.send(userAction: .numbered(thread: 0, sequence: 1))

        let cancelled = LockedLog<Int>()
        let canceller = onNewThread { cancelled.append(background.cancelPendingDeliveries()) }
        // Tag 1 is gone once the cancellation is under way, waiting for tag 0.
        guard waitUntil("the cancellation to empty the queue", { background.pendingTagCount == 0 }) else { return }
        let sender = onNewThread {
            for sequence in 0..<3 { hub.send(userAction: .numbered(thread: 1, sequence: sequence)) }
        }
        guard sender.waitOrFail("the other thread's sends to return") else { return }
        underWay.release()
        guard sentLater.waitUntilEntered() else { return }
        guard canceller.waitOrFail("the cancellation to return while a later tag was being delivered") else { return }
        #expect(cancelled.items == [1])
        #expect(
            recorder.tags == [
                .userAction(.numbered(thread: 0, sequence: 0)), .userAction(.numbered(thread: 1, sequence: 0)),
            ]
        )

        sentLater.release()
        guard await flushOrFail(background) else { return }
        #expect(
            recorder.tags
                == [.userAction(.numbered(thread: 0, sequence: 0))]
                + (0..<3).map { .userAction(.numbered(thread: 1, sequence: $0)) }
        )
    }

    @Test func goingBackToUndecidedWithinTheGatheringDelayDeliversWhatWasQueued() {
        for _ in 0..<50 {
            let hub = AnalyticsHub<SeedAnalytics>()
            let consent = AnalyticsConsent(hub: hub)
            let recorder = DeliveryRecorder()
            consent.register(BackgroundStrategy(wrapping: recorder), for: [.analytics])
            consent.grant(.analytics)
            // Going back to undecided returns once the queue is delivered, without waiting for the
            // gathering delay. On another thread, so that a wait that never ends fails the test.
            let decider = onNewThread {
                hub.send(userAction: .numbered(thread: 0, sequence: 0))
                consent.set(.undecided, for: [.analytics])
            }
            guard decider.waitOrFail("going back to undecided to deliver the queue and return") else { return }
            #expect(recorder.tags == [.userAction(.numbered(thread: 0, sequence: 0))])
        }
    }

    @Test func theWrappedStrategyMayCancelFromItsOwnSend() async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let box = LockedLog<BackgroundStrategy<DeliveryRecorder>>()
        let recorder = DeliveryRecorder { _ in box.items.first?.cancelPendingDeliveries() }
        let background = BackgroundStrategy(wrapping: recorder)
        box.append(background)
        hub.attach(background)

        for sequence in 0..<3 { hub.send(userAction: .numbered(thread: 0, sequence: sequence)) }
        guard await flushOrFail(background) else { return }

        // The first delivery cancelled what was queued behind it, without waiting for itself.
        #expect(recorder.tags.count + hub.diagnostics.count(of: .cancelled, source: background.name) == 3)
        #expect(recorder.tags.first == .userAction(.numbered(thread: 0, sequence: 0)))
        box.removeAll()
    }

    @Test func flushingAHubWithoutBackgroundStrategiesReturnsAtOnce() async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let recorder = DeliveryRecorder()
        hub.attach(recorder)
        hub.send(screen: .podcasts)
        guard await flushOrFail(hub) else { return }
        #expect(recorder.tags == [.screen(.podcasts)])
    }
}
