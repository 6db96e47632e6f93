import TagHub
import TagHubTesting
import Testing

@testable import Podcasts

/// `AnalyticsWrappingStrategy`'s example (`PlaysOnlyStrategy`, compiled from its doc comment) does
/// what the doc comment says of a wrapper: the hub and consent reach through it.
@Suite(.timeLimit(.minutes(1))) struct PlaysOnlyStrategyTests {
    @Test func aQueueInsideTheExampleWrapperIsFlushedThroughIt() async {
        let hub = AnalyticsHub<PodcastAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let recorder = RecordingTagger<PodcastAnalytics, TrackerTag>()
        consent.register(
            PlaysOnlyStrategy(wrapping: BackgroundStrategy(wrapping: makeTracker(tagger: recorder))),
            for: [.analytics]
        )
        consent.grant(.analytics)
        let podcast = Podcast(title: "Swift Talk", duration: 1_800)

        hub.send(screen: .favorites)
        hub.send(userAction: .playPodcast(podcast))
        hub.send(userAction: .pausePodcast(podcast))  // not a play: the wrapper drops it
        await hub.flush()  // bounded by the suite's time limit

        #expect(recorder.tags == [.play(name: "play_podcast_from_favorites", title: "Swift Talk")])
        #expect(hub.diagnostics.totals == [:])
    }
}
