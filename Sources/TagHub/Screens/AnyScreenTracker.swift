/// A ``ScreenTracker`` of any schema: what code that cannot name the app's schema holds (the
/// SwiftUI environment of `TagHubUI`, for example).
public protocol AnyScreenTracker: AnyObject, Sendable {
    /// ``ScreenTracker/keep(_:)``, for a screen of any type.
    ///
    /// A screen that is not of the tracker's schema is not kept: it is reported to the hub's
    /// diagnostics, as ``DiagnosticReport/Reason/wrongType`` from the source `"ScreenTracker"`,
    /// and the call returns `false`.
    func keepAny(_ report: ScreenReport<any Sendable>) -> Bool

    /// ``ScreenTracker/applyKept()``.
    func applyKept()

    /// ``ScreenTracker/enteredBackground()``.
    func enteredBackground()

    /// ``ScreenTracker/enteredForeground()``.
    func enteredForeground()

    /// ``AnalyticsHub/flush()`` of the tracker's hub.
    func flushHub() async
}

extension ScreenTracker: AnyScreenTracker {
    /// ``keep(_:)``, for a screen of any type: one that is not a `Schema.Screen` is reported to the
    /// hub's diagnostics instead (``DiagnosticReport/Reason/wrongType``).
    public func keepAny(_ report: ScreenReport<any Sendable>) -> Bool {
        switch report {
        case .disappeared(let presentation):
            return keep(.disappeared(presentation))
        case .appeared(let screen, let presentation, let parent):
            guard let screen = screen as? Schema.Screen else {
                hub.diagnostics.report(
                    DiagnosticReport(
                        reason: .wrongType,
                        source: "ScreenTracker",
                        channel: .screen,
                        detail: "\(type(of: screen)) is not \(Schema.self).Screen"
                    )
                )
                return false
            }
            return keep(.appeared(screen, presentation: presentation, parent: parent))
        }
    }

    /// ``AnalyticsHub/flush()`` of ``hub``.
    public func flushHub() async {
        await hub.flush()
    }
}
