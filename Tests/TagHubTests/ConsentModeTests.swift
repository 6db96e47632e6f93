import Foundation
import TagHub
import TagHubTesting
import TagHubVendors
import Testing

/// What a Firebase tagger receives, one line per call, each with its time in seconds after the
/// clock's start: a tag's is the time it was sent (a kept tag keeps it), the signals' the time
/// they arrive.
final class FirebaseCalls: AnalyticsOriginTagger, Sendable {
    typealias Schema = SeedAnalytics
    let clock: TestClock
    private let log = LockedLog<String>()

    init(clock: TestClock) {
        self.clock = clock
    }

    var lines: [String] { log.items }

    func send(_ tag: FirebaseTag) {
        record(tag, at: clock.now())
    }

    func send(_ tag: FirebaseTag, origin: SeedAnalytics.AnyTagEnvelope) {
        record(tag, at: origin.context.time)
    }

    private func record(_ tag: FirebaseTag, at time: Date) {
        log.append("\(Int(time.timeIntervalSince(clockStart))) \(tag)")
    }
}

/// The one place the app maps its purposes to Google's four signals.
@Sendable func firebaseSignals(_ decisions: ConsentDecisions) -> FirebaseTag {
    let advertising = decisions[.advertising] == .granted
    return .consent(
        analyticsStorage: decisions[.analytics] == .granted,
        adStorage: advertising,
        adUserData: advertising,
        adPersonalization: advertising && decisions[.personalization] == .granted
    )
}

/// Firebase for the seed app: screens and plays, and the signals.
func makeFirebase<Tagger: AnalyticsTagger<FirebaseTag>>(_ tagger: Tagger) -> MappingStrategy<SeedAnalytics, Tagger> {
    MappingStrategy(
        for: SeedAnalytics.self,
        name: "firebase",
        tagger: tagger,
        screen: { screen, _ in .screenView(screenName: "\(screen)", screenClass: "View") },
        userAction: { action, _ in
            guard case .playPodcast(let podcast) = action else { return nil }
            return .event("select_content", ["item_id": .string(podcast.title)])
        },
        consent: firebaseSignals
    )
}

/// The advanced setup's choice: while denied, only screens (Firebase sends them without identifiers).
@Sendable func screensOnly(_ tag: AnalyticsTag<SeedAnalytics>) -> Bool {
    if case .screen = tag { true } else { false }
}

let denied = "consent analytics_storage denied, ad_storage denied, ad_user_data denied, ad_personalization denied"
let analyticsOnly =
    "consent analytics_storage granted, ad_storage denied, ad_user_data denied, ad_personalization denied"
let screen = #"screen_view {screen_class: "View", screen_name: "favorites"}"#
let play = #"select_content {item_id: "Swift Talk"}"#

/// Firebase's tagger, which decides once, the first time it learns decisions that `when` accepts: a
/// consent platform's bridge that learned the user's answer meanwhile.
final class DecidingFirebase: AnalyticsOriginTagger, AnalyticsConsentObserver, Sendable {
    typealias Schema = SeedAnalytics
    let calls: FirebaseCalls
    let decision = LockedValue<(when: @Sendable (ConsentDecisions) -> Bool, then: @Sendable () -> Void)?>(nil)

    init(_ calls: FirebaseCalls) {
        self.calls = calls
    }

    func send(_ tag: FirebaseTag) { calls.send(tag) }
    func send(_ tag: FirebaseTag, origin: SeedAnalytics.AnyTagEnvelope) { calls.send(tag, origin: origin) }
    func consentWasGranted() {}
    func consentWasWithdrawn() {}

    func consentDecisionsDidChange(_ decisions: ConsentDecisions) {
        let due = decision.withLock { decision -> (@Sendable () -> Void)? in
            guard let (when, then) = decision, when(decisions) else { return nil }
            decision = nil
            return then
        }
        due?()
    }
}

let adsAndAnalytics =
    "consent analytics_storage granted, ad_storage granted, ad_user_data granted, ad_personalization denied"
let adsOnly = "consent analytics_storage denied, ad_storage granted, ad_user_data granted, ad_personalization denied"

@Suite struct ConsentModeTests {
    enum Setup: CaseIterable, CustomStringConvertible {
        case basic, advanced
        var description: String { self == .basic ? "basic" : "advanced" }
    }

