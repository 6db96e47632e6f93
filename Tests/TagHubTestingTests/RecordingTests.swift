import Foundation
import TagHub
import TagHubTesting
import Testing

@Suite struct RecordingTests {
    typealias Entry = RecordedTag<RadioAnalytics, MeterTag>

    /// The context of a tag sent on `screens` by a hub whose `TestClock` has not moved: the time
    /// the clock starts at, in the first session, which started then.
    func sentAtStart(_ screens: ScreenHistory<RadioAnalytics.Screen>) -> RadioAnalytics.Context {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        return RadioAnalytics.Context(
            history: screens,
            time: start,
            session: AnalyticsSession(id: 1_700_000_000_000, start: start, number: 1)
        )
    }

    @Test func aRecordingTaggerKeepsEveryVendorTagWithItsOrigin() {
        let hub = AnalyticsHub<RadioAnalytics>(clock: TestClock())
        let meter = RecordingTagger<RadioAnalytics, MeterTag>()
        hub.attach(makeMeter(tagger: meter))

        hub.send(screen: .home)
        hub.send(userAction: .play(jazz))
        hub.send(userAction: .stop)  // ignored by the meter
        meter.send(.page("by hand"))  // no origin

        #expect(
            meter.entries == [
                Entry(
                    vendorTag: .page("home"),
                    origin: TagEnvelope(tag: .screen(.home), context: sentAtStart([.home]))
                ),
                Entry(
                    vendorTag: .event("play_from_home", properties: ["station": "Jazz FM", "band": "fm"]),
                    origin: TagEnvelope(tag: .userAction(.play(jazz)), context: sentAtStart([.home]))
                ),
                Entry(vendorTag: .page("by hand"), origin: nil),
            ]
        )
        #expect(
            meter.snapshotText == """
                page("home") ← screen home on [home]
                event("play_from_home", properties: ["band": "fm", "station": "Jazz FM"]) ← userAction play(Station(name: "Jazz FM", frequency: 102.2)) on [home]
                page("by hand")

                """
        )
        meter.removeAll()
        #expect(meter.entries.isEmpty)
    }

    @Test func aRecordingStrategyRecordsWhatTheWrappedStrategyWouldSendWithoutCallingItsTagger() {
        let hub = AnalyticsHub<RadioAnalytics>(clock: TestClock())
        let tagger = CountingTagger<MeterTag>()
        let meter = RecordingStrategy(wrapping: makeMeter(tagger: tagger))
        hub.attach(meter)

        hub.send(screen: .player)
        hub.send(screen: .settings)  // ignored by the meter
        hub.send(userAction: .play(jazz))
        hub.send(state: .darkMode(true))  // not a meter channel

        #expect(tagger.sendCount == 0)
        #expect(meter.acceptedChannels == [.screen, .userAction])
        #expect(meter.deliveredChannels == [.screen, .userAction])
        #expect(
            meter.entries == [
                Entry(
                    vendorTag: .page("player"),
                    origin: TagEnvelope(tag: .screen(.player), context: sentAtStart([.player]))
                ),
                Entry(
                    vendorTag: .event("play", properties: ["station": "Jazz FM"]),
                    origin: TagEnvelope(tag: .userAction(.play(jazz)), context: sentAtStart([.player, .settings]))
                ),
            ]
        )
        #expect(
            meter.snapshotText == """
                page("player") ← screen player on [player]
                event("play", properties: ["station": "Jazz FM"]) ← userAction play(Station(name: "Jazz FM", frequency: 102.2)) on [player, settings]

                """
        )
    }

    @Test(arguments: [false, true])
    func aRecordingStrategyRegisteredWithConsentRecordsTheSignalsWithoutCallingTheTagger(inBackground: Bool) {
        let hub = AnalyticsHub<RadioAnalytics>(clock: TestClock())
        let consent = AnalyticsConsent(hub: hub)
        let tagger = CountingTagger<MeterTag>()
        let meter = MappingStrategy(
            for: RadioAnalytics.self,
            tagger: tagger,
            userAction: meterTag,
            consent: { .event("consent", properties: ["analytics": "\($0[.analytics])"]) }
        )
        let recorder =
            inBackground
            ? RecordingStrategy(wrapping: BackgroundStrategy(wrapping: meter)) : RecordingStrategy(wrapping: meter)
        let apps = RecordingStrategy(for: RadioAnalytics.self, channels: [.userAction])
        consent.register(recorder, for: [.analytics])
        consent.register(apps, for: [.analytics])

        consent.grant(.analytics)
        hub.send(userAction: .play(jazz))
        consent.deny(.analytics)

        #expect(tagger.sendCount == 0)
        #expect(
            recorder.snapshotText == """
                event("consent", properties: ["analytics": "undecided"])
                event("consent", properties: ["analytics": "granted"])
                event("play", properties: ["station": "Jazz FM"]) ← userAction play(Station(name: "Jazz FM", frequency: 102.2)) on []
                event("consent", properties: ["analytics": "denied"])

                """
        )
        #expect(apps.tags == [.userAction(.play(jazz))])  // a recorder of app tags has no signals to record
    }

    @Test func aRecordingStrategyForTheSchemaRecordsTheAppTagsOnEveryChannel() {
        let hub = AnalyticsHub<RadioAnalytics>(clock: TestClock())
        let sent = RecordingStrategy(for: RadioAnalytics.self)
        let actionsOnly = RecordingStrategy(for: RadioAnalytics.self, channels: .userAction)
        hub.attach(sent)
        hub.attach(actionsOnly)

        hub.send(screen: .home)
        hub.send(userAction: .play(jazz))
        hub.send(state: .darkMode(false))

        #expect(sent.tags == [.screen(.home), .userAction(.play(jazz)), .state(.darkMode(false))])
        #expect(sent.entries.map(\.origin?.context) == Array(repeating: sentAtStart([.home]), count: 3))
        #expect(actionsOnly.tags == [.userAction(.play(jazz))])
        #expect(
            sent.snapshotText == """
                screen home on [home]
                userAction play(Station(name: "Jazz FM", frequency: 102.2)) on [home]
                state darkMode(false) on [home]

                """
        )
    }

    @Test func aHandWrittenConvertingStrategyCanBeRecorded() {
        let hub = AnalyticsHub<RadioAnalytics>(clock: TestClock())
        let recorder = RecordingStrategy(wrapping: PlaysOnly())
        hub.attach(recorder)

        hub.send(screen: .home)
        hub.send(userAction: .play(jazz))
        hub.send(userAction: .stop)

        // The strategy adopts only user actions: the screen never reaches it, though its converter
        // would turn it into a tag.
        #expect(recorder.deliveredChannels == .userAction)
        #expect(recorder.tags == ["play Jazz FM", "stop"])
    }
}

/// A hand-written strategy with its conversion in `vendorTag(for:in:)`.
final class PlaysOnly: AnalyticsUserActionStrategy, AnalyticsConvertingStrategy {
    typealias Schema = RadioAnalytics

    func vendorTag(for tag: AnalyticsTag<Schema>, in context: Schema.Context) -> String? {
        switch tag {
        case .userAction(.play(let station)): "play \(station.name)"
        case .userAction(.stop): "stop"
        case .screen(let screen): "screen \(screen)"
        case .state: nil
        }
    }

    func send(userAction: Schema.UserActionEnvelope) {}
}
