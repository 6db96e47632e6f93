import Dispatch
import Foundation
import TagHub
import Testing

@Suite struct BackgroundStrategyTests {
    @Test func everyTagArrivesInOrderWithItsContextOffTheCallersThread() async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let deliveryThreads = LockedLog<ObjectIdentifier>()
        let recorder = DeliveryRecorder { _ in deliveryThreads.append(currentThreadIdentity()) }
        let background = BackgroundStrategy(wrapping: recorder)
        hub.attach(background)

        let sendingThread = currentThreadIdentity()
        hub.send(screen: .podcasts)
        hub.send(userAction: .playPodcast(swiftTalk))
        hub.send(screen: .favorites)
        hub.send(event: .playerDidLoad(swiftTalk))
        hub.send(state: .autoPlay(true))
        await hub.flush()

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
        #expect(!deliveryThreads.items.contains(sendingThread))
        #expect(background.pendingTagCount == 0)
        #expect(hub.diagnostics.totals == [:])
    }

    @Test func withoutAFlushTagsAreDeliveredInOrderAfterTheGatheringDelay() async throws {
        let hub = AnalyticsHub<SeedAnalytics>()
        let clock = ContinuousClock()
        let firstDelivery = LockedLog<ContinuousClock.Instant>()
        let recorder = DeliveryRecorder { _ in
            if firstDelivery.items.isEmpty { firstDelivery.append(clock.now) }
        }
        hub.attach(BackgroundStrategy(wrapping: recorder))

        let start = clock.now
        for sequence in 0..<100 {
            hub.send(userAction: .numbered(thread: 0, sequence: sequence))
        }
        // No flush: the worker starts by itself, a millisecond after the first tag.
        let deadline = start + .seconds(10)
        while recorder.tags.count < 100 && clock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
        }

        #expect(recorder.tags == (0..<100).map { .userAction(.numbered(thread: 0, sequence: $0)) })
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
        for sender in senders { #expect(sender.finishes(within: 60_000)) }
        await hub.flush()

        var sequences: [Int: [Int]] = [:]
        for case .userAction(.numbered(let thread, let sequence)) in recorder.tags {
            sequences[thread, default: []].append(sequence)
        }
        #expect(sequences.count == 4)
        for thread in 0..<4 {
            #expect(sequences[thread] == Array(0..<perThread))
        }
    }

    @Test func aSlowVendorCostsTheCallerNothingAndDelaysNoOtherVendor() async {
        let tagCount = 30
        let slow = DeliveryRecorder("slow") { _ in Thread.sleep(forTimeInterval: 0.010) }

        // Without the wrapper, the caller waits 10 ms a tag.
        let directHub = AnalyticsHub<SeedAnalytics>()
        directHub.attach(slow)
        let direct = ContinuousClock().measure {
            for sequence in 0..<tagCount { directHub.send(userAction: .numbered(thread: 0, sequence: sequence)) }
        }

        // With it, the same sends return at once, and a second, fast vendor has every tag while
        // the slow one has had few. (Measured inside the vendors: a flush's wake-up could wait for
        // a thread of the concurrency pool, which other tests may hold.) The caller's time is the
        // best of three rounds: on a busy machine, a sending thread that is merely descheduled
        // would otherwise look slow.
        var bestWrapped = Duration.seconds(3_600)
        for _ in 0..<3 {
            let hub = AnalyticsHub<SeedAnalytics>()
            let slowWrapped = BackgroundStrategy(
                wrapping: DeliveryRecorder("slow") { _ in Thread.sleep(forTimeInterval: 0.010) }
            )
            let slowCountWhenFastWasDone = LockedLog<Int>()
            let fast = DeliveryRecorder("fast") { delivery in
                if delivery.tag == .userAction(.numbered(thread: 0, sequence: tagCount - 1)) {
                    slowCountWhenFastWasDone.append(slowWrapped.wrapped.tags.count)
                }
            }
            hub.attach(slowWrapped)
            hub.attach(BackgroundStrategy(wrapping: fast))
            let wrapped = ContinuousClock().measure {
                for sequence in 0..<tagCount { hub.send(userAction: .numbered(thread: 0, sequence: sequence)) }
            }
            bestWrapped = min(bestWrapped, wrapped)
            await hub.flush()

            #expect(fast.tags.count == tagCount)
            #expect(slowWrapped.wrapped.tags.count == tagCount)
            let slowCount = slowCountWhenFastWasDone.items.first ?? tagCount
            #expect(slowCount < tagCount / 2, "the slow vendor had \(slowCount) tags when the fast one was done")
        }

        #expect(direct >= .milliseconds(10 * tagCount))
        #expect(bestWrapped * 20 < direct, "caller: \(bestWrapped) wrapped (best of 3), \(direct) direct")
    }

    @Test(arguments: [OverflowPolicy.dropOldest, .dropNewest])
    func aFullQueueDropsByItsPolicyAndCountsEveryDrop(policy: OverflowPolicy) async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let gate = Gate()
        let first = LockedFlag()
        let recorder = DeliveryRecorder { _ in
            if first.setIfUnset() { gate.block() }
        }
        let background = BackgroundStrategy(wrapping: recorder, capacity: 10, overflowPolicy: policy)
        hub.attach(background)

        hub.send(userAction: .numbered(thread: 0, sequence: 0))
        gate.entered.wait()  // tag 0 is being delivered; the queue is empty
        for sequence in 1...25 { hub.send(userAction: .numbered(thread: 0, sequence: sequence)) }

        #expect(background.pendingTagCount == 10)
        #expect(hub.diagnostics.count(of: .droppedByBound, source: background.name) == 15)
        gate.release()
        await background.flush()

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
        let recorder = DeliveryRecorder { _ in gate.block() }
        let background = BackgroundStrategy(wrapping: recorder)
        hub.attach(background)
        hub.send(userAction: .numbered(thread: 0, sequence: 0))
        gate.entered.wait()

        let flushed = LockedFlag()
        let flush = Task {
            await hub.flush()
            _ = flushed.setIfUnset()
        }
        try? await Task.sleep(for: .milliseconds(100))
        #expect(!flushed.isSet)
        gate.release()
        await flush.value
        #expect(flushed.isSet)
        #expect(recorder.tags.count == 1)
    }

    @Test func cancellingWaitsForTheDeliveryUnderWayThenNothingMoreArrives() async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let gate = Gate()
        let first = LockedFlag()
        let recorder = DeliveryRecorder { _ in
            if first.setIfUnset() { gate.block() }
        }
        let background = BackgroundStrategy(wrapping: recorder)
        hub.attach(background)
        for sequence in 0..<5 { hub.send(userAction: .numbered(thread: 0, sequence: sequence)) }
        gate.entered.wait()

        let cancelled = LockedLog<Int>()
        let canceller = onNewThread { cancelled.append(background.cancelPendingDeliveries()) }
        #expect(!canceller.finishes(within: 200), "cancel returned while a delivery was under way")
        gate.release()
        #expect(canceller.finishes(within: 10_000))

        #expect(cancelled.items == [4])
        #expect(hub.diagnostics.count(of: .cancelled, source: background.name, channel: .userAction) == 4)
        #expect(hub.diagnostics.count(of: .droppedByBound) == 0)
        await background.flush()
        #expect(recorder.tags == [.userAction(.numbered(thread: 0, sequence: 0))])
    }

    @Test func cancellingWaitsOnlyForTheDeliveryUnderWayWhileAnotherThreadKeepsSending() async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let recorder = DeliveryRecorder { _ in usleep(2_000) }
        let background = BackgroundStrategy(wrapping: recorder)
        hub.attach(background)
        let stop = LockedFlag()
        let sender = onNewThread {
            var sequence = 0
            let start = ContinuousClock.now
            while !stop.isSet && ContinuousClock.now - start < .seconds(5) {
                hub.send(userAction: .numbered(thread: 0, sequence: sequence))
                sequence += 1
                usleep(500)
            }
        }
        usleep(100_000)

        // The worker goes from one tag to the next without ever being idle: the cancellation must
        // wait for the delivery under way (2 ms), not for the sender to stop (5 s).
        let canceller = onNewThread { background.cancelPendingDeliveries() }
        let returnedInTime = canceller.finishes(within: 1_500)
        stop.set()
        #expect(sender.finishes(within: 10_000))
        #expect(canceller.finishes(within: 10_000))
        #expect(returnedInTime, "the cancellation waited for deliveries of tags sent after it began")
        background.cancelPendingDeliveries()
        await background.flush()
    }

    @Test func goingBackToUndecidedWithinTheGatheringDelayDeliversWhatWasQueued() {
        for _ in 0..<50 {
            let hub = AnalyticsHub<SeedAnalytics>()
            let consent = AnalyticsConsent(hub: hub)
            let recorder = DeliveryRecorder()
            consent.register(BackgroundStrategy(wrapping: recorder), for: [.analytics])
            consent.grant(.analytics)
            hub.send(userAction: .numbered(thread: 0, sequence: 0))
            // Returns once the queue is delivered, without waiting for the gathering delay.
            consent.set(.undecided, for: [.analytics])
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
        await background.flush()

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
        await hub.flush()
        #expect(recorder.tags == [.screen(.podcasts)])
    }
}
