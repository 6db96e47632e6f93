/// The only code that talks to a vendor's SDK: it receives that vendor's tags, already converted.
///
/// A tagger knows nothing of the app's tags: it implements ``send(_:)``.
///
/// ```swift
/// struct TrackerTagger: AnalyticsTagger {
///     // The vendor SDK's call: `Tracker.shared.track(_:properties:)`, say.
///     let track: @Sendable (_ name: String, _ properties: [String: String]) -> Void
///
///     func send(_ tag: TrackerTag) {
///         switch tag {
///         case .screen(let name): track(name, [:])
///         case .play(let name, let title): track(name, ["title": title])
///         case .pause: track("pause", [:])
///         }
///     }
/// }
/// ```
///
/// Taggers are called on the thread that sent the tag, synchronously, so they must be `Sendable`,
/// and should hand slow work to the SDK's own queue.
public protocol AnalyticsTagger<VendorTag>: Sendable {
    /// The vendor's own tag type, usually an enum of what its SDK can record.
    associatedtype VendorTag: Sendable

    /// Records `vendorTag` with the vendor.
    func send(_ vendorTag: VendorTag)
}

/// A tagger that also learns which app tag, in which screen context, each vendor tag came from:
/// a recorder in tests, a debug overlay.
///
/// ``MappingStrategy`` calls ``send(_:origin:)`` instead of ``AnalyticsTagger/send(_:)`` on such a
/// tagger, when the tagger's `Schema` is the strategy's. Other taggers never pay for building the
/// origin. A hand-written strategy passes it with ``TagEnvelope/map(_:)``:
///
/// ```swift
/// final class OriginTrackerStrategy<Tagger: AnalyticsOriginTagger<PodcastAnalytics, TrackerTag>>:
///     AnalyticsUserActionStrategy
/// {
///     typealias Schema = PodcastAnalytics
///     private let tagger: Tagger
///
///     init(tagger: Tagger) { self.tagger = tagger }
///
///     func send(userAction: PodcastAnalytics.UserActionEnvelope) {
///         guard let tag = trackerTag(for: userAction.tag, in: userAction.context) else { return }
///         tagger.send(tag, origin: userAction.map(AnalyticsTag<PodcastAnalytics>.userAction))
///     }
/// }
/// ```
public protocol AnalyticsOriginTagger<Schema, VendorTag>: AnalyticsTagger {
    /// The app's tag types the origins belong to.
    associatedtype Schema: AnalyticsSchema
    /// The vendor's own tag type.
    associatedtype VendorTag

    /// Records `vendorTag`, converted from the app tag and context in `origin`.
    func send(_ vendorTag: VendorTag, origin: Schema.AnyTagEnvelope)
}
