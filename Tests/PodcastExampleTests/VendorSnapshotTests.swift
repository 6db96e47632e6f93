import PodcastExample
import TagHub
import TagHubTesting
import TagHubVendors
import TagHubVendorsTesting
import Testing

/// What each vendor of the podcast example receives in one session, as snapshots: the files under
/// `__Snapshots__/VendorSnapshotTests/` are the review copy of every vendor tag.
@Suite struct VendorSnapshotTests {
    let stacktrace = Podcast(title: "Stacktrace", duration: 2_700)
    let swiftTalk = Podcast(title: "Swift Talk", duration: 1_800)

    /// The seed's session: podcasts, a play, the player, a pause, favorites, a play from there, a state.
    func playSession(on hub: AnalyticsHub<PodcastAnalytics>) {
        hub.send(screen: .podcasts)
        hub.send(userAction: .playPodcast(stacktrace))
        hub.send(screen: .podcastPlayer)
        hub.send(event: .playerDidLoad(stacktrace))
        hub.send(userAction: .pausePodcast(stacktrace))
        hub.send(screen: .favorites)
        hub.send(userAction: .playPodcast(swiftTalk))
        hub.send(state: .favorites([swiftTalk]))
        hub.send(event: .playerDidFail(swiftTalk, reason: .networkUnavailable))
    }

    @Test func theTrackerReceivesScreensAndPlaysByScreen() {
        let hub = AnalyticsHub<PodcastAnalytics>()
        let tracker = RecordingTagger<PodcastAnalytics, TrackerTag>()
        hub.attach(TrackerStrategy(tagger: tracker))

        playSession(on: hub)

        #expect(
            tracker.tags.map(\.name) == [
                "show_podcasts", "play_podcast_from_podcasts", "show_podcast_player", "pause_podcast",
                "play_podcast_from_favorites",
            ]
        )
        assertAnalyticsSnapshot(of: tracker)
    }

    @Test func firebaseReceivesEveryChannel() {
        let hub = AnalyticsHub<PodcastAnalytics>()
        // The strategy as the app builds it, with a console tagger: the recorder wraps it, and the
        // tagger is never called.
        let firebase = RecordingStrategy(
            wrapping: makeFirebaseStrategy(tagger: ConsoleTagger<FirebaseTag>(label: "firebase"))
        )
        hub.attach(firebase)

        playSession(on: hub)

        #expect(firebase.tags.flatMap(\.ruleViolations) == [])
        assertAnalyticsSnapshot(of: firebase)
    }

    @Test func theAppSendsTheSessionsTagsInOrder() {
        let hub = AnalyticsHub<PodcastAnalytics>()
        let sent = RecordingStrategy(for: PodcastAnalytics.self)
        hub.attach(sent)

        playSession(on: hub)

        #expect(sent.tags.count == 9)
        assertAnalyticsSnapshot(of: sent, named: "session")
    }
}
