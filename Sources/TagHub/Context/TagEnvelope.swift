/// A tag on its way to a strategy, with the screen context it was sent in.
///
/// Strategies and taggers receive this one value rather than a list of parameters, so that it can
/// carry more later without breaking them.
///
/// ```swift
/// func send(userAction: PodcastAnalytics.UserActionEnvelope) {
///     guard let tag = trackerTag(for: userAction.tag, in: userAction.context) else { return }
///     tagger.send(tag)
/// }
/// ```
public struct TagEnvelope<Tag, Screen> {
    /// The tag the app sent.
    public let tag: Tag
    /// The screen context at the moment the tag was sent.
    public let context: ScreenContext<Screen>
    /// Where whatever handles the tag reports what it does not deliver: the sending hub's
    /// ``AnalyticsHub/diagnostics``, or `nil` for an envelope made by hand.
    ///
    /// Not part of the envelope's value: two envelopes with the same tag and context are equal.
    public let diagnostics: AnalyticsDiagnostics?
    /// The hub that sent the tag, as the per-thread delivery scope knows it: whoever delivers the
    /// tag later (a background queue) does so inside that hub's scope. `nil` for an envelope made
    /// by hand. An identity only: the envelope keeps no hub alive.
    @usableFromInline let hub: ObjectIdentifier?

    /// An envelope for `tag`, sent in `context`, reporting to `diagnostics`.
    @inlinable
    public init(tag: Tag, context: ScreenContext<Screen>, diagnostics: AnalyticsDiagnostics? = nil) {
        self.init(tag: tag, context: context, diagnostics: diagnostics, hub: nil)
    }

    /// An envelope sent by `hub`.
    @inlinable
    init(tag: Tag, context: ScreenContext<Screen>, diagnostics: AnalyticsDiagnostics?, hub: ObjectIdentifier?) {
        self.tag = tag
        self.context = context
        self.diagnostics = diagnostics
        self.hub = hub
    }
}

extension TagEnvelope {
    /// The same envelope around `transform(tag)`, with the same context.
    ///
    /// A hand-written strategy uses it to tell its tagger where a vendor tag came from:
    ///
    /// ```swift
    /// tagger.send(event, origin: userAction.map(AnalyticsTag<Schema>.userAction))
    /// ```
    @inlinable
    public func map<NewTag>(_ transform: (Tag) throws -> NewTag) rethrows -> TagEnvelope<NewTag, Screen> {
        TagEnvelope<NewTag, Screen>(tag: try transform(tag), context: context, diagnostics: diagnostics, hub: hub)
    }
}

extension TagEnvelope: Sendable where Tag: Sendable, Screen: Sendable {}
extension TagEnvelope: Equatable where Tag: Equatable, Screen: Equatable {
    /// Whether the tags and the contexts are equal; the diagnostics do not count.
    public static func == (left: Self, right: Self) -> Bool {
        left.tag == right.tag && left.context == right.context
    }
}

extension TagEnvelope: Hashable where Tag: Hashable, Screen: Hashable {
    /// Hashes the tag and the context; the diagnostics do not count.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(tag)
        hasher.combine(context)
    }
}

extension TagEnvelope: CustomStringConvertible {
    /// The tag and its context, for example `playPodcast(…) on [podcasts, favorites]`.
    public var description: String { "\(tag) on \(context)" }
}
