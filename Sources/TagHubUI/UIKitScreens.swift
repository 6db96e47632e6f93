#if canImport(UIKit) && !os(watchOS)
import Foundation
import TagHub
import UIKit

extension ScreenTracker {
    /// Reports that `viewController`, a presentation of `screen`, appeared: call it from its
    /// `viewDidAppear(_:)`.
    ///
    /// The view controller is the presentation (`ScreenPresentationID(_:)`). It is declared
    /// inside the nearest view controller above it (its parents, then the one presenting it) that
    /// reports a screen too, whichever of the two reports first. The reports of one turn of the
    /// main run loop are applied together.
    @MainActor
    public func viewDidAppear(_ viewController: UIViewController, screen: Schema.Screen) {
        // Walked only past the duplicate check: a second viewDidAppear costs a lock round trip.
        let appearance = keepAppearance(
            of: screen,
            as: ScreenPresentationID(viewController),
            insideFirstOf: Self.ancestors(of: viewController)
        )
        if appearance {
            DispatchQueue.main.async { self.applyKept() }
        }
    }

    /// The view controllers above `viewController`: its parents, then the one presenting it, up to
    /// the root.
    @MainActor
    private static func ancestors(of viewController: UIViewController) -> [ScreenPresentationID] {
        var ancestors: [ScreenPresentationID] = []
        var ancestor = viewController.parent ?? viewController.presentingViewController
        while let next = ancestor {
            ancestors.append(ScreenPresentationID(next))
            ancestor = next.parent ?? next.presentingViewController
        }
        return ancestors
    }

    /// Reports that `viewController` disappeared: call it from its `viewDidDisappear(_:)`.
    @MainActor
    public func viewDidDisappear(_ viewController: UIViewController) {
        if keepDisappearance(of: ScreenPresentationID(viewController)) {
            DispatchQueue.main.async { self.applyKept() }
        }
    }
}

/// Tells a screen tracker when a UIKit app goes to the background and comes back, for as long as
/// it lives: flushes the hub's background strategies inside a background task, and sends the
/// current screen again as the tracker's options say.
///
/// Keep one for the life of the app (in the app delegate, for example). A SwiftUI app does not
/// need it: `analyticsScreenTracker(_:)` does the same. Unavailable in app extensions.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
public final class AnalyticsAppLifecycle {
    /// Written once, in `init`; read in `deinit`, which no other access can overlap.
    private nonisolated(unsafe) let observers: [any NSObjectProtocol]

    /// Starts observing the application's background and foreground notifications for `tracker`.
    public init(tracker: some AnyScreenTracker) {
        let center = NotificationCenter.default
        observers = [
            center.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main) { _ in
                MainActor.assumeIsolated { AppLifecycle.enteredBackground(tracker) }
            },
            center.addObserver(forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main) { _ in
                MainActor.assumeIsolated { AppLifecycle.enteredForeground(tracker) }
            },
        ]
    }

    deinit {
        for observer in observers {
            NotificationCenter.default.removeObserver(observer)
        }
    }
}
#endif
