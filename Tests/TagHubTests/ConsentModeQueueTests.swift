import Foundation
import TagHub
import TagHubTestSupport
import TagHubVendors
import Testing

/// A vendor SDK that is slow and not thread-safe, as the ones a `BackgroundStrategy` is for: each
/// call takes a few milliseconds, and a call that starts while another runs is counted.
final class SlowFirebase: AnalyticsTagger, Sendable {
    let calls = LockedLog<String>()
    let running = LockedValue(0)
    let overlapping = LockedValue(0)

    func send(_ tag: FirebaseTag) {
        running.withLock { running in
            if running > 0 { overlapping.withLock { $0 += 1 } }
            running += 1
        }
        calls.append("\(tag)")
        Thread.sleep(forTimeInterval: 0.01)
        running.withLock { $0 -= 1 }
    }
}

/// The signals `firebaseSignals` makes of `decisions`, as the vendor's log shows them.
func signals(_ decisions: [ConsentPurpose: ConsentState]) -> String {
    "\(firebaseSignals(ConsentDecisions(decisions)))"
}

func screenView(_ screen: SeedAnalytics.Screen) -> String {
    #"screen_view {screen_class: "View", screen_name: "\#(screen)"}"#
}

func selectContent(_ title: String) -> String {
    #"select_content {item_id: "\#(title)"}"#
}

@Suite(.timeLimit(.minutes(1)), .onThreadsOfItsOwn)
struct ConsentModeQueueTests {
    @Test(arguments: ConsentModeTests.Setup.allCases, [1, 2])
    func aSlowTaggerBehindBackgroundQueuesIsCalledOneAtATimeAndTheSignalsFallBetweenTheTags(
        setup: ConsentModeTests.Setup,
        queues: Int
    ) async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let vendor = SlowFirebase()
        let inner = BackgroundStrategy(wrapping: makeFirebase(vendor))
        let registered: any AnalyticsStrategy<SeedAnalytics> =
            queues == 1 ? inner : BackgroundStrategy(wrapping: inner)
        consent.register(registered, for: [.analytics], whileDenied: setup == .advanced ? screensOnly : nil)

        // Each decision is made while the queues still hold the tags sent before it.
        consent.deny(.analytics)
        hub.send(screen: .podcasts)
        hub.send(screen: .favorites)
        consent.grant(.advertising)  // denied, limited, before and after
        hub.send(screen: .downloads)
        consent.grant(.analytics)  // limited, then every tag
        hub.send(screen: .podcastPlayer)
        for title in ["1", "2", "3"] { hub.send(userAction: .playPodcast(Podcast(title: title, duration: 1))) }
        consent.deny(.personalization)  // granted, before and after
        hub.send(userAction: .playPodcast(Podcast(title: "4", duration: 1)))
        guard await flushOrFail(hub) else { return }

