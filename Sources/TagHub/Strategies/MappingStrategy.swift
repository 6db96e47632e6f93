/// A ready-made strategy: up to four converters, one per channel, and a tagger.
///
/// Each converter maps an app tag, with its screen context, to the vendor's tag, or to `nil` when
/// this vendor ignores the tag. A vendor tag goes to the tagger (with its origin, when the tagger is
/// an ``AnalyticsOriginTagger`` of the same schema); a `nil` goes nowhere. The strategy
/// accepts only the channels it has a converter for, so the hub never calls it for the others.
///
/// ```swift
/// let tracker = MappingStrategy(
///     for: PodcastAnalytics.self,
///     tagger: ConsoleTagger<TrackerTag>(label: "tracker"),
///     screen: { screen, _ in screen.trackerTag },
///     userAction: { action, context in action.trackerTag(in: context) }
/// )
/// hub.attach(tracker)
/// ```
public final class MappingStrategy<Schema: AnalyticsSchema, Tagger: AnalyticsTagger>:
    AnalyticsScreenStrategy, AnalyticsUserActionStrategy, AnalyticsEventStrategy, AnalyticsStateStrategy,
    AnalyticsConvertingStrategy
{
    /// The vendor's own tag type: the tagger's.
    public typealias VendorTag = Tagger.VendorTag

    /// Maps an app tag, sent in a screen context, to the vendor's tag; `nil` means "ignored".
    public typealias Converter<Tag> = @Sendable (Tag, ScreenContext<Schema.Screen>) -> Tagger.VendorTag?

    /// The tagger that receives the vendor tags.
    public let tagger: Tagger

    /// The channels this strategy has a converter for.
    public let acceptedChannels: AnalyticsChannels

    /// The strategy's name in diagnostics: where the tags its converters return `nil` for are
    /// counted, as ``AnalyticsDiagnostic/Reason/unmapped``.
    public let name: String

    /// What happens to a vendor tag that breaks its vendor's rules; checked only for vendor tags
    /// that are ``RuleCheckedVendorTag``.
    public let ruleCheckPolicy: RuleCheckPolicy

    /// The tagger again, when it wants origins; found once, at init.
    private let originTagger: (any AnalyticsOriginTagger<Schema, Tagger.VendorTag>)?
    private let screenConverter: Converter<Schema.Screen>?
    private let userActionConverter: Converter<Schema.UserAction>?
    private let eventConverter: Converter<Schema.Event>?
    private let stateConverter: Converter<Schema.State>?

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
    public convenience init(
        for schema: Schema.Type = Schema.self,
        name: String? = nil,
        tagger: Tagger,
        screen: Converter<Schema.Screen>? = nil,
        userAction: Converter<Schema.UserAction>? = nil,
        event: Converter<Schema.Event>? = nil,
        state: Converter<Schema.State>? = nil
    ) {
        self.init(
            name: name,
            tagger: tagger,
            ruleCheck: .passThrough,
            screen: screen,
            userAction: userAction,
            event: event,
            state: state
        )
    }

    fileprivate init(
        name: String?,
        tagger: Tagger,
        ruleCheck: RuleCheckPolicy,
        screen: Converter<Schema.Screen>?,
        userAction: Converter<Schema.UserAction>?,
        event: Converter<Schema.Event>?,
        state: Converter<Schema.State>?
    ) {
        self.tagger = tagger
        self.name = name ?? String(describing: Tagger.VendorTag.self)
        self.ruleCheckPolicy = ruleCheck
        self.originTagger = tagger as? any AnalyticsOriginTagger<Schema, Tagger.VendorTag>
        self.screenConverter = screen
        self.userActionConverter = userAction
        self.eventConverter = event
        self.stateConverter = state
        var channels: AnalyticsChannels = []
        if screen != nil { channels.insert(.screen) }
        if userAction != nil { channels.insert(.userAction) }
        if event != nil { channels.insert(.event) }
        if state != nil { channels.insert(.state) }
        self.acceptedChannels = channels
    }

    /// The vendor tag `tag` becomes in `context`, or `nil` when this strategy ignores it.
    ///
    /// Runs the converter without calling the tagger: what tests and tracking plans use to see what
    /// the vendor would receive.
    public func vendorTag(for tag: AnalyticsTag<Schema>, in context: ScreenContext<Schema.Screen>) -> Tagger.VendorTag?
    {
        switch tag {
        case .screen(let screen): screenConverter?(screen, context)
        case .userAction(let action): userActionConverter?(action, context)
        case .event(let event): eventConverter?(event, context)
        case .state(let state): stateConverter?(state, context)
        }
    }

    // MARK: - Channel strategies

    /// Converts the screen tag and hands the result, if any, to the tagger.
    public func send(screen: TagEnvelope<Schema.Screen, Schema.Screen>) {
        guard let vendorTag = screenConverter?(screen.tag, screen.context) else {
            return reportUnmapped(.screen, to: screen.diagnostics)
        }
        hand(vendorTag, origin: screen.map(AnalyticsTag.screen), channel: .screen, diagnostics: screen.diagnostics)
    }

    /// Converts the user action and hands the result, if any, to the tagger.
    public func send(userAction: TagEnvelope<Schema.UserAction, Schema.Screen>) {
        guard let vendorTag = userActionConverter?(userAction.tag, userAction.context) else {
            return reportUnmapped(.userAction, to: userAction.diagnostics)
        }
        hand(
            vendorTag,
            origin: userAction.map(AnalyticsTag.userAction),
            channel: .userAction,
            diagnostics: userAction.diagnostics
        )
    }

    /// Converts the event and hands the result, if any, to the tagger.
    public func send(event: TagEnvelope<Schema.Event, Schema.Screen>) {
        guard let vendorTag = eventConverter?(event.tag, event.context) else {
            return reportUnmapped(.event, to: event.diagnostics)
        }
        hand(vendorTag, origin: event.map(AnalyticsTag.event), channel: .event, diagnostics: event.diagnostics)
    }

    /// Converts the state tag and hands the result, if any, to the tagger.
    public func send(state: TagEnvelope<Schema.State, Schema.Screen>) {
        guard let vendorTag = stateConverter?(state.tag, state.context) else {
            return reportUnmapped(.state, to: state.diagnostics)
        }
        hand(vendorTag, origin: state.map(AnalyticsTag.state), channel: .state, diagnostics: state.diagnostics)
    }

    /// Counts a tag the converter returned `nil` for; off the path of mapped tags.
    @inline(never)
    private func reportUnmapped(_ channel: AnalyticsChannel, to diagnostics: AnalyticsDiagnostics?) {
        guard acceptedChannels.contains(AnalyticsChannels(channel)) else { return }
        diagnostics?.report(AnalyticsDiagnostic(reason: .unmapped, source: name, channel: channel))
    }

    /// Hands `vendorTag` to the tagger; builds the origin only for a tagger that wants it.
    @inline(__always)
    private func hand(
        _ vendorTag: Tagger.VendorTag,
        origin: @autoclosure () -> Schema.AnyTagEnvelope,
        channel: AnalyticsChannel,
        diagnostics: AnalyticsDiagnostics?
    ) {
        if ruleCheckPolicy.checks, !passesRules(vendorTag, channel: channel, diagnostics: diagnostics) { return }
        if let originTagger {
            originTagger.send(vendorTag, origin: origin())
        } else {
            tagger.send(vendorTag)
        }
    }
}

