/// A ready-made strategy: up to four converters, one per channel, and a tagger.
///
/// Each converter maps an app tag, with its screen context, to the vendor's tag, or to `nil` when
/// this vendor ignores the tag. A vendor tag goes to the tagger (with its origin, when the tagger is
/// an ``AnalyticsOriginTagger`` of the same schema); a `nil` goes nowhere. The strategy
/// accepts only the channels it has a converter for, so the hub never calls it for the others.
///
/// ```swift
/// let hub = AnalyticsHub<PodcastAnalytics>()
/// let tracker = MappingStrategy(
///     for: PodcastAnalytics.self,
///     tagger: ConsoleTagger<TrackerTag>(label: "tracker"),
///     screen: { screen, _ in screen == .podcasts ? .screen(name: "show_podcasts") : nil },
///     userAction: { action, context in trackerTag(for: action, in: context) }
/// )
/// hub.attach(tracker)
/// #expect(tracker.acceptedChannels == [.screen, .userAction])
/// ```
public final class MappingStrategy<Schema: AnalyticsSchema, Tagger: AnalyticsTagger>:
    AnalyticsScreenStrategy, AnalyticsUserActionStrategy, AnalyticsEventStrategy, AnalyticsStateStrategy,
    AnalyticsConvertingStrategy
{
    /// The vendor's own tag type: the tagger's.
    public typealias VendorTag = Tagger.VendorTag

    /// Maps an app tag, sent in a screen context, to the vendor's tag; `nil` means "ignored".
    public typealias Converter<Tag> = @Sendable (Tag, AnalyticsContext<Schema>) -> Tagger.VendorTag?

    /// Maps every purpose's decision to the vendor's tag (Google's Consent Mode signals); `nil`
    /// means "nothing to send".
    public typealias ConsentConverter = @Sendable (ConsentDecisions) -> Tagger.VendorTag?

    /// The tagger that receives the vendor tags.
    public let tagger: Tagger

    /// The channels this strategy has a converter for.
    public let acceptedChannels: AnalyticsChannelSet

    /// The strategy's name in diagnostics: where the tags its converters return `nil` for are
    /// counted, as ``DiagnosticReport/Reason/unmapped``.
    public let name: String

    /// What happens to a vendor tag that breaks its vendor's rules; checked only for vendor tags
    /// that are ``RuleCheckedVendorTag``.
    public let ruleCheckPolicy: RuleCheckPolicy

    /// One converter per channel, `nil` for a channel the strategy ignores.
    @usableFromInline typealias Converters = (
        screen: Converter<Schema.Screen>?, userAction: Converter<Schema.UserAction>?,
        event: Converter<Schema.Event>?, state: Converter<Schema.State>?
    )

    let converters: Converters
    /// Sent to the tagger when the strategy learns every purpose's decision.
    package let consentConverter: ConsentConverter?

    /// What each `send` runs: built where the strategy is created, so that it is compiled for the
    /// app's own types (see ``Deliveries``).
    let deliveries: Deliveries

    /// A strategy that converts each channel it has a converter for and hands the result to `tagger`.
    ///
    /// - Parameters:
    ///   - schema: The app's schema; pass it to spare writing the generic parameters.
    ///   - name: The strategy's name in diagnostics, usually the vendor's; by default the vendor
    ///     tag type's name.
    ///   - tagger: Receives every vendor tag a converter returns.
    ///   - screen: Converts screen tags; `nil` (the default) to ignore the channel.
    ///   - userAction: Converts user actions; `nil` (the default) to ignore the channel.
    ///   - event: Converts events; `nil` (the default) to ignore the channel.
    ///   - state: Converts states; `nil` (the default) to ignore the channel.
    ///   - consent: Converts the decisions of every purpose, when the strategy is registered with
    ///     an ``AnalyticsConsent`` and after each change, to a vendor tag sent to the tagger (as
    ///     Google's Consent Mode wants); `nil` (the default) for none.
    @inlinable
    public convenience init(
        for schema: Schema.Type = Schema.self,
        name: String? = nil,
        tagger: Tagger,
        screen: Converter<Schema.Screen>? = nil,
        userAction: Converter<Schema.UserAction>? = nil,
        event: Converter<Schema.Event>? = nil,
        state: Converter<Schema.State>? = nil,
        consent: ConsentConverter? = nil
    ) {
        let converters = (screen, userAction, event, state)
        self.init(name: name, tagger: tagger, ruleCheck: .passThrough, converters: converters, consent: consent) {
            Self.deliveries(name: $0, tagger: tagger, ruleCheck: .passThrough, converters: converters)
        }
    }

    /// What both public initializers do, with `deliveries` made by the caller for the name.
    @usableFromInline
    init(
        name: String?,
        tagger: Tagger,
        ruleCheck: RuleCheckPolicy,
        converters: Converters,
        consent: ConsentConverter?,
        deliveries: (_ name: String) -> Deliveries
    ) {
        self.tagger = tagger
        self.name = name ?? String(describing: Tagger.VendorTag.self)
        self.ruleCheckPolicy = ruleCheck
        self.converters = converters
        self.consentConverter = consent
        self.deliveries = deliveries(self.name)
        var channels: AnalyticsChannelSet = []
        if converters.screen != nil { channels.insert(.screen) }
        if converters.userAction != nil { channels.insert(.userAction) }
        if converters.event != nil { channels.insert(.event) }
        if converters.state != nil { channels.insert(.state) }
        self.acceptedChannels = channels
    }

    /// The vendor tag `tag` becomes in `context`, or `nil` when this strategy ignores it.
    ///
    /// Runs the converter without calling the tagger: what tests and tracking plans use to see what
    /// the vendor would receive.
    public func vendorTag(for tag: AnalyticsTag<Schema>, in context: AnalyticsContext<Schema>) -> Tagger.VendorTag? {
        switch tag {
        case .screen(let screen): converters.screen?(screen, context)
        case .userAction(let action): converters.userAction?(action, context)
        case .event(let event): converters.event?(event, context)
        case .state(let state): converters.state?(state, context)
        }
    }

    // MARK: - Channel strategies

    /// Converts the screen tag and hands the result, if any, to the tagger.
    public func send(screen: TagEnvelope<Schema.Screen, Schema>) {
        deliveries.screen?(screen)
    }

    /// Converts the user action and hands the result, if any, to the tagger.
    public func send(userAction: TagEnvelope<Schema.UserAction, Schema>) {
        deliveries.userAction?(userAction)
    }

    /// Converts the event and hands the result, if any, to the tagger.
    public func send(event: TagEnvelope<Schema.Event, Schema>) {
        deliveries.event?(event)
    }

    /// Converts the state tag and hands the result, if any, to the tagger.
    public func send(state: TagEnvelope<Schema.State, Schema>) {
        deliveries.state?(state)
    }
}

