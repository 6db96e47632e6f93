import SwiftUI
import TagHub
import TagHubUI

/// The app's own spelling, so that views write `.screen(.favorites)`: `analyticsScreen(_:)` is
/// generic, and Swift cannot infer a type from `.favorites` alone. Another name than
/// `analyticsScreen`, which this would otherwise call itself.
extension View {
    func screen(_ screen: AppAnalytics.Screen) -> some View {
        analyticsScreen(screen)
    }
}

/// The root of the app's scene: the tracker goes into the environment once, here.
struct RootView: View {
    let tracker: ScreenTracker<AppAnalytics>

    var body: some View {
        TabView {
            LibraryTab().tabItem { Text("Library") }
            Text("Search").screen(.search).tabItem { Text("Search") }
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
                    Text("Favorites").screen(.favorites)
                } label: {
                    Text("Favorites")
                }
                Button("Play") { showsPlayer = true }
            }
            .screen(.library)
        }
        .sheet(isPresented: $showsPlayer) {
            Text("Now playing").screen(.player)
        }
    }
}
