/// A tag of any of the four channels of `Schema`.
///
/// Strategies receive each channel's tags through that channel's requirement; this type is for the
/// places that see tags of every channel in one sequence: a tagger learning where a vendor tag came
/// from, a recorder, a converter shared by channels.
public enum AnalyticsTag<Schema: AnalyticsSchema>: Sendable {
    /// A screen tag.
    case screen(Schema.Screen)
    /// A user-action tag.
    case userAction(Schema.UserAction)
    /// An event tag.
    case event(Schema.Event)
    /// A state tag.
    case state(Schema.State)

    /// The channel this tag was sent on.
    public var channel: AnalyticsChannel {
        switch self {
        case .screen: .screen
        case .userAction: .userAction
        case .event: .event
        case .state: .state
        }
    }
}

extension AnalyticsTag: Equatable
where Schema.Screen: Equatable, Schema.UserAction: Equatable, Schema.Event: Equatable, Schema.State: Equatable {}

extension AnalyticsTag: Hashable
where Schema.Screen: Hashable, Schema.UserAction: Hashable, Schema.Event: Hashable, Schema.State: Hashable {}

extension AnalyticsTag: CustomStringConvertible {
    /// The channel and the tag, for example `userAction playPodcast(…)`.
    public var description: String {
        switch self {
        case .screen(let tag): "screen \(tag)"
        case .userAction(let tag): "userAction \(tag)"
        case .event(let tag): "event \(tag)"
        case .state(let tag): "state \(tag)"
        }
    }
}
