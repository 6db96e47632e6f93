import TagHub

/// A tagger that records every vendor tag it receives, in order, with the app tag and the screen
/// context it came from; put it in place of a vendor's tagger in tests.
///
/// Delivery is synchronous, so the record is complete as soon as `send` returns: no `await`, no
/// sleep. To record what a strategy would send without calling its tagger at all, wrap the
/// strategy in a ``RecordingStrategy``.
///
/// ```swift
/// let hub = AnalyticsHub<PodcastAnalytics>()
/// let recorder = RecordingTagger<PodcastAnalytics, TrackerTag>()
/// hub.attach(makeTracker(tagger: recorder))
/// hub.send(screen: .favorites)
/// hub.send(userAction: .playPodcast(Podcast(title: "Swift Talk", duration: 1_800)))
/// #expect(recorder.tags == [.play(name: "play_podcast_from_favorites", title: "Swift Talk")])
/// // Its snapshot: each vendor tag, with the app tag and the screens it came from.
/// #expect(recorder.snapshotText == #"""
///     play(name: "play_podcast_from_favorites", title: "Swift Talk") \#
///     ← userAction playPodcast(Podcast(title: "Swift Talk", duration: 1800)) on [favorites]
///
///     """#)
/// ```
public final class RecordingTagger<Schema: AnalyticsSchema, VendorTag: Sendable>:
    AnalyticsOriginTagger, AnalyticsSnapshotConvertible, Sendable
{
    /// One vendor tag as received, with its origin.
    public typealias Entry = RecordedTag<Schema, VendorTag>

    private let recorded = LockedValue<[Entry]>([])

    /// An empty recorder.
    public init() {}

    /// Every vendor tag received so far, oldest first, with its origin.
    public var entries: [Entry] {
        recorded.withLock { $0 }
    }

    /// Every vendor tag received so far, oldest first: the name a ``RecordingStrategy`` gives them too.
    public var tags: [VendorTag] {
        recorded.withLock { $0.map(\.vendorTag) }
    }

    /// Every vendor tag received so far, oldest first.
    @available(*, deprecated, renamed: "tags")
    public var vendorTags: [VendorTag] { tags }

    /// What the snapshot shows of each tag's context besides its screens: nothing by default.
    /// Set it, with a hub given a clock the test controls, for snapshots that show times, sessions
    /// or states.
    public var contextDetails: ContextDetails {
        get { details.withLock { $0 } }
        set { details.withLock { $0 = newValue } }
    }
    private let details = LockedValue<ContextDetails>([])

    /// The record as a snapshot: one line per vendor tag, oldest first, each followed by the app
    /// tag and screen history it came from (see ``RecordedTag/snapshotDescription(showing:)``).
    public var snapshotText: String {
        let details = contextDetails
        return entries.map { $0.snapshotDescription(showing: details) + "\n" }.joined()
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
