/// The one place where the library reports what it did not deliver, and why: tags no converter
/// mapped, tags dropped by a bound, tags discarded because consent was denied.
///
/// A hub owns one (``AnalyticsHub/diagnostics``) and hands it, with every tag, to its strategies
/// (``TagEnvelope/diagnostics``), so that whatever handles the tag downstream reports to it.
/// Read the totals at any time, or observe each report with a handler:
///
/// ```swift
/// let hub = AnalyticsHub<PodcastAnalytics>(diagnostics: AnalyticsDiagnostics { diagnostic in
///     print(diagnostic)  // tracker: 1 screen tag unmapped, then tracker: 1 userAction tag unmapped
/// })
/// hub.attach(makeTracker(tagger: ConsoleTagger(label: "tracker")))
/// hub.send(screen: .downloads)  // the tracker maps only .podcasts
/// hub.send(userAction: .playPodcast(Podcast(title: "Swift Talk", duration: 1_800)))  // nor a play from .downloads
/// #expect(hub.diagnostics.count(of: .unmapped) == 2)
/// #expect(hub.diagnostics.count(of: .droppedByBound) == 0)
/// #expect(hub.diagnostics.summary == ["tracker: 1 screen tag unmapped", "tracker: 1 userAction tag unmapped"])
/// ```
///
/// A report reads `source: count channel tags reason (detail)` (``DiagnosticReport/description``),
/// and so does each line of ``summary``, for one total and without the detail.
///
/// The handler runs synchronously on the thread that made the report, which may be a thread that
/// sends tags: keep it cheap, and do not send tags from it.
public final class AnalyticsDiagnostics: Sendable {
    /// What the totals are kept by.
    public struct Key: Sendable, Hashable, CustomStringConvertible {
        /// Why the tags were not delivered.
        public let reason: DiagnosticReport.Reason
        /// Who did not deliver them.
        public let source: String
        /// Their channel; `nil` for reports that are not about tags.
        public let channel: AnalyticsChannel?

        /// A key, for reading ``AnalyticsDiagnostics/totals``.
        public init(reason: DiagnosticReport.Reason, source: String, channel: AnalyticsChannel?) {
            self.reason = reason
            self.source = source
            self.channel = channel
        }

        /// `source channel reason`, for example `firebase userAction unmapped`; `source reason`
        /// with no channel.
        public var description: String {
            guard let channel else { return "\(source) \(reason)" }
            return "\(source) \(channel) \(reason)"
        }
    }

    private let handler: (@Sendable (DiagnosticReport) -> Void)?
    private let counts = LockedValue(Totals())

    /// The totals, and where the last key reported is: a source that reports many times in a row
    /// (a full consent buffer drops a tag on every send) adds to its total without hashing its key.
    private struct Totals {
        var byKey: [Key: Int] = [:]
        var last: (key: Key, index: Dictionary<Key, Int>.Index)?

        mutating func add(_ count: Int, to key: Key) {
            if let last, last.key == key {
                byKey.values[last.index] += count
                return
            }
            byKey[key, default: 0] += count
            // An insertion may move every entry: the index is found again after it.
            last = byKey.index(forKey: key).map { (key, $0) }
        }
    }

    /// Diagnostics that count every report and pass it to `handler`, if any.
    public init(handler: (@Sendable (DiagnosticReport) -> Void)? = nil) {
        self.handler = handler
    }

    /// Counts `diagnostic` and passes it to the handler.
    ///
    /// The library reports through this; a hand-written strategy may too, for example when it
    /// ignores a tag.
    public func report(_ diagnostic: DiagnosticReport) {
        let key = Key(reason: diagnostic.reason, source: diagnostic.source, channel: diagnostic.channel)
        counts.withLock { $0.add(diagnostic.count, to: key) }
        handler?(diagnostic)
    }

    /// Every total so far, by reason, source and channel.
    public var totals: [Key: Int] {
        counts.withLock { $0.byKey }
    }

    /// How many tags were reported for `reason`, by `source` if given, on `channel` if given.
    public func count(
        of reason: DiagnosticReport.Reason,
        source: String? = nil,
        channel: AnalyticsChannel? = nil
    )
        -> Int
    {
        counts.withLock { counts in
            counts.byKey.reduce(0) { total, entry in
                let matches =
                    entry.key.reason == reason && (source.map { $0 == entry.key.source } ?? true)
                    && (channel.map { $0 == entry.key.channel } ?? true)
                return matches ? total + entry.value : total
            }
        }
    }

    /// Every total so far, one line each, sorted: for a log or a test. Each line reads as a
    /// report of the total would (``DiagnosticReport/description``), without its detail:
    /// `firebase: 2 userAction tags unmapped`, `AnalyticsConsent: consent not saved 3 times`.
    public var summary: [String] {
        totals.map { key, count in
            DiagnosticReport(reason: key.reason, source: key.source, channel: key.channel, count: count).description
        }.sorted()
    }
}
