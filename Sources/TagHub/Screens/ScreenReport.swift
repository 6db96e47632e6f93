/// What an app's views report to a ``ScreenTracker``: a presentation of a screen appeared, or
/// disappeared.
public enum ScreenReport<Screen: Sendable>: Sendable {
    /// `presentation`, of `screen`, appeared; `parent` is the presentation it is declared inside
    /// (a screen inside a tab, for example), if any.
    case appeared(Screen, presentation: ScreenPresentationID, parent: ScreenPresentationID?)
    /// `presentation` disappeared.
    case disappeared(ScreenPresentationID)
}