    /// A hub with a test clock, consent from `store`, and Firebase registered for analytics.
    func launch(
        _ setup: Setup,
        store: any ConsentStore = InMemoryConsentStore()
    ) -> (AnalyticsConsent<SeedAnalytics>, FirebaseCalls, TestClock) {
        let clock = TestClock()
        let hub = AnalyticsHub<SeedAnalytics>(clock: clock)
        let consent = AnalyticsConsent(hub: hub, store: store)
        let calls = FirebaseCalls(clock: clock)
        let firebase = makeFirebase(calls)
        switch setup {
        case .basic: consent.register(firebase, for: [.analytics])
        case .advanced: consent.register(firebase, for: [.analytics], whileDenied: screensOnly)
        }
        return (consent, calls, clock)
    }

    /// `launch`, with Firebase's tagger making the decisions `then` makes, once, the first time it
    /// learns decisions that `when` accepts (see ``DecidingFirebase``).
    func launch(
        _ setup: Setup,
        store: any ConsentStore = InMemoryConsentStore(),
        when: @escaping @Sendable (ConsentDecisions) -> Bool,
        then decide: @escaping @Sendable (AnalyticsConsent<SeedAnalytics>) -> Void
    ) -> (AnalyticsConsent<SeedAnalytics>, FirebaseCalls, TestClock, MappingStrategy<SeedAnalytics, DecidingFirebase>) {
        let clock = TestClock()
        let hub = AnalyticsHub<SeedAnalytics>(clock: clock)
        let consent = AnalyticsConsent(hub: hub, store: store)
        let tagger = DecidingFirebase(FirebaseCalls(clock: clock))
        // Held until it has decided: then the tagger lets go of the consent.
        tagger.decision.withLock { $0 = (when, { decide(consent) }) }
        let firebase = makeFirebase(tagger)
        switch setup {
        case .basic: consent.register(firebase, for: [.analytics])
        case .advanced: consent.register(firebase, for: [.analytics], whileDenied: screensOnly)
        }
        return (consent, tagger.calls, clock, firebase)
    }

    /// `launch`, with the registered strategy, whose tagger makes no decision.
    func launchWithStrategy(
        _ setup: Setup
    ) -> (AnalyticsConsent<SeedAnalytics>, FirebaseCalls, TestClock, MappingStrategy<SeedAnalytics, DecidingFirebase>) {
        launch(setup, when: { _ in false }, then: { _ in })
    }

    /// Sends a screen and a play, one second apart, from one second on.
    func sendScreenAndPlay(_ consent: AnalyticsConsent<SeedAnalytics>, _ clock: TestClock) {
        clock.advance(by: .seconds(1))
        consent.hub.send(screen: .favorites)
        clock.advance(by: .seconds(1))
        consent.hub.send(userAction: .playPodcast(swiftTalk))
        clock.advance(by: .seconds(1))
    }

