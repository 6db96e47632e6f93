import TagHub

/// A podcast as the app knows it.
///
/// Tags print a podcast as its quoted title, so that a header line stays short; the vendors' lines
/// show the duration where a vendor sends it.
package struct Podcast: Sendable, Hashable, CustomStringConvertible {
    package var title: String
    /// In seconds.
    package var duration: Int

    package init(title: String, duration: Int) {
        self.title = title
        self.duration = duration
    }

    package var description: String { String(reflecting: title) }
}

/// Why the player failed: the error the seed's `playerDidFail(Podcast, Error)` carries.
///
/// A concrete enum rather than `any Error`, so that events stay `Sendable` and `Equatable`.
package enum PlayerError: Error, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case networkUnavailable
    case unsupportedFormat

    // Spelled out: the default description of an enum nested in a module names the module too.
    package var description: String {
        switch self {
        case .networkUnavailable: "networkUnavailable"
        case .unsupportedFormat: "unsupportedFormat"
        }
    }
}

/// The app's own tracking, in its own words: the seed's four tag enums, bundled into one schema.
///
/// No vendor appears here. Each vendor converts these tags into its own, in its own file.
package enum PodcastAnalytics: AnalyticsSchema {
    /// A screen was shown.
    package enum Screen: Sendable, Hashable, CaseIterable {
        case podcasts
        case podcastPlayer
        case favorites
        case downloads
    }

    /// Something the user did.
    package enum UserAction: Sendable, Hashable {
        case playPodcast(Podcast)
        case pausePodcast(Podcast)
        case downloadPodcast(Podcast)
        case deletePodcast(Podcast)
        case addPodcastToFavorite(Podcast)
        case removePodcastFromFavorite(Podcast)
    }

    /// Something that happened without the user.
    package enum Event: Sendable, Hashable {
        case playerDidLoad(Podcast)
        case playerDidPlay(Podcast)
        case playerDidStop(Podcast)
        case playerDidFail(Podcast, reason: PlayerError)
        case notEnoughStorageSpaceForDownload(Podcast)
    }

    /// A user property, or who the user is.
    package enum State: Sendable, Hashable {
        case autoPlay(Bool)
        case favorites([Podcast])
        case remoteNotificationAuthorized(Bool)
        /// The user logged in, or was logged in at launch.
        case loggedIn(userID: String)
        /// The user logged out.
        case loggedOut
    }

    /// What tells states apart: the hub keeps the latest state of each key, and hands them to a
    /// vendor that joins later, so that it learns who the user is before any other tag.
    package enum StateKey: Hashable, Sendable {
        case autoPlay, favorites, remoteNotifications, account
    }

    package static func stateKey(of state: State) -> StateKey? {
        switch state {
        case .autoPlay: .autoPlay
        case .favorites: .favorites
        case .remoteNotificationAuthorized: .remoteNotifications
        // Logging in and logging out replace each other.
        case .loggedIn, .loggedOut: .account
        }
    }
}