extension MappingStrategy {
    /// What each `send` runs, one closure per channel the strategy has a converter for: the
    /// converter, the rule check and the tagger, fused.
    @usableFromInline typealias Deliveries = (
        screen: Delivery<Schema.Screen>?, userAction: Delivery<Schema.UserAction>?,
        event: Delivery<Schema.Event>?, state: Delivery<Schema.State>?
    )
    @usableFromInline typealias Delivery<Tag> = @Sendable (TagEnvelope<Tag, Schema>) -> Void

    /// The deliveries, compiled where this is called: a hub calls a strategy through its channel
    /// protocol, into `MappingStrategy`'s generic code, compiled once for every app, where each send
    /// looked up the metadata of `TagEnvelope` and of the vendor tag's `Optional` at run time. Built
    /// by inlinable code, in the app's module, these closures are not; `send` only calls one.
    @inlinable
    static func deliveries(
        name: String,
        tagger: Tagger,
        ruleCheck: RuleCheckPolicy,
        converters: Converters
    ) -> Deliveries {
        // Found once: a tagger that wants origins gets them.
        let originTagger = tagger as? any AnalyticsOriginTagger<Schema, Tagger.VendorTag>
        // Read once: the policy's getter is compiled in TagHub, a call on each tag.
        let checks = ruleCheck.checks
        func delivery<Tag>(
            _ converter: Converter<Tag>?,
            _ channel: AnalyticsChannel,
            _ origin: @escaping @Sendable (Tag) -> AnalyticsTag<Schema>
        ) -> Delivery<Tag>? {
            guard let converter else { return nil }
            return { envelope in
                guard let vendorTag = converter(envelope.tag, envelope.context) else {
                    return reportUnmapped(channel, source: name, to: envelope.diagnostics)
                }
                if checks,
                    !passesRules(
                        vendorTag,
                        policy: ruleCheck,
                        source: name,
                        channel: channel,
                        diagnostics: envelope.diagnostics
                    )
                {
                    return
                }
                if let originTagger {
                    originTagger.send(vendorTag, origin: envelope.map(origin))
                } else {
                    tagger.send(vendorTag)
                }
            }
        }
        return (
            delivery(converters.screen, .screen) { .screen($0) },
            delivery(converters.userAction, .userAction) { .userAction($0) },
            delivery(converters.event, .event) { .event($0) },
            delivery(converters.state, .state) { .state($0) }
        )
    }

    /// Counts a tag the converter returned `nil` for; off the path of mapped tags.
    @usableFromInline
    @inline(never)
    static func reportUnmapped(_ channel: AnalyticsChannel, source: String, to diagnostics: AnalyticsDiagnostics?) {
        diagnostics?.report(DiagnosticReport(reason: .unmapped, source: source, channel: channel))
    }
}

