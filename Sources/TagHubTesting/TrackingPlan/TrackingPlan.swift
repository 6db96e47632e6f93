import TagHub

/// What every vendor receives for every sample app tag, in every sample screen history: the
/// tracking plan analysts read, generated from the code that does the tracking.
///
/// A plan is a value, computed once from the strategies' converters
/// (``/TagHub/AnalyticsConvertingStrategy/vendorTag(for:in:)``): no hub, no tagger is called.
/// Snapshot its ``markdown`` and every change a vendor would see shows up in code review:
///
/// ```swift
/// @Test func trackingPlan() {
///     let plan = TrackingPlan(
///         for: PodcastAnalytics.self,
///         screens: [.podcasts, .podcastPlayer, .favorites, .downloads],  // Screen is not CaseIterable
///         userActions: [.playPodcast(Podcast(title: "Swift Talk", duration: 1_800)), .pausePodcast(Podcast(title: "Swift Talk", duration: 1_800))],
///         vendors: [.init("tracker", makeTracker(tagger: RecordingTagger<PodcastAnalytics, TrackerTag>()))]
///     )
///     #expect(plan.deadTags == [.screen(.podcastPlayer), .screen(.favorites), .screen(.downloads)])
///     assertAnalyticsSnapshot(of: plan)
/// }
/// ```
///
/// A channel without samples (`screens:` left out, for example) takes every case of a
/// `CaseIterable` type, else none: the quick start's `Screen` is not `CaseIterable`, so the plan
/// above lists its screens. Without them it would sample no screen tag, and convert each user
/// action with no screen shown only (the default `contexts` are "no screen yet", then each sample
/// screen alone), where the tracker ignores `playPodcast`.
///
/// The plan also lists the app tags no vendor receives (``deadTags``) and, for vendors that say
/// which tags they expect, the vendor tags nothing produces (``unproducedVendorTags``).
public struct TrackingPlan<Schema: AnalyticsSchema>: Sendable {
    /// One line of the plan: an app tag, the sampled screen histories it applies to, and what each
    /// vendor receives for it there.
    public struct Row: Sendable {
        /// The app tag.
        public let tag: AnalyticsTag<Schema>
        /// The contexts, as each vendor's converter saw them, that give ``vendorTags``; `nil` when
        /// several contexts were sampled and every one gives the same. For a screen tag, each ends
        /// with that screen.
        public let contexts: [AnalyticsContext<Schema>]?
        /// What each vendor receives, in the order of ``TrackingPlan/vendorNames``, as
        /// ``snapshotDescription(of:)`` writes it; `nil` when the vendor ignores the tag.
        public let vendorTags: [String?]

        /// A row, for comparing with ``TrackingPlan/rows``.
        public init(tag: AnalyticsTag<Schema>, contexts: [AnalyticsContext<Schema>]?, vendorTags: [String?]) {
            self.tag = tag
            self.contexts = contexts
            self.vendorTags = vendorTags
        }
    }

    /// The vendor tags a vendor expects that no sample produced.
    public struct UnproducedVendorTags: Sendable, Hashable {
        /// The vendor's name in the plan.
        public let vendor: String
        /// The names of the vendor tags, in the order the vendor listed them.
        public let names: [String]

        /// A finding, for comparing with ``TrackingPlan/unproducedVendorTags``.
        public init(vendor: String, names: [String]) {
            self.vendor = vendor
            self.names = names
        }
    }

    /// The plan's title, the first line of its Markdown.
    public let title: String
    /// The vendors, in the order of the plan's columns.
    public let vendorNames: [String]
    /// The screen histories each sample tag was converted in (for a screen tag, followed by it).
    public let sampleContexts: [AnalyticsContext<Schema>]
    /// Every row, channel by channel (screens, user actions, events, states), sample tags in the
    /// order given.
    public let rows: [Row]
    /// The sample app tags that no vendor receives in any sampled context, in the order of
    /// ``rows``.
    public let deadTags: [AnalyticsTag<Schema>]
    /// Per vendor that lists its expected tags, those that no sample produced; vendors with none
    /// missing are left out.
    public let unproducedVendorTags: [UnproducedVendorTags]
    /// The channels that had no sample tags, though the schema uses them (their type is not
    /// `Never`).
    public let unsampledChannels: [AnalyticsChannel]
    /// The vendor rules that the vendor tags of the plan break, each tag on its own (in the order
    /// of ``rows``, each finding once), then all of a vendor's tags together.
    public let ruleFindings: [RuleFinding]

    /// A vendor rule broken by a vendor tag of the plan (``/TagHub/RuleCheckedVendorTag``).
    public struct RuleFinding: Sendable, Hashable, CustomStringConvertible {
        /// The vendor's name in the plan.
        public let vendor: String
        /// The app tag whose vendor tag breaks the rule, as the plan writes it; `nil` for a rule
        /// across tags.
        public let appTag: String?
        /// The rule broken.
        public let violation: VendorRuleViolation

