import TagHub

/// A strategy that records, in order, what it receives from the hub: the app tags themselves, or
/// the vendor tags another strategy would make of them.
///
/// Attach it in place of a vendor's strategy. Made with ``init(wrapping:)``, it takes the wrapped
/// strategy's channels and records each vendor tag the wrapped strategy's converters return, with
/// its origin, without ever calling the wrapped strategy's tagger: a test never reaches the
/// vendor's SDK, even when the app builds the strategy with the real tagger inside.
///
/// ```swift
/// let hub = AnalyticsHub<PodcastAnalytics>()
/// let tracker = RecordingStrategy(wrapping: makeTracker(tagger: ConsoleTagger(label: "tracker")))
/// hub.attach(tracker)
/// hub.send(screen: .podcasts)
/// hub.send(screen: .favorites)  // the tracker ignores it
/// #expect(tracker.tags == [.screen(name: "show_podcasts")])  // and the console printed nothing
/// ```
///
/// Registered with an ``/TagHub/AnalyticsConsent`` in place of a ``/TagHub/MappingStrategy`` (or a
/// ``/TagHub/BackgroundStrategy`` around one) that has a `consent:` converter, it also records the
/// consent signals that strategy would send its tagger, each with no origin: what the vendor
/// learns of every purpose's decision (Google's Consent Mode).
///
/// Made with ``init(for:channels:)``, it records the app tags the hub delivers, on every channel:
/// what a test of a view model asserts on.
///
/// ```swift
/// struct PlayerViewModel {
///     let hub: AnalyticsHub<PodcastAnalytics>
///     let podcast: Podcast
///     func playTapped() { hub.send(userAction: .playPodcast(podcast)) }
/// }
///
/// let hub = AnalyticsHub<PodcastAnalytics>()
/// let sent = RecordingStrategy(for: PodcastAnalytics.self)
/// hub.attach(sent)
/// let podcast = Podcast(title: "Swift Talk", duration: 1_800)
/// PlayerViewModel(hub: hub, podcast: podcast).playTapped()
/// #expect(sent.tags == [.userAction(.playPodcast(podcast))])
/// ```
///
/// Delivery is synchronous, so the record is complete as soon as `send` returns.
public final class RecordingStrategy<Schema: AnalyticsSchema, VendorTag: Sendable>:
    AnalyticsScreenStrategy, AnalyticsUserActionStrategy, AnalyticsEventStrategy, AnalyticsStateStrategy,
    AnalyticsConvertingStrategy, AnalyticsSnapshotConvertible
{
    /// One tag as received, with its origin.
    public typealias Entry = RecordedTag<Schema, VendorTag>

    /// The channels recorded: the wrapped strategy's delivered channels, or those asked for.
    public let acceptedChannels: AnalyticsChannelSet

    private let wrapped: any AnalyticsConvertingStrategy<Schema, VendorTag>
    private let recorded = LockedValue<[Entry]>([])

    /// A recorder of the vendor tags `strategy` would make of what the hub delivers, on the
    /// channels the hub would deliver to `strategy`.
    ///
    /// Only `strategy`'s ``/TagHub/AnalyticsConvertingStrategy/vendorTag(for:in:)`` is called,
    /// never its `send` methods: its tagger receives nothing.
    public init<Wrapped: AnalyticsConvertingStrategy>(wrapping strategy: Wrapped)
    where Wrapped.Schema == Schema, Wrapped.VendorTag == VendorTag {
        self.acceptedChannels = strategy.deliveredChannels
        self.wrapped = strategy
    }

    /// Every tag recorded so far, oldest first, with its origin.
    public var entries: [Entry] {
        recorded.withLock { $0 }
    }

    /// Every tag recorded so far, oldest first: the vendor tags the wrapped strategy makes, or, for
    /// a recorder made with ``init(for:channels:)``, the app tags themselves.
    public var tags: [VendorTag] {
        recorded.withLock { $0.map(\.vendorTag) }
    }

    /// What the snapshot shows of each tag's context besides its screens: nothing by default.
    /// Set it, with a hub given a clock the test controls, for snapshots that show times, sessions
    /// or states.
    public var contextDetails: ContextDetails {
        get { details.withLock { $0 } }
        set { details.withLock { $0 = newValue } }
    }
    private let details = LockedValue<ContextDetails>([])

    /// The record as a snapshot: one line per tag, oldest first (see
    /// ``RecordedTag/snapshotDescription(showing:)``).
    public var snapshotText: String {
        let details = contextDetails
        return entries.map { $0.snapshotDescription(showing: details) + "\n" }.joined()
    }

    /// Forgets everything recorded so far.
    public func removeAll() {
        recorded.withLock { $0.removeAll() }
    }

    /// What the wrapped strategy makes of `tag` in `context`, or `tag` itself for a recorder of
    /// app tags.
    public func vendorTag(for tag: AnalyticsTag<Schema>, in context: AnalyticsContext<Schema>) -> VendorTag? {
        wrapped.vendorTag(for: tag, in: context)
    }

    /// Records what the screen tag becomes.
    public func send(screen: TagEnvelope<Schema.Screen, Schema>) {
        record(screen.map(AnalyticsTag.screen))
    }

    /// Records what the user action becomes.
    public func send(userAction: TagEnvelope<Schema.UserAction, Schema>) {
        record(userAction.map(AnalyticsTag.userAction))
    }

    /// Records what the event becomes.
    public func send(event: TagEnvelope<Schema.Event, Schema>) {
        record(event.map(AnalyticsTag.event))
    }

    /// Records what the state tag becomes.
    public func send(state: TagEnvelope<Schema.State, Schema>) {
        record(state.map(AnalyticsTag.state))
    }

    private func record(_ origin: Schema.AnyTagEnvelope) {
        guard let vendorTag = wrapped.vendorTag(for: origin.tag, in: origin.context) else { return }
        recorded.withLock { $0.append(Entry(vendorTag: vendorTag, origin: origin)) }
    }
}

