import Foundation
import TagHub
import TagHubTestSupport
import TagHubTesting
import TagHubVendors
import TagHubVendorsTesting
import Testing

/// The hub keeps the latest state of each key, shows the states in every context, and catches up a
/// strategy that joins later.
@Suite(.timeLimit(.minutes(1)), .onThreadsOfItsOwn) struct StateTests {
    let clock = TestClock()

    func recorder(
        showing details: ContextDetails = .states
    ) -> RecordingStrategy<
        ProfileAnalytics, AnalyticsTag<ProfileAnalytics>
    > {
        let recorder = RecordingStrategy(for: ProfileAnalytics.self)
        recorder.contextDetails = details
        return recorder
    }

    // MARK: - The current states

    @Test func eachContextHoldsTheStatesOfTheMomentItsTagWasSentAStateOfAKeyReplacingTheLast() {
        let hub = AnalyticsHub<ProfileAnalytics>(clock: clock)
        let sent = recorder()
        hub.attach(sent)
        hub.send(state: .autoPlay(true))
        hub.send(state: .user(id: "42"))
        hub.send(userAction: .tap("play"))
        hub.send(state: .autoPlay(false))
        hub.send(state: .loggedOut)  // replaces user(id:), its key's
        hub.send(state: .ping(1))  // no key: delivered, not kept
        hub.send(event: .failed("network"))
        #expect(
            sent.snapshotText == """
                state autoPlay(true) on [] with [autoPlay(true)]
                state user(id: "42") on [] with [autoPlay(true), user(id: "42")]
                userAction tap("play") on [] with [autoPlay(true), user(id: "42")]
                state autoPlay(false) on [] with [user(id: "42"), autoPlay(false)]
                state loggedOut on [] with [autoPlay(false), loggedOut]
                state ping(1) on [] with [autoPlay(false), loggedOut]
                event failed("network") on [] with [autoPlay(false), loggedOut]

                """
        )
        #expect(Array(hub.states) == [.autoPlay(false), .loggedOut])
        #expect(hub.states[.identity] == .loggedOut)
        #expect(hub.states[.theme] == nil)
    }

    @Test func aStateEqualToTheCurrentOneOfItsKeyIsNotDeliveredAgain() {
        let hub = AnalyticsHub<ProfileAnalytics>(clock: clock)
        let sent = recorder(showing: [])
        hub.attach(sent)
        hub.send(state: .autoPlay(true))
        hub.send(state: .autoPlay(true))
        hub.send(state: .ping(1))
        hub.send(state: .ping(1))  // no key: the hub does not compare it
        hub.send(state: .autoPlay(false))
        hub.send(state: .autoPlay(true))
        #expect(
            sent.tags == [
                .state(.autoPlay(true)), .state(.ping(1)), .state(.ping(1)), .state(.autoPlay(false)),
                .state(.autoPlay(true)),
            ]
        )
    }

    @Test func aContextTakenEarlierKeepsItsStatesWhateverIsSentAfter() {
        let hub = AnalyticsHub<ProfileAnalytics>(clock: clock)
        hub.send(state: .theme("dark"))
        let early = hub.context
        for index in 0..<100 {
            hub.send(state: .theme("theme \(index)"))
        }
        #expect(Array(early.states) == [.theme("dark")])
        #expect(Array(hub.states) == [.theme("theme 99")])
    }

    @Test func aConverterReadsTheCurrentStatesToAddThemToEveryEvent() {
        let hub = AnalyticsHub<ProfileAnalytics>(clock: clock)
        let tagger = RecordingTagger<ProfileAnalytics, MixpanelTag>()
        hub.attach(
            MappingStrategy(
                for: ProfileAnalytics.self,
                tagger: tagger,
                userAction: { action, context in
                    guard case .tap(let name) = action else { return nil }
                    var properties: [String: AnalyticsValue] = [:]
                    if case .autoPlay(let isOn)? = context.states[.autoPlay] { properties["auto_play"] = .bool(isOn) }
                    return .track(event: name, properties: properties)
                }
            )
        )
        hub.send(userAction: .tap("before"))
        hub.send(state: .autoPlay(true))
        hub.send(userAction: .tap("after"))
        #expect(
            tagger.tags == [
                .track(event: "before", properties: [:]),
                .track(event: "after", properties: ["auto_play": .bool(true)]),
            ]
        )
    }

    @Test func aSchemaWithoutKeysKeepsNoStateAndDeliversEveryStateAsSent() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let sent = RecordingStrategy(for: SeedAnalytics.self)
        hub.send(state: .autoPlay(true))
        hub.attach(sent)  // nothing to catch up with
        hub.send(state: .autoPlay(true))
        hub.send(state: .autoPlay(true))
        #expect(sent.tags == [.state(.autoPlay(true)), .state(.autoPlay(true))])
        #expect(hub.states.isEmpty)
        #expect(sent.entries.allSatisfy { $0.origin?.context.states.isEmpty == true })
    }

    // MARK: - Catching up on attach

    @Test func aStrategyAttachedLaterReceivesTheCurrentStatesOnceInTheOrderTheyWereLastSetBeforeAnyTag() {
        let hub = AnalyticsHub<ProfileAnalytics>(clock: clock)
        hub.send(screen: .home)
        hub.send(state: .user(id: "42"))
        clock.advance(by: .seconds(10))
        hub.send(state: .autoPlay(true))
        hub.send(state: .theme("dark"))
        hub.send(screen: .settings)
        clock.advance(by: .seconds(10))
        hub.send(state: .autoPlay(false))
        hub.send(state: .ping(7))  // no key: not kept, not caught up with
        clock.advance(by: .seconds(100))
        let sent = recorder(showing: [.time, .states])
        #expect(hub.attach(sent))
        hub.send(userAction: .tap("play"))
        // Each state with the time, screens and states of its own send: theme("dark") was set while
        // autoPlay(true) held, which autoPlay(false) replaced since.
        #expect(
            sent.snapshotText == """
                state user(id: "42") on [home] at 2023-11-14T22:13:20.000Z with [user(id: "42")]
                state theme("dark") on [home] at 2023-11-14T22:13:30.000Z with [user(id: "42"), autoPlay(true), theme("dark")]
                state autoPlay(false) on [home, settings] at 2023-11-14T22:13:40.000Z with [user(id: "42"), theme("dark"), autoPlay(false)]
                userAction tap("play") on [home, settings] at 2023-11-14T22:15:20.000Z with [user(id: "42"), theme("dark"), autoPlay(false)]

                """
        )
    }

    @Test func aStrategyThatTakesNoStatesIsNotCaughtUp() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        hub.send(state: .user(id: "42"))
        let actions = RecordingStrategy(for: ProfileAnalytics.self, channels: .userAction)
        hub.attach(actions)
        hub.send(userAction: .tap("play"))
        #expect(actions.tags == [.userAction(.tap("play"))])
    }

    @Test func attachingTheSameStrategyTwiceCatchesItUpOnce() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        hub.send(state: .user(id: "42"))
        let sent = recorder(showing: [])
        #expect(hub.attach(sent))
        #expect(!hub.attach(sent))
        #expect(sent.tags == [.state(.user(id: "42"))])
    }

    @Test func aStrategyDetachedAndAttachedAgainIsCaughtUpAgain() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        let sent = recorder(showing: [])
        hub.attach(sent)
        hub.send(state: .user(id: "42"))
        hub.detach(sent)
        hub.send(state: .autoPlay(true))
        hub.attach(sent)
        #expect(sent.tags == [.state(.user(id: "42")), .state(.user(id: "42")), .state(.autoPlay(true))])
    }

    @Test func aTagSentFromACatchUpIsDeliveredAfterItToTheStrategiesAttachedWhenItWasSent() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        let other = recorder(showing: [])
        hub.attach(other)
        hub.send(state: .user(id: "42"))
        hub.send(state: .autoPlay(true))
        let joining = ProfileRecorder { _, delivery in
            if delivery == "state user(id: \"42\")" { hub.send(userAction: .tap("from catch-up")) }
        }
        hub.attach(joining)
        // Sent before `attach` returned: the joining strategy was not attached yet.
        #expect(joining.log.items == ["state user(id: \"42\")", "state autoPlay(true)"])
        #expect(
            other.tags == [.state(.user(id: "42")), .state(.autoPlay(true)), .userAction(.tap("from catch-up"))]
        )
        hub.send(userAction: .tap("after"))
        #expect(joining.log.items.last == "userAction tap(\"after\")")
    }

    @Test func aStateChangedDuringACatchUpIsCaughtUpWithTooBeforeTheStrategyJoins() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        hub.send(state: .user(id: "42"))
        let joining = ProfileRecorder { _, delivery in
            // Another thread logs out while the strategy is being caught up.
            if delivery == "state user(id: \"42\")" {
                onNewThread { hub.send(state: .loggedOut) }.waitOrFail("the logout")
            }
        }
        hub.attach(joining)
        hub.send(userAction: .tap("play"))
        #expect(joining.log.items == ["state user(id: \"42\")", "state loggedOut", "userAction tap(\"play\")"])
    }

    @Test func aStateChangedAndChangedBackDuringACatchUpIsNotDeliveredTwiceInARow() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        hub.send(state: .autoPlay(true))
        let gate = Gate()
        let joining = ProfileRecorder { _, _ in gate.block() }
        let attaching = onNewThread { hub.attach(joining) }
        guard gate.waitUntilEntered() else { return }
        // While the catch-up delivers autoPlay(true): off, and on again.
        hub.send(state: .autoPlay(false))
        hub.send(state: .autoPlay(true))
        gate.release()
        guard attaching.waitOrFail("the attach") else { return }
        hub.send(userAction: .tap("play"))
        #expect(joining.log.items == ["state autoPlay(true)", "userAction tap(\"play\")"])
    }

    @Test func aStrategyDetachedFromItsOwnCatchUpReceivesNothingMoreAndDoesNotJoin() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        hub.send(state: .user(id: "42"))
        hub.send(state: .autoPlay(true))
        let joining = ProfileRecorder { recorder, _ in
            #expect(hub.detach(recorder))
        }
        #expect(hub.attach(joining))
        hub.send(userAction: .tap("play"))
        #expect(joining.log.items == ["state user(id: \"42\")"])
        #expect(!hub.isAttached(joining))
    }

    @Test func aDetachOnAnotherThreadWaitsForTheCatchUpDeliveryUnderWayAndTheStrategyNeverJoins() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        hub.send(state: .user(id: "42"))
        hub.send(state: .autoPlay(true))
        let gate = Gate()
        let joining = ProfileRecorder { _, _ in gate.block() }
        let attaching = onNewThread { hub.attach(joining) }
        guard gate.waitUntilEntered() else { return }
        let detaching = onNewThread { hub.detach(joining) }
        #expect(!detaching.finishes(within: 100))
        gate.release()
        guard detaching.waitOrFail("the detach"), attaching.waitOrFail("the attach") else { return }
        hub.send(userAction: .tap("play"))
        #expect(joining.log.items == ["state user(id: \"42\")"])
        #expect(!hub.isAttached(joining))
    }

    @Test func aBackgroundStrategyIsCaughtUpThroughItsQueueBeforeAnyTag() async {
        let hub = AnalyticsHub<ProfileAnalytics>()
        hub.send(state: .user(id: "42"))
        let sent = recorder(showing: [])
        hub.attach(BackgroundStrategy(wrapping: sent))
        hub.send(userAction: .tap("play"))
        guard await flushOrFail(hub) else { return }
        #expect(sent.tags == [.state(.user(id: "42")), .userAction(.tap("play"))])
    }

    // At a low priority: 50 rounds of 200 states sent on another thread.
    @Test(.onLowPriorityThreadsOfItsOwn)
    func whileOneThreadChangesStatesAStrategyAttachingEndsWithEveryStateOnceAndTheLatestOfEachKey() {
        for round in 0..<50 {
            let hub = AnalyticsHub<ProfileAnalytics>()
            hub.send(state: .theme("0"))
            let sent = recorder(showing: [])
            let changer = onNewThread {
                for index in 1...200 { hub.send(state: .theme("\(index)")) }
            }
            hub.attach(sent)
            guard changer.waitOrFail("the state changes") else { return }
            let themes = sent.tags.compactMap { tag -> Int? in
                guard case .state(.theme(let value)) = tag else { return nil }
                return Int(value)
            }
            #expect(themes.last == 200, "round \(round)")
            #expect(themes == themes.sorted() && Set(themes).count == themes.count, "round \(round): \(themes)")
        }
    }
}

/// Logs each delivery as `channel tag`, then runs `onReceive` with itself.
final class ProfileRecorder: AnalyticsUserActionStrategy, AnalyticsStateStrategy {
    typealias Schema = ProfileAnalytics
    let log = LockedLog<String>()
    private let onReceive: @Sendable (ProfileRecorder, String) -> Void

    init(onReceive: @escaping @Sendable (ProfileRecorder, String) -> Void = { _, _ in }) {
        self.onReceive = onReceive
    }

    func send(userAction: Schema.UserActionEnvelope) { receive("userAction \(userAction.tag)") }
    func send(state: Schema.StateEnvelope) { receive("state \(state.tag)") }

    private func receive(_ delivery: String) {
        log.append(delivery)
        onReceive(self, delivery)
    }
}