        /// A finding, for comparing with ``TrackingPlan/ruleFindings``.
        public init(vendor: String, appTag: String?, violation: VendorRuleViolation) {
            self.vendor = vendor
            self.appTag = appTag
            self.violation = violation
        }

        /// `firebase, userAction playPodcast(…): firebase.parameterValue.length: … breaks …`.
        public var description: String {
            "\(vendor)\(appTag.map { ", \($0)" } ?? ""): \(violation)"
        }
    }

    /// The plan for `vendors`, over the sample tags and screen histories given.
    ///
    /// - Parameters:
    ///   - schema: The app's schema.
    ///   - title: The plan's title; `Tracking plan: <Schema>` by default.
    ///   - screens: Sample screen tags; `nil` (the default) means every case when the type is
    ///     `CaseIterable`, else none.
    ///   - userActions: Sample user actions, with payloads; `nil` as for `screens`.
    ///   - events: Sample events, with payloads; `nil` as for `screens`.
    ///   - states: Sample states, with payloads; `nil` as for `screens`.
    ///   - contexts: The screen histories, oldest screen first, to convert each tag in; by default,
    ///     no screen yet, then each sample screen alone (an empty list means no screen yet only).
    ///     A screen tag is converted in each history followed by itself, as the hub would deliver
    ///     it.
    ///   - screenHistoryLimit: The hub's bound on the history (at least 1), applied to screen
    ///     tags' contexts.
    ///   - vendors: The columns: a name and a strategy each.
    public init(
        for schema: Schema.Type = Schema.self,
        title: String? = nil,
        screens: [Schema.Screen]? = nil,
        userActions: [Schema.UserAction]? = nil,
        events: [Schema.Event]? = nil,
        states: [Schema.State]? = nil,
        contexts: [AnalyticsContext<Schema>]? = nil,
        screenHistoryLimit: Int = 5,
        vendors: [Vendor]
    ) {
        let screens = screens ?? allCases(of: Schema.Screen.self)
        let samples = [
            Self.samples(.screen, screens, AnalyticsTag.screen),
            Self.samples(.userAction, userActions, AnalyticsTag.userAction),
            Self.samples(.event, events, AnalyticsTag.event),
            Self.samples(.state, states, AnalyticsTag.state),
        ]
        var contexts: [AnalyticsContext<Schema>] = contexts ?? ([[]] + screens.map { [$0] })
        if contexts.isEmpty { contexts = [[]] }
        let limit = max(1, screenHistoryLimit)

        var rows: [Row] = []
        var deadTags: [AnalyticsTag<Schema>] = []
        var produced = Array(repeating: Set<String>(), count: vendors.count)
        var producedTags = Array(repeating: [Any](), count: vendors.count)
        var findings: [RuleFinding] = []
        for channel in samples {
            for tag in channel.tags {
                // Each sampled context gives one result per vendor; contexts with the same results
                // share a row.
                var groups: [(results: [String?], contexts: [AnalyticsContext<Schema>])] = []
                for sample in contexts {
                    let context = Self.context(for: tag, in: sample, limit: limit)
                    var results: [String?] = []
                    for (index, vendor) in vendors.enumerated() {
                        let outcome = vendor.convert(tag, context)
                        if let outcome {
                            produced[index].insert(outcome.name)
                            producedTags[index].append(outcome.vendorTag)
                            for violation in outcome.violations {
                                let finding = RuleFinding(
                                    vendor: vendor.name,
                                    appTag: tag.snapshotDescription,
                                    violation: violation
                                )
                                if !findings.contains(finding) { findings.append(finding) }
                            }
                        }
                        results.append(outcome?.text)
                    }
                    if let group = groups.firstIndex(where: { $0.results == results }) {
                        groups[group].contexts.append(context)
                    } else {
                        groups.append((results, [context]))
                    }
                }
                if groups.allSatisfy({ $0.results.allSatisfy { $0 == nil } }) {
                    deadTags.append(tag)
                }
                for group in groups {
                    // "Any" only when there was a choice: with one sampled history, the row names it.
                    let isForAny = groups.count == 1 && contexts.count > 1
                    rows.append(Row(tag: tag, contexts: isForAny ? nil : group.contexts, vendorTags: group.results))
                }
            }
        }

        self.title = title ?? "Tracking plan: \(Schema.self)"
        self.vendorNames = vendors.map(\.name)
        self.sampleContexts = contexts
        self.rows = rows
        self.deadTags = deadTags
        self.unproducedVendorTags = zip(vendors, produced).compactMap { vendor, produced in
            let missing = vendor.expectedTagNames.filter { !produced.contains($0) }
            return missing.isEmpty ? nil : UnproducedVendorTags(vendor: vendor.name, names: missing)
        }
        self.unsampledChannels = samples.filter { $0.isUsed && $0.tags.isEmpty }.map(\.channel)
        for (vendor, tags) in zip(vendors, producedTags) {
            findings += vendor.across(tags).map { RuleFinding(vendor: vendor.name, appTag: nil, violation: $0) }
        }
        self.ruleFindings = findings
    }