    @Test(arguments: Setup.allCases)
    func undecidedToGrantedTellsTheSignalsThenReplaysTheKeptTagsWithTheirTimes(setup: Setup) {
        let (consent, calls, clock) = launch(setup)
        sendScreenAndPlay(consent, clock)  // kept, in both setups: nobody has answered
        #expect(calls.lines == ["0 " + denied])
        consent.grant(.analytics)
        sendScreenAndPlay(consent, clock)
        #expect(
            calls.lines == [
                "0 " + denied, "3 " + analyticsOnly, "1 " + screen, "2 " + play, "4 " + screen, "5 " + play,
            ]
        )
    }

    @Test(arguments: Setup.allCases)
    func grantedToDeniedTellsTheSignalsOnceNothingForbiddenCanArrive(setup: Setup) {
        let (consent, calls, clock) = launch(setup)
        consent.grant(.analytics)
        sendScreenAndPlay(consent, clock)
        consent.deny(.analytics)
        sendScreenAndPlay(consent, clock)
        let whileDenied = setup == .advanced ? ["4 " + screen] : []
        #expect(
            calls.lines == ["0 " + denied, "0 " + analyticsOnly, "1 " + screen, "2 " + play, "3 " + denied]
                + whileDenied
        )
    }

    @Test(arguments: Setup.allCases)
    func deniedToGrantedTellsTheSignalsBeforeAnyTag(setup: Setup) {
        let (consent, calls, clock) = launch(setup)
        consent.deny(.analytics)
        sendScreenAndPlay(consent, clock)
        consent.grant(.analytics)
        sendScreenAndPlay(consent, clock)
        let whileDenied = setup == .advanced ? ["1 " + screen] : []
        #expect(
            calls.lines == ["0 " + denied, "0 " + denied] + whileDenied + [
                "3 " + analyticsOnly, "4 " + screen, "5 " + play,
            ]
        )
    }

    @Test(arguments: Setup.allCases)
    func aRelaunchWithAStoredGrantTellsTheSignalsBeforeAnyTag(setup: Setup) {
        let store = InMemoryConsentStore()
        launch(setup, store: store).0.grant(.analytics, .advertising)
        let (consent, calls, clock) = launch(setup, store: store)
        sendScreenAndPlay(consent, clock)
        let all =
            "consent analytics_storage granted, ad_storage granted, ad_user_data granted, ad_personalization denied"
        #expect(calls.lines == ["0 " + all, "1 " + screen, "2 " + play])
    }

    @Test(arguments: Setup.allCases)
    func aRelaunchWithAStoredDenialTellsTheSignalsAndOnlyTheAdvancedSetupReceivesWhatItAllows(setup: Setup) {
        let store = InMemoryConsentStore()
        launch(setup, store: store).0.deny(.analytics)
        let (consent, calls, clock) = launch(setup, store: store)
        sendScreenAndPlay(consent, clock)
        #expect(calls.lines == ["0 " + denied] + (setup == .advanced ? ["1 " + screen] : []))
        #expect(consent.hub.attachedStrategies.count == (setup == .advanced ? 1 : 0))
    }

    @Test(arguments: Setup.allCases)
    func aPurposeNoStrategyRegisteredForIsStillReportedAndTagsGoOn(setup: Setup) {
        let (consent, calls, clock) = launch(setup)
        consent.grant(.analytics, .advertising)
        consent.deny(.advertising)  // Firebase is registered for analytics only
        sendScreenAndPlay(consent, clock)
        let ads =
            "consent analytics_storage granted, ad_storage granted, ad_user_data granted, ad_personalization denied"
        #expect(calls.lines == ["0 " + denied, "0 " + ads, "0 " + analyticsOnly, "1 " + screen, "2 " + play])
    }

    @Test(arguments: Setup.allCases)
    func undecidedToDeniedTellsTheSignalsThenReplaysTheKeptTagsTheAdvancedSetupAllowsAndDiscardsTheRest(setup: Setup) {
        let (consent, calls, clock) = launch(setup)
        sendScreenAndPlay(consent, clock)
        consent.deny(.analytics)
        sendScreenAndPlay(consent, clock)
        switch setup {
        case .basic:
            #expect(calls.lines == ["0 " + denied, "3 " + denied])
            #expect(
                consent.hub.diagnostics.summary == [
                    "firebase: 1 screen tag discarded (consent denied)",
                    "firebase: 1 userAction tag discarded (consent denied)",
                ]
            )
        case .advanced:
            // The kept screen, which `whileDenied` allows, with its time; the kept play discarded.
            #expect(calls.lines == ["0 " + denied, "3 " + denied, "1 " + screen, "4 " + screen])
            #expect(consent.hub.diagnostics.summary == ["firebase: 1 userAction tag discarded (consent denied)"])
        }
    }

    @Test(arguments: Setup.allCases)
    func decisionsAnObserverMakesWhenToldAreAppliedInOrderOnceItsChainWasToldAndLaterStrategiesLearnOnlyThem(
        setup: Setup
    ) {
        let (consent, calls, clock, firebase) = launch(
            setup,
            when: { $0[.analytics] == .granted },
            then: { consent in
                consent.grant(.advertising)
                consent.deny(.analytics)
            }
        )
        let other = FirebaseCalls(clock: clock)
        consent.register(makeFirebase(other), name: "other", for: [.analytics])
        consent.grant(.analytics)
        sendScreenAndPlay(consent, clock)
        // The grant's signals, then those of each decision made when told: the last made is the last.
        let whileDenied = setup == .advanced ? ["1 " + screen] : []
        let signals = ["0 " + denied, "0 " + analyticsOnly, "0 " + adsAndAnalytics, "0 " + adsOnly]
        #expect(calls.lines == signals + whileDenied)
        // A strategy after it is told the later decisions only, once each.
        #expect(other.lines == ["0 " + denied, "0 " + adsAndAnalytics, "0 " + adsOnly])
        #expect(consent.decisions == [.analytics: .denied, .advertising: .granted])
        #expect(consent.status(of: firebase) == .denied)
    }

    @Test(arguments: Setup.allCases)
    func aStrategyRegisteredWhileDeniedIsAttachedBeforeItIsToldSoAGrantItMakesThenHolds(setup: Setup) {
        let store = InMemoryConsentStore([.analytics: .denied])
        let (consent, calls, clock, firebase) = launch(
            setup,
            store: store,
            when: { _ in true },
            then: { $0.grant(.analytics) }
        )
        #expect(consent.status(of: firebase) == .granted)
        #expect(consent.hub.isAttached(firebase))
        sendScreenAndPlay(consent, clock)
        consent.deny(.analytics)
        consent.grant(.analytics)
        sendScreenAndPlay(consent, clock)
        #expect(
            calls.lines == [
                "0 " + denied, "0 " + analyticsOnly, "1 " + screen, "2 " + play,
                "3 " + denied, "3 " + analyticsOnly, "4 " + screen, "5 " + play,
            ]
        )
    }

    @Test(arguments: Setup.allCases)
    func aStrategyRegisteredWhileGrantedThatAsksAgainWhenToldIsAttachedAndKeepsItsTagsForTheGrant(setup: Setup) {
        let store = InMemoryConsentStore([.analytics: .granted])
        let (consent, calls, clock, firebase) = launch(
            setup,
            store: store,
            when: { _ in true },
            then: { $0.set(.undecided, for: [.analytics]) }
        )
        #expect(consent.status(of: firebase) == .undecided)
        #expect(consent.hub.isAttached(firebase))
        sendScreenAndPlay(consent, clock)
        #expect(consent.bufferedTagCount(of: firebase) == 2)
        consent.grant(.analytics)
        sendScreenAndPlay(consent, clock)
        #expect(
            calls.lines == [
                "0 " + analyticsOnly, "0 " + denied, "3 " + analyticsOnly, "1 " + screen, "2 " + play,
                "4 " + screen, "5 " + play,
            ]
        )
    }

    @Test(arguments: Setup.allCases)
    func aStrategyRegisteredWhileGrantedThatDeniesWhenToldGetsWhatItsSetupAllowsThenEveryTagOnGrant(setup: Setup) {
        let store = InMemoryConsentStore([.analytics: .granted])
        let (consent, calls, clock, firebase) = launch(
            setup,
            store: store,
            when: { _ in true },
            then: { $0.deny(.analytics) }
        )
        #expect(consent.status(of: firebase) == .denied)
        #expect(consent.hub.isAttached(firebase) == (setup == .advanced))
        sendScreenAndPlay(consent, clock)
        consent.grant(.analytics)
        sendScreenAndPlay(consent, clock)
        let whileDenied = setup == .advanced ? ["1 " + screen] : []
        #expect(
            calls.lines == ["0 " + analyticsOnly, "0 " + denied] + whileDenied + [
                "3 " + analyticsOnly, "4 " + screen, "5 " + play,
            ]
        )
    }

    @Test(arguments: Setup.allCases)
    func askingAgainWhenToldOfAGrantAfterADenialKeepsTheTagsForTheNextGrant(setup: Setup) {
        let (consent, calls, clock, firebase) = launch(
            setup,
            when: { $0[.analytics] == .granted },
            then: { $0.set(.undecided, for: [.analytics]) }
        )
        consent.deny(.analytics)
        consent.grant(.analytics)
        #expect(consent.status(of: firebase) == .undecided)
        #expect(consent.hub.isAttached(firebase))
        sendScreenAndPlay(consent, clock)
        #expect(consent.bufferedTagCount(of: firebase) == 2)
        consent.grant(.analytics)
        #expect(
            calls.lines == [
                "0 " + denied, "0 " + denied, "0 " + analyticsOnly, "0 " + denied, "3 " + analyticsOnly,
                "1 " + screen, "2 " + play,
            ]
        )
    }

    @Test func aDecisionAnObserverMakesWhenToldOfItsUnregistrationPassesItBy() {
        final class RegrantingRecorder: AnalyticsScreenStrategy, AnalyticsConsentObserver {
            typealias Schema = SeedAnalytics
            let log = LockedLog<String>()
            let regrant = LockedValue<(@Sendable () -> Void)?>(nil)
            func send(screen: Schema.ScreenEnvelope) { log.append("\(screen.tag)") }
            func consentWasGranted() { log.append("granted") }
            func consentWasWithdrawn() {
                log.append("withdrawn")
                regrant.withLock { $0.take() }?()
            }
        }
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let recorder = RegrantingRecorder()
        consent.register(recorder, for: [.analytics])
        consent.grant(.analytics)
        recorder.regrant.withLock {
            $0 = {
                consent.deny(.analytics)
                consent.grant(.analytics)
            }
        }

        consent.unregister(recorder)
        hub.send(screen: .favorites)

        #expect(recorder.log.items == ["granted", "withdrawn"])
        #expect(!hub.isAttached(recorder))
        #expect(consent.status(of: recorder) == nil)
    }

    @Test(arguments: Setup.allCases)
    func aGrantMadeWhenToldOfADenialReplaysOnlyTheKeptTagsTheDenialKept(setup: Setup) {
        let (consent, calls, clock, _) = launch(
            setup,
            when: { $0[.analytics] == .denied },
            then: { $0.grant(.analytics) }
        )
        sendScreenAndPlay(consent, clock)
        consent.deny(.analytics)
        let replayed = setup == .advanced ? ["1 " + screen] : []
        #expect(calls.lines == ["0 " + denied, "3 " + denied, "3 " + analyticsOnly] + replayed)
        let discarded = consent.hub.diagnostics.count(of: .discardedByDenial, source: "firebase")
        #expect(discarded == (setup == .advanced ? 1 : 2))
    }

    @Test(arguments: Setup.allCases)
    func grantedToUndecidedTellsTheSignalsAndKeepsTheTagsUntilTheNextGrant(setup: Setup) {
        let (consent, calls, clock) = launch(setup)
        consent.grant(.analytics)
        sendScreenAndPlay(consent, clock)
        consent.set(.undecided, for: [.analytics])
        sendScreenAndPlay(consent, clock)
        consent.grant(.analytics)
        #expect(
            calls.lines == [
                "0 " + denied, "0 " + analyticsOnly, "1 " + screen, "2 " + play, "3 " + denied,
                "6 " + analyticsOnly, "4 " + screen, "5 " + play,
            ]
        )
    }

    @Test(arguments: Setup.allCases)
    func deniedToUndecidedTellsTheSignalsAndKeepsEvenTheTagsAllowedWhileDenied(setup: Setup) {
        let (consent, calls, clock, firebase) = launchWithStrategy(setup)
        consent.deny(.analytics)
        sendScreenAndPlay(consent, clock)
        consent.set(.undecided, for: [.analytics])
        sendScreenAndPlay(consent, clock)
        #expect(consent.bufferedTagCount(of: firebase) == 2)
        consent.grant(.analytics)
        let whileDenied = setup == .advanced ? ["1 " + screen] : []
        #expect(
            calls.lines == ["0 " + denied, "0 " + denied] + whileDenied + [
                "3 " + denied, "6 " + analyticsOnly, "4 " + screen, "5 " + play,
            ]
        )
    }

    @Test(arguments: Setup.allCases, [ConsentState.granted, .denied])
    func unregisteringSendsNoSignalAndNothingMoreArrives(setup: Setup, state: ConsentState) {
        let (consent, calls, clock, firebase) = launchWithStrategy(setup)
        consent.set(state, for: [.analytics])
        sendScreenAndPlay(consent, clock)
        let before = calls.lines

        #expect(consent.unregister(firebase))
        sendScreenAndPlay(consent, clock)
        consent.grant(.analytics, .advertising)

        // The vendor keeps the last signals it was told: they are still the user's decisions.
        #expect(calls.lines == before)
        #expect(before.last == (state == .granted ? "2 " + play : setup == .advanced ? "1 " + screen : "0 " + denied))
        #expect(consent.hub.attachedStrategies.isEmpty)
    }

    @Test(arguments: Setup.allCases, [ConsentState.granted, .denied])
    func consentThatGoesAwaySendsNoSignalAndNothingMoreArrives(setup: Setup, state: ConsentState) {
        weak var gone: AnalyticsConsent<SeedAnalytics>?
        let (hub, calls, before): (AnalyticsHub<SeedAnalytics>, FirebaseCalls, [String]) = {
            let (consent, calls, clock) = launch(setup)
            consent.set(state, for: [.analytics])
            sendScreenAndPlay(consent, clock)
            gone = consent
            return (consent.hub, calls, calls.lines)
        }()

        hub.send(screen: .favorites)
        hub.send(userAction: .playPodcast(swiftTalk))

        #expect(gone == nil)
        #expect(calls.lines == before)
        #expect(before.last == (state == .granted ? "2 " + play : setup == .advanced ? "1 " + screen : "0 " + denied))
        #expect(hub.attachedStrategies.isEmpty)
    }

    @Test func decisionsThatChangeNothingAreNotToldAgain() {
        let (consent, calls, _) = launch(.basic)
        consent.grant(.analytics)
        consent.grant(.analytics)
        consent.set(.undecided, for: [.crashReporting])
        #expect(calls.lines == ["0 " + denied, "0 " + analyticsOnly])
    }
}
