/// A set of channels: the ones a strategy accepts.
public struct AnalyticsChannelSet: OptionSet, Sendable, Hashable {
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
    public static let screen = AnalyticsChannelSet(rawValue: 1 << 0)
    /// User-action tags.
    public static let userAction = AnalyticsChannelSet(rawValue: 1 << 1)
    /// Event tags.
    public static let event = AnalyticsChannelSet(rawValue: 1 << 2)
    /// State tags.
    public static let state = AnalyticsChannelSet(rawValue: 1 << 3)
    /// All four channels.
    public static let all: AnalyticsChannelSet = [.screen, .userAction, .event, .state]

    /// Whether the set holds `channel`.
    public func contains(_ channel: AnalyticsChannel) -> Bool {
        contains(AnalyticsChannelSet(channel))
    }
}
