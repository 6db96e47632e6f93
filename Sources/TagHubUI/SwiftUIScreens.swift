#if canImport(SwiftUI)
import Dispatch
import SwiftUI
import TagHub

extension View {
    /// Reports this view to the environment's screen tracker as a presentation of `screen`: it
    /// appears and disappears with the view (`onAppear`, `onDisappear`).
    ///
    /// Each view this modifies is one presentation, for as long as SwiftUI keeps its identity: a
    /// second `onAppear` without an `onDisappear` changes nothing. A declared screen inside another
    /// (a screen inside a tab) is current over it. The screen is read when the view appears.
    ///
    /// `screen` must be of the `Screen` type of the tracker's schema: write its type when Swift
    /// cannot infer it (`.analyticsScreen(PodcastAnalytics.Screen.favorites)`). A screen of another
    /// type is reported to the hub's diagnostics as `DiagnosticReport.Reason.wrongType`. Without
    /// a tracker in the environment (`analyticsScreenTracker(_:)`), nothing is reported.
    public func analyticsScreen<Screen: Sendable>(_ screen: Screen) -> some View {
        modifier(AnalyticsScreenModifier(screen: screen))
    }

    /// Makes `tracker` the screen tracker of this view and every view inside it, and tells it when
    /// the scene goes to the background and comes back.
    ///
    /// Apply it once, to the root view of each scene. When the scene goes to the background, the
    /// hub's background strategies are flushed (on iOS and tvOS, inside a background task).
    ///
    /// Unavailable in app extensions, which cannot start a background task: an extension sets
    /// `environment(\.analyticsScreenTracker, tracker)` itself.
    @available(iOSApplicationExtension, unavailable)
    @available(tvOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(visionOSApplicationExtension, unavailable)
    public func analyticsScreenTracker(_ tracker: some AnyScreenTracker) -> some View {
        modifier(ScreenTrackerModifier(tracker: tracker))
    }
}

extension EnvironmentValues {
    /// The screen tracker that `analyticsScreen(_:)` reports to; `nil` (nothing
    /// is reported) until `analyticsScreenTracker(_:)` sets one.
    public var analyticsScreenTracker: (any AnyScreenTracker)? {
        get { self[ScreenTrackerKey.self] }
        set { self[ScreenTrackerKey.self] = newValue }
    }

    /// The presentation of the innermost declared screen around a view.
    var analyticsPresentation: ScreenPresentationID? {
        get { self[PresentationKey.self] }
        set { self[PresentationKey.self] = newValue }
    }
}

private struct ScreenTrackerKey: EnvironmentKey {
    static let defaultValue: (any AnyScreenTracker)? = nil
}

private struct PresentationKey: EnvironmentKey {
    static let defaultValue: ScreenPresentationID? = nil
}

/// Reports the view it modifies as a presentation of `screen`.
struct AnalyticsScreenModifier<Screen: Sendable>: ViewModifier {
    let screen: Screen
    @Environment(\.analyticsScreenTracker) private var tracker
    @Environment(\.analyticsPresentation) private var parent
    @State private var presentation = ScreenPresentationID()

    func body(content: Content) -> some View {
        content
            .environment(\.analyticsPresentation, presentation)
            .onAppear {
                if tracker?.keepAppearance(ofAny: screen, as: presentation, inside: parent) == true {
                    applyAtTheEndOfThisTurn()
                }
            }
            .onDisappear {
                if tracker?.keepDisappearance(of: presentation) == true {
                    applyAtTheEndOfThisTurn()
                }
            }
    }

    /// Has the tracker apply the reports of this turn of the main run loop together: a
    /// transition's appearances and disappearances, in whatever order SwiftUI reports them.
    private func applyAtTheEndOfThisTurn() {
        guard let tracker else { return }
        DispatchQueue.main.async { tracker.applyKept() }
    }
}

/// Puts a tracker in the environment, and reports the scene's phases to it.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
struct ScreenTrackerModifier<Tracker: AnyScreenTracker>: ViewModifier {
    let tracker: Tracker
    @Environment(\.scenePhase) private var scenePhase

    func body(content: Content) -> some View {
        let content = content.environment(\.analyticsScreenTracker, tracker)
        if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
            content.onChange(of: scenePhase) { _, phase in Self.report(phase, to: tracker) }
        } else {
            content.modifier(ScenePhaseChangeBeforeiOS17(tracker: tracker, scenePhase: scenePhase))
        }
    }

    /// Tells `tracker` that the scene went to the background or came back.
    @MainActor
    static func report(_ phase: ScenePhase, to tracker: Tracker) {
        switch phase {
        case .background: AppLifecycle.enteredBackground(tracker)
        case .active: AppLifecycle.enteredForeground(tracker)
        default: break
        }
    }
}

/// `ScreenTrackerModifier`'s observer before iOS 17, macOS 14, tvOS 17 and watchOS 10, which have
/// only `onChange(of:perform:)`, deprecated since (and on visionOS from its first version, where
/// this is never used). Its `body` is marked deprecated so that it may call it without a warning:
/// SwiftUI calls `body` through `ViewModifier`, which warns of nothing.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
struct ScenePhaseChangeBeforeiOS17<Tracker: AnyScreenTracker>: ViewModifier {
    let tracker: Tracker
    let scenePhase: ScenePhase

    @available(*, deprecated, message: "Only where onChange(of:initial:_:) is not available.")
    func body(content: Content) -> some View {
        content.onChange(of: scenePhase) { phase in ScreenTrackerModifier.report(phase, to: tracker) }
    }
}
#endif
