/// A ``ScreenTracker`` of any schema: what code that cannot name the app's schema holds (the
/// SwiftUI environment of `TagHubUI`, for example).
public protocol AnyScreenTracker: AnyObject, Sendable {
    /// Keeps the appearance of `presentation`, of `screen`, declared inside `parent`, as
    /// ``ScreenTracker/keep(_:)`` does, for a screen of any type.
    ///
    /// With nothing kept, an appearance of a presentation on screen changes nothing and is not
    /// kept. A screen that is not of the tracker's schema is not kept either: it is reported to the
    /// hub's diagnostics, as ``DiagnosticReport/Reason/wrongType`` from the source
    /// `"ScreenTracker"`.
    ///
    /// - Returns: `true` when the caller must arrange for ``applyKept()`` to run, as
    ///   ``ScreenTracker/keep(_:)``.
    func keepAppearance(
        ofAny screen: any Sendable,
        as presentation: ScreenPresentationID,
        inside parent: ScreenPresentationID?
    ) -> Bool

    /// ``ScreenTracker/keepDisappearance(of:)``.
    func keepDisappearance(of presentation: ScreenPresentationID) -> Bool

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
    /// ``keep(_:)`` of an appearance, for a screen of any type: one that is not a `Schema.Screen`
    /// is reported to the hub's diagnostics instead (``DiagnosticReport/Reason/wrongType``).
    public func keepAppearance(
        ofAny screen: any Sendable,
        as presentation: ScreenPresentationID,
        inside parent: ScreenPresentationID?
    ) -> Bool {
        // A duplicate (the common report that changes nothing) is answered before the cast and the
        // typed report, which need the metadata of generic types and cost far more.
        if changesNothing(presentation, appearing: true) { return false }
        return keepErased(screen, as: presentation, inside: parent)
    }

    /// ``keepAppearance(ofAny:as:inside:)`` past its duplicate check.
    @inline(never)
    private func keepErased(
        _ screen: any Sendable,
        as presentation: ScreenPresentationID,
        inside parent: ScreenPresentationID?
    ) -> Bool {
        guard let screen = screen as? Schema.Screen else {
            let detail = "\(type(of: screen)) is not \(Schema.self).Screen"
            let report = DiagnosticReport(reason: .wrongType, source: "ScreenTracker", channel: .screen, detail: detail)
            hub.diagnostics.report(report)
            return false
        }
        return keep(.appeared(screen, presentation: presentation, parent: parent))
    }

    /// ``AnalyticsHub/flush()`` of ``hub``.
    public func flushHub() async {
        await hub.flush()
    }
}
