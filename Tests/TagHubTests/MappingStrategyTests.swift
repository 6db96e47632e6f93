import TagHub
import TagHubTesting
import Testing

/// A vendor that tells plays apart by the screen they start from, as in the design article.
enum VendorTag: Sendable, Hashable {
    case screen(String)
    case play(from: String, title: String)
    case pause
    case failure(reason: String)
    case property(name: String, value: String)
}

func vendorPlay(_ action: SeedAnalytics.UserAction, _ context: SeedAnalytics.Context) -> VendorTag? {
    switch (action, context.current) {
    case (.playPodcast(let podcast), .podcasts?): .play(from: "podcasts", title: podcast.title)
    case (.playPodcast(let podcast), .favorites?): .play(from: "favorites", title: podcast.title)
    case (.pausePodcast, _): .pause
    default: nil
    }
}

@Suite struct MappingStrategyTests {
    let hub = AnalyticsHub<SeedAnalytics>(clock: TestClock())
    let recorder = RecordingTagger<SeedAnalytics, VendorTag>()

    func makeStrategy() -> MappingStrategy<SeedAnalytics, RecordingTagger<SeedAnalytics, VendorTag>> {
        MappingStrategy(
            for: SeedAnalytics.self,
            tagger: recorder,
            screen: { screen, _ in screen == .podcasts ? .screen("show_podcasts") : nil },
            userAction: vendorPlay,
            event: { event, _ in
                guard case .playerDidFail(_, let error) = event else { return nil }
                return .failure(reason: "\(error)")
            },
            state: { state, _ in
                guard case .autoPlay(let isOn) = state else { return nil }
                return .property(name: "auto_play", value: "\(isOn)")
            }
        )
    }

    @Test func theSameActionBecomesADifferentVendorTagOnEachScreenAndNilElsewhere() {
        hub.attach(makeStrategy())
        hub.send(screen: .podcasts)
        hub.send(userAction: .playPodcast(swiftTalk))
        hub.send(screen: .favorites)
        hub.send(userAction: .playPodcast(swiftBySundell))
        hub.send(screen: .downloads)
        hub.send(userAction: .playPodcast(swiftTalk))
        hub.send(userAction: .pausePodcast(swiftTalk))
        #expect(
            recorder.tags == [
                .screen("show_podcasts"),
                .play(from: "podcasts", title: "Swift Talk"),
                .play(from: "favorites", title: "Swift by Sundell"),
                .pause,
            ]
        )
    }

    @Test func aConverterThatReturnsNilReachesNoTagger() {
        hub.attach(makeStrategy())
        hub.send(screen: .downloads)
        hub.send(userAction: .deletePodcast(swiftTalk))
        hub.send(event: .playerDidLoad(swiftTalk))
        hub.send(state: .favorites([]))
        #expect(recorder.entries.isEmpty)
    }

    @Test func theTaggerLearnsTheAppTagAndContextEachVendorTagCameFrom() {
        hub.attach(makeStrategy())
        hub.send(screen: .favorites)
        hub.send(userAction: .playPodcast(swiftTalk))
        hub.send(event: .playerDidFail(swiftTalk, .networkUnavailable))
        hub.send(state: .autoPlay(false))
        #expect(
            recorder.entries.map(\.origin) == [
                TagEnvelope(tag: .userAction(.playPodcast(swiftTalk)), context: sentAtStart([.favorites])),
                TagEnvelope(
                    tag: .event(.playerDidFail(swiftTalk, .networkUnavailable)),
                    context: sentAtStart([.favorites])
                ),
                TagEnvelope(tag: .state(.autoPlay(false)), context: sentAtStart([.favorites])),
            ]
        )
        #expect(
            recorder.tags == [
                .play(from: "favorites", title: "Swift Talk"),
                .failure(reason: "networkUnavailable"),
                .property(name: "auto_play", value: "false"),
            ]
        )
    }

    @Test func recordedEntriesCompareAndPrintWithTheirOrigin() {
        hub.attach(makeStrategy())
        hub.send(screen: .favorites)
        hub.send(userAction: .playPodcast(swiftTalk))
        let expected = RecordingTagger<SeedAnalytics, VendorTag>.Entry(
            vendorTag: .play(from: "favorites", title: "Swift Talk"),
            origin: TagEnvelope(tag: .userAction(.playPodcast(swiftTalk)), context: sentAtStart([.favorites]))
        )
        #expect(recorder.entries == [expected])
        #expect(
            expected.description
                == #"play(from: "favorites", title: "Swift Talk") ← userAction playPodcast(Swift Talk) on [favorites] "#
                + "at 2023-11-14T22:13:20.000Z, session 1 (1700000000000) from 2023-11-14T22:13:20Z"
        )
        recorder.send(.pause)
        #expect(recorder.entries.last?.description == "pause")
        recorder.removeAll()
        #expect(recorder.entries.isEmpty)
    }

    @Test func itAcceptsOnlyTheChannelsItHasAConverterFor() {
        let actionsOnly = MappingStrategy(for: SeedAnalytics.self, tagger: recorder, userAction: vendorPlay)
        #expect(actionsOnly.acceptedChannels == .userAction)
        #expect(makeStrategy().acceptedChannels == .all)
        let none = MappingStrategy(for: SeedAnalytics.self, tagger: recorder)
        #expect(none.acceptedChannels == [])
    }

    @Test func vendorTagForRunsTheConverterWithoutCallingTheTagger() {
        let strategy = makeStrategy()
        #expect(
            strategy.vendorTag(for: .userAction(.playPodcast(swiftTalk)), in: [.favorites])
                == .play(from: "favorites", title: "Swift Talk")
        )
        #expect(strategy.vendorTag(for: .userAction(.playPodcast(swiftTalk)), in: [.favorites, .downloads]) == nil)
        #expect(strategy.vendorTag(for: .screen(.podcasts), in: [.podcasts]) == .screen("show_podcasts"))
        #expect(recorder.entries.isEmpty)
    }

    @Test func aTaggerThatOnlyImplementsSendReceivesTheVendorTags() {
        let console = LockedLog<String>()
        let strategy = MappingStrategy(
            for: SeedAnalytics.self,
            tagger: ConsoleTagger<VendorTag>(label: "vendor") { console.append($0) },
            userAction: vendorPlay
        )
        hub.attach(strategy)
        hub.send(screen: .podcasts)
        hub.send(userAction: .playPodcast(swiftTalk))
        #expect(console.items == [#"[TagHub] vendor: play(from: "podcasts", title: "Swift Talk")"#])
    }
}
