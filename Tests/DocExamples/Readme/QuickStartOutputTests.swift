import TagHubTestSupport
import Testing

@testable import Podcasts

/// The README's quick start (target Podcasts) prints what its comment says.
@Suite(.timeLimit(.minutes(1))) struct QuickStartOutputTests {
    #if compiler(>=6.2) && os(Linux)
    @Test(.onLowPriorityThreadsOfItsOwn) func theQuickStartPrintsWhatItsCommentSays() async throws {
        let result = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) {
            quickStart()
        }
        #expect(
            String(decoding: result.standardErrorContent, as: UTF8.self)
                == #"[TagHub] tracker: play(name: "play_podcast_from_favorites", title: "Swift Talk")"# + "\n"
        )
    }
    #endif
}
