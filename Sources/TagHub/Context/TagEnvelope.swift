/// A tag on its way to a strategy, with the context it was sent in.
///
/// Strategies and taggers receive this one value rather than a list of parameters, so that it can
/// carry more later without breaking them. A strategy converts the envelope's tag in its context;
/// a test can make one by hand:
///
/// ```swift
/// let envelope = PodcastAnalytics.UserActionEnvelope(
///     tag: .playPodcast(Podcast(title: "Swift Talk", duration: 1_800)),
///     context: [.podcasts, .favorites]  // the screens shown, oldest first
/// )
/// let tag = trackerTag(for: envelope.tag, in: envelope.context)
/// #expect(tag == .play(name: "play_podcast_from_favorites", title: "Swift Talk"))
/// ```
public struct TagEnvelope<Tag, Schema: AnalyticsSchema> {
    /// The screens, time, session and states at the moment the tag was sent.
    public let context: AnalyticsContext<Schema>
    /// The tag the app sent.
    public let tag: Tag
    /// Where whatever handles the tag reports what it does not deliver: the sending hub's
    /// ``AnalyticsHub/diagnostics``; for an envelope made by hand, those given, or `nil`.
    ///
    /// Not part of the envelope's value: two envelopes with the same tag and context are equal.
    public var diagnostics: AnalyticsDiagnostics? { scope?.diagnostics }
    /// The delivery scope of the hub that sent the tag; for an envelope made by hand, a scope of
    /// its own that no hub has, or `nil` without diagnostics (see "One delivery scope").
    var scope: DeliveryScope? { context.scope }

    /// An envelope for `tag`, sent in `context`, reporting to `diagnostics` (by default, to the
    /// diagnostics of the hub the context comes from, if any).
    @inlinable
    public init(tag: Tag, context: AnalyticsContext<Schema>, diagnostics: AnalyticsDiagnostics? = nil) {
        self.tag = tag
        if let diagnostics {
            self.context = context.reporting(to: diagnostics)
        } else {
            self.context = context
        }
    }
}

extension TagEnvelope {
    /// The same envelope around `transform(tag)`, with the same context.
    ///
    /// A hand-written strategy uses it to tell its tagger where a vendor tag came from:
    ///
    /// ```swift
    /// let pause = PodcastAnalytics.UserActionEnvelope(
    ///     tag: .pausePodcast(Podcast(title: "Swift Talk", duration: 1_800)),
    ///     context: [.podcastPlayer]
    /// )
    /// let origin = pause.map(AnalyticsTag<PodcastAnalytics>.userAction)  // a PodcastAnalytics.AnyTagEnvelope
    /// #expect(origin.tag == .userAction(pause.tag))
    /// #expect(origin.context == pause.context)
    /// ```
    @inlinable
    public func map<NewTag>(_ transform: (Tag) throws -> NewTag) rethrows -> TagEnvelope<NewTag, Schema> {
        TagEnvelope<NewTag, Schema>(tag: try transform(tag), context: context)
    }
}

extension TagEnvelope: Sendable where Tag: Sendable {}
extension TagEnvelope: Equatable where Tag: Equatable, Schema.Screen: Equatable, Schema.State: Equatable {
    /// Whether the tags and the contexts are equal; the diagnostics do not count.
    public static func == (left: Self, right: Self) -> Bool {
        left.tag == right.tag && left.context == right.context
    }
}

extension TagEnvelope: Hashable where Tag: Hashable, Schema.Screen: Hashable, Schema.State: Hashable {
    /// Hashes the tag and the context; the diagnostics do not count.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(tag)
        hasher.combine(context)
    }
}

extension TagEnvelope: CustomStringConvertible, CustomReflectable {
    /// The tag and its context, for example `playPodcast(…) on [podcasts, favorites]`.
    public var description: String { "\(tag) on \(context)" }
    /// The tag, then the context: the order they were declared in before the context was stored first.
    public var customMirror: Mirror { Mirror(self, children: ["tag": tag, "context": context], displayStyle: .struct) }
}
