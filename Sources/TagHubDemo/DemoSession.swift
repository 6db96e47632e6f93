import PodcastExample
import TagHub

/// One vendor as the demo follows it: its strategy, and the lines its console tagger wrote.
final class Vendor {
    /// A line the vendor's tagger wrote, with the tag that caused it.
    struct Delivery {
        /// The number of the app tag, as in the session's headers.
        let tagNumber: Int
        let line: String
        /// Whether the vendor was attached when the demo collected the line; false is a bug.
        let whileAttached: Bool
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

    /// Moves the lines written during the last send into ``deliveries`` and returns them.
    func collect(tagNumber: Int, whileAttached: Bool) -> [String] {
        let lines = pendingLines.drain()
        deliveries += lines.map { Delivery(tagNumber: tagNumber, line: $0, whileAttached: whileAttached) }
        return lines
    }
}

/// Sends the story's tags through the hub and, once each `send` has returned, prints one line per
/// vendor under the header the ``SessionPrinter`` printed during the delivery.
///
/// Its `send` methods mirror the hub's, so that the story in `main.swift` reads as app code would.
final class DemoSession {
    let hub: AnalyticsHub<PodcastAnalytics>
    let vendors: [Vendor]
    /// How many tags the demo sent so far: the number of the last header.
    private(set) var tagsSent = 0

    init(hub: AnalyticsHub<PodcastAnalytics>, vendors: [Vendor]) {
        self.hub = hub
        self.vendors = vendors
    }

    func send(screen: PodcastAnalytics.Screen) {
        hub.send(screen: screen)
        reportVendors(for: .screen)
    }

    func send(userAction: PodcastAnalytics.UserAction) {
        hub.send(userAction: userAction)
        reportVendors(for: .userAction)
    }

    func send(event: PodcastAnalytics.Event) {
        hub.send(event: event)
        reportVendors(for: .event)
    }

    func send(state: PodcastAnalytics.State) {
        hub.send(state: state)
        reportVendors(for: .state)
    }

    // Delivery is synchronous: when `hub.send` returns, every line the tag caused is in the buffers.
    private func reportVendors(for channel: AnalyticsChannel) {
        tagsSent += 1
        for vendor in vendors {
            let isAttached = hub.isAttached(vendor.strategy)
            let lines = vendor.collect(tagNumber: tagsSent, whileAttached: isAttached)
            if !lines.isEmpty {
                // Printed even when detached: the self-check then fails, and the output shows why.
                for line in lines {
                    print("    \(line)")
                }
            } else if !isAttached {
                print("    \(vendor.label): nothing (detached)")
            } else if !vendor.takes(channel) {
                print("    \(vendor.label): ignored (no \(channel) channel)")
            } else {
                print("    \(vendor.label): ignored")
            }
        }
    }
}
