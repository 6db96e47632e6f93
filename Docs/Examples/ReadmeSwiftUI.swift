import SwiftUI
import TagHub
import TagHubUI

@main
struct PodcastApp: App {
    let tracker = ScreenTracker(hub: AnalyticsHub<PodcastAnalytics>())

    var body: some Scene {
        WindowGroup {
            FavoritesView()
                .analyticsScreenTracker(tracker)  // once, at the root of the scene
        }
    }
}

struct FavoritesView: View {
    var body: some View {
        Text("Favorites")
            .analyticsScreen(PodcastAnalytics.Screen.favorites)  // sent to the hub when it appears
    }
}
