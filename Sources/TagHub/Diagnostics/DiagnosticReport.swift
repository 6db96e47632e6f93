/// One report of tags the library did not deliver, and why.
///
/// ```swift
/// let diagnostics = AnalyticsDiagnostics { diagnostic in
///     print(diagnostic)  // tracker: 3 userAction tags discarded (consent denied)
/// }
/// let report = DiagnosticReport(reason: .discardedByDenial, source: "tracker", channel: .userAction, count: 3)
/// diagnostics.report(report)
/// #expect(report.description == "tracker: 3 userAction tags discarded (consent denied)")
/// #expect(diagnostics.summary == ["tracker: 3 userAction tags discarded (consent denied)"])
/// ```
public struct DiagnosticReport: Sendable, Hashable, CustomStringConvertible {
    /// Why tags were not delivered.
    public struct Reason: Sendable, Hashable, CustomStringConvertible {
        private enum Storage: Sendable, Hashable {
            case unmapped, droppedByBound, discardedByDenial, cancelled, ruleViolation, droppedByRules, consentNotSaved
            case wrongType
        }

        private let storage: Storage

        private init(_ storage: Storage) {
            self.storage = storage
        }

        /// The strategy's converter returned `nil`: the vendor ignores the tag, by design or by a
        /// forgotten mapping.
        public static let unmapped = Reason(.unmapped)
        /// A bounded queue or buffer was full: a background strategy's queue, the buffer that keeps
        /// tags while consent is undecided, or the hub's nested sends.
        public static let droppedByBound = Reason(.droppedByBound)
        /// Consent was denied or withdrawn: tags buffered or queued for the strategy were discarded.
        public static let discardedByDenial = Reason(.discardedByDenial)
        /// The app cancelled a background queue (``BackgroundStrategy/cancelPendingDeliveries()``):
        /// the tags it held were discarded.
        public static let cancelled = Reason(.cancelled)

        /// A vendor tag breaks rules of its vendor's (``VendorRuleViolation``), and was sent all
        /// the same (``RuleCheckPolicy/report``, or advice only); the detail lists them.
        public static let ruleViolation = Reason(.ruleViolation)
        /// A vendor tag breaks rules that would make its vendor drop or lose data, and was not
        /// sent (``RuleCheckPolicy/drop``); the detail lists them.
        public static let droppedByRules = Reason(.droppedByRules)

        /// Consent decisions could not be saved (``ConsentStore/saveDecisions(_:)`` threw): they
        /// hold in memory, and the next launch starts from what the store kept. Not about tags:
        /// the report has no channel, and its count is the number of failed saves. Every later
        /// decision saves them all again.
        public static let consentNotSaved = Reason(.consentNotSaved)

        /// A tag of a type that is not the schema's was given where the type could not be checked
        /// when compiling: a screen of another type given to a ``ScreenTracker`` through
        /// ``AnyScreenTracker`` (a SwiftUI modifier, for example). The detail names both types.
        public static let wrongType = Reason(.wrongType)

        /// `unmapped`, `dropped by a bound`, `discarded (consent denied)`, `cancelled`,
        /// `sent breaking a vendor rule`, `dropped for breaking a vendor rule`,
        /// `consent not saved` or `of the wrong type`.
        public var description: String {
            switch storage {
            case .unmapped: "unmapped"
            case .droppedByBound: "dropped by a bound"
            case .discardedByDenial: "discarded (consent denied)"
            case .cancelled: "cancelled"
            case .ruleViolation: "sent breaking a vendor rule"
            case .droppedByRules: "dropped for breaking a vendor rule"
            case .consentNotSaved: "consent not saved"
            case .wrongType: "of the wrong type"
            }
        }
    }

    /// Why the tags were not delivered.
    public let reason: Reason
    /// Who did not deliver them: a strategy's name, or the hub.
    public let source: String
    /// The channel of the tags; `nil` for a report that is not about tags
    /// (``Reason/consentNotSaved``).
    public let channel: AnalyticsChannel?
    /// How many tags; for a report that is not about tags, how many times it happened.
    public let count: Int
    /// More about it, such as which bound; empty when there is nothing to add.
    public let detail: String

    /// A report of `count` tags of `channel` that `source` did not deliver, for `reason`; with no
    /// channel, of something that is not about tags and happened `count` times.
    public init(reason: Reason, source: String, channel: AnalyticsChannel?, count: Int = 1, detail: String = "") {
        self.reason = reason
        self.source = source
        self.channel = channel
        self.count = count
        self.detail = detail
    }

    /// For example `firebase: 1 userAction tag unmapped`,
    /// `tracker: 1 screen tag dropped by a bound (consent buffer of 2, dropOldest)`, or, for a report
    /// with no channel, `AnalyticsConsent: consent not saved (…)`. The second is what a consent
    /// buffer of 2 reports for each tag it drops:
    ///
    /// ```swift
    /// let hub = AnalyticsHub<PodcastAnalytics>(diagnostics: AnalyticsDiagnostics { report in
    ///     #expect(report.description == "tracker: 1 screen tag dropped by a bound (consent buffer of 2, dropOldest)")
    /// })
    /// let consent = AnalyticsConsent(hub: hub, bufferCapacity: 2)
    /// consent.register(makeTracker(tagger: ConsoleTagger(label: "tracker")), for: [.analytics])
    /// for _ in 1...3 { hub.send(screen: .podcasts) }  // kept until the user answers: the first is dropped
    /// consent.grant(.analytics)  // the tracker receives the 2 kept
    /// #expect(hub.diagnostics.summary == ["tracker: 1 screen tag dropped by a bound"])
    /// ```
    public var description: String {
        let more = detail.isEmpty ? "" : " (\(detail))"
        guard let channel else {
            let times = count == 1 ? "" : " \(count) times"
            return "\(source): \(reason)\(times)\(more)"
        }
        let tags = count == 1 ? "tag" : "tags"
        return "\(source): \(count) \(channel) \(tags) \(reason)\(more)"
    }
}
