import Foundation
import PodcastExample
import TagHub
import TagHubTesting
import TagHubVendors
import TagHubVendorsTesting
import Testing

/// The podcast example's tracking plan: generated from the vendors' converters, committed as
/// `Docs/TrackingPlan.md`, and failing here when the code and the document disagree.
@Suite struct PodcastTrackingPlanTests {
    static let swiftTalk = Podcast(title: "Swift Talk", duration: 1_800)

    /// The plan analysts read: every screen, one sample of each action, event and state, and the
    /// screen histories that change what a vendor receives.
    static func podcastTrackingPlan() -> TrackingPlan<PodcastAnalytics> {
        TrackingPlan(
            for: PodcastAnalytics.self,
            title: "Tracking plan: the podcast example",
            userActions: [
                .playPodcast(swiftTalk), .pausePodcast(swiftTalk), .downloadPodcast(swiftTalk),
                .deletePodcast(swiftTalk), .addPodcastToFavorite(swiftTalk), .removePodcastFromFavorite(swiftTalk),
            ],
            events: [
                .playerDidLoad(swiftTalk), .playerDidPlay(swiftTalk), .playerDidStop(swiftTalk),
                .playerDidFail(swiftTalk, reason: .networkUnavailable), .notEnoughStorageSpaceForDownload(swiftTalk),
            ],
            states: [
                .autoPlay(true), .favorites([swiftTalk]), .remoteNotificationAuthorized(false),
                .loggedIn(userID: "user-42"), .loggedOut,
            ],
            vendors: [
                .init(
                    "tracker",
                    TrackerStrategy(tagger: RecordingTagger<PodcastAnalytics, TrackerTag>()),
                    expecting: TrackerTag.expectedNames,
                    tagName: \.name
                ),
                .init(
                    "firebase",
                    makeFirebaseStrategy(tagger: RecordingTagger<PodcastAnalytics, FirebaseTag>()),
                    expecting: FirebaseTag.expectedNames,
                    tagName: \.name
                ),
                .init(
                    "ads",
                    makeAdStrategy(tagger: RecordingTagger<PodcastAnalytics, AdTag>()),
                    expecting: ["conversion"]
                ),
                .init("segment", makeSegmentStrategy(tagger: RecordingTagger<PodcastAnalytics, SegmentTag>())),
                .init("mixpanel", makeMixpanelStrategy(tagger: RecordingTagger<PodcastAnalytics, MixpanelTag>())),
                .init("amplitude", makeAmplitudeStrategy(tagger: RecordingTagger<PodcastAnalytics, AmplitudeTag>())),
                .init("batch", makeBatchStrategy(tagger: RecordingTagger<PodcastAnalytics, BatchTag>())),
                .init("piano", makePianoStrategy(tagger: RecordingTagger<PodcastAnalytics, PianoTag>())),
            ]
        )
    }

    @Test func theCommittedTrackingPlanMatchesTheCode() {
        let docs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Docs")
        assertAnalyticsSnapshot(
            of: Self.podcastTrackingPlan(),
            storedAt: docs.appendingPathComponent("TrackingPlan.md").path
        )
    }
}
