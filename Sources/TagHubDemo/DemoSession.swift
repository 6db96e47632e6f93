import PodcastExample
import TagHub

/// Sends the story's tags through the hub and, once the vendors have delivered them, prints what
/// each vendor received, or why it received nothing, under the header the ``SessionPrinter``
/// printed during the delivery.
///
/// Its `send` methods mirror the hub's, and its screen reports the tracker's, so that the story in
/// `main.swift` reads as app code would.
final class DemoSession {
    let hub: AnalyticsHub<PodcastAnalytics>
    let clock: StoryClock
    /// Where the story's views report their screens: it sends the hub a screen when the current
    /// one changes.
    let screens: ScreenTracker<PodcastAnalytics>
    let consent: AnalyticsConsent<PodcastAnalytics>
    let vendors: [Vendor]
    /// The printer of every tag the hub delivered: tells whether a screen report sent one.
    let printer: SessionPrinter
    /// Diagnostics about no vendor of the story, printed where they happen.
    let otherReports: LockedBuffer<DiagnosticReport>
    /// Whether the demo waits for the vendors on their own queues after each tag, so that their
    /// lines print under it. An app never waits: when the demo does not either, those lines print
    /// at the next flush.
    var waitsForQueues = true
    /// How many tags the demo sent so far: the number of the last header.
    private(set) var tagsSent = 0
    /// What went wrong, for the demo to report at the end and fail.
    private(set) var problems: [String] = []

    /// Whether the app's call (a send, a screen report, a consent decision) is under way: the
    /// taggers note it with each line, to tell a vendor the app waits for from one on its own queue.
    @TaskLocal static var isInAppCall = false

    init(
        hub: AnalyticsHub<PodcastAnalytics>,
        clock: StoryClock,
        consent: AnalyticsConsent<PodcastAnalytics>,
        vendors: [Vendor],
        printer: SessionPrinter,
        otherReports: LockedBuffer<DiagnosticReport>
    ) {
        self.hub = hub
        self.clock = clock
        self.screens = ScreenTracker(hub: hub)
        self.consent = consent
        self.vendors = vendors
        self.printer = printer
        self.otherReports = otherReports
    }

    // MARK: - The story's moments

