import TagHub

// An ad network that counts plays as conversions: it serves advertising, so it receives tags only
// when the user grants that purpose.

/// What the ad network's tagger receives.
package enum AdTag: Sendable, Hashable, CustomStringConvertible {
    /// A play, attributed to the campaign that promoted the podcast.
    case conversion(podcastTitle: String)

    package var description: String {
        switch self {
        case .conversion(let title): "conversion {podcast: \(String(reflecting: title))}"
        }
    }
}

/// The ad network's strategy: plays only; everything else is none of its business.
package func makeAdStrategy<Tagger: AnalyticsTagger<AdTag>>(tagger: Tagger) -> MappingStrategy<PodcastAnalytics, Tagger>
{
    MappingStrategy(
        for: PodcastAnalytics.self,
        name: "ads",
        tagger: tagger,
        userAction: { action, _ in
            guard case .playPodcast(let podcast) = action else { return nil }
            return .conversion(podcastTitle: podcast.title)
        }
    )
}
