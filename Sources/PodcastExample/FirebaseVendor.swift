import TagHub
import TagHubVendors

// Firebase, through the library's own model of its calls (`FirebaseTag`, with Firebase's rules),
// and no strategy written by hand: `MappingStrategy` takes one converter per channel.

extension FirebaseTag {
    /// Every event and user property name the analytics team expects from Firebase.
    package static let expectedNames = [
        "screen_view", "select_content", "pause_podcast", "download_podcast", "add_to_favorites",
        "player_error", "download_failed", "auto_play", "favorites_count", "push_enabled",
    ]

    /// An event whose `item_id` is a podcast's title, clipped to what Firebase keeps: a title comes
    /// from content, and Firebase would drop a longer parameter whole.
    static func podcastEvent(_ name: String, _ podcast: Podcast, _ extra: [String: FirebaseValue] = [:]) -> Self {
        let title = String(podcast.title.prefix(VendorLimits.Firebase.parameterValueLength))
        return .event(name, extra.merging(["item_id": .string(title)]) { _, title in title })
    }

    /// A user property, its value clipped to what Firebase keeps.
    static func property(_ name: String, _ value: String) -> Self {
        .userProperty(name: name, value: String(value.prefix(VendorLimits.Firebase.userPropertyValueLength)))
    }
}

// MARK: - Converters

extension PodcastAnalytics.Screen {
    /// Every screen is a `screen_view`, named after the app's screen and the view class that shows it.
    package var firebaseTag: FirebaseTag {
        let screenClass =
            switch self {
            case .podcasts: "PodcastListView"
            case .podcastPlayer: "PlayerView"
            case .favorites: "FavoritesView"
            case .downloads: "DownloadsView"
            }
        return .screenView(screenName: "\(self)", screenClass: screenClass)
    }
}

extension PodcastAnalytics.UserAction {
    /// Firebase's event for this action, or `nil` for the actions nobody analyses.
    package var firebaseTag: FirebaseTag? {
        switch self {
        case .playPodcast(let podcast): .podcastEvent("select_content", podcast, ["content_type": .string("podcast")])
        case .pausePodcast(let podcast): .podcastEvent("pause_podcast", podcast)
        case .downloadPodcast(let podcast): .podcastEvent("download_podcast", podcast)
        case .addPodcastToFavorite(let podcast): .podcastEvent("add_to_favorites", podcast)
        case .deletePodcast, .removePodcastFromFavorite: nil
        }
    }
}

extension PodcastAnalytics.Event {
    /// Firebase's event for failures only: loads, plays and stops, many per session, would drown them.
    package var firebaseTag: FirebaseTag? {
        switch self {
        case .playerDidFail(let podcast, let reason):
            .podcastEvent("player_error", podcast, ["reason": .string(reason.firebaseReason)])
        case .notEnoughStorageSpaceForDownload(let podcast):
            .podcastEvent("download_failed", podcast, ["reason": .string("not_enough_storage")])
        case .playerDidLoad, .playerDidPlay, .playerDidStop:
            nil
        }
    }
}

extension PodcastAnalytics.State {
    /// The user property this state sets, values as strings as Firebase wants them; or the user ID,
    /// cleared at logout (`setUserID(nil)`: Firebase keeps its app instance ID, and starts no new
    /// session).
    package var firebaseTag: FirebaseTag {
        switch self {
        case .autoPlay(let isOn): .property("auto_play", String(isOn))
        case .favorites(let podcasts): .property("favorites_count", String(podcasts.count))
        case .remoteNotificationAuthorized(let isOn): .property("push_enabled", String(isOn))
        case .loggedIn(let userID): .userID(userID)
        case .loggedOut: .userID(nil)
        }
    }
}

extension PlayerError {
    /// The reason as a Firebase parameter value: snake case, stable across renames of the Swift cases.
    package var firebaseReason: String {
        switch self {
        case .networkUnavailable: "network_unavailable"
        case .unsupportedFormat: "unsupported_format"
        }
    }
}

// MARK: - Strategy

/// A Firebase strategy that hands its tags to `tagger`: the library's ready-made `MappingStrategy`,
/// with a converter per channel. A tag that breaks Firebase's rules is reported to the hub's
/// diagnostics and not sent: Firebase would drop or rename it anyway.
package func makeFirebaseStrategy<Tagger: AnalyticsTagger<FirebaseTag>>(
    tagger: Tagger
) -> MappingStrategy<PodcastAnalytics, Tagger> {
    MappingStrategy(
        for: PodcastAnalytics.self,
        name: "firebase",
        tagger: tagger,
        ruleCheck: .drop,
        screen: { screen, _ in screen.firebaseTag },
        userAction: { action, _ in action.firebaseTag },
        event: { event, _ in event.firebaseTag },
        state: { state, _ in state.firebaseTag }
    )
}
