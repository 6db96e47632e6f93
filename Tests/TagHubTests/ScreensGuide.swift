// Docs/Screens.md shows this file's code word for word (DocsTests checks it), and .ci/typecheck-ui
// compiles the guide's SwiftUI and UIKit examples against it: keep it free of test-only imports.

import TagHub

enum AppAnalytics: AnalyticsSchema {
    enum Screen: Sendable, Hashable { case library, favorites, player, search }
    enum UserAction: Sendable, Hashable { case play(String) }
    typealias Event = Never
    typealias State = Never
}

/// What a SwiftUI app's views report when the user opens favorites, opens the player over it as a
/// sheet, dismisses the sheet and plays: the comments say what the hub is sent.
func favoritesThenASheet(hub: AnalyticsHub<AppAnalytics>) {
    let tracker = ScreenTracker(hub: hub)
    let favorites = ScreenPresentationID()
    let player = ScreenPresentationID()

    tracker.appeared(.favorites, as: favorites)  // hub.send(screen: .favorites)
    tracker.appeared(.favorites, as: favorites)  // onAppear again: ignored
    tracker.appeared(.player, as: player)  // the sheet: hub.send(screen: .player)
    tracker.disappeared(player)  // dismissed: hub.send(screen: .favorites)
    hub.send(userAction: .play("Swift Talk"))  // on favorites
}
