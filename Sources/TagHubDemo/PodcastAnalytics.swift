import TagHub

/// A podcast as the app knows it.
///
/// Tags print a podcast as its quoted title, so that a header line stays short; the vendors' lines
/// show the duration where a vendor sends it.
struct Podcast: Sendable, Hashable, CustomStringConvertible {
    var title: String
    /// In seconds.
    var duration: Int

    var description: String { String(reflecting: title) }
}

/// Why the player failed: the error the seed's `playerDidFail(Podcast, Error)` carries.
///
/// A concrete enum rather than `any Error`, so that events stay `Sendable` and `Equatable`.
enum PlayerError: Error, Sendable, Hashable, CustomStringConvertible {
    case networkUnavailable
    case unsupportedFormat

    // Spelled out: the default description of an enum nested in a module names the module too.
    var description: String {
        switch self {
        case .networkUnavailable: "networkUnavailable"
        case .unsupportedFormat: "unsupportedFormat"
        }
    }
}

/// The app's own tracking, in its own words: the seed's four tag enums, bundled into one schema.
///
/// No vendor appears here. Each vendor converts these tags into its own, in its own file.
enum PodcastAnalytics: AnalyticsSchema {
    /// A screen was shown.
    enum Screen: Sendable, Hashable {
        case podcasts
        case podcastPlayer
        case favorites
        case downloads
    }

    /// Something the user did.
    enum UserAction: Sendable, Hashable {
        case playPodcast(Podcast)
        case pausePodcast(Podcast)
        case downloadPodcast(Podcast)
        case deletePodcast(Podcast)
        case addPodcastToFavorite(Podcast)
        case removePodcastFromFavorite(Podcast)
    }

    /// Something that happened without the user.
    enum Event: Sendable, Hashable {
        case playerDidLoad(Podcast)
        case playerDidPlay(Podcast)
        case playerDidStop(Podcast)
        case playerDidFail(Podcast, reason: PlayerError)
        case notEnoughStorageSpaceForDownload(Podcast)
    }

    /// A user property.
    enum State: Sendable, Hashable {
        case autoPlay(Bool)
        case favorites([Podcast])
        case remoteNotificationAuthorized(Bool)
    }
}
