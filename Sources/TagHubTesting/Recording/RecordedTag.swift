import TagHub

/// One vendor tag as a recorder received it, with the app tag and screen context it came from.
public struct RecordedTag<Schema: AnalyticsSchema, VendorTag: Sendable>: Sendable {
    /// The vendor tag.
    public let vendorTag: VendorTag
    /// The app tag and context it was converted from; `nil` when a tagger was called through
    /// ``RecordingTagger/send(_:)``, which does not say.
    public let origin: Schema.AnyTagEnvelope?

    /// A recorded tag, for comparing with a recorder's `entries`.
    public init(vendorTag: VendorTag, origin: Schema.AnyTagEnvelope?) {
        self.vendorTag = vendorTag
        self.origin = origin
    }
}

extension RecordedTag: Equatable
where VendorTag: Equatable, AnalyticsTag<Schema>: Equatable, Schema.Screen: Equatable {}

extension RecordedTag: CustomStringConvertible {
    /// The vendor tag, then the app tag and context it came from, for example
    /// `play(…) ← userAction playPodcast(…) on [favorites]`.
    public var description: String {
        guard let origin else { return "\(vendorTag)" }
        return "\(vendorTag) ← \(origin)"
    }
}

extension RecordedTag: CustomSnapshotStringConvertible {
    /// The vendor tag, then the app tag and the screen history it came from, each written as
    /// ``snapshotDescription(of:)`` writes values; for example
    /// `play(name: "play_podcast_from_favorites") ← userAction playPodcast(Podcast(title: "Swift Talk")) on [favorites]`.
    ///
    /// A recorder of app tags (a ``RecordingStrategy`` made with ``RecordingStrategy/init(for:)``)
    /// writes the app tag once.
    public var snapshotDescription: String {
        guard let origin else { return TagHubTesting.snapshotDescription(of: vendorTag) }
        let source = "\(origin.tag.snapshotDescription) on \(origin.context.snapshotDescription)"
        if VendorTag.self == AnalyticsTag<Schema>.self { return source }
        return "\(TagHubTesting.snapshotDescription(of: vendorTag)) ← \(source)"
    }
}

extension ScreenContext: CustomSnapshotStringConvertible {
    /// The history, oldest first, each screen as ``snapshotDescription(of:)`` writes it:
    /// `[podcasts, favorites]`.
    public var snapshotDescription: String {
        "[" + history.map { TagHubTesting.snapshotDescription(of: $0) }.joined(separator: ", ") + "]"
    }
}

extension AnalyticsTag: CustomSnapshotStringConvertible {
    /// The channel, then the tag: `userAction playPodcast(Podcast(title: "Swift Talk", duration: 1800))`.
    public var snapshotDescription: String {
        "\(channel) \(TagHubTesting.snapshotDescription(of: payload))"
    }
}

extension AnalyticsTag {
    /// The channel's own tag, whichever the channel.
    var payload: Any {
        switch self {
        case .screen(let tag): tag
        case .userAction(let tag): tag
        case .event(let tag): tag
        case .state(let tag): tag
        }
    }
}
