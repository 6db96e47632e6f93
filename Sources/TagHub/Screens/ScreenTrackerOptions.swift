/// How a ``ScreenTracker`` turns what the views report into screen views.
public struct ScreenTrackerOptions: Sendable, Hashable {
    /// When returning from the background sends the current screen again.
    public enum ForegroundResend: Sendable, Hashable {
        /// Never: the screen view before the background stands.
        case never
        /// Every time the app comes back from the background.
        case always
        /// Only when the hub's session has lapsed meanwhile (see
        /// ``AnalyticsHub/sessionTimeout``): the new session then starts with a screen view,
        /// sent with the new session's context.
        case whenSessionLapsed
    }

    /// Whether a screen that becomes current again because what covered it went away (a sheet
    /// dismissed over it) is sent to the vendors as a new screen view. `true` by default.
    ///
    /// Either way the hub's context has it as the current screen again (its history gains it), so
    /// the next tag is credited to it. With `false`, the vendors are not told: their own idea of
    /// the current screen (Firebase's `firebase_screen`, for example) stays the sheet.
    public var sendsScreenViewOnReturn: Bool

    /// When returning from the background sends the current screen again;
    /// ``ForegroundResend/whenSessionLapsed`` by default.
    public var foregroundResend: ForegroundResend

    /// The defaults: a return is a screen view, and a screen is sent again after the background
    /// only when a new session starts.
    public init(sendsScreenViewOnReturn: Bool = true, foregroundResend: ForegroundResend = .whenSessionLapsed) {
        self.sendsScreenViewOnReturn = sendsScreenViewOnReturn
        self.foregroundResend = foregroundResend
    }
}
