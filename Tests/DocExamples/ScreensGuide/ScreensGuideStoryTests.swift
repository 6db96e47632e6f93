import TagHub
import TagHubTesting
import Testing

/// The guide's story (`favoritesThenASheet`, compiled from Docs/Screens.md) sends what its comments
/// say.
@Suite struct ScreensGuideStoryTests {
    @Test func theGuidesStoryIsWhatItsCommentsSay() {
        let hub = AnalyticsHub<AppAnalytics>()
        let sent = RecordingStrategy(for: AppAnalytics.self)
        hub.attach(sent)
        favoritesThenASheet(hub: hub)
        #expect(
            sent.snapshotText == """
                screen favorites on [favorites]
                screen player on [favorites, player]
                screen favorites on [favorites, player, favorites]
                userAction play("Swift Talk") on [favorites, player, favorites]

                """
        )
    }
}
