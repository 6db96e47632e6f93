import Foundation
import TagHub
import TagHubUI
import UIKit

let hub = AnalyticsHub<AppAnalytics>()
let tracker = ScreenTracker(hub: hub)

/// Reports its screen from its own appearance callbacks.
final class FavoritesViewController: UIViewController {
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        tracker.viewDidAppear(self, screen: .favorites)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        tracker.viewDidDisappear(self)
    }
}

/// Kept for the life of the app (by the app delegate, for example): flushes the hub when the app
/// goes to the background, and sends the current screen again on its return if the options say so.
@MainActor let lifecycle = AnalyticsAppLifecycle(tracker: tracker)
