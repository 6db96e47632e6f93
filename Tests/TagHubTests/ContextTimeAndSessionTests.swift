import Foundation
import TagHub
import TagHubTestSupport
import TagHubTesting
import Testing

/// The time and the session in every context, read from a clock the test controls.
@Suite(.timeLimit(.minutes(1)), .onThreadsOfItsOwn) struct ContextTimeAndSessionTests {
    let clock = TestClock()

    func recorder<Schema: AnalyticsSchema>(
        for schema: Schema.Type,
        showing details: ContextDetails = [.time, .session]
    ) -> RecordingStrategy<Schema, AnalyticsTag<Schema>> {
        let recorder = RecordingStrategy(for: schema)
        recorder.contextDetails = details
        return recorder
    }

    // MARK: - Time

    @Test func everyTagCarriesTheTimeItWasSentAt() {
        let clock = TestClock()  // 2023-11-14T22:13:20Z until the test moves it
        let hub = AnalyticsHub<ProfileAnalytics>(clock: clock)
        let sent = RecordingStrategy(for: ProfileAnalytics.self)
        sent.contextDetails = .time
        hub.attach(sent)
        hub.send(screen: .home)
        clock.advance(by: .milliseconds(1_500))
        hub.send(userAction: .tap("play"))
        clock.advance(by: .seconds(60))
        hub.send(event: .failed("network"))
        hub.send(state: .ping(1))
        #expect(
            sent.snapshotText == """
                screen home on [home] at 2023-11-14T22:13:20.000Z
                userAction tap("play") on [home] at 2023-11-14T22:13:21.500Z
                event failed("network") on [home] at 2023-11-14T22:14:21.500Z
                state ping(1) on [home] at 2023-11-14T22:14:21.500Z

                """
        )
        #expect(
            sent.entries.map { $0.origin?.context.time.timeIntervalSince1970 } == [
                1_700_000_000, 1_700_000_001.5, 1_700_000_061.5, 1_700_000_061.5,
            ]
        )
    }

    @Test func aTagKeptForConsentIsReplayedWithTheTimeItWasSentAtNotTheTimeOfTheGrant() {
        let hub = AnalyticsHub<ProfileAnalytics>(clock: clock)
        let consent = AnalyticsConsent(hub: hub)
        let sent = recorder(for: ProfileAnalytics.self, showing: .time)
        consent.register(sent, for: [.analytics])
        hub.send(screen: .home)
        clock.advance(by: .seconds(120))
        hub.send(userAction: .tap("play"))
        clock.advance(by: .seconds(180))
        consent.grant(.analytics)
        hub.send(userAction: .tap("pause"))
        #expect(
            sent.snapshotText == """
                screen home on [home] at 2023-11-14T22:13:20.000Z
                userAction tap("play") on [home] at 2023-11-14T22:15:20.000Z
                userAction tap("pause") on [home] at 2023-11-14T22:18:20.000Z

                """
        )
    }

    @Test func aTagQueuedInTheBackgroundKeepsTheTimeItWasSentAt() async {
        let hub = AnalyticsHub<ProfileAnalytics>(clock: clock)
        let sent = recorder(for: ProfileAnalytics.self, showing: .time)
        let gate = Gate()
        // The queue's worker is held in the first delivery until the clock has moved on.
        hub.attach(BackgroundStrategy(wrapping: BlockingProfileStrategy(gate: gate, then: sent)))
        hub.send(userAction: .tap("first"))
        guard gate.waitUntilEntered() else { return }
        clock.advance(by: .seconds(5))
        hub.send(userAction: .tap("second"))
        clock.advance(by: .seconds(5))
        gate.release()
        guard await flushOrFail(hub) else { return }
        #expect(
            sent.snapshotText == """
                userAction tap("first") on [] at 2023-11-14T22:13:20.000Z
                userAction tap("second") on [] at 2023-11-14T22:13:25.000Z

                """
        )
    }

    // MARK: - Session

    @Test func theFirstTagStartsTheFirstSessionIdentifiedByItsStartInMilliseconds() {
        let hub = AnalyticsHub<ProfileAnalytics>(clock: clock)
        #expect(hub.session == nil)
        #expect(hub.context.session == .none)
        clock.advance(by: .milliseconds(250))
        hub.send(userAction: .tap("play"))
        let start = Date(timeIntervalSince1970: 1_700_000_000.25)
        #expect(hub.session == AnalyticsSession(id: 1_700_000_000_250, start: start, number: 1))
        #expect(hub.context.session == hub.session)
    }

    @Test func aSessionEndsAfterThirtyMinutesWithoutATagByDefault() {
        let hub = AnalyticsHub<ProfileAnalytics>(clock: clock)
        #expect(hub.sessionTimeout == .seconds(1_800))
        let sent = recorder(for: ProfileAnalytics.self)
        hub.attach(sent)
        hub.send(screen: .home)
        clock.advance(by: .seconds(1_799))
        hub.send(userAction: .tap("a"))  // 29:59 later: the same session, which it extends
        clock.advance(by: .seconds(1_799))
        hub.send(userAction: .tap("b"))
        clock.advance(by: .seconds(1_800))
        hub.send(userAction: .tap("c"))  // 30:00 later: a new session
        hub.send(userAction: .tap("d"))
        #expect(
            sent.snapshotText == """
                screen home on [home] at 2023-11-14T22:13:20.000Z in session 1 (1700000000000)
                userAction tap("a") on [home] at 2023-11-14T22:43:19.000Z in session 1 (1700000000000)
                userAction tap("b") on [home] at 2023-11-14T23:13:18.000Z in session 1 (1700000000000)
                userAction tap("c") on [home] at 2023-11-14T23:43:18.000Z in session 2 (1700005398000)
                userAction tap("d") on [home] at 2023-11-14T23:43:18.000Z in session 2 (1700005398000)

                """
        )
        #expect(hub.session?.start == Date(timeIntervalSince1970: 1_700_005_398))
    }

    @Test func theAppStartsASessionWhenItAsksAtLoginOrLogout() {
        let hub = AnalyticsHub<ProfileAnalytics>(clock: clock, sessionTimeout: .seconds(60))
        let sent = recorder(for: ProfileAnalytics.self, showing: .session)
        hub.attach(sent)
        hub.send(userAction: .tap("a"))
        clock.advance(by: .seconds(10))
        hub.startSession()
        hub.send(state: .user(id: "42"))
        hub.startSession()  // the same millisecond: the ID still grows
        hub.send(state: .loggedOut)
        #expect(
            sent.snapshotText == """
                userAction tap("a") on [] in session 1 (1700000000000)
                state user(id: "42") on [] in session 2 (1700000010000)
                state loggedOut on [] in session 3 (1700000010001)

                """
        )
        #expect(hub.session?.number == 3)
    }

    @Test func aSchemaThatMapsSessionChangesSendsEndedThenStartedBeforeTheTagThatChangedTheSession() {
        let hub = AnalyticsHub<SessionAnalytics>(clock: clock, sessionTimeout: .seconds(60))
        let sent = recorder(for: SessionAnalytics.self)
        hub.attach(sent)
        hub.send(screen: .home)
        clock.advance(by: .seconds(30))
        hub.send(userAction: .tap("a"))
        clock.advance(by: .seconds(61))
        hub.send(userAction: .tap("b"))
        clock.advance(by: .seconds(1))
        hub.startSession()
        let first = AnalyticsSession(id: 1_700_000_000_000, start: clockStart, number: 1)
        let second = AnalyticsSession(id: 1_700_000_091_000, start: clockStart + 91, number: 2)
        let third = AnalyticsSession(id: 1_700_000_092_000, start: clockStart + 92, number: 3)
        #expect(
            sent.tags == [
                .event(.sessionStarted(first)),
                .screen(.home),
                .userAction(.tap("a")),
                .event(.sessionEnded(first, lastActivity: clockStart + 30)),
                .event(.sessionStarted(second)),
                .userAction(.tap("b")),
                .event(.sessionEnded(second, lastActivity: clockStart + 91)),
                .event(.sessionStarted(third)),
            ]
        )
        // Each event travels in the session it is about, at the time of the change.
        #expect(sent.entries.map { $0.origin?.context.session.number } == [1, 1, 1, 1, 2, 2, 2, 3])
        #expect(
            sent.entries.map { $0.origin.map { $0.context.time.timeIntervalSince(clockStart) } } == [
                0, 0, 30, 91, 91, 91, 92, 92,
            ]
        )
    }

    @Test func aSchemaThatDoesNotMapSessionChangesSendsNothingForThem() {
        let hub = AnalyticsHub<ProfileAnalytics>(clock: clock, sessionTimeout: .seconds(60))
        let sent = recorder(for: ProfileAnalytics.self)
        hub.attach(sent)
        hub.send(userAction: .tap("a"))
        clock.advance(by: .seconds(120))
        hub.send(userAction: .tap("b"))
        hub.startSession()
        #expect(sent.tags == [.userAction(.tap("a")), .userAction(.tap("b"))])
        #expect(hub.session?.number == 3)
    }

    @Test(arguments: [nil, Duration.zero, .seconds(-5)])
    func withoutAPositiveTimeoutSessionsNeverEndByThemselves(timeout: Duration?) {
        let hub = AnalyticsHub<ProfileAnalytics>(clock: clock, sessionTimeout: timeout)
        #expect(hub.sessionTimeout == nil)
        hub.send(userAction: .tap("a"))
        clock.advance(by: .seconds(86_400 * 365))
        hub.send(userAction: .tap("b"))
        #expect(hub.session?.number == 1)
        hub.startSession()
        #expect(hub.session?.number == 2)
    }

    @Test func aClockThatGoesBackwardsStartsNoSessionAndTheTimeoutCountsFromItsLatestReading() {
        let hub = AnalyticsHub<ProfileAnalytics>(clock: clock, sessionTimeout: .seconds(60))
        let sent = recorder(for: ProfileAnalytics.self)
        hub.attach(sent)
        hub.send(userAction: .tap("a"))
        clock.advance(by: .seconds(-3_600))  // the user set the clock an hour back
        hub.send(userAction: .tap("b"))
        clock.advance(by: .seconds(59))
        hub.send(userAction: .tap("c"))
        clock.advance(by: .seconds(60))
        hub.send(userAction: .tap("d"))
        #expect(
            sent.snapshotText == """
                userAction tap("a") on [] at 2023-11-14T22:13:20.000Z in session 1 (1700000000000)
                userAction tap("b") on [] at 2023-11-14T21:13:20.000Z in session 1 (1700000000000)
                userAction tap("c") on [] at 2023-11-14T21:14:19.000Z in session 1 (1700000000000)
                userAction tap("d") on [] at 2023-11-14T21:15:19.000Z in session 2 (1700000000001)

                """
        )
    }

    @Test func aClockReadingOutsideTheRangeOfMillisecondsGivesIdentifiersThatStillGrow() {
        let hub = AnalyticsHub<ProfileAnalytics>(clock: clock)
        clock.set(Date(timeIntervalSince1970: .infinity))
        hub.send(userAction: .tap("a"))
        #expect(hub.session?.id == 0)
        clock.set(Date(timeIntervalSince1970: .nan))
        hub.startSession()
        #expect(hub.session?.id == 1)
        clock.set(Date(timeIntervalSince1970: 1e300))
        hub.startSession()
        #expect(hub.session?.id == 2)
    }

    @Test func aClockThatReadsNotANumberOnceLeavesTheTimeoutCountingFromTheReadingBefore() {
        let hub = AnalyticsHub<ProfileAnalytics>(clock: clock, sessionTimeout: .seconds(60))
        clock.set(Date(timeIntervalSince1970: .nan))
        hub.send(userAction: .tap("a"))  // the first tag starts a session, whatever the time
        #expect(hub.session?.number == 1)
        clock.set(clockStart)
        hub.send(userAction: .tap("b"))
        clock.set(Date(timeIntervalSince1970: .nan))
        hub.send(userAction: .tap("c"))
        clock.set(clockStart + 59)
        hub.send(userAction: .tap("d"))
        #expect(hub.session?.number == 1)
        clock.set(clockStart + 59 + 60)
        hub.send(userAction: .tap("e"))
        #expect(hub.session?.number == 2)
    }

    @Test func aSessionEventSnapshotsAsItsIdentifierStartAndNumber() {
        let hub = AnalyticsHub<SessionAnalytics>(clock: clock)
        let sent = RecordingStrategy(for: SessionAnalytics.self, channels: .event)
        hub.attach(sent)
        hub.send(userAction: .tap("a"))
        #expect(
            sent.snapshotText
                == "event sessionStarted(AnalyticsSession(id: 1700000000000, start: Date(1700000000.0), number: 1)) on []\n"
        )
    }

    // MARK: - Descriptions

    /// A context's description tells apart the contexts `==` tells apart: a time past a whole
    /// millisecond shows its seconds since 2001 in full; a time on one reads as it always did.
    @Test func aContextsDescriptionShowsATimeThatIsNotAWholeMillisecondInFull() {
        let onTheMillisecond = ProfileAnalytics.Context(
            history: [.home],
            time: Date(timeIntervalSince1970: 1_700_000_000.25)
        )
        let past = ProfileAnalytics.Context(history: [.home], time: Date(timeIntervalSince1970: 1_700_000_000.2501))
        #expect(onTheMillisecond != past)
        #expect(onTheMillisecond.description == "[home] at 2023-11-14T22:13:20.250Z")
        #expect(past.description == "[home] at 2023-11-14T22:13:20.250Z (721692800.2500999 s since 2001)")
        // Before 1970 too, the millisecond shown is the one the time is in.
        #expect(
            ProfileAnalytics.Context(time: Date(timeIntervalSince1970: -1.5)).description
                == "[] at 1969-12-31T23:59:58.500Z"
        )
        #expect(
            ProfileAnalytics.Context(time: Date(timeIntervalSince1970: -0.0001)).description
                == "[] at 1969-12-31T23:59:59.999Z (-978307200.0001 s since 2001)"
        )
        #expect(
            ProfileAnalytics.Context(time: Date(timeIntervalSinceReferenceDate: .infinity)).description
                == "[] at inf s since 2001"
        )
    }

    /// A clock moved by a whole millisecond reads a whole millisecond, shown right (Foundation's
    /// ISO 8601 style shows 2 ms past 22:13:20 as `.001Z`); moved by one twice, it reads the same
    /// as moved by two at once. Of two dates that share their `timeIntervalSince1970`, the one
    /// that is not a whole millisecond shows its seconds in full.
    @Test func aTimeOnAWholeMillisecondShowsThatMillisecondAndNothingMore() {
        let hub = AnalyticsHub<ProfileAnalytics>(clock: clock)
        clock.advance(by: .milliseconds(2))
        #expect(hub.context.description == "[] at 2023-11-14T22:13:20.002Z")
        let stepped = TestClock()
        stepped.advance(by: .milliseconds(1))
        let clocked = stepped.now()
        stepped.advance(by: .milliseconds(1))
        #expect(stepped.now() == clock.now())
        #expect(ProfileAnalytics.Context(time: stepped.now()).description == "[] at 2023-11-14T22:13:20.002Z")
        // Moved by a millisecond 1,000 times, a clock reads a second later, exactly.
        let second = TestClock()
        for _ in 0..<1_000 { second.advance(by: .milliseconds(1)) }
        #expect(second.now() == Date(timeIntervalSince1970: 1_700_000_001))

        let written = Date(timeIntervalSince1970: 1_700_000_000.001)
        #expect(written != clocked)
        #expect(written.timeIntervalSince1970 == clocked.timeIntervalSince1970)
        #expect(ProfileAnalytics.Context(time: clocked).description == "[] at 2023-11-14T22:13:20.001Z")
        #expect(
            ProfileAnalytics.Context(time: written).description
                == "[] at 2023-11-14T22:13:20.000Z (721692800.0009999 s since 2001)"
        )
    }

    /// A recorder's snapshot shows the millisecond a tag was sent in, as the context's description
    /// does, and the session's identifier is that millisecond since 1970: a clock moved by 2 ms
    /// before each send shows `.002` and `.004` (Foundation's ISO 8601 style showed `.001`, `.003`,
    /// and the identifier was `…001`).
    @Test func aSnapshotShowsTheMillisecondATagWasSentInAndTheSessionIdentifierIsThatMillisecond() {
        let hub = AnalyticsHub<ProfileAnalytics>(clock: clock)
        let sent = recorder(for: ProfileAnalytics.self)
        hub.attach(sent)
        clock.advance(by: .milliseconds(2))
        hub.send(screen: .home)
        clock.advance(by: .milliseconds(2))
        hub.send(userAction: .tap("play"))
        #expect(
            sent.snapshotText == """
                screen home on [home] at 2023-11-14T22:13:20.002Z in session 1 (1700000000002)
                userAction tap("play") on [home] at 2023-11-14T22:13:20.004Z in session 1 (1700000000002)

                """
        )
        #expect(hub.context.session.description == "session 1 (1700000000002) from 2023-11-14T22:13:20.002Z")
    }

    /// A session's start shows to the second when it is a whole second, else to the millisecond,
    /// and in full when it is not a whole millisecond either: in a context's description too.
    @Test func aSessionsDescriptionShowsItsStartAsFinelyAsItNeeds() {
        func session(startingAt seconds: Double) -> AnalyticsSession {
            AnalyticsSession(id: 7, start: Date(timeIntervalSince1970: seconds), number: 2)
        }
        #expect(session(startingAt: 1_700_000_000).description == "session 2 (7) from 2023-11-14T22:13:20Z")
        #expect(session(startingAt: 1_700_000_001.5).description == "session 2 (7) from 2023-11-14T22:13:21.500Z")
        #expect(
            session(startingAt: 1_700_000_001.5001).description
                == "session 2 (7) from 2023-11-14T22:13:21.500Z (721692801.5000999 s since 2001)"
        )
        let onTheMillisecond = ProfileAnalytics.Context(session: session(startingAt: 1_700_000_001.5))
        let past = ProfileAnalytics.Context(session: session(startingAt: 1_700_000_001.5001))
        #expect(onTheMillisecond != past)
        #expect(
            onTheMillisecond.description
                == "[] at 1970-01-01T00:00:00.000Z, session 2 (7) from 2023-11-14T22:13:21.500Z"
        )
        #expect(
            past.description
                == "[] at 1970-01-01T00:00:00.000Z, session 2 (7) from 2023-11-14T22:13:21.500Z (721692801.5000999 s since 2001)"
        )
    }
}

/// Blocks in its first delivery until the test releases the gate, then hands each user action on.
final class BlockingProfileStrategy: AnalyticsUserActionStrategy {
    typealias Schema = ProfileAnalytics
    let gate: Gate
    let next: any AnalyticsUserActionStrategy<ProfileAnalytics>
    init(gate: Gate, then next: any AnalyticsUserActionStrategy<ProfileAnalytics>) {
        self.gate = gate
        self.next = next
    }
    func send(userAction: Schema.UserActionEnvelope) {
        gate.block()
        next.send(userAction: userAction)
    }
}
