import Foundation
import TagHub
import TagHubTestSupport
import Testing

@Suite(.timeLimit(.minutes(1)), .onThreadsOfItsOwn) struct ConsentTests {
    /// A recorder that notes consent notifications in the same log as its tags.
    final class ObservingRecorder: AnalyticsScreenStrategy, AnalyticsUserActionStrategy, AnalyticsConsentObserver {
        typealias Schema = SeedAnalytics
        let log = LockedLog<String>()
        func send(screen: Schema.ScreenEnvelope) { log.append("screen \(screen.tag) on \(screen.context.history)") }
        func send(userAction: Schema.UserActionEnvelope) {
            log.append("userAction \(userAction.tag) on \(userAction.context.history)")
        }
        func consentWasGranted() { log.append("granted") }
        func consentWasWithdrawn() { log.append("withdrawn") }
    }

    @Test func tagsKeptWhileUndecidedAreReplayedOnGrantInOrderWithTheirContexts() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let recorder = DeliveryRecorder()
        consent.register(recorder, for: [.analytics])

        hub.send(screen: .podcasts)
        hub.send(userAction: .playPodcast(swiftTalk))
        hub.send(screen: .favorites)
        hub.send(event: .playerDidPlay(swiftTalk))
        #expect(recorder.deliveries.isEmpty)
        #expect(consent.status(of: recorder) == .undecided)
        #expect(consent.bufferedTagCount(of: recorder) == 4)

        consent.grant(.analytics)
        hub.send(userAction: .pausePodcast(swiftTalk))

        #expect(
            recorder.deliveries == [
                Delivery(.screen(.podcasts), [.podcasts]),
                Delivery(.userAction(.playPodcast(swiftTalk)), [.podcasts]),
                Delivery(.screen(.favorites), [.podcasts, .favorites]),
                Delivery(.event(.playerDidPlay(swiftTalk)), [.podcasts, .favorites]),
                Delivery(.userAction(.pausePodcast(swiftTalk)), [.podcasts, .favorites]),
            ]
        )
        #expect(consent.status(of: recorder) == .granted)
        #expect(consent.bufferedTagCount(of: recorder) == 0)
    }

    @Test func aTagSentDuringTheReplayComesAfterTheKeptOnes() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let sentDuringReplay = LockedFlag()
        let recorder = DeliveryRecorder { delivery in
            guard delivery.tag == .userAction(.numbered(thread: 0, sequence: 0)), sentDuringReplay.setIfUnset() else {
                return
            }
            // Another thread sends while the first kept tag is being replayed on this one: its tag
            // joins the end of the buffer, and its send returns.
            let sender = onNewThread { hub.send(userAction: .numbered(thread: 1, sequence: 0)) }
            sender.waitOrFail("a send from another thread during the replay to return")
        }
        consent.register(recorder, for: [.analytics])
        for sequence in 0..<3 { hub.send(userAction: .numbered(thread: 0, sequence: sequence)) }

        consent.grant(.analytics)

        #expect(
            recorder.tags == [
                .userAction(.numbered(thread: 0, sequence: 0)), .userAction(.numbered(thread: 0, sequence: 1)),
                .userAction(.numbered(thread: 0, sequence: 2)), .userAction(.numbered(thread: 1, sequence: 0)),
            ]
        )
    }

    @Test func tagsKeptWhileUndecidedAreDiscardedOnDenialAndCounted() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let recorder = DeliveryRecorder()
        consent.register(recorder, name: "tracker", for: [.analytics])

        hub.send(screen: .podcasts)
        hub.send(userAction: .playPodcast(swiftTalk))
        hub.send(userAction: .pausePodcast(swiftTalk))
        consent.deny(.analytics)
        hub.send(userAction: .playPodcast(swiftTalk))
        consent.grant(.analytics)  // asked again later: nothing kept from before

        #expect(recorder.deliveries.isEmpty)
        #expect(hub.diagnostics.count(of: .discardedByDenial, source: "tracker", channel: .screen) == 1)
        #expect(hub.diagnostics.count(of: .discardedByDenial, source: "tracker", channel: .userAction) == 2)
        #expect(hub.diagnostics.count(of: .discardedByDenial) == 3)
    }

    @Test(arguments: [OverflowPolicy.dropOldest, .dropNewest])
    func aFullBufferDropsByItsPolicyAndCountsEveryDrop(policy: OverflowPolicy) {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub, bufferCapacity: 3, overflowPolicy: policy)
        let recorder = DeliveryRecorder()
        consent.register(recorder, name: "tracker", for: [.analytics])

        for sequence in 0..<10 { hub.send(userAction: .numbered(thread: 0, sequence: sequence)) }
        consent.grant(.analytics)

        let kept = policy == .dropOldest ? [7, 8, 9] : [0, 1, 2]
        #expect(recorder.tags == kept.map { .userAction(.numbered(thread: 0, sequence: $0)) })
        #expect(hub.diagnostics.count(of: .droppedByBound, source: "tracker", channel: .userAction) == 7)
        #expect(hub.diagnostics.summary == ["tracker: 7 userAction tags dropped by a bound"])
    }

    @Test func aStrategyReceivesTagsOnlyWhenAllItsPurposesAreGranted() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let ads = DeliveryRecorder()
        let always = DeliveryRecorder()
        consent.register(ads, for: [.advertising, .personalization])
        consent.register(always, for: [])

        hub.send(screen: .podcasts)
        consent.grant(.advertising)
        hub.send(screen: .favorites)
        #expect(consent.status(of: ads) == .undecided)
        #expect(ads.tags.isEmpty)

        consent.grant(.personalization)
        #expect(consent.status(of: ads) == .granted)
        #expect(ads.tags == [.screen(.podcasts), .screen(.favorites)])

        consent.deny(.personalization)
        hub.send(screen: .downloads)
        #expect(consent.status(of: ads) == .denied)
        #expect(ads.tags == [.screen(.podcasts), .screen(.favorites)])
        #expect(always.tags == [.screen(.podcasts), .screen(.favorites), .screen(.downloads)])
        #expect(consent.decision(for: .advertising) == .granted)
        #expect(consent.decision(for: .personalization) == .denied)
        #expect(consent.decision(for: .analytics) == .undecided)
    }

    @Test func aStrategyIsToldWhenTagsStartAndStopReachingIt() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let recorder = ObservingRecorder()
        consent.register(recorder, for: [.analytics])

        hub.send(screen: .podcasts)
        consent.grant(.analytics)
        hub.send(userAction: .pausePodcast(swiftTalk))
        consent.set(.undecided, for: [.analytics])  // asked again: kept from now on
        hub.send(screen: .favorites)
        consent.deny(.analytics)
        consent.grant(.analytics)

        #expect(
            recorder.log.items == [
                "granted",
                "screen podcasts on [podcasts]",
                "userAction pausePodcast(Swift Talk) on [podcasts]",
                "withdrawn",
                "granted",
            ]
        )
    }

    @Test func revocationWaitsForADeliveryUnderWayThenNothingMoreArrives() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let gate = Gate()
        defer { gate.release() }
        let afterRevocation = LockedFlag()
        let late = LockedFlag()
        let order = LockedLog<String>()
        let recorder = DeliveryRecorder { delivery in
            if case .userAction(.numbered(_, 0)) = delivery.tag {
                gate.block()
                order.append("delivery ended")
            }
            if afterRevocation.isSet { late.set() }
        }
        consent.register(recorder, for: [.analytics])
        consent.grant(.analytics)

        let sender = onNewThread { hub.send(userAction: .numbered(thread: 0, sequence: 0)) }
        guard gate.waitUntilEntered() else { return }
        let revoker = onNewThread {
            consent.deny(.analytics)
            afterRevocation.set()
            order.append("deny returned")
        }
        // Once the hub holds no strategy, deny is detaching; the delivery it must wait for is held
        // in the gate, so it must not have returned.
        guard waitUntil("deny to detach the strategy", { hub.attachedStrategies.isEmpty }) else { return }
        #expect(!afterRevocation.isSet, "deny returned while a delivery was under way")
        gate.release()
        guard revoker.waitOrFail("deny to return once the delivery ended"), sender.waitOrFail("the send to return")
        else { return }
        #expect(order.items == ["delivery ended", "deny returned"])
        hub.send(userAction: .numbered(thread: 0, sequence: 1))

        #expect(!late.isSet)
        #expect(recorder.tags == [.userAction(.numbered(thread: 0, sequence: 0))])
    }

    @Test func revocationCancelsWhatABackgroundStrategyStillHasQueued() async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let gate = Gate()
        defer { gate.release() }
        let first = LockedFlag()
        let order = LockedLog<String>()
        let recorder = DeliveryRecorder { _ in
            guard first.setIfUnset() else { return }
            gate.block()
            order.append("delivery ended")
        }
        let background = BackgroundStrategy(wrapping: recorder, name: "slow")
        consent.register(background, for: [.analytics])
        consent.grant(.analytics)

        for sequence in 0..<5 { hub.send(userAction: .numbered(thread: 0, sequence: sequence)) }
        guard gate.waitUntilEntered() else { return }
        #expect(background.pendingTagCount == 4)
        let revoker = onNewThread {
            consent.deny(.analytics)
            order.append("deny returned")
        }
        // Once the queue is empty, deny is cancelling; the delivery it must wait for is held in
        // the gate, so it must not have returned.
        guard waitUntil("deny to empty the queue", { background.pendingTagCount == 0 }) else { return }
        #expect(order.items.isEmpty, "deny returned while the queue was delivering")
        gate.release()
        guard revoker.waitOrFail("deny to return once the delivery ended") else { return }
        #expect(order.items == ["delivery ended", "deny returned"])
        guard await flushOrFail(hub), await flushOrFail(background) else { return }

        #expect(recorder.tags == [.userAction(.numbered(thread: 0, sequence: 0))])
        #expect(hub.diagnostics.count(of: .discardedByDenial, source: "slow", channel: .userAction) == 4)
    }

    @Test func flushingTheHubFlushesABackgroundStrategyBehindConsent() async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let recorder = DeliveryRecorder { _ in Thread.sleep(forTimeInterval: 0.002) }
        consent.register(BackgroundStrategy(wrapping: recorder), for: [.analytics])
        consent.grant(.analytics)

        for sequence in 0..<20 { hub.send(userAction: .numbered(thread: 0, sequence: sequence)) }
        guard await flushOrFail(hub) else { return }

        #expect(recorder.tags == (0..<20).map { .userAction(.numbered(thread: 0, sequence: $0)) })
    }

    @Test func registeringTwiceAndUnregistering() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let recorder = DeliveryRecorder()
        #expect(consent.register(recorder, name: "tracker", for: [.analytics]))
        #expect(!consent.register(recorder, for: [.advertising]))
        hub.send(screen: .podcasts)

        #expect(consent.unregister(recorder))
        #expect(!consent.unregister(recorder))
        consent.grant(.analytics)
        hub.send(screen: .favorites)

        #expect(recorder.tags.isEmpty)
        #expect(consent.status(of: recorder) == nil)
        #expect(hub.attachedStrategies.isEmpty)
        #expect(hub.diagnostics.count(of: .discardedByDenial, source: "tracker") == 1)
    }

    /// A tagger, a struct, that notes consent notices in the same log as its tags.
    struct ObservingTagger: AnalyticsTagger, AnalyticsConsentObserver {
        let log: LockedLog<String>
        func send(_ tag: String) { log.append(tag) }
        func consentWasGranted() { log.append("granted") }
        func consentWasWithdrawn() { log.append("withdrawn") }
    }

    static func playsOnly(_ tagger: ObservingTagger) -> MappingStrategy<SeedAnalytics, ObservingTagger> {
        MappingStrategy(for: SeedAnalytics.self, tagger: tagger, userAction: { action, _ in "\(action)" })
    }

    @Test func aMappingStrategyTellsItsTaggerOfConsentBeforeTheKeptTags() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let log = LockedLog<String>()
        consent.register(Self.playsOnly(ObservingTagger(log: log)), for: [.analytics])

        hub.send(userAction: .playPodcast(swiftTalk))
        #expect(log.items == [])
        consent.grant(.analytics)
        hub.send(userAction: .pausePodcast(swiftTalk))
        consent.deny(.analytics)
        hub.send(userAction: .playPodcast(swiftTalk))

        #expect(
            log.items == [
                "granted", "playPodcast(\(swiftTalk))", "pausePodcast(\(swiftTalk))", "withdrawn",
            ]
        )
    }

    @Test func aMappingStrategysTaggerIsToldInsideABackgroundStrategyInsideAWrapperOfTheApps() async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let log = LockedLog<String>()
        let background = BackgroundStrategy(wrapping: Self.playsOnly(ObservingTagger(log: log)))
        consent.register(PassThrough(wrapping: background), for: [.analytics])

        consent.grant(.analytics)
        hub.send(userAction: .playPodcast(swiftTalk))
        guard await flushOrFail(hub) else { return }
        consent.deny(.analytics)

        #expect(log.items == ["granted", "playPodcast(\(swiftTalk))", "withdrawn"])
    }
}
