import PodcastExample
import TagHub
import TagHubTesting
import TagHubVendors
import TagHubVendorsTesting
import Testing

/// The seed's story told through the screen tracker: what the tracker vendor and Firebase receive
/// when the player is a sheet over favorites, dismissed before a play.
@Suite struct ScreenTrackerStoryTests {
    let swiftTalk = Podcast(title: "Swift Talk", duration: 1_800)

    @Test(arguments: [true, false])
    func aPlayAfterASheetOverFavoritesIsDismissedIsAPlayFromFavorites(sendsScreenViewOnReturn: Bool) {
        let hub = AnalyticsHub<PodcastAnalytics>()
        let tracker = RecordingTagger<PodcastAnalytics, TrackerTag>()
        let firebase = RecordingStrategy(
            wrapping: makeFirebaseStrategy(tagger: ConsoleTagger<FirebaseTag>(label: "firebase"))
        )
        hub.attach(TrackerStrategy(tagger: tracker))
        hub.attach(firebase)
        let screens = ScreenTracker(
            hub: hub,
            options: ScreenTrackerOptions(sendsScreenViewOnReturn: sendsScreenViewOnReturn)
        )
        let favorites = ScreenPresentationID()
        let sheet = ScreenPresentationID()

        screens.appeared(.favorites, as: favorites)
        screens.appeared(.podcastPlayer, as: sheet)
        screens.disappeared(sheet)
        hub.send(userAction: .playPodcast(swiftTalk))

        #expect(tracker.tags.map(\.name) == ["show_podcast_player", "play_podcast_from_favorites"])
        let firebaseScreens = firebase.tags.compactMap { tag -> String? in
            guard case .screenView(let name, _) = tag else { return nil }
            return name
        }
        #expect(
            firebaseScreens
                == (sendsScreenViewOnReturn
                    ? ["favorites", "podcastPlayer", "favorites"] : ["favorites", "podcastPlayer"])
        )
    }
}
