import TagHub

/// A tagger that records every vendor tag it receives, in order, with the app tag and the screen
/// context it came from; put it in place of a vendor's tagger in tests.
///
/// Delivery is synchronous, so the record is complete as soon as `send` returns: no `await`, no
/// sleep.
///
/// ```swift
/// let recorder = RecordingTagger<PodcastAnalytics, TrackerTag>()
/// hub.attach(MappingStrategy(for: PodcastAnalytics.self, tagger: recorder, userAction: trackerTag))
/// hub.send(screen: .favorites)
/// hub.send(userAction: .playPodcast(podcast))
/// #expect(recorder.vendorTags == [.play(name: "play_podcast_from_favorites", title: podcast.title)])
/// ```
public final class RecordingTagger<Schema: AnalyticsSchema, VendorTag: Sendable>: AnalyticsOriginTagger, Sendable {
    /// One vendor tag as received.
    public struct Entry: Sendable {
        /// The vendor tag.
        public let vendorTag: VendorTag
        /// The app tag and context it was converted from; `nil` when the tagger was called through
        /// ``send(_:)``, which does not say.
        public let origin: Schema.AnyTagEnvelope?

        /// An entry, for comparing with ``RecordingTagger/entries``.
        public init(vendorTag: VendorTag, origin: Schema.AnyTagEnvelope?) {
            self.vendorTag = vendorTag
            self.origin = origin
        }
    }

    private let recorded = LockedValue<[Entry]>([])

    /// An empty recorder.
    public init() {}

    /// Every vendor tag received so far, oldest first, with its origin.
    public var entries: [Entry] {
        recorded.withLock { $0 }
    }

    /// Every vendor tag received so far, oldest first.
    public var vendorTags: [VendorTag] {
        recorded.withLock { $0.map(\.vendorTag) }
    }

    /// Forgets everything recorded so far.
    public func removeAll() {
        recorded.withLock { $0.removeAll() }
    }

    /// Records `vendorTag`, with no origin.
    public func send(_ vendorTag: VendorTag) {
        recorded.withLock { $0.append(Entry(vendorTag: vendorTag, origin: nil)) }
    }

    /// Records `vendorTag` with the app tag and context it was converted from.
    public func send(_ vendorTag: VendorTag, origin: Schema.AnyTagEnvelope) {
        recorded.withLock { $0.append(Entry(vendorTag: vendorTag, origin: origin)) }
    }
}

extension RecordingTagger.Entry: Equatable
where VendorTag: Equatable, AnalyticsTag<Schema>: Equatable, Schema.Screen: Equatable {}

extension RecordingTagger.Entry: CustomStringConvertible {
    /// The vendor tag, then the app tag and context it came from, for example
    /// `play(…) ← userAction playPodcast(…) on [favorites]`.
    public var description: String {
        guard let origin else { return "\(vendorTag)" }
        return "\(vendorTag) ← \(origin)"
    }
}