extension MappingStrategy where Tagger.VendorTag: RuleCheckedVendorTag {
    /// A strategy whose vendor tags are checked against their vendor's rules at run time: each
    /// violation is reported to the hub's diagnostics, and `ruleCheck` says whether the tag still
    /// goes to the tagger.
    ///
    /// ```swift
    /// let firebase = MappingStrategy(
    ///     for: PodcastAnalytics.self,
    ///     name: "firebase",
    ///     tagger: FirebaseTagger(),
    ///     ruleCheck: .drop,  // never send what Firebase would drop or lose
    ///     userAction: { action, _ in action.firebaseTag }
    /// )
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
    public convenience init(
        for schema: Schema.Type = Schema.self,
        name: String? = nil,
        tagger: Tagger,
        ruleCheck: RuleCheckPolicy,
        screen: Converter<Schema.Screen>? = nil,
        userAction: Converter<Schema.UserAction>? = nil,
        event: Converter<Schema.Event>? = nil,
        state: Converter<Schema.State>? = nil
    ) {
        self.init(
            name: name,
            tagger: tagger,
            ruleCheck: ruleCheck,
            screen: screen,
            userAction: userAction,
            event: event,
            state: state
        )
    }
}

extension MappingStrategy {
    /// Checks `vendorTag` against its vendor's rules and reports each violation; whether it may
    /// still go to the tagger.
    @inline(never)
    private func passesRules(
        _ vendorTag: Tagger.VendorTag,
        channel: AnalyticsChannel,
        diagnostics: AnalyticsDiagnostics?
    )
        -> Bool
    {
        guard let checked = vendorTag as? any RuleCheckedVendorTag else { return true }
        let violations = checked.ruleViolations
        guard !violations.isEmpty else { return true }
        // Advice alone never stops a tag: only what the vendor would drop or lose.
        let drops = ruleCheckPolicy.drops && violations.contains { $0.consequence != .advisory }
        diagnostics?.report(
            AnalyticsDiagnostic(
                reason: drops ? .droppedByRules : .ruleViolation,
                source: name,
                channel: channel,
                detail: violations.map(\.description).joined(separator: "; ")
            )
        )
        return !drops
    }
}

/// A strategy with a name for diagnostics, which wrappers reuse.
protocol NamedStrategy {
    var name: String { get }
}

extension MappingStrategy: NamedStrategy {}
