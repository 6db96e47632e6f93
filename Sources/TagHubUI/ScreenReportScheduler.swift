#if canImport(SwiftUI) || (canImport(UIKit) && !os(watchOS))
import Dispatch
import TagHub

/// Hands what views report to a tracker, and has the tracker apply the reports of one turn of the
/// main run loop together: a transition's appearances and disappearances, in whatever order
/// SwiftUI or UIKit reports them, make one decision.
enum ScreenReportScheduler {
    /// Keeps `report` in `tracker`; the first report of a turn schedules the tracker's
    /// `ScreenTracker.applyKept()` at the end of it.
    @MainActor
    static func report(_ report: ScreenReport<any Sendable>, to tracker: any AnyScreenTracker) {
        if tracker.keepAny(report) {
            DispatchQueue.main.async { tracker.applyKept() }
        }
    }
}
#endif