    /// Moves the clock on by `duration`, and says what happens then.
    func later(_ duration: Duration, _ what: String) {
        clock.advance(by: duration)
        let seconds = duration.components.seconds
        let time =
            switch seconds {
            case 60: "1 minute"
            case _ where seconds % 60 == 0: "\(seconds / 60) minutes"
            default: "\(seconds) seconds"
            }
        print("-- \(time) later, \(what)")
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

    /// The app goes to the background: tells the screen tracker and flushes the hub, as
    /// `AnalyticsAppLifecycle` does; then prints what the vendors on their own queues delivered.
    func enteredBackground() async {
        print("-- the user leaves the app: going to the background, it flushes the hub (as AnalyticsAppLifecycle does)")
        screens.enteredBackground()
        await hub.flush()
        for vendor in vendors where vendor.runsOnItsOwnQueue {
            print("    \(vendor.label), by the time the flush returns:")
            printNotes(vendor.collect(tagNumber: tagsSent, status: status(of: vendor)), of: vendor, indent: 8)
        }
    }

    /// The app comes back to the foreground: the screen tracker sends the current screen again
    /// when the session has lapsed.
    func enteredForeground() async {
        await reportScreen { screens.enteredForeground() }
    }

    /// Runs `decision`, the user's answer about consent, then prints each vendor's status, and
    /// what became of the tags kept for it.
    func decide(_ decision: () -> Void) async {
        let before = vendors.map { (status: status(of: $0), kept: consent.bufferedTagCount(of: $0.strategy)) }
        Self.$isInAppCall.withValue(true, operation: decision)
        await hub.flush()
        for (vendor, before) in zip(vendors, before) {
            let status = status(of: vendor)
            let kept =
                switch before.kept {
                case 0: ""
                case 1: ", 1 kept tag"
                default: ", \(before.kept) kept tags"
                }
            print("    \(vendor.label): " + (status == before.status ? "still \(status)" : "\(status)\(kept)"))
            printNotes(vendor.collect(tagNumber: 0, status: status), of: vendor, indent: 8)
        }
        printOtherReports()
    }

    // MARK: - Tags

    func send(userAction: PodcastAnalytics.UserAction) async {
        Self.$isInAppCall.withValue(true) { hub.send(userAction: userAction) }
        await reportVendors(for: .userAction)
    }

    func send(event: PodcastAnalytics.Event) async {
        Self.$isInAppCall.withValue(true) { hub.send(event: event) }
        await reportVendors(for: .event)
    }

    func send(state: PodcastAnalytics.State) async {
        Self.$isInAppCall.withValue(true) { hub.send(state: state) }
        await reportVendors(for: .state)
    }

    // MARK: - Reporting

    /// Runs a report; when it made the tracker send a screen, reports what the vendors received,
    /// and otherwise says so.
    private func reportScreen(_ report: () -> Void) async {
        let before = printer.envelopes.count
        Self.$isInAppCall.withValue(true, operation: report)
        if printer.envelopes.count == before {
            let current = screens.currentScreen.map { "\($0)" } ?? "none"
            print("   (the screen tracker sends nothing: the current screen is still \(current))")
        } else {
            await reportVendors(for: .screen)
        }
    }

    /// Prints, for each vendor, what it received of the tag just sent, or why it received nothing.
    private func reportVendors(for channel: AnalyticsChannel) async {
        // A vendor on its own queue delivers later: flushing makes its lines for this tag arrive.
        if waitsForQueues { await hub.flush() }
        tagsSent += 1
        for vendor in vendors {
            let status = status(of: vendor)
            let withheld = withheldReason(from: vendor, channel: channel, status: status)
            if vendor.runsOnItsOwnQueue, !waitsForQueues {
                // Its lines, if any, are collected at the flush.
                let queued = "queued; the app does not wait, so its delivery shows at the flush"
                print("    \(vendor.label): \(withheld ?? queued)")
                continue
            }
            let notes = vendor.collect(tagNumber: tagsSent, status: status)
            // Printed whatever the status: the checks at the end then fail, and the output shows why.
            printNotes(notes, of: vendor, indent: 4)
            guard notes.isEmpty else { continue }
            if let withheld {
                print("    \(vendor.label): \(withheld)")
            } else {
                print("    \(vendor.label): not delivered, and nothing says why")
                problems.append("\(vendor.label) received nothing of tag \(tagsSent), and no diagnostic said why")
            }
        }
        printOtherReports()
    }

    /// Why the hub does not hand `vendor` a tag of `channel` now, or `nil` when it does.
    private func withheldReason(from vendor: Vendor, channel: AnalyticsChannel, status: ConsentState) -> String? {
        if !vendor.takes(channel) { return "not delivered: no \(channel) channel" }
        switch status {
        case .undecided: return "kept until the user decides (\(consent.bufferedTagCount(of: vendor.strategy)) kept)"
        case .denied: return "not delivered: consent denied"
        case .granted: return nil
        }
    }

    private func printNotes(_ notes: [VendorNote], of vendor: Vendor, indent: Int) {
        let indent = String(repeating: " ", count: indent)
        for note in notes {
            switch note {
            case .line(let line, _):
                print(indent + line)
            case .notDelivered(let report):
                let tags = report.count == 1 ? "" : "\(report.count) tags "
                let detail = report.detail.isEmpty ? "" : " (\(report.detail))"
                print(indent + "\(vendor.label): not delivered: \(tags)\(report.reason)\(detail)")
            }
        }
    }

    private func printOtherReports() {
        for report in otherReports.drain() {
            print("    diagnostics: \(report)")
        }
    }

    private func status(of vendor: Vendor) -> ConsentState {
        consent.status(of: vendor.strategy) ?? .denied
    }
}
