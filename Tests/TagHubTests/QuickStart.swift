// The README's quick start, word for word between the markers: `ReadmeTests` fails when they differ.

// quick-start:begin
import TagHub

// 1. Your tags, in your words: one type per channel, bundled in a schema.
struct Podcast: Sendable, Hashable {
    var title: String
    var duration: Int
}

enum PodcastAnalytics: AnalyticsSchema {
    enum Screen: Sendable, Hashable { case podcasts, podcastPlayer, favorites, downloads }
    enum UserAction: Sendable, Hashable {
        case playPodcast(Podcast)
        case pausePodcast(Podcast)
    }
    enum Event: Sendable, Hashable { case playerDidFail(Podcast, reason: String) }
    typealias State = Never  // no user properties yet
}

// 2. A vendor's own tags, and a converter that returns nil for what this vendor ignores.
enum TrackerTag: Sendable, Hashable {
    case screen(name: String)
    case play(name: String, title: String)
    case pause
}

func trackerTag(for action: PodcastAnalytics.UserAction, in context: PodcastAnalytics.Context) -> TrackerTag? {
    switch (action, context.current) {
    case (.playPodcast(let podcast), .podcasts?): .play(name: "play_podcast_from_podcasts", title: podcast.title)
    case (.playPodcast(let podcast), .favorites?): .play(name: "play_podcast_from_favorites", title: podcast.title)
    case (.pausePodcast, _): .pause
    default: nil
    }
}

// 3. A strategy per vendor: converters plus a tagger, the only code that calls the vendor's SDK.
func makeTracker<Tagger: AnalyticsTagger<TrackerTag>>(tagger: Tagger) -> MappingStrategy<PodcastAnalytics, Tagger> {
    MappingStrategy(
        for: PodcastAnalytics.self,
        tagger: tagger,
        screen: { screen, _ in screen == .podcasts ? .screen(name: "show_podcasts") : nil },
        userAction: trackerTag
    )
}

// 4. One hub for the app: view models send, the consent screen attaches and detaches.
func quickStart() {
    let hub = AnalyticsHub<PodcastAnalytics>()  // keeps the last 5 screens
    let tracker = makeTracker(tagger: ConsoleTagger(label: "tracker"))  // your app: the SDK's tagger
    hub.attach(tracker)

    hub.send(screen: .favorites)
    hub.send(userAction: .playPodcast(Podcast(title: "Swift Talk", duration: 1_800)))
    // [TagHub] tracker: play(name: "play_podcast_from_favorites", title: "Swift Talk")

    hub.detach(tracker)  // the user withdrew consent: nothing more reaches the tracker
    hub.send(userAction: .pausePodcast(Podcast(title: "Swift Talk", duration: 1_800)))
}
// quick-start:end
