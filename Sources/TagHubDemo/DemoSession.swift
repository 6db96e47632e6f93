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
/// Its `send` methods mirror the hub's, and its screen reports the tracker's, so that the story in
/// `main.swift` reads as app code would.
final class DemoSession {
    let hub: AnalyticsHub<PodcastAnalytics>
    /// Where the story's views report their screens: it sends the hub a screen when the current
    /// one changes.
    let screens: ScreenTracker<PodcastAnalytics>
    let consent: AnalyticsConsent<PodcastAnalytics>
    let vendors: [Vendor]
    /// The printer of every tag the hub delivered: tells whether a screen report sent one.
    let printer: SessionPrinter
    /// How many tags the demo sent so far: the number of the last header.
    private(set) var tagsSent = 0

    init(
        hub: AnalyticsHub<PodcastAnalytics>,
        consent: AnalyticsConsent<PodcastAnalytics>,
        vendors: [Vendor],
        printer: SessionPrinter
    ) {
        self.hub = hub
        self.screens = ScreenTracker(hub: hub)
        self.consent = consent
        self.vendors = vendors
        self.printer = printer
    }

    /// Reports that `presentation`, of `screen`, appeared, as a view's `onAppear` does; `what`
    /// says what the user did.
    func appeared(_ screen: PodcastAnalytics.Screen, as presentation: ScreenPresentationID, _ what: String) async {
        print("-- \(what): \(screen) appears")
        await reportScreen { screens.appeared(screen, as: presentation) }
    }

    /// Reports that `presentation` disappeared, as a view's `onDisappear` does.
    func disappeared(_ presentation: ScreenPresentationID, of screen: PodcastAnalytics.Screen, _ what: String) async {
        print("-- \(what): \(screen) disappears")
        await reportScreen { screens.disappeared(presentation) }
    }

    /// Runs a report; when it made the tracker send a screen, reports what the vendors received,
    /// and otherwise says so.
    private func reportScreen(_ report: () -> Void) async {
        let before = printer.envelopes.count
        report()
        if printer.envelopes.count == before {
            let current = screens.currentScreen.map { "\($0)" } ?? "none"
            print("   (the screen tracker sends nothing: the current screen is still \(current))")
        } else {
            await reportVendors(for: .screen)
        }
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