    /// The sample tags of one channel: those given, else every case of a `CaseIterable` tag type.
    private static func samples<Tag>(
        _ channel: AnalyticsChannel,
        _ given: [Tag]?,
        _ wrap: (Tag) -> AnalyticsTag<Schema>
    ) -> (channel: AnalyticsChannel, tags: [AnalyticsTag<Schema>], isUsed: Bool) {
        (channel, (given ?? allCases(of: Tag.self)).map(wrap), isUsed(Tag.self))
    }

    /// The context a converter sees for `tag` sent after the screens of `sample`.
    private static func context(
        for tag: AnalyticsTag<Schema>,
        in sample: AnalyticsContext<Schema>,
        limit: Int
    ) -> AnalyticsContext<Schema> {
        guard case .screen(let screen) = tag else { return sample }
        return AnalyticsContext(
            history: ScreenHistory((Array(sample.history) + [screen]).suffix(limit)),
            time: sample.time,
            session: sample.session,
            states: Array(sample.states)
        )
    }
}

extension TrackingPlan {
    /// A column of the plan: a vendor's name and what its strategy converts each tag to.
    ///
    /// Only the strategy's converters are called, and only for the channels a hub would deliver
    /// to it.
    public struct Vendor {
        /// The column's title.
        public let name: String
        /// The names of the vendor tags the vendor expects: the plan lists those nothing produces.
        public let expectedTagNames: [String]
        let convert:
            (AnalyticsTag<Schema>, AnalyticsContext<Schema>) -> (
                text: String, name: String, violations: [VendorRuleViolation], vendorTag: Any
            )?
        let across: ([Any]) -> [VendorRuleViolation]

        /// A column named `name` for `strategy`.
        ///
        /// - Parameters:
        ///   - name: The column's title, usually the vendor's name.
        ///   - strategy: The vendor's strategy; its tagger is never called.
        ///   - expectedTagNames: The vendor tags the analysts expect, by name; the plan lists those
        ///     that no sample produces. `nil` (the default) means every case when the vendor tag
        ///     type is `CaseIterable`, else none.
        ///   - tagName: A vendor tag's name, as `expectedTagNames` spells it; by default an enum
        ///     tag's case name (for a case without payload, its `description`, which is the case
        ///     name unless the type changes it), else its whole text.
        public init<Strategy: AnalyticsConvertingStrategy>(
            _ name: String,
            _ strategy: Strategy,
            expecting expectedTagNames: [String]? = nil,
            tagName: ((Strategy.VendorTag) -> String)? = nil
        ) where Strategy.Schema == Schema {
            let channels = strategy.deliveredChannels
            let tagName = tagName ?? defaultVendorTagName
            self.name = name
            self.expectedTagNames = expectedTagNames ?? allCases(of: Strategy.VendorTag.self).map(tagName)
            self.convert = { tag, context in
                guard channels.contains(tag.channel), let vendorTag = strategy.vendorTag(for: tag, in: context) else {
                    return nil
                }
                let violations = (vendorTag as? any RuleCheckedVendorTag)?.ruleViolations ?? []
                return (snapshotDescription(of: vendorTag), tagName(vendorTag), violations, vendorTag)
            }
            self.across = { tags in
                guard let first = tags.first as? any RuleCheckedVendorTag else { return [] }
                return violationsAcross(tags, like: first)
            }
        }
    }
}

/// A vendor tag's name in a tracking plan: an enum's case name (its description, for a case
/// without payload), else the tag's whole text.
func defaultVendorTagName(_ vendorTag: some Any) -> String {
    let mirror = Mirror(reflecting: vendorTag)
    guard mirror.displayStyle == .enum else { return snapshotDescription(of: vendorTag) }
    return mirror.children.first?.label ?? String(describing: vendorTag)
}

/// Every value of `type` when it is `CaseIterable`, else none.
func allCases<Value>(of type: Value.Type) -> [Value] {
    guard let caseIterable = type as? any CaseIterable.Type else { return [] }
    return cases(of: caseIterable).compactMap { $0 as? Value }
}

private func cases<Value: CaseIterable>(of type: Value.Type) -> [Any] {
    Array(type.allCases)
}

/// Whether a schema uses a channel: its tag type is not `Never`.
private func isUsed(_ type: Any.Type) -> Bool {
    type != Never.self
}

extension TrackingPlan.Row: Equatable where AnalyticsTag<Schema>: Equatable, Schema.Screen: Equatable {}
