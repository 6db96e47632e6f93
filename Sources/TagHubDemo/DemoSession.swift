import PodcastExample
import TagHub

/// One vendor as the demo follows it: its strategy, and the lines its console tagger wrote.
final class Vendor {
    /// A line the vendor's tagger wrote, with the tag that caused it.
    struct Delivery {
        /// The number of the app tag, as in the session's headers; 0 for tags replayed at a grant.
        let tagNumber: Int
        let line: String
        /// Consent's status for the vendor when the demo collected the line; `denied` is a bug.
        let status: ConsentState
    }

    let label: String
    let strategy: any AnalyticsStrategy<PodcastAnalytics>
    /// Where the vendor's `ConsoleTagger` writes during a send.
    let pendingLines: LockedBuffer<String>
    /// Every line collected so far, oldest first.
    private(set) var deliveries: [Delivery] = []

    init(label: String, strategy: any AnalyticsStrategy<PodcastAnalytics>, pendingLines: LockedBuffer<String>) {
        self.label = label
        self.strategy = strategy
        self.pendingLines = pendingLines
    }

    /// The lines collected for tags up to `tagNumber`, or for all tags.
    func lines(upTo tagNumber: Int = .max) -> [String] {
        deliveries.filter { $0.tagNumber <= tagNumber }.map(\.line)
    }

    /// Whether the hub gives this vendor tags of `channel`, to tell "ignored by the converter" from
    /// "never delivered".
    func takes(_ channel: AnalyticsChannel) -> Bool {
        strategy.deliveredChannels.contains(channel)
    }

    /// Moves the lines written since the last collection into ``deliveries`` and returns them.
    func collect(tagNumber: Int, status: ConsentState) -> [String] {
        let lines = pendingLines.drain()
        deliveries += lines.map { Delivery(tagNumber: tagNumber, line: $0, status: status) }
        return lines
    }
}

/// Sends the story's tags through the hub and, once every vendor has delivered them, prints one
/// line per vendor under the header the ``SessionPrinter`` printed during the delivery.
///
/// Its `send` methods mirror the hub's, so that the story in `main.swift` reads as app code would.
final class DemoSession {
    let hub: AnalyticsHub<PodcastAnalytics>
    let consent: AnalyticsConsent<PodcastAnalytics>
    let vendors: [Vendor]
    /// How many tags the demo sent so far: the number of the last header.
    private(set) var tagsSent = 0

    init(hub: AnalyticsHub<PodcastAnalytics>, consent: AnalyticsConsent<PodcastAnalytics>, vendors: [Vendor]) {
        self.hub = hub
        self.consent = consent
        self.vendors = vendors
    }

    func send(screen: PodcastAnalytics.Screen) async {
        hub.send(screen: screen)
        await reportVendors(for: .screen)
    }

    func send(userAction: PodcastAnalytics.UserAction) async {
        hub.send(userAction: userAction)
        await reportVendors(for: .userAction)
    }

    func send(event: PodcastAnalytics.Event) async {
        hub.send(event: event)
        await reportVendors(for: .event)
    }

    func send(state: PodcastAnalytics.State) async {
        hub.send(state: state)
        await reportVendors(for: .state)
    }

    /// Prints what each vendor received since the last tag: the tags replayed by a grant.
    func reportReplays() async {
        await hub.flush()
        for vendor in vendors {
            let lines = vendor.collect(tagNumber: 0, status: status(of: vendor))
            let kept = lines.isEmpty ? "nothing" : "\(lines.count) kept tag\(lines.count == 1 ? "" : "s")"
            print("    \(vendor.label) (\(status(of: vendor))): \(kept) replayed")
            for line in lines {
                print("        \(line)")
            }
        }
    }

    private func status(of vendor: Vendor) -> ConsentState {
        consent.status(of: vendor.strategy) ?? .denied
    }

    // A background strategy delivers later: flushing makes every line of this tag arrive first.
    private func reportVendors(for channel: AnalyticsChannel) async {
        await hub.flush()
        tagsSent += 1
        for vendor in vendors {
            let status = status(of: vendor)
            let lines = vendor.collect(tagNumber: tagsSent, status: status)
            if !lines.isEmpty {
                // Printed whatever the status: the self-check then fails, and the output shows why.
                for line in lines {
                    print("    \(line)")
                }
            } else if !vendor.takes(channel) {
                print("    \(vendor.label): ignored (no \(channel) channel)")
            } else if status == .undecided {
                print(
                    "    \(vendor.label): kept until the user decides (\(consent.bufferedTagCount(of: vendor.strategy)) kept)"
                )
            } else if status == .denied {
                print("    \(vendor.label): nothing (consent denied)")
            } else {
                print("    \(vendor.label): ignored")
            }
        }
    }
}
