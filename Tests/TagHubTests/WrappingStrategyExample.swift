import Foundation
import TagHub
import TagHubTesting
import Testing

@testable import QuickStartExample

// The example in `AnalyticsWrappingStrategy`'s doc comment, word for word between the markers:
// `WrappingStrategyExampleTests` fails when they differ.

// example:begin
final class PlaysOnlyStrategy: AnalyticsUserActionStrategy, AnalyticsWrappingStrategy {
    typealias Schema = PodcastAnalytics
    let wrappedStrategy: any AnalyticsStrategy<PodcastAnalytics>
    private let vendor: any AnalyticsUserActionStrategy<PodcastAnalytics>

    init(wrapping vendor: some AnalyticsUserActionStrategy<PodcastAnalytics>) {
        self.wrappedStrategy = vendor
        self.vendor = vendor
    }

    func send(userAction: PodcastAnalytics.UserActionEnvelope) {
        guard case .playPodcast = userAction.tag else { return }  // plays only
        vendor.send(userAction: userAction)
    }
}
// example:end

@Suite(.timeLimit(.minutes(1)))
struct WrappingStrategyExampleTests {
    @Test func theDocCommentsExampleIsThisCode() throws {
        let root = ReadmeTests.root
        let source = try String(
            contentsOf: root.appendingPathComponent("Sources/TagHub/Strategies/AnalyticsWrappingStrategy.swift"),
            encoding: .utf8
        )
        let documented = try #require(ReadmeTests.section(of: source, from: "/// ```swift\n", to: "/// ```\n"))
        let code = documented.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("/// ") ? String($0.dropFirst(4)) : String($0.dropFirst(3)) }
            .joined(separator: "\n")
        let example = try String(
            contentsOf: root.appendingPathComponent("Tests/TagHubTests/WrappingStrategyExample.swift"),
            encoding: .utf8
        )
        #expect(ReadmeTests.section(of: example, from: "// example:begin\n", to: "// example:end\n") == code)
    }

    @Test func aQueueInsideTheExampleWrapperIsFlushedThroughIt() async {
        let hub = AnalyticsHub<PodcastAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let recorder = RecordingTagger<PodcastAnalytics, TrackerTag>()
        consent.register(
            PlaysOnlyStrategy(wrapping: BackgroundStrategy(wrapping: makeTracker(tagger: recorder))),
            for: [.analytics]
        )
        consent.grant(.analytics)
        let podcast = QuickStartExample.Podcast(title: "Swift Talk", duration: 1_800)

        hub.send(screen: .favorites)
        hub.send(userAction: .playPodcast(podcast))
        hub.send(userAction: .pausePodcast(podcast))  // not a play: the wrapper drops it
        guard await flushOrFail(hub) else { return }

        #expect(recorder.vendorTags == [.play(name: "play_podcast_from_favorites", title: "Swift Talk")])
        #expect(hub.diagnostics.totals == [:])
    }
}