extension MappingStrategy where Tagger.VendorTag: RuleCheckedVendorTag {
    /// A strategy whose vendor tags are checked against their vendor's rules at run time: each
    /// violation is reported to the hub's diagnostics, and `ruleCheck` says whether the tag still
    /// goes to the tagger.
    ///
    /// ```swift
    /// // A vendor tag that knows its vendor's rules: the app's own, or a model of `TagHubVendors`.
    /// struct StoreTag: RuleCheckedVendorTag {
    ///     var event: String
    ///     var ruleViolations: [VendorRuleViolation] {
    ///         guard event.contains(" ") else { return [] }
    ///         return [VendorRuleViolation("store.event.characters", event, limit: "no space", consequence: .tagDropped)]
    ///     }
    /// }
    ///
    /// let hub = AnalyticsHub<PodcastAnalytics>()
    /// let store = MappingStrategy(
    ///     for: PodcastAnalytics.self,
    ///     name: "store",
    ///     tagger: ConsoleTagger<StoreTag>(label: "store"),  // your app: a tagger that calls the SDK
    ///     ruleCheck: .drop,  // never send what the vendor would drop or lose
    ///     userAction: { action, _ in
    ///         switch action {
    ///         case .playPodcast: StoreTag(event: "play_podcast")
    ///         case .pausePodcast: StoreTag(event: "pause podcast")  // a space: the vendor would drop it
    ///         }
    ///     }
    /// )
    /// hub.attach(store)
    /// hub.send(userAction: .pausePodcast(Podcast(title: "Swift Talk", duration: 1_800)))
    /// #expect(hub.diagnostics.count(of: .droppedByRules, source: "store") == 1)
    /// ```
    ///
    /// - Parameters:
    ///   - schema: The app's schema.
    ///   - name: The strategy's name in diagnostics; by default the vendor tag type's name.
    ///   - tagger: Receives every vendor tag a converter returns and the policy lets through.
    ///   - ruleCheck: ``RuleCheckPolicy/report`` or ``RuleCheckPolicy/drop``;
    ///     ``RuleCheckPolicy/passThrough`` skips the check.
    ///   - screen: Converts screen tags; `nil` (the default) to ignore the channel.
    ///   - userAction: Converts user actions; `nil` (the default) to ignore the channel.
    ///   - event: Converts events; `nil` (the default) to ignore the channel.
    ///   - state: Converts states; `nil` (the default) to ignore the channel.
    ///   - consent: Converts every purpose's decision to a vendor tag; `nil` (the default) for none.
    @inlinable
    public convenience init(
        for schema: Schema.Type = Schema.self,
        name: String? = nil,
        tagger: Tagger,
        ruleCheck: RuleCheckPolicy,
        screen: Converter<Schema.Screen>? = nil,
        userAction: Converter<Schema.UserAction>? = nil,
        event: Converter<Schema.Event>? = nil,
        state: Converter<Schema.State>? = nil,
        consent: ConsentConverter? = nil
    ) {
        let converters = (screen, userAction, event, state)
        self.init(name: name, tagger: tagger, ruleCheck: ruleCheck, converters: converters, consent: consent) {
            Self.deliveries(name: $0, tagger: tagger, ruleCheck: ruleCheck, converters: converters)
        }
    }
}

extension MappingStrategy {
    /// Checks `vendorTag` against its vendor's rules and reports each violation, once per tag, as
    /// coming from `source`; whether it may still go to the tagger.
    @usableFromInline
    @inline(never)
    static func passesRules(
        _ vendorTag: Tagger.VendorTag,
        policy: RuleCheckPolicy,
        source: String,
        channel: AnalyticsChannel,
        diagnostics: AnalyticsDiagnostics?
    ) -> Bool {
        guard let checked = vendorTag as? any RuleCheckedVendorTag else { return true }
        let violations = checked.ruleViolations
        guard !violations.isEmpty else { return true }
        // Advice alone never stops a tag: only what the vendor would drop or lose.
        let drops = policy.drops && violations.contains { $0.consequence != .advisory }
        let detail = violations.map(\.description).joined(separator: "; ")
        let reason: DiagnosticReport.Reason = drops ? .droppedByRules : .ruleViolation
        diagnostics?.report(DiagnosticReport(reason: reason, source: source, channel: channel, detail: detail))
        return !drops
    }
}

extension MappingStrategy: NamedStrategy {}

extension MappingStrategy: AnalyticsConsentObserver {
    /// Tells the tagger, when it is an ``AnalyticsConsentObserver``: the strategy's purposes are
    /// all granted.
    public func consentWasGranted() {
        (tagger as? any AnalyticsConsentObserver)?.consentWasGranted()
    }

    /// Tells the tagger, when it is an ``AnalyticsConsentObserver``: a purpose of the strategy was
    /// denied or withdrawn.
    public func consentWasWithdrawn() {
        (tagger as? any AnalyticsConsentObserver)?.consentWasWithdrawn()
    }

    /// Tells the tagger, when it is an ``AnalyticsConsentObserver``, then sends it the vendor tag
    /// the `consent` converter makes of `decisions`, if any.
    public func consentDecisionsDidChange(_ decisions: ConsentDecisions) {
        (tagger as? any AnalyticsConsentObserver)?.consentDecisionsDidChange(decisions)
        if let vendorTag = consentConverter?(decisions) { tagger.send(vendorTag) }
    }
}
