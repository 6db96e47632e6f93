/// One of the four kinds of tag an app sends.
public enum AnalyticsChannel: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A screen was shown.
    case screen
    /// The user did something.
    case userAction
    /// Something happened without the user.
    case event
    /// A user property changed.
    case state

    /// The channel's name, as in `send(userAction:)`.
    public var description: String { rawValue }
}
