import TagHub
import TagHubTestSupport
import Testing

@Suite(.timeLimit(.minutes(1)), .onThreadsOfItsOwn) struct ReentrancyTests {
    @Test func aTagSentFromInsideAStrategyIsDeliveredAfterTheCurrentTagToEveryStrategy() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let sender = DeliveryRecorder("sender") { delivery in
            if delivery.tag == .event(.playerDidLoad(swiftTalk)) {
                hub.send(event: .playerDidPlay(swiftTalk))
                hub.send(event: .playerDidStop(swiftTalk))
            }
        }
        let other = DeliveryRecorder("other") { delivery in
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
        let chain = DeliveryRecorder { delivery in
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
        let navigator = DeliveryRecorder("navigator") { delivery in
            if delivery.tag == .userAction(.playPodcast(swiftTalk)) {
                hub.send(screen: .podcastPlayer)
                hub.send(event: .playerDidLoad(swiftTalk))
            }
        }
        let observer = DeliveryRecorder("observer")
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
        let auditLog = DeliveryRecorder("audit")
        audit.attach(auditLog)
        let hub = AnalyticsHub<SeedAnalytics>()
        let order = LockedLog<String>()
        let forwarder = DeliveryRecorder("forwarder") { delivery in
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
                "forwarder got event playerDidStop(Swift Talk)",
                "audit has 1",
            ]
        )
    }

    @Test func aStrategyMayAttachAnotherFromInsideItsSend() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let late = DeliveryRecorder("late")
        let recruiter = DeliveryRecorder("recruiter") { _ in hub.attach(late) }
        hub.attach(recruiter)
        hub.send(event: .playerDidLoad(swiftTalk))
        hub.send(event: .playerDidPlay(swiftTalk))
        // The tag being delivered when `late` was attached was routed before: it does not reach `late`.
        #expect(late.tags == [.event(.playerDidPlay(swiftTalk))])
    }

    @Test func aTagSentToHubAFromInsideHubBInsideHubAWaitsForTheTagAIsDelivering() {
        let hubA = AnalyticsHub<SeedAnalytics>()
        let hubB = AnalyticsHub<SeedAnalytics>()
        let order = LockedLog<String>()
        let first = DeliveryRecorder("first") { delivery in
            order.append("A.first \(delivery.tag.eventName)")
            if delivery.tag == .event(.playerDidLoad(swiftTalk)) { hubB.send(event: .playerDidLoad(swiftTalk)) }
        }
        let second = DeliveryRecorder("second") { delivery in order.append("A.second \(delivery.tag.eventName)") }
        let relay = DeliveryRecorder("relay") { delivery in
            order.append("B.relay \(delivery.tag.eventName)")
            guard delivery.tag == .event(.playerDidLoad(swiftTalk)) else { return }
            hubA.send(event: .playerDidPlay(swiftTalk))
            hubB.send(event: .playerDidStop(swiftTalk))
        }
        hubA.attach(first)
        hubA.attach(second)
        hubB.attach(relay)
        hubA.send(event: .playerDidLoad(swiftTalk))
        #expect(
            order.items == [
                "A.first load", "B.relay load", "B.relay stop", "A.second load", "A.first play", "A.second play",
            ]
        )
    }

    /// Ten hubs, each hub's strategy sending to the next: ten deliveries open on one thread at
    /// once, more than the four a thread's state has room for at first (they move as it grows).
    /// The innermost strategy sends to the outermost hub, whose tag waits behind the one it is
    /// delivering, and to its own hub, whose tag waits behind its own; both are delivered, in that
    /// order of frames, and then the thread is delivering nothing: the next send reaches its
    /// strategy at once. On a new thread, so that its state starts with four slots. Also with the
    /// innermost sending only to its own hub: a tag waiting on the innermost frame alone.
    @Test(arguments: [true, false])
    func tenHubsInsideEachOtherDeliverTheirQueuedTagsInOrder(alsoToTheOutermost: Bool) {
        let hubs = (0..<10).map { _ in AnalyticsHub<SeedAnalytics>() }
        let order = LockedLog<String>()
        for (index, hub) in hubs.enumerated() {
            hub.attach(
                DeliveryRecorder("relay \(index)") { delivery in
                    order.append("\(index) \(delivery.tag.eventName)")
                    guard delivery.tag == .event(.playerDidLoad(swiftTalk)) else { return }
                    if index + 1 < hubs.count {
                        hubs[index + 1].send(event: .playerDidLoad(swiftTalk))
                    } else {
                        if alsoToTheOutermost { hubs[0].send(event: .playerDidPlay(swiftTalk)) }
                        hub.send(event: .playerDidStop(swiftTalk))
                    }
                }
            )
        }
        let sent = onNewThread {
            hubs[0].send(event: .playerDidLoad(swiftTalk))
            hubs[5].send(event: .playerDidStop(swiftTalk))
            order.append("after")
        }
        guard sent.waitOrFail("the sends of ten hubs inside each other") else { return }
        let queued = alsoToTheOutermost ? ["9 stop", "0 play"] : ["9 stop"]
        #expect(order.items == (0..<10).map { "\($0) load" } + queued + ["5 stop", "after"])
    }

    /// A strategy that answers every tag with two more would fill memory: past 10,000 waiting on
    /// one thread, nested sends are dropped and counted, and the outer send still returns.
    @Test func nestedSendsPastTheBoundAreDroppedAndCounted() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let generations = 14  // 2^14 tags in the last generation: past the bound
        let runaway = Runaway(generations: generations) { generation in
            hub.send(userAction: .numbered(thread: 0, sequence: generation + 1))
            hub.send(userAction: .numbered(thread: 0, sequence: generation + 1))
        }
        hub.attach(runaway)
        hub.send(userAction: .numbered(thread: 0, sequence: 0))
        let received = runaway.received.withLock { $0 }
        let delivered = received.reduce(0, +)
        let senders = received.prefix(generations).reduce(0, +)
        // Every send is either delivered or dropped and counted: the first, and two per sender.
        let dropped = hub.diagnostics.count(of: .droppedByBound, source: "AnalyticsHub", channel: .userAction)
        #expect(delivered + dropped == 1 + 2 * senders)
        #expect(dropped > 0)
        #expect(delivered > 10_000)
        // Dropped sends are not left in flight: detach does not wait for them.
        #expect(hub.detach(runaway))
        hub.send(userAction: .numbered(thread: 0, sequence: 0))
        #expect(runaway.received.withLock { $0.reduce(0, +) } == delivered)
    }

    /// Answers each tag of a generation before the last with what `answer` sends, and counts the
    /// tags of each generation it receives: a count, not a log of every delivery, as tens of
    /// thousands arrive.
    final class Runaway: AnalyticsUserActionStrategy {
        typealias Schema = SeedAnalytics
        let generations: Int
        let answer: @Sendable (Int) -> Void
        /// How many tags of each generation arrived, the first (0) to the last.
        let received: LockedValue<[Int]>

        init(generations: Int, answer: @escaping @Sendable (Int) -> Void) {
            self.generations = generations
            self.answer = answer
            received = LockedValue(Array(repeating: 0, count: generations + 1))
        }

        func send(userAction: Schema.UserActionEnvelope) {
            guard case .numbered(_, let generation) = userAction.tag else { return }
            received.withLock { $0[generation] += 1 }
            if generation < generations { answer(generation) }
        }
    }

}

extension AnalyticsTag where Schema == SeedAnalytics {
    /// `load`, `play` or `stop` for the player events these tests send.
    var eventName: String {
        switch self {
        case .event(.playerDidLoad): "load"
        case .event(.playerDidPlay): "play"
        case .event(.playerDidStop): "stop"
        default: "\(self)"
        }
    }
}

/// Answers each event with one more, `length` in all, and reports after each how many are alive.
final class CountingChain: AnalyticsEventStrategy {
    typealias Schema = CountedSchema
    private let hub: AnalyticsHub<CountedSchema>
    private let length: Int
    private let report: @Sendable () -> Void
    private let count = LockedLog<Void>()

    init(hub: AnalyticsHub<CountedSchema>, length: Int, report: @escaping @Sendable () -> Void) {
        self.hub = hub
        self.length = length
        self.report = report
    }

    var received: Int { count.items.count }

    func send(event: Schema.EventEnvelope) {
        count.append(())
        report()
        if received < length { hub.send(event: Counted()) }
    }
}
