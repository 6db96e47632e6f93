import TagHub

// The seed's ThirdPartyTracker: its SDK knows only `trackScreen(name:)` and `trackEvent(name:data:)`,
// and the analytics team wants two screens, play and pause, play split by the screen it came from.

/// The screens the tracker records; favorites and downloads are not among them.
package enum TrackerScreen: Sendable, Hashable {
    case podcasts
    case podcastPlayer

    /// The name passed to `trackScreen(name:)`.
    package var name: String {
        switch self {
        case .podcasts: "show_podcasts"
        case .podcastPlayer: "show_podcast_player"
        }
    }
}

/// A value in a tracker event's payload: the SDK takes `[String: Any]`, the demo keeps it typed and `Sendable`.
package enum TrackerValue: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case int(Int)

    package var description: String {
        switch self {
        case .string(let string): String(reflecting: string)
        case .int(let int): String(int)
        }
    }
}

/// The events the tracker records: the seed's "one more thing" version, where a play names its screen.
package enum TrackerEvent: Sendable, Hashable {
    case playFromPodcasts(title: String, duration: Int)
    case playFromFavorites(title: String, duration: Int)
    case pause

    /// The name passed to `trackEvent(name:data:)`.
    package var name: String {
        switch self {
        case .playFromPodcasts: "play_podcast_from_podcasts"
        case .playFromFavorites: "play_podcast_from_favorites"
        case .pause: "pause_podcast"
        }
    }

    /// The payload passed to `trackEvent(name:data:)`; `nil` sends none.
    package var data: [String: TrackerValue]? {
        switch self {
        case .playFromPodcasts(let title, let duration), .playFromFavorites(let title, let duration):
            ["podcast_title": .string(title), "podcast_duration": .int(duration)]
        case .pause:
            nil
        }
    }
}

/// What the tracker's tagger receives: one case per SDK call.
package enum TrackerTag: Sendable, Hashable, CustomStringConvertible {
    case screen(TrackerScreen)
    case event(TrackerEvent)

    /// Every name the analytics team expects from the tracker, screens then events.
    package static let expectedNames = [
        "show_podcasts", "show_podcast_player",
        "play_podcast_from_podcasts", "play_podcast_from_favorites", "pause_podcast",
    ]

    /// The screen's or the event's name, as the SDK receives it.
    package var name: String {
        switch self {
        case .screen(let screen): screen.name
        case .event(let event): event.name
        }
    }

    /// `screen show_podcasts`, or the event's name and its payload, keys sorted.
    package var description: String {
        switch self {
        case .screen(let screen):
            "screen \(screen.name)"
        case .event(let event):
            event.data.map { "\(event.name) \(describePayload($0))" } ?? event.name
        }
    }
}

// MARK: - Converters

extension PodcastAnalytics.Screen {
    /// The tracker's screen tag, or `nil` for the screens it does not record.
    package var trackerTag: TrackerTag? {
        switch self {
        case .podcasts: .screen(.podcasts)
        case .podcastPlayer: .screen(.podcastPlayer)
        case .favorites, .downloads: nil
        }
    }
}

extension PodcastAnalytics.UserAction {
    /// The tracker's event for this action in `context`, or `nil` when the tracker ignores it.
    ///
    /// A play counts only from the two screens the analytics team asked about: a play from anywhere
    /// else would be mislabelled by either name, so it is dropped.
    package func trackerTag(in context: PodcastAnalytics.Context) -> TrackerTag? {
        switch (self, context.current) {
        case (.playPodcast(let podcast), .podcasts?):
            .event(.playFromPodcasts(title: podcast.title, duration: podcast.duration))
        case (.playPodcast(let podcast), .favorites?):
            .event(.playFromFavorites(title: podcast.title, duration: podcast.duration))
        case (.pausePodcast, _):
            .event(.pause)
        default:
            nil
        }
    }
}

// MARK: - Strategy

/// The tracker's strategy, written by hand as in the seed.
///
/// It adopts only the screen and user-action channels: the hub never calls it for events or states.
/// Its conversion is in `vendorTag(for:in:)`, so tests can record it and the tracking plan can
/// list it without calling the SDK. A tag it ignores is counted in the hub's diagnostics as
/// `unmapped`, as `MappingStrategy` counts one, so that a forgotten mapping shows.
package final class TrackerStrategy<Tagger: AnalyticsTagger<TrackerTag>>:
    AnalyticsScreenStrategy, AnalyticsUserActionStrategy, AnalyticsConvertingStrategy
{
    package typealias Schema = PodcastAnalytics

    /// The tracker's name in diagnostics.
    package let name = "tracker"

    // The only object that talks to the tracker's SDK: the demo's writes a line per tag instead.
    private let tagger: Tagger

    package init(tagger: Tagger) {
        self.tagger = tagger
    }

    package func vendorTag(for tag: AnalyticsTag<Schema>, in context: Schema.Context) -> TrackerTag? {
        switch tag {
        case .screen(let screen): screen.trackerTag
        case .userAction(let action): action.trackerTag(in: context)
        case .event, .state: nil
        }
    }

    // MARK: AnalyticsScreenStrategy

    package func send(screen: Schema.ScreenEnvelope) {
        guard let tag = screen.tag.trackerTag else {
            return reportUnmapped(.screen, to: screen.diagnostics)
        }
        tagger.send(tag)
    }

    // MARK: AnalyticsUserActionStrategy

    package func send(userAction: Schema.UserActionEnvelope) {
        guard let tag = userAction.tag.trackerTag(in: userAction.context) else {
            return reportUnmapped(.userAction, to: userAction.diagnostics)
        }
        tagger.send(tag)
    }

    private func reportUnmapped(_ channel: AnalyticsChannel, to diagnostics: AnalyticsDiagnostics?) {
        diagnostics?.report(DiagnosticReport(reason: .unmapped, source: name, channel: channel))
    }
}
