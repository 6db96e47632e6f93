import PodcastExample
import TagHub

/// What happened to one of a vendor's tags, as its console tagger or the hub's diagnostics told it.
enum VendorNote: Sendable {
    /// The vendor's tagger wrote `line`; `duringAppCall` says whether it wrote it inside the app's
    /// call (a send, a screen report, a consent decision), which waited for it.
    case line(String, duringAppCall: Bool)
    /// The hub's diagnostics reported tags that the vendor's strategy did not deliver.
    case notDelivered(DiagnosticReport)
}

/// One vendor as the demo follows it: its strategy, and the lines its console tagger wrote.
final class Vendor {
    /// A line the vendor's tagger wrote, with the tag that caused it.
    struct Delivery {
        /// The number of the app tag, as in the session's headers; 0 for tags replayed at a grant.
        let tagNumber: Int
        let line: String
        let duringAppCall: Bool
        /// Consent's status for the vendor when the demo collected the line; `denied` is a bug.
        let status: ConsentState
    }

    let label: String
    let strategy: any AnalyticsStrategy<PodcastAnalytics>
    /// Whether the strategy delivers on a queue of its own, after `send` has returned.
    let runsOnItsOwnQueue: Bool
    /// Where the vendor's `ConsoleTagger` and the hub's diagnostics write during a send.
    let pendingNotes: LockedBuffer<VendorNote>
    /// Every line collected so far, oldest first.
    private(set) var deliveries: [Delivery] = []

    init(
        label: String,
        strategy: any AnalyticsStrategy<PodcastAnalytics>,
        runsOnItsOwnQueue: Bool = false,
        pendingNotes: LockedBuffer<VendorNote>
    ) {
        self.label = label
        self.strategy = strategy
        self.runsOnItsOwnQueue = runsOnItsOwnQueue
        self.pendingNotes = pendingNotes
    }

    /// The lines collected for tags numbered from `first`, or for all tags.
    func lines(from first: Int = 0) -> [String] {
        deliveries.filter { $0.tagNumber >= first }.map(\.line)
    }

    /// Whether the hub gives this vendor tags of `channel`.
    func takes(_ channel: AnalyticsChannel) -> Bool {
        strategy.deliveredChannels.contains(channel)
    }

    /// Moves the lines written since the last collection into ``deliveries``, and returns every
    /// note written since then.
    func collect(tagNumber: Int, status: ConsentState) -> [VendorNote] {
        let notes = pendingNotes.drain()
        for case .line(let line, let duringAppCall) in notes {
            deliveries.append(Delivery(tagNumber: tagNumber, line: line, duringAppCall: duringAppCall, status: status))
        }
        return notes
    }
}
