// The README's testing example, word for word between the markers: `ReadmeTests` checks it.

// testing:begin
import TagHub
import TagHubTesting
import Testing

@Test func theTrackerTellsPlaysApartByTheScreenTheyStartFrom() {
    let hub = AnalyticsHub<PodcastAnalytics>()
    let recorder = RecordingTagger<PodcastAnalytics, TrackerTag>()
    hub.attach(makeTracker(tagger: recorder))

    let podcast = Podcast(title: "Swift Talk", duration: 1_800)
    hub.send(screen: .favorites)
    hub.send(userAction: .playPodcast(podcast))
    hub.send(screen: .downloads)
    hub.send(userAction: .playPodcast(podcast))  // ignored: no play event from downloads

    #expect(recorder.vendorTags == [.play(name: "play_podcast_from_favorites", title: "Swift Talk")])
    #expect(recorder.entries.first?.origin?.context.current == .favorites)
}
// testing:end
