import SwiftUI
import TagHub
import TagHubUI

@main
struct PodcastApp: App {
    let screens: ScreenTracker<PodcastAnalytics>

    init() {
        let hub = AnalyticsHub<PodcastAnalytics>()
        hub.attach(makeTracker(tagger: ConsoleTagger(label: "tracker")))
        screens = ScreenTracker(hub: hub)  // view models send their actions to screens.hub
    }

    var body: some Scene {
        WindowGroup {
            FavoritesView()
                .analyticsScreenTracker(screens)  // once, at the root of the scene
        }
    }
}

struct FavoritesView: View {
    var body: some View {
        Text("Favorites")
            .analyticsScreen(PodcastAnalytics.Screen.favorites)  // sent to the hub when it appears
    }
}
