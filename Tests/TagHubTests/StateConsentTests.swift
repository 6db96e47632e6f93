import Foundation
import TagHub
import TagHubTestSupport
import TagHubTesting
import Testing

/// A strategy granted consent late receives the states as they stood before its oldest kept tag,
/// then its kept tags: each state once, never the same twice in a row.
@Suite(.timeLimit(.minutes(1)), .onThreadsOfItsOwn) struct StateConsentTests {
    let clock = TestClock()

    func recorder(
        showing details: ContextDetails = []
    ) -> RecordingStrategy<
        ProfileAnalytics, AnalyticsTag<ProfileAnalytics>
    > {
        let recorder = RecordingStrategy(for: ProfileAnalytics.self)
        recorder.contextDetails = details
        return recorder
    }

    @Test func aUserWhoLogsInAtLaunchAndGrantsTwoMinutesLaterIsIdentifiedBeforeAnyKeptOrNewTag() {
        let hub = AnalyticsHub<ProfileAnalytics>(clock: clock)
        hub.send(state: .autoPlay(true))  // before any vendor
        let consent = AnalyticsConsent(hub: hub)
        let vendor = recorder(showing: [.time, .states])
        consent.register(vendor, for: [.analytics])
        hub.send(screen: .home)
        hub.send(state: .user(id: "42"))
        clock.advance(by: .seconds(60))
        hub.send(userAction: .tap("play"))
        clock.advance(by: .seconds(60))
        consent.grant(.analytics)
        hub.send(userAction: .tap("pause"))
        #expect(
            vendor.snapshotText == """
                state autoPlay(true) on [] at 2023-11-14T22:13:20.000Z with [autoPlay(true)]
                screen home on [home] at 2023-11-14T22:13:20.000Z with [autoPlay(true)]
                state user(id: "42") on [home] at 2023-11-14T22:13:20.000Z with [autoPlay(true), user(id: "42")]
                userAction tap("play") on [home] at 2023-11-14T22:14:20.000Z with [autoPlay(true), user(id: "42")]
                userAction tap("pause") on [home] at 2023-11-14T22:15:20.000Z with [autoPlay(true), user(id: "42")]

                """
        )
    }

    @Test func whenTheOldestKeptTagIsAStateTheCatchUpDeliversTheStatesBeforeItThenTheKeptTags() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        hub.send(state: .user(id: "42"))  // logged in at launch, before any vendor
        hub.send(state: .autoPlay(true))
        let consent = AnalyticsConsent(hub: hub)
        let vendor = recorder(showing: .states)
        consent.register(vendor, for: [.analytics])
        hub.send(state: .loggedOut)
        hub.send(state: .user(id: "7"))
        hub.send(userAction: .tap("play"))
        consent.grant(.analytics)
        #expect(
            vendor.snapshotText == """
                state user(id: "42") on [] with [user(id: "42")]
                state autoPlay(true) on [] with [user(id: "42"), autoPlay(true)]
                state loggedOut on [] with [autoPlay(true), loggedOut]
                state user(id: "7") on [] with [autoPlay(true), user(id: "7")]
                userAction tap("play") on [] with [autoPlay(true), user(id: "7")]

                """
        )
    }

    @Test func keptStatesThatRepeatAValueTheVendorHasAreDeliveredOnce() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let vendor = recorder()
        consent.register(vendor, for: [.analytics])
        hub.send(state: .user(id: "42"))
        hub.send(state: .autoPlay(true))
        hub.send(state: .user(id: "7"))
        hub.send(userAction: .tap("play"))
        consent.grant(.analytics)
        #expect(
            vendor.tags == [
                .state(.user(id: "42")), .state(.autoPlay(true)), .state(.user(id: "7")), .userAction(.tap("play")),
            ]
        )
    }

    @Test func aGrantWithNothingKeptDeliversTheCurrentStates() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        hub.send(state: .user(id: "42"))
        hub.send(state: .theme("dark"))
        let consent = AnalyticsConsent(hub: hub)
        let vendor = recorder()
        consent.register(vendor, for: [.analytics])
        consent.grant(.analytics)
        hub.send(userAction: .tap("play"))
        #expect(vendor.tags == [.state(.user(id: "42")), .state(.theme("dark")), .userAction(.tap("play"))])
    }

    @Test func aStrategyRegisteredWhenItsPurposesAreGrantedAlreadyIsCaughtUp() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        hub.send(state: .user(id: "42"))
        let consent = AnalyticsConsent(hub: hub, store: InMemoryConsentStore([.analytics: .granted]))
        let vendor = recorder()
        consent.register(vendor, for: [.analytics])
        hub.send(userAction: .tap("play"))
        #expect(vendor.tags == [.state(.user(id: "42")), .userAction(.tap("play"))])
    }

    @Test func aStateTheBufferDroppedAsItsOldestTagIsStillDeliveredInTheCatchUp() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        let consent = AnalyticsConsent(hub: hub, bufferCapacity: 2)
        let vendor = recorder(showing: .states)
        consent.register(vendor, for: [.analytics])
        hub.send(state: .user(id: "42"))  // dropped from the buffer
        hub.send(userAction: .tap("a"))  // dropped from the buffer
        hub.send(userAction: .tap("b"))
        hub.send(userAction: .tap("c"))
        consent.grant(.analytics)
        #expect(
            vendor.snapshotText == """
                state user(id: "42") on [] with [user(id: "42")]
                userAction tap("b") on [] with [user(id: "42")]
                userAction tap("c") on [] with [user(id: "42")]

                """
        )
    }

    @Test func aStateTheBufferDroppedAsItsNewestTagIsDeliveredAfterTheReplay() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        let consent = AnalyticsConsent(hub: hub, bufferCapacity: 2, overflowPolicy: .dropNewest)
        let vendor = recorder()
        consent.register(vendor, for: [.analytics])
        hub.send(userAction: .tap("a"))
        hub.send(userAction: .tap("b"))
        hub.send(state: .user(id: "42"))  // dropped: the buffer is full
        hub.send(state: .theme("dark"))  // dropped
        consent.grant(.analytics)
        #expect(
            vendor.tags == [
                .userAction(.tap("a")), .userAction(.tap("b")), .state(.user(id: "42")), .state(.theme("dark")),
            ]
        )
    }

    @Test func aGrantAfterAQuestionAskedAgainDeliversOnlyTheStatesThatChanged() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let vendor = recorder()
        consent.register(vendor, for: [.analytics])
        consent.grant(.analytics)
        hub.send(state: .user(id: "42"))
        hub.send(state: .autoPlay(true))
        consent.set(.undecided, for: [.analytics])
        hub.send(state: .autoPlay(false))
        consent.grant(.analytics)
        #expect(vendor.tags == [.state(.user(id: "42")), .state(.autoPlay(true)), .state(.autoPlay(false))])
    }

    @Test func aGrantAfterADenialDeliversEveryStateAgain() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let vendor = recorder()
        consent.register(vendor, for: [.analytics])
        consent.grant(.analytics)
        hub.send(state: .user(id: "42"))
        consent.deny(.analytics)
        hub.send(state: .autoPlay(true))
        consent.grant(.analytics)
        hub.send(userAction: .tap("play"))
        #expect(
            vendor.tags == [
                .state(.user(id: "42")), .state(.user(id: "42")), .state(.autoPlay(true)), .userAction(.tap("play")),
            ]
        )
    }

    @Test func aBackgroundStrategyBehindConsentReceivesTheCatchUpThroughItsQueueInOrder() async {
        let hub = AnalyticsHub<ProfileAnalytics>()
        hub.send(state: .user(id: "42"))
        let consent = AnalyticsConsent(hub: hub)
        let vendor = recorder()
        consent.register(BackgroundStrategy(wrapping: vendor), for: [.analytics])
        hub.send(userAction: .tap("play"))
        consent.grant(.analytics)
        hub.send(userAction: .tap("pause"))
        guard await flushOrFail(hub) else { return }
        #expect(vendor.tags == [.state(.user(id: "42")), .userAction(.tap("play")), .userAction(.tap("pause"))])
    }

    /// 20 rounds, 50 in CI's full-scale step (`TestScale`); at a low priority, as it sends for a
    /// tenth of a second.
    @Test(.onLowPriorityThreadsOfItsOwn)
    func statesSentOnAnotherThreadDuringTheReplayReachTheVendorEachOnceTheLatestLast() {
        for round in 0..<TestScale.count(20, fullScale: 50) {
            let hub = AnalyticsHub<ProfileAnalytics>()
            let consent = AnalyticsConsent(hub: hub)
            let vendor = recorder()
            consent.register(vendor, for: [.analytics])
            for index in 0..<20 { hub.send(state: .theme("\(index)")) }
            let sender = onNewThread {
                for index in 20..<200 { hub.send(state: .theme("\(index)")) }
            }
            consent.grant(.analytics)
            guard sender.waitOrFail("the states") else { return }
            let themes = vendor.tags.compactMap { tag -> Int? in
                guard case .state(.theme(let value)) = tag else { return nil }
                return Int(value)
            }
            #expect(themes.last == 199, "round \(round)")
            #expect(Set(themes).count == themes.count, "round \(round): a state came twice: \(themes)")
        }
    }

    @Test func aStateRepeatedAcrossABufferThatDroppedTheChangeInBetweenIsNotDeliveredTwice() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        let consent = AnalyticsConsent(hub: hub, bufferCapacity: 1)
        let vendor = recorder()
        consent.register(vendor, for: [.analytics])
        consent.grant(.analytics)
        hub.send(state: .autoPlay(true))
        consent.set(.undecided, for: [.analytics])
        hub.send(state: .autoPlay(false))  // evicted
        hub.send(state: .autoPlay(true))  // evicted
        hub.send(userAction: .tap("play"))
        consent.grant(.analytics)
        #expect(vendor.tags == [.state(.autoPlay(true)), .userAction(.tap("play"))])
    }

    @Test func aRefusedStateEqualToTheOneTheVendorHasIsNotDeliveredAfterTheReplay() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        hub.send(state: .autoPlay(true))
        let consent = AnalyticsConsent(hub: hub, bufferCapacity: 1, overflowPolicy: .dropNewest)
        let vendor = recorder()
        consent.register(vendor, for: [.analytics])
        hub.send(userAction: .tap("play"))  // kept
        hub.send(state: .autoPlay(false))  // refused
        hub.send(state: .autoPlay(true))  // refused
        consent.grant(.analytics)
        #expect(vendor.tags == [.state(.autoPlay(true)), .userAction(.tap("play"))])
    }

    /// One thread sends `tap(i)` then `theme(i)` while the main thread grants: `tap(i)` reaches the
    /// vendor before `theme(i)`, and the themes come in order. (A replay that caught up with the
    /// hub's live states delivered a theme before its thread's tap.)
    /// 25 rounds, 100 in CI's full-scale step (`TestScale`); at a low priority, as it sends for a
    /// tenth of a second.
    @Test(.onLowPriorityThreadsOfItsOwn) func aThreadsTagsAndStatesKeepTheirOrderAcrossAGrant() {
        var violations: [String] = []
        for round in 0..<TestScale.count(25, fullScale: 100) {
            let hub = AnalyticsHub<ProfileAnalytics>()
            let consent = AnalyticsConsent(hub: hub)
            let vendor = recorder()
            consent.register(vendor, for: [.analytics])
            for index in 0..<5 {
                hub.send(userAction: .tap("\(index)"))
                hub.send(state: .theme("\(index)"))
            }
            let sender = onNewThread {
                for index in 5..<300 {
                    hub.send(userAction: .tap("\(index)"))
                    hub.send(state: .theme("\(index)"))
                }
            }
            consent.grant(.analytics)
            guard sender.waitOrFail("the sender") else { return }
            var tapped: Set<Int> = []
            var lastTheme = -1
            for tag in vendor.tags {
                switch tag {
                case .userAction(.tap(let index)): tapped.insert(Int(index) ?? -1)
                case .state(.theme(let text)):
                    let index = Int(text) ?? -1
                    if !tapped.contains(index) { violations.append("round \(round): theme(\(index)) before its tap") }
                    if index <= lastTheme { violations.append("round \(round): theme(\(index)) after \(lastTheme)") }
                    lastTheme = index
                default: break
                }
            }
            #expect(lastTheme == 299, "round \(round)")
        }
        #expect(violations == [])
    }

    /// A vendor in the advanced setup: logs its screens, its states and the decisions.
    final class AdvancedVendor: AnalyticsScreenStrategy, AnalyticsStateStrategy, AnalyticsConsentObserver {
        typealias Schema = ProfileAnalytics
        let log = LockedLog<String>()
        func send(screen: Schema.ScreenEnvelope) { log.append("screen \(screen.tag)") }
        func send(state: Schema.StateEnvelope) { log.append("state \(state.tag)") }
        func consentWasGranted() {}
        func consentWasWithdrawn() {}
        func consentDecisionsDidChange(_ decisions: ConsentDecisions) { log.append("[\(decisions)]") }
    }

    @Test func theAdvancedSetupReceivesTheStatesItAllowsWhileDeniedAndEveryStateOnGrant() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let vendor = AdvancedVendor()
        // While denied: screens, and the theme, which identifies nobody.
        consent.register(vendor, for: [.analytics]) { tag in
            switch tag {
            case .screen, .state(.theme): true
            default: false
            }
        }
        hub.send(state: .user(id: "42"))
        hub.send(screen: .home)
        hub.send(state: .theme("dark"))
        consent.deny(.analytics)  // the kept screen and theme delivered, the kept user discarded
        hub.send(state: .user(id: "7"))
        hub.send(screen: .settings)
        consent.grant(.analytics)  // caught up with every state, the theme again: all tags pass now
        hub.send(screen: .player)

        #expect(
            vendor.log.items == [
                "[(none decided)]", "[analytics: denied]", "screen home", #"state theme("dark")"#, "screen settings",
                "[analytics: granted]", #"state theme("dark")"#, #"state user(id: "7")"#, "screen player",
            ]
        )
        #expect(hub.diagnostics.summary == ["AdvancedVendor: 1 state tag discarded (consent denied)"])
    }

    @Test func aStateTheAdvancedSetupRefusedWhileDeniedIsDeliveredOnAGrantThatFollowsAQuestionAskedAgain() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let vendor = AdvancedVendor()
        consent.register(vendor, for: [.analytics]) { tag in
            if case .screen = tag { true } else { false }
        }
        consent.deny(.analytics)
        hub.send(state: .user(id: "42"))  // refused while denied
        hub.send(screen: .home)
        consent.set(.undecided, for: [.analytics])  // nothing is sent while undecided: nothing kept
        consent.grant(.analytics)  // caught up with the states as they stand
        hub.send(screen: .player)

        #expect(
            vendor.log.items == [
                "[(none decided)]", "[analytics: denied]", "screen home", "[(none decided)]", "[analytics: granted]",
                #"state user(id: "42")"#,
                "screen player",
            ]
        )
    }
}
