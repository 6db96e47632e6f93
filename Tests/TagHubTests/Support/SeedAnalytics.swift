import Foundation
import TagHub

/// A podcast, as the README's quick start declares it.
struct Podcast: Sendable, Hashable {
    var title: String
    var duration: Int
}

/// The podcast app of the design article, every channel in use; tests send these.
enum SeedAnalytics: AnalyticsSchema {
    enum Screen: Sendable, Hashable { case podcasts, podcastPlayer, favorites, downloads }

    enum UserAction: Sendable, Hashable {
        case playPodcast(Podcast)
        case pausePodcast(Podcast)
        case downloadPodcast(Podcast)
        case deletePodcast(Podcast)
        case addPodcastToFavorite(Podcast)
        case removePodcastFromFavorite(Podcast)
        /// Not in the article: a numbered tag, so concurrency tests can check order and count.
        case numbered(thread: Int, sequence: Int)
    }

    enum Event: Sendable, Hashable {
        case playerDidLoad(Podcast)
        case playerDidPlay(Podcast)
        case playerDidStop(Podcast)
        case playerDidFail(Podcast, PlayerError)
        case notEnoughStorageSpaceForDownload(Podcast)
    }

    enum State: Sendable, Hashable {
        case autoPlay(Bool)
        case favorites([Podcast])
        case remoteNotificationAuthorized(Bool)
    }
}

enum PlayerError: Error, Sendable, Hashable {
    case networkUnavailable
}

let swiftTalk = Podcast(title: "Swift Talk", duration: 1_800)
let swiftBySundell = Podcast(title: "Swift by Sundell", duration: 2_400)

extension Podcast: CustomStringConvertible {
    /// The title: keeps failure messages short.
    var description: String { title }
}

/// When a `TestClock` starts: 2023-11-14T22:13:20Z.
let clockStart = Date(timeIntervalSince1970: 1_700_000_000)

/// The context of a tag sent on `screens` by a hub whose `TestClock` has not moved: the time the
/// clock starts at, in the first session, which started then.
func sentAtStart(_ screens: ScreenHistory<SeedAnalytics.Screen>) -> SeedAnalytics.Context {
    SeedAnalytics.Context(
        history: screens,
        time: clockStart,
        session: AnalyticsSession(id: 1_700_000_000_000, start: clockStart, number: 1)
    )
}