extension RecordingStrategy: AnalyticsConsentObserver {
    /// Does nothing: the wrapped strategy's tagger is never told.
    public func consentWasGranted() {}

    /// Does nothing: the wrapped strategy's tagger is never told.
    public func consentWasWithdrawn() {}

    /// Records the vendor tag the wrapped strategy's `consent:` converter makes of `decisions`, if
    /// it has one, with no origin.
    public func consentDecisionsDidChange(_ decisions: ConsentDecisions) {
        guard let signalling = wrapped as? any ConsentSignalling<VendorTag>,
            let vendorTag = signalling.consentTag(for: decisions)
        else { return }
        recorded.withLock { $0.append(Entry(vendorTag: vendorTag, origin: nil)) }
    }
}

/// A strategy that makes consent signals of the decisions: a ``MappingStrategy`` with a `consent:`
/// converter, or a ``BackgroundStrategy`` around one.
protocol ConsentSignalling<VendorTag> {
    associatedtype VendorTag
    /// What the strategy would send its tagger when it learns `decisions`.
    func consentTag(for decisions: ConsentDecisions) -> VendorTag?
}

extension MappingStrategy: ConsentSignalling {
    func consentTag(for decisions: ConsentDecisions) -> Tagger.VendorTag? {
        consentConverter?(decisions)
    }
}

extension BackgroundStrategy: ConsentSignalling where Wrapped: ConsentSignalling {
    func consentTag(for decisions: ConsentDecisions) -> Wrapped.VendorTag? {
        wrapped.consentTag(for: decisions)
    }
}

extension RecordingStrategy where VendorTag == AnalyticsTag<Schema> {
    /// A recorder of the app tags the hub delivers on `channels` (all four by default).
    ///
    /// Each entry's ``RecordedTag/vendorTag`` is the app tag itself, and its origin carries the
    /// screen context it was sent in.
    public convenience init(for schema: Schema.Type = Schema.self, channels: AnalyticsChannelSet = .all) {
        self.init(wrapping: AppTagSource<Schema>(acceptedChannels: channels))
    }
}

/// The "strategy" a recorder of app tags wraps: every tag converts to itself.
private final class AppTagSource<Schema: AnalyticsSchema>:
    AnalyticsScreenStrategy, AnalyticsUserActionStrategy, AnalyticsEventStrategy, AnalyticsStateStrategy,
    AnalyticsConvertingStrategy
{
    let acceptedChannels: AnalyticsChannelSet

    init(acceptedChannels: AnalyticsChannelSet) {
        self.acceptedChannels = acceptedChannels
    }

    func vendorTag(for tag: AnalyticsTag<Schema>, in context: AnalyticsContext<Schema>) -> AnalyticsTag<Schema>? {
        tag
    }

    // Never attached: the recorder wrapping it is.
    func send(screen: TagEnvelope<Schema.Screen, Schema>) {}
    func send(userAction: TagEnvelope<Schema.UserAction, Schema>) {}
    func send(event: TagEnvelope<Schema.Event, Schema>) {}
    func send(state: TagEnvelope<Schema.State, Schema>) {}
}
