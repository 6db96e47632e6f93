import SwiftUI
import TagHub
import TagHubUI

/// The root of the app's scene: the tracker goes into the environment once, here.
struct RootView: View {
    let tracker: ScreenTracker<AppAnalytics>

    var body: some View {
        TabView {
            LibraryTab().tabItem { Text("Library") }
            Text("Search").analyticsScreen(AppAnalytics.Screen.search).tabItem { Text("Search") }
        }
        .analyticsScreenTracker(tracker)
    }
}

/// A tab with its own stack, and a sheet over it.
struct LibraryTab: View {
    @State private var showsPlayer = false

    var body: some View {
        NavigationStack {
            VStack {
                NavigationLink {
                    Text("Favorites").analyticsScreen(AppAnalytics.Screen.favorites)
                } label: {
                    Text("Favorites")
                }
                Button("Play") { showsPlayer = true }
            }
            .analyticsScreen(AppAnalytics.Screen.library)
        }
        .sheet(isPresented: $showsPlayer) {
            Text("Now playing").analyticsScreen(AppAnalytics.Screen.player)
        }
    }
}
