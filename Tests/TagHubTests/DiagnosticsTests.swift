import TagHub
import TagHubTestSupport
import Testing

@Suite(.timeLimit(.minutes(1)), .onThreadsOfItsOwn) struct DiagnosticsTests {
    /// A tagger that ignores what it receives.
    struct NoTagger: AnalyticsTagger {
        func send(_ vendorTag: String) {}
    }

    @Test func tagsAConverterIgnoresAreCountedPerStrategyAndChannelAndReported() {
        let reports = LockedLog<DiagnosticReport>()
        let hub = AnalyticsHub<SeedAnalytics>(diagnostics: AnalyticsDiagnostics { reports.append($0) })
        let playsOnly = MappingStrategy(
            for: SeedAnalytics.self,
            name: "plays",
            tagger: NoTagger(),
            userAction: { action, _ in if case .playPodcast = action { "play" } else { nil } }
        )
        let screens = MappingStrategy(for: SeedAnalytics.self, tagger: NoTagger(), screen: { _, _ in nil })
        hub.attach(playsOnly)
        hub.attach(screens)

        hub.send(screen: .podcasts)
        hub.send(userAction: .playPodcast(swiftTalk))
        hub.send(userAction: .pausePodcast(swiftTalk))
        hub.send(userAction: .deletePodcast(swiftTalk))
        hub.send(event: .playerDidLoad(swiftTalk))  // no strategy takes events: nothing to report

        #expect(
            reports.items == [
                DiagnosticReport(reason: .unmapped, source: "String", channel: .screen),
                DiagnosticReport(reason: .unmapped, source: "plays", channel: .userAction),
                DiagnosticReport(reason: .unmapped, source: "plays", channel: .userAction),
            ]
        )
        #expect(hub.diagnostics.count(of: .unmapped) == 3)
        #expect(hub.diagnostics.count(of: .unmapped, source: "plays") == 2)
        #expect(hub.diagnostics.count(of: .unmapped, channel: .screen) == 1)
        #expect(hub.diagnostics.summary == ["String: 1 screen tag unmapped", "plays: 2 userAction tags unmapped"])
        #expect("\(reports.items[1])" == "plays: 1 userAction tag unmapped")
    }

    /// The totals stay exact when one key is reported many times in a row (what a full consent
    /// buffer does), between other keys, and after the totals were read (which shares them).
    @Test func totalsAreExactForRepeatedKeysBetweenOtherKeysAndAfterAReading() {
        let diagnostics = AnalyticsDiagnostics()
        func drop(_ source: String, _ channel: AnalyticsChannel, count: Int = 1) {
            diagnostics.report(
                DiagnosticReport(reason: .droppedByBound, source: source, channel: channel, count: count)
            )
        }
        for _ in 0..<3 { drop("consent", .userAction) }
        let read = diagnostics.totals
        drop("consent", .userAction, count: 2)
        drop("consent", .event)
        // Keys enough to make the table grow: where the last key is moves.
        for index in 0..<100 { drop("source \(index)", .screen) }
        drop("consent", .userAction)
        drop(String("consent".reversed().reversed()), .userAction)  // equal text, other storage
        drop("consent", .event)

        let key = AnalyticsDiagnostics.Key(reason: .droppedByBound, source: "consent", channel: .userAction)
        #expect(read == [key: 3])
        #expect(diagnostics.totals[key] == 7)
        #expect(diagnostics.count(of: .droppedByBound, source: "consent", channel: .event) == 2)
        #expect(diagnostics.count(of: .droppedByBound) == 109)
        #expect(diagnostics.totals.count == 102)
    }

    @Test func aBackgroundQueuesDropsAreReportedWithTheBound() async {
        let reports = LockedLog<DiagnosticReport>()
        let hub = AnalyticsHub<SeedAnalytics>(diagnostics: AnalyticsDiagnostics { reports.append($0) })
        let gate = Gate()
        defer { gate.release() }
        let first = LockedFlag()
        let background = BackgroundStrategy(
            wrapping: DeliveryRecorder { _ in if first.setIfUnset() { gate.block() } },
            capacity: 2,
            name: "slow"
        )
        hub.attach(background)

        hub.send(userAction: .numbered(thread: 0, sequence: 0))
        guard gate.waitUntilEntered() else { return }
        for sequence in 1...5 { hub.send(userAction: .numbered(thread: 0, sequence: sequence)) }
        gate.release()
        guard await flushOrFail(background) else { return }

        #expect(hub.diagnostics.count(of: .droppedByBound, source: "slow", channel: .userAction) == 3)
        #expect(
            reports.items.map(\.description)
                == Array(
                    repeating: "slow: 1 userAction tag dropped by a bound (background queue of 2, dropOldest)",
                    count: 3
                )
        )
    }

    @Test func aBackgroundStrategyIsNamedAfterTheMappingStrategyItWraps() {
        let mapping = MappingStrategy(for: SeedAnalytics.self, name: "firebase", tagger: NoTagger()) { _, _ in nil }
        #expect(BackgroundStrategy(wrapping: mapping).name == "firebase")
        #expect(BackgroundStrategy(wrapping: DeliveryRecorder()).name == "DeliveryRecorder")
    }

    @Test func anEnvelopesDiagnosticsAreNotPartOfItsValue() {
        let one = TagEnvelope<Int, SeedAnalytics>(tag: 1, context: [.podcasts], diagnostics: AnalyticsDiagnostics())
        let same = TagEnvelope<Int, SeedAnalytics>(tag: 1, context: [.podcasts])
        #expect(one == same)
        #expect(one.hashValue == same.hashValue)
        #expect(one.map { $0 + 1 }.diagnostics === one.diagnostics)
    }
}
