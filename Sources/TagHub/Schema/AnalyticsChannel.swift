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

/// A set of channels: the ones a strategy accepts.
public struct AnalyticsChannels: OptionSet, Sendable, Hashable {
    /// The bits of the set; one per ``AnalyticsChannel``.
    public let rawValue: UInt8

    /// Creates a set from its bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The set holding only `channel`.
    public init(_ channel: AnalyticsChannel) {
        switch channel {
        case .screen: self = .screen
        case .userAction: self = .userAction
        case .event: self = .event
        case .state: self = .state
        }
    }

    /// Screen tags.
    public static let screen = AnalyticsChannels(rawValue: 1 << 0)
    /// User-action tags.
    public static let userAction = AnalyticsChannels(rawValue: 1 << 1)
    /// Event tags.
    public static let event = AnalyticsChannels(rawValue: 1 << 2)
    /// State tags.
    public static let state = AnalyticsChannels(rawValue: 1 << 3)
    /// All four channels.
    public static let all: AnalyticsChannels = [.screen, .userAction, .event, .state]

    /// Whether the set holds `channel`.
    public func contains(_ channel: AnalyticsChannel) -> Bool {
        contains(AnalyticsChannels(channel))
    }
}
