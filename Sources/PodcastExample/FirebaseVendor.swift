import TagHub

// A Firebase-like vendor: `logEvent(_:parameters:)` and `setUserProperty(_:forName:)`, and no
// strategy written by hand: the library's `MappingStrategy` takes one converter per channel.

/// A parameter value, in the three types Firebase accepts.
package enum FirebaseValue: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case int(Int)
    case double(Double)

    package var description: String {
        switch self {
        case .string(let string): String(reflecting: string)
        case .int(let int): String(int)
        case .double(let double): String(double)
        }
    }
}

/// What the Firebase tagger receives: one case per SDK call.
package enum FirebaseTag: Sendable, Hashable, CustomStringConvertible {
    /// `logEvent(name, parameters:)`.
    case event(name: String, parameters: [String: FirebaseValue])
    /// `setUserProperty(value, forName: name)`; a `nil` value clears the property.
    case userProperty(name: String, value: String?)

    /// Every event and user property name the analytics team expects from Firebase.
    package static let expectedNames = [
        "screen_view", "select_content", "pause_podcast", "download_podcast", "add_to_favorites",
        "player_error", "download_failed", "auto_play", "favorites_count", "push_enabled",
    ]

    /// The event's or the user property's name.
    package var name: String {
        switch self {
        case .event(let name, _), .userProperty(let name, _): name
        }
    }

    /// `screen_view {screen_class: "PlayerView", …}` or `user_property favorites_count = "2"`.
    package var description: String {
        switch self {
        case .event(let name, let parameters):
            parameters.isEmpty ? name : "\(name) \(describePayload(parameters))"
        case .userProperty(let name, let value):
            "user_property \(name) = \(value.map { String(reflecting: $0) } ?? "nil")"
        }
    }
}

/// Firebase's limits on names and values.
///
/// The SDK drops a tag that breaks one with no more than a console warning, so values that come
/// from content (a podcast title) are clipped when the tag is made, and the demo checks every tag
/// it produced against these rules before it exits.
package enum FirebaseRules {
    package static let maxNameLength = 40
    package static let maxUserPropertyNameLength = 24
    package static let maxUserPropertyValueLength = 36
    package static let maxParameterStringLength = 100
    package static let maxParameterCount = 25
    package static let reservedPrefixes = ["firebase_", "google_", "ga_"]

    /// Whether `name` is 1 to `maxLength` characters of `[A-Za-z][A-Za-z0-9_]*`, without a reserved prefix.
    package static func isValidName(_ name: String, maxLength: Int) -> Bool {
        let scalars = Array(name.unicodeScalars)
        guard let first = scalars.first, scalars.count <= maxLength, isASCIILetter(first) else { return false }
        guard scalars.allSatisfy({ isASCIILetter($0) || ("0"..."9").contains($0) || $0 == "_" }) else { return false }
        return !reservedPrefixes.contains { name.hasPrefix($0) }
    }

    /// `text`, cut to the first `maxLength` characters.
    package static func clipped(_ text: String, to maxLength: Int) -> String {
        String(text.prefix(maxLength))
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}

extension FirebaseTag {
    /// The rules this tag breaks, in words; empty when Firebase would accept it.
    package var ruleViolations: [String] {
        var violations: [String] = []
        switch self {
        case .event(let name, let parameters):
            if !FirebaseRules.isValidName(name, maxLength: FirebaseRules.maxNameLength) {
                violations.append("invalid event name \(String(reflecting: name))")
            }
            if parameters.count > FirebaseRules.maxParameterCount {
                violations.append("\(name): \(parameters.count) parameters")
            }
            for (key, value) in parameters.sorted(by: { $0.key < $1.key }) {
                if !FirebaseRules.isValidName(key, maxLength: FirebaseRules.maxNameLength) {
                    violations.append("\(name): invalid parameter name \(String(reflecting: key))")
                }
                if case .string(let string) = value, string.count > FirebaseRules.maxParameterStringLength {
                    violations.append("\(name).\(key): value longer than \(FirebaseRules.maxParameterStringLength)")
                }
            }
        case .userProperty(let name, let value):
            if !FirebaseRules.isValidName(name, maxLength: FirebaseRules.maxUserPropertyNameLength) {
                violations.append("invalid user property name \(String(reflecting: name))")
            }
            if let value, value.count > FirebaseRules.maxUserPropertyValueLength {
                violations.append("\(name): value longer than \(FirebaseRules.maxUserPropertyValueLength)")
            }
        }
        return violations
    }

    /// An event whose string parameter is a podcast's title, clipped to what Firebase keeps.
    package static func podcastEvent(_ name: String, _ podcast: Podcast, _ extra: [String: FirebaseValue] = [:]) -> Self
    {
        let title = FirebaseRules.clipped(podcast.title, to: FirebaseRules.maxParameterStringLength)
        return .event(name: name, parameters: extra.merging(["item_id": .string(title)]) { _, title in title })
    }

    /// A user property, its value clipped to what Firebase keeps.
    package static func property(_ name: String, _ value: String) -> Self {
        .userProperty(name: name, value: FirebaseRules.clipped(value, to: FirebaseRules.maxUserPropertyValueLength))
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
        return .event(
            name: "screen_view",
            parameters: ["screen_name": .string("\(self)"), "screen_class": .string(screenClass)]
        )
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
    /// The user property this state sets; values are strings, as Firebase wants them.
    package var firebaseTag: FirebaseTag {
        switch self {
        case .autoPlay(let isOn): .property("auto_play", String(isOn))
        case .favorites(let podcasts): .property("favorites_count", String(podcasts.count))
        case .remoteNotificationAuthorized(let isOn): .property("push_enabled", String(isOn))
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
/// with a converter per channel.
package func makeFirebaseStrategy<Tagger: AnalyticsTagger<FirebaseTag>>(
    tagger: Tagger
) -> MappingStrategy<PodcastAnalytics, Tagger> {
    MappingStrategy(
        for: PodcastAnalytics.self,
        name: "firebase",
        tagger: tagger,
        screen: { screen, _ in screen.firebaseTag },
        userAction: { action, _ in action.firebaseTag },
        event: { event, _ in event.firebaseTag },
        state: { state, _ in state.firebaseTag }
    )
}
