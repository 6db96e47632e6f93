import Foundation
import TagHub
import TagHubTestSupport
import Testing

/// The order in which an observer learns a change: the notices, the decisions and the tags, as
/// each kind of observer (a strategy, a wrapper, a tagger) sees them.
@Suite(.timeLimit(.minutes(1)), .onThreadsOfItsOwn)
struct ConsentModeObserverTests {
    /// Logs tags and every notice, with a prefix; holds the tag logged as `held` at a gate.
    struct LoggingTagger: AnalyticsTagger, AnalyticsConsentObserver {
        let log: LockedLog<String>
        var prefix = ""
        var gate: Gate?
        var held = ""
        func send(_ tag: String) {
            if tag == held { gate?.block() }
            log.append(prefix + tag)
        }
        func consentWasGranted() { log.append(prefix + "granted") }
        func consentWasWithdrawn() { log.append(prefix + "withdrawn") }
        func consentDecisionsDidChange(_ decisions: ConsentDecisions) { log.append(prefix + "[\(decisions)]") }
    }

    static func plays(_ tagger: LoggingTagger) -> MappingStrategy<SeedAnalytics, LoggingTagger> {
        MappingStrategy(
            for: SeedAnalytics.self,
            tagger: tagger,
            userAction: { action, _ in
                guard case .playPodcast(let podcast) = action else { return nil }
                return podcast.title
            }
        )
    }

    static func play(_ title: String) -> SeedAnalytics.UserAction {
        .playPodcast(Podcast(title: title, duration: 1))
    }

    @Test func theDecisionsComeAfterTheGrantBeforeAnyTagItLetsThroughAndAfterTheWithdrawal() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let log = LockedLog<String>()
        consent.register(Self.plays(LoggingTagger(log: log)), for: [.analytics])
        hub.send(userAction: Self.play("kept"))
        consent.grant(.analytics)
        hub.send(userAction: Self.play("sent"))
        consent.deny(.analytics)
        #expect(
            log.items == [
                "[(none decided)]", "granted", "[analytics: granted]", "kept", "sent", "withdrawn",
                "[analytics: denied]",
            ]
        )
    }

    @Test func theSignalsOfADenialComeAfterTheLastTagItStopsWhichItWaitsFor() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub, store: InMemoryConsentStore([.analytics: .granted]))
        let log = LockedLog<String>()
        let gate = Gate()
        defer { gate.release() }
        consent.register(Self.plays(LoggingTagger(log: log, gate: gate, held: "held")), for: [.analytics])
        let sender = onNewThread { hub.send(userAction: Self.play("held")) }
        guard gate.waitUntilEntered() else { return }

        let denier = onNewThread { consent.deny(.analytics) }
        #expect(!denier.finishes(within: 200), "the denial returned while a tag it stops was under way")
        gate.release()
        guard denier.waitOrFail("deny"), sender.waitOrFail("the held send") else { return }

        #expect(log.items == ["granted", "[analytics: granted]", "held", "withdrawn", "[analytics: denied]"])
    }

    /// An app's wrapper that passes user actions on and logs the decisions.
    final class DecisionsWrapper: PassThrough, AnalyticsConsentObserver, @unchecked Sendable {
        // `@unchecked`: as `PassThrough`, every stored property is a `let` of a `Sendable` value.
        let log: LockedLog<String>
        init(wrapping next: some AnalyticsUserActionStrategy<SeedAnalytics>, log: LockedLog<String>) {
            self.log = log
            super.init(wrapping: next)
        }
        func consentWasGranted() {}
        func consentWasWithdrawn() {}
        func consentDecisionsDidChange(_ decisions: ConsentDecisions) { log.append("wrapper [\(decisions)]") }
    }

    /// A strategy of the app's that logs its tags and the decisions.
    final class DecisionsStrategy: AnalyticsUserActionStrategy, AnalyticsConsentObserver {
        typealias Schema = SeedAnalytics
        let log: LockedLog<String>
        init(log: LockedLog<String>) { self.log = log }
        func send(userAction: Schema.UserActionEnvelope) { log.append("strategy \(userAction.tag)") }
        func consentWasGranted() {}
        func consentWasWithdrawn() {}
        func consentDecisionsDidChange(_ decisions: ConsentDecisions) { log.append("strategy [\(decisions)]") }
    }

    @Test func aStrategyAWrapperAndATaggerThatImplementTheDecisionsAreEachToldOutermostFirst() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let log = LockedLog<String>()
        let tagger = LoggingTagger(log: log, prefix: "tagger ")
        consent.register(DecisionsWrapper(wrapping: Self.plays(tagger), log: log), for: [.analytics])
        consent.register(DecisionsStrategy(log: log), for: [.advertising])
        log.removeAll()

        consent.grant(.analytics)
        hub.send(userAction: Self.play("1"))
        consent.deny(.advertising)

        let granted = "[analytics: granted]"
        let both = "[advertising: denied, analytics: granted]"
        #expect(
            log.items == [
                // Every observer on the chain learns the grant, then every one the decisions.
                "tagger granted", "wrapper " + granted, "tagger " + granted, "strategy " + granted,
                "tagger 1",
                "wrapper " + both, "tagger " + both, "strategy " + both,
            ]
        )
    }

    /// Learns every decision: a strategy of no channel, registered for no purpose, so always granted.
    final class DecisionsWatcher: AnalyticsStrategy, AnalyticsConsentObserver {
        typealias Schema = SeedAnalytics
        let log = LockedLog<String>()
        func consentWasGranted() { log.append("granted") }
        func consentWasWithdrawn() { log.append("withdrawn") }
        func consentDecisionsDidChange(_ decisions: ConsentDecisions) { log.append("\(decisions)") }
    }

    @Test func anObserverOfNoChannelAndNoPurposeLearnsTheDecisionsOfPurposesNoStrategyServes() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let watcher = DecisionsWatcher()
        consent.register(watcher, for: [])
        consent.grant(.personalization)  // no strategy is registered for either purpose
        consent.deny(.advertising)
        hub.send(userAction: Self.play("1"))

        #expect(
            watcher.log.items == [
                "granted", "(none decided)", "personalization: granted",
                "advertising: denied, personalization: granted",
            ]
        )
        #expect(consent.decision(for: .advertising) == .denied)
        #expect(consent.decision(for: .analytics) == .undecided)
        #expect(consent.decisions == [.advertising: .denied, .personalization: .granted])
        #expect("\(ConsentDecisions([.analytics: .undecided]))" == "(none decided)")
    }
}