        // The basic setup receives no tag while denied: the signals only.
        let whileDenied = { (tags: [String]) in setup == .advanced ? tags : [] }
        #expect(
            vendor.calls.items == [
                signals([:]),
                signals([.analytics: .denied]),
            ] + whileDenied([screenView(.podcasts), screenView(.favorites)]) + [
                signals([.analytics: .denied, .advertising: .granted])
            ] + whileDenied([screenView(.downloads)]) + [
                signals([.analytics: .granted, .advertising: .granted]),
                screenView(.podcastPlayer), selectContent("1"), selectContent("2"), selectContent("3"),
                signals([.analytics: .granted, .advertising: .granted, .personalization: .denied]),
                selectContent("4"),
            ]
        )
        #expect(vendor.overlapping.withLock { $0 } == 0)

        // A decision when the queues are idle: a flush waits for its signal too.
        consent.grant(.personalization)
        guard await flushOrFail(hub) else { return }
        let all = signals([.analytics: .granted, .advertising: .granted, .personalization: .granted])
        #expect(vendor.calls.items.last == all)
    }

    @Test func theAdvancedSetupBehindAQueueGetsTheAllowedKeptTagsAfterTheDenialsSignalsThenWhatItAllows() async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let vendor = SlowFirebase()
        let background = BackgroundStrategy(wrapping: makeFirebase(vendor), name: "firebase")
        consent.register(background, for: [.analytics], whileDenied: screensOnly)
        hub.send(screen: .podcasts)
        hub.send(userAction: .playPodcast(Podcast(title: "kept", duration: 1)))
        hub.send(screen: .favorites)

        consent.deny(.analytics)
        hub.send(screen: .downloads)
        hub.send(userAction: .playPodcast(Podcast(title: "denied", duration: 1)))
        guard await flushOrFail(hub) else { return }

        #expect(
            vendor.calls.items == [
                signals([:]), signals([.analytics: .denied]), screenView(.podcasts), screenView(.favorites),
                screenView(.downloads),
            ]
        )
        #expect(hub.diagnostics.summary == ["firebase: 1 userAction tag discarded (consent denied)"])
        #expect(vendor.overlapping.withLock { $0 } == 0)
    }

    /// A tagger that logs tags and notices, and holds the one logged as `held` at a gate.
    struct HoldingTagger: AnalyticsTagger, AnalyticsConsentObserver {
        let log: LockedLog<String>
        let gate: Gate
        var held = "held"
        func send(_ tag: String) { receive(tag) }
        func consentWasGranted() { receive("granted") }
        func consentWasWithdrawn() { receive("withdrawn") }
        func consentDecisionsDidChange(_ decisions: ConsentDecisions) { receive("[\(decisions)]") }
        private func receive(_ entry: String) {
            if entry == held { gate.block() }
            log.append(entry)
        }
    }

    @Test func aDenialTellsTheNoticesTheQueueStillHoldsInOrderThenWithdraws() async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let log = LockedLog<String>()
        let gate = Gate()
        defer { gate.release() }
        let vendor = MappingStrategy(
            for: SeedAnalytics.self,
            tagger: HoldingTagger(log: log, gate: gate),
            userAction: { action, _ in
                guard case .playPodcast(let podcast) = action else { return nil }
                return podcast.title
            }
        )
        let background = BackgroundStrategy(wrapping: vendor)
        consent.register(background, for: [.analytics])
        consent.grant(.analytics)
        hub.send(userAction: .playPodcast(Podcast(title: "held", duration: 1)))
        guard gate.waitUntilEntered() else { return }
        consent.grant(.advertising)  // its notice waits in the queue, behind the held play
        hub.send(userAction: .playPodcast(Podcast(title: "cancelled", duration: 1)))

        let denier = onNewThread { consent.deny(.analytics) }
        guard waitUntil("the denial cancelling the queue", { background.pendingTagCount == 0 }) else { return }
        gate.release()
        guard denier.waitOrFail("deny"), await flushOrFail(background) else { return }

        #expect(
            log.items == [
                "[(none decided)]", "granted", "[analytics: granted]", "held",
                "[advertising: granted, analytics: granted]",
                "withdrawn", "[advertising: granted, analytics: denied]",
            ]
        )
    }

    /// A consent of a new hub, with a queue registered for analytics in front of a tagger that logs
    /// to `log` and is held at `gate` when told `held`.
    static func heldQueue(
        log: LockedLog<String>,
        gate: Gate,
        held: String
    ) -> (AnalyticsConsent<SeedAnalytics>, BackgroundStrategy<MappingStrategy<SeedAnalytics, HoldingTagger>>) {
        let consent = AnalyticsConsent(hub: AnalyticsHub<SeedAnalytics>())
        let tagger = HoldingTagger(log: log, gate: gate, held: held)
        let background = BackgroundStrategy(wrapping: MappingStrategy(for: SeedAnalytics.self, tagger: tagger))
        consent.register(background, for: [.analytics])
        return (consent, background)
    }

    @Test func aDenialWaitsForANoticeUnderWayOnTheQueueBeforeWithdrawing() async {
        let log = LockedLog<String>()
        let gate = Gate()
        defer { gate.release() }
        let held = "[advertising: granted, analytics: granted]"
        let (consent, background) = Self.heldQueue(log: log, gate: gate, held: held)
        consent.grant(.analytics)
        consent.grant(.advertising)
        guard gate.waitUntilEntered() else { return }

        let denier = onNewThread { consent.deny(.analytics) }
        #expect(!denier.finishes(within: 200), "the denial withdrew while a notice was under way")
        gate.release()
        guard denier.waitOrFail("deny"), await flushOrFail(background) else { return }

        #expect(
            log.items == [
                "[(none decided)]", "granted", "[analytics: granted]", "[advertising: granted, analytics: granted]",
                "withdrawn",
                "[advertising: granted, analytics: denied]",
            ]
        )
    }

    @Test func aFlushWaitsForANoticeBeingToldOnTheQueue() async {
        let log = LockedLog<String>()
        let gate = Gate()
        defer { gate.release() }
        let (consent, background) = Self.heldQueue(log: log, gate: gate, held: "[analytics: granted]")
        consent.grant(.analytics)
        guard gate.waitUntilEntered() else { return }

        let flushed = LockedFlag()
        async let flush = awaitOrFail("the flush") {
            await background.flush()
            flushed.set()
        }
        blockThisThread(milliseconds: 200)
        #expect(!flushed.isSet, "the flush returned while a notice was being told")
        gate.release()
        guard await flush else { return }
        #expect(log.items == ["[(none decided)]", "granted", "[analytics: granted]"])
    }

    @Test func aDenialRightAfterADecisionTellsItBeforeWithdrawingEvenIfTheWorkerHasNotStarted() async {
        // Decided faster than a worker starts: the denial often finds the notices still queued.
        for _ in 0..<20 {
            let hub = AnalyticsHub<SeedAnalytics>()
            let consent = AnalyticsConsent(hub: hub)
            let log = LockedLog<String>()
            let vendor = MappingStrategy(
                for: SeedAnalytics.self,
                tagger: HoldingTagger(log: log, gate: Gate()),
                userAction: { action, _ in "\(action)" }
            )
            let background = BackgroundStrategy(wrapping: vendor, name: "vendor")
            consent.register(background, for: [.analytics])
            consent.grant(.analytics)
            hub.send(userAction: .numbered(thread: 0, sequence: 0))
            consent.grant(.advertising)
            consent.deny(.analytics)
            // Detached once denied: the hub's flush no longer reaches the queue.
            guard await flushOrFail(background) else { return }

            let tag = "\(SeedAnalytics.UserAction.numbered(thread: 0, sequence: 0))"
            let discarded = hub.diagnostics.count(of: .discardedByDenial, source: "vendor")
            #expect((log.items.contains(tag) ? 1 : 0) + discarded == 1)
            #expect(
                log.items.filter { $0 != tag } == [
                    "[(none decided)]", "granted", "[analytics: granted]", "[advertising: granted, analytics: granted]",
                    "withdrawn", "[advertising: granted, analytics: denied]",
                ]
            )
        }
    }
}
