import TagHub
import TagHubTesting
import Testing

@Suite struct RoutingTests {
    @Test func everyChannelReachesTheStrategyWithTheContextOfTheMomentItWasSent() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let recorder = DeliveryRecorder()
        hub.attach(recorder)

        hub.send(event: .playerDidLoad(swiftTalk))
        hub.send(screen: .podcasts)
        hub.send(userAction: .playPodcast(swiftTalk))
        hub.send(screen: .favorites)
        hub.send(state: .autoPlay(true))
        hub.send(event: .playerDidFail(swiftTalk, .networkUnavailable))

        #expect(
            recorder.deliveries == [
                Delivery(.event(.playerDidLoad(swiftTalk)), []),
                Delivery(.screen(.podcasts), [.podcasts]),
                Delivery(.userAction(.playPodcast(swiftTalk)), [.podcasts]),
                Delivery(.screen(.favorites), [.podcasts, .favorites]),
                Delivery(.state(.autoPlay(true)), [.podcasts, .favorites]),
                Delivery(.event(.playerDidFail(swiftTalk, .networkUnavailable)), [.podcasts, .favorites]),
            ]
        )
    }

    @Test func aScreenTagCarriesItselfAsCurrentAndTheScreenBeforeAsPrevious() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let recorder = DeliveryRecorder()
        hub.attach(recorder)
        hub.send(screen: .podcasts)
        hub.send(screen: .podcastPlayer)
        let last = recorder.deliveries.last?.fullContext
        #expect(last?.current == .podcastPlayer)
        #expect(last?.previous == .podcasts)
    }

    @Test func everyStrategyTakingAChannelReceivesEachTagOnceInAttachOrder() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let order = LockedLog<String>()
        let first = DeliveryRecorder("first") { _ in order.append("first") }
        let second = DeliveryRecorder("second") { _ in order.append("second") }
        hub.attach(first)
        hub.attach(second)
        hub.send(userAction: .pausePodcast(swiftTalk))
        hub.send(event: .playerDidStop(swiftTalk))
        #expect(order.items == ["first", "second", "first", "second"])
        #expect(first.tags == second.tags)
        #expect(first.tags == [.userAction(.pausePodcast(swiftTalk)), .event(.playerDidStop(swiftTalk))])
    }

    @Test func aStrategyReceivesOnlyTheChannelsItAdopts() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let actions = UserActionOnlyStrategy()
        hub.attach(actions)
        hub.send(screen: .favorites)
        hub.send(userAction: .deletePodcast(swiftTalk))
        hub.send(event: .playerDidPlay(swiftTalk))
        hub.send(state: .remoteNotificationAuthorized(false))
        hub.send(userAction: .addPodcastToFavorite(swiftBySundell))
        #expect(actions.actions == [.deletePodcast(swiftTalk), .addPodcastToFavorite(swiftBySundell)])
    }

    @Test func theChannelsAreDecidedOnceAtAttachNotPerSend() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let narrow = NarrowStrategy(accepting: [.event, .state])
        hub.attach(narrow)
        #expect(narrow.timesAsked == 1)
        for _ in 0..<10 {
            hub.send(screen: .downloads)
            hub.send(userAction: .downloadPodcast(swiftTalk))
            hub.send(event: .notEnoughStorageSpaceForDownload(swiftTalk))
            hub.send(state: .favorites([swiftTalk]))
        }
        #expect(narrow.timesAsked == 1)
        #expect(
            narrow.channelsReceived == Array(repeating: [AnalyticsChannel.event, .state], count: 10).flatMap { $0 }
        )
    }

    @Test func deliveredChannelsAreTheAdoptedOnesAmongTheAcceptedOnes() {
        #expect(UserActionOnlyStrategy().deliveredChannels == .userAction)
        #expect(NarrowStrategy(accepting: [.event, .state]).deliveredChannels == [.event, .state])
        #expect(DeliveryRecorder().deliveredChannels == .all)
        #expect(SilentStrategy().deliveredChannels == [])
        let eventsOnly = MappingStrategy(
            for: SeedAnalytics.self,
            tagger: RecordingTagger<SeedAnalytics, VendorTag>(),
            event: { _, _ in nil }
        )
        #expect(eventsOnly.deliveredChannels == .event)
    }

    @Test func anEnvelopeMapsItsTagAndKeepsItsContext() {
        let envelope = SeedAnalytics.UserActionEnvelope(tag: .pausePodcast(swiftTalk), context: [.podcastPlayer])
        #expect(
            envelope.map(AnalyticsTag<SeedAnalytics>.userAction)
                == SeedAnalytics.AnyTagEnvelope(tag: .userAction(.pausePodcast(swiftTalk)), context: [.podcastPlayer])
        )
    }

    @Test func anEnvelopesMirrorShowsItsTagThenItsContextAsAStruct() {
        let envelope = SeedAnalytics.UserActionEnvelope(tag: .pausePodcast(swiftTalk), context: [.podcastPlayer])
        let mirror = Mirror(reflecting: envelope)
        #expect(mirror.displayStyle == .struct)
        #expect(mirror.children.map(\.label) == ["tag", "context"])
        #expect(String(describing: mirror.children.first?.value ?? "") == String(describing: envelope.tag))
    }

    @Test func acceptedChannelsMayCallTheHubWhichReadsItOutsideItsLock() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let recorder = DeliveryRecorder()
        hub.attach(recorder)
        let curious = CallbackStrategy {
            hub.send(event: .playerDidLoad(swiftTalk))
            _ = hub.attachedStrategies
        }
        #expect(hub.attach(curious))
        #expect(recorder.tags == [.event(.playerDidLoad(swiftTalk))])
    }

    @Test func aStrategyAdoptingNoChannelCanBeAttachedAndIsListed() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let silent = SilentStrategy()
        #expect(hub.attach(silent))
        #expect(hub.isAttached(silent))
        hub.send(screen: .podcasts)
        #expect(hub.attachedStrategies.count == 1)
    }

    @Test func screensAreRecordedEvenWithNoStrategyAttached() {
        let hub = AnalyticsHub<SeedAnalytics>()
        hub.send(screen: .podcasts)
        hub.send(screen: .favorites)
        let recorder = DeliveryRecorder()
        hub.attach(recorder)
        hub.send(userAction: .playPodcast(swiftTalk))
        #expect(recorder.deliveries == [Delivery(.userAction(.playPodcast(swiftTalk)), [.podcasts, .favorites])])
    }
}
