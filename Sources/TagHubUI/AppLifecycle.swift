#if canImport(SwiftUI) || (canImport(UIKit) && !os(watchOS))
import TagHub

#if canImport(UIKit) && !os(watchOS)
import UIKit
#endif
#if canImport(WatchKit) && !os(iOS) && !os(visionOS)
import WatchKit  // and with it Foundation: `ProcessInfo`
#endif

/// What the app going to the background and coming back does to a screen tracker and its hub.
///
/// Unavailable in app extensions, where `UIApplication.shared` is: an extension (a widget, for
/// example) can still mark its views with `analyticsScreen(_:)`, reporting to a tracker it puts
/// in the environment itself (`environment(\.analyticsScreenTracker, tracker)`).
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
enum AppLifecycle {
    /// Tells `tracker`, and flushes its hub's background strategies: on iOS and tvOS inside a
    /// background task, on watchOS inside an expiring activity, so that the system lets the queues
    /// finish before suspending the app.
    @MainActor
    static func enteredBackground(_ tracker: any AnyScreenTracker) {
        tracker.enteredBackground()
        #if canImport(UIKit) && !os(watchOS)
        let application = UIApplication.shared
        let task = BackgroundTask()
        task.identifier = application.beginBackgroundTask(withName: "TagHub flush") {
            task.end(in: application)
        }
        Task {
            await tracker.flushHub()
            task.end(in: application)
        }
        #elseif canImport(WatchKit) && !os(iOS) && !os(visionOS)
        flushInExpiringActivity(tracker)
        #else
        Task { await tracker.flushHub() }  // macOS, which does not suspend an app in the background
        #endif
    }

    #if canImport(WatchKit) && !os(iOS) && !os(visionOS)
    /// Flushes `tracker`'s hub inside an expiring activity, watchOS's way of asking for time in the
    /// background. The activity lasts until its block returns: the block waits for the flush, or
    /// for the system's second call, with `expired` true, which ends the wait.
    static func flushInExpiringActivity(_ tracker: any AnyScreenTracker) {
        let flushed = DispatchSemaphore(value: 0)
        Task {
            await tracker.flushHub()
            flushed.signal()
        }
        // The block runs on a queue of the system's, never the main thread: it may wait.
        ProcessInfo.processInfo.performExpiringActivity(withReason: "TagHub flush") { expired in
            if expired { flushed.signal() } else { flushed.wait() }
        }
    }
    #endif

    /// Tells `tracker`: it sends the current screen again if its options say so.
    @MainActor
    static func enteredForeground(_ tracker: any AnyScreenTracker) {
        tracker.enteredForeground()
    }
}

#if canImport(UIKit) && !os(watchOS)
/// A background task, ended once: by the flush or by the system's expiration, whichever comes
/// first.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
final class BackgroundTask {
    var identifier = UIBackgroundTaskIdentifier.invalid

    func end(in application: UIApplication) {
        guard identifier != .invalid else { return }
        application.endBackgroundTask(identifier)
        identifier = .invalid
    }
}
#endif
#endif
