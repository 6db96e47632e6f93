import TagHub
import Testing

@Suite(.timeLimit(.minutes(1))) struct ReentrancyTests {
    @Test func aTagSentFromInsideAStrategyIsDeliveredAfterTheCurrentTagToEveryStrategy() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let sender = RecordingStrategy("sender") { delivery in
            if delivery.tag == .event(.playerDidLoad(swiftTalk)) {
                hub.send(event: .playerDidPlay(swiftTalk))
                hub.send(event: .playerDidStop(swiftTalk))
            }
        }
        let other = RecordingStrategy("other") { delivery in
            if delivery.tag == .event(.playerDidPlay(swiftTalk)) {
                hub.send(state: .autoPlay(true))
            }
        }
        hub.attach(sender)
        hub.attach(other)

        hub.send(event: .playerDidLoad(swiftTalk))

        let expected: [AnalyticsTag<SeedAnalytics>] = [
            .event(.playerDidLoad(swiftTalk)),
            .event(.playerDidPlay(swiftTalk)),
            .event(.playerDidStop(swiftTalk)),
            .state(.autoPlay(true)),
        ]
        #expect(sender.tags == expected)
        #expect(other.tags == expected)
    }

    @Test func allDeliveriesHaveHappenedWhenTheOutermostSendReturns() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let chain = RecordingStrategy { delivery in
            if case .userAction(.numbered(let thread, let sequence)) = delivery.tag, sequence < 20 {
                hub.send(userAction: .numbered(thread: thread, sequence: sequence + 1))
            }
        }
        hub.attach(chain)
        hub.send(userAction: .numbered(thread: 0, sequence: 0))
        #expect(chain.tags == (0...20).map { .userAction(.numbered(thread: 0, sequence: $0)) })
    }

    @Test func aQueuedTagCarriesTheContextOfTheMomentItWasSentNotOfItsDelivery() {
        let hub = AnalyticsHub<SeedAnalytics>()
        hub.send(screen: .podcasts)
        let navigator = RecordingStrategy("navigator") { delivery in
            if delivery.tag == .userAction(.playPodcast(swiftTalk)) {
                hub.send(screen: .podcastPlayer)
                hub.send(event: .playerDidLoad(swiftTalk))
            }
        }
        let observer = RecordingStrategy("observer")
        hub.attach(navigator)
        hub.attach(observer)

        hub.send(userAction: .playPodcast(swiftTalk))

        #expect(
            observer.deliveries == [
                Delivery(.userAction(.playPodcast(swiftTalk)), [.podcasts]),
                Delivery(.screen(.podcastPlayer), [.podcasts, .podcastPlayer]),
                Delivery(.event(.playerDidLoad(swiftTalk)), [.podcasts, .podcastPlayer]),
            ]
        )
    }

    @Test func aStrategyMaySendToAnotherHubWhichDeliversAtOnce() {
        let audit = AnalyticsHub<SeedAnalytics>()
        let auditLog = RecordingStrategy("audit")
        audit.attach(auditLog)
        let hub = AnalyticsHub<SeedAnalytics>()
        let order = LockedLog<String>()
        let forwarder = RecordingStrategy("forwarder") { delivery in
            order.append("forwarder got \(delivery.tag)")
            if case .event(let event) = delivery.tag {
                audit.send(event: event)
                order.append("audit has \(auditLog.tags.count)")
            }
        }
        hub.attach(forwarder)
        hub.send(event: .playerDidStop(swiftTalk))
        #expect(
            order.items == [
                "forwarder got event playerDidStop(TagHubTests.Podcast(title: \"Swift Talk\", duration: 1800))",
                "audit has 1",
            ]
        )
    }

    @Test func aStrategyMayAttachAnotherFromInsideItsSend() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let late = RecordingStrategy("late")
        let recruiter = RecordingStrategy("recruiter") { _ in hub.attach(late) }
        hub.attach(recruiter)
        hub.send(event: .playerDidLoad(swiftTalk))
        hub.send(event: .playerDidPlay(swiftTalk))
        // The tag being delivered when `late` was attached was routed before: it does not reach `late`.
        #expect(late.tags == [.event(.playerDidPlay(swiftTalk))])
    }
}
