/// A strategy that can say which vendor tag it makes of an app tag, without sending it.
///
/// ``MappingStrategy`` adopts it. A hand-written strategy adopts it by moving its conversion into
/// ``vendorTag(for:in:)`` and calling that from its `send` methods; it then gets the same test
/// support as a mapping strategy: `TagHubTesting` can record what it would send without calling
/// its tagger, and list it in a tracking plan.
///
/// ```swift
/// final class ConvertingTrackerStrategy: AnalyticsScreenStrategy, AnalyticsUserActionStrategy, AnalyticsConvertingStrategy {
///     typealias Schema = PodcastAnalytics
///     private let tagger: any AnalyticsTagger<TrackerTag>
///
///     init(tagger: some AnalyticsTagger<TrackerTag>) { self.tagger = tagger }
///
///     func vendorTag(for tag: AnalyticsTag<Schema>, in context: Schema.Context) -> TrackerTag? {
///         switch tag {
///         case .screen(let screen): screen == .podcasts ? .screen(name: "show_podcasts") : nil
///         case .userAction(let action): trackerTag(for: action, in: context)
///         case .event, .state: nil
///         }
///     }
///
///     func send(screen: Schema.ScreenEnvelope) {
///         if let tag = vendorTag(for: .screen(screen.tag), in: screen.context) { tagger.send(tag) }
///     }
///
///     func send(userAction: Schema.UserActionEnvelope) {
///         if let tag = vendorTag(for: .userAction(userAction.tag), in: userAction.context) { tagger.send(tag) }
///     }
/// }
/// ```
public protocol AnalyticsConvertingStrategy<Schema, VendorTag>: AnalyticsStrategy {
    /// The vendor's own tag type.
    associatedtype VendorTag: Sendable

    /// The vendor tag `tag` becomes in `context`, or `nil` when this strategy ignores it.
    ///
    /// It must be what the strategy's `send` would hand its tagger for the same tag and context,
    /// and have no side effects: tests and tracking plans call it for tags nobody sent. For a
    /// screen tag, `context` already ends with that screen, as the hub delivers it.
    ///
    /// The hub delivers only the channels in ``AnalyticsStrategy/deliveredChannels``; what this
    /// returns for another channel is never sent, and readers of it should ignore it.
    func vendorTag(for tag: AnalyticsTag<Schema>, in context: AnalyticsContext<Schema>) -> VendorTag?
}
