import Dispatch
import Foundation
import TagHubTestSupport
import TagHubTesting
import Testing

@testable import TagHub

/// The seams of the send path that its tricks touch (Docs/Architecture.md, "Tricks on the send
/// path"): each channel's fan-out, the session event's and the keyed state's routes, the system
/// clock read without `Date()`, and the per-thread frames.
@Suite(.timeLimit(.minutes(1)), .onThreadsOfItsOwn) struct FanOutSeamTests {
    /// Detaches `victim` from `hub` when it receives its first tag of `channel`: from inside the
    /// delivery of that tag, which must then skip the victim, attached after it.
    final class Detacher<Schema: AnalyticsSchema>: AnalyticsScreenStrategy, AnalyticsUserActionStrategy,
        AnalyticsEventStrategy, AnalyticsStateStrategy, @unchecked Sendable
    {
        // Safe: set before any send, then read and cleared by the one thread that sends.
        let channel: AnalyticsChannel
        var hub: AnalyticsHub<Schema>?
        var victim: (any AnalyticsStrategy<Schema>)?
        private(set) var detached = false

        init(on channel: AnalyticsChannel) { self.channel = channel }

        func send(screen: TagEnvelope<Schema.Screen, Schema>) { received(.screen) }
        func send(userAction: TagEnvelope<Schema.UserAction, Schema>) { received(.userAction) }
        func send(event: TagEnvelope<Schema.Event, Schema>) { received(.event) }
        func send(state: TagEnvelope<Schema.State, Schema>) { received(.state) }

        private func received(_ received: AnalyticsChannel) {
            guard received == channel, let hub, let victim else { return }
            self.victim = nil
            detached = hub.detach(victim)
        }
    }

    /// On every channel, and for keyed and unkeyed states: a strategy detached from inside the
    /// delivery of a tag misses the rest of it, and every tag after.
    @Test(arguments: ["screen", "userAction", "event", "keyed state", "unkeyed state"])
    func aStrategyDetachedInsideADeliveryMissesTheRestOfIt(path: String) {
        let hub = AnalyticsHub<ProfileAnalytics>()
        let channel: AnalyticsChannel =
            switch path {
            case "screen": .screen
            case "userAction": .userAction
            case "event": .event
            default: .state
            }
        let detacher = Detacher<ProfileAnalytics>(on: channel)
        let victim = RecordingStrategy(for: ProfileAnalytics.self)
        detacher.hub = hub
        detacher.victim = victim
        hub.attach(detacher)
        hub.attach(victim)
        switch path {
        case "screen":
            hub.send(screen: .home)
            hub.send(screen: .settings)
        case "userAction":
            hub.send(userAction: .tap("play"))
            hub.send(userAction: .tap("pause"))
        case "event":
            hub.send(event: .failed("load"))
            hub.send(event: .failed("play"))
        case "keyed state":
            hub.send(state: .theme("dark"))
            hub.send(state: .theme("light"))
        default:
            hub.send(state: .ping(1))
            hub.send(state: .ping(2))
        }
        #expect(detacher.detached)
        #expect(victim.entries.isEmpty)
    }

    /// The session's events take a route of their own: a strategy detached while the session's
    /// start is delivered misses the rest of it too.
    @Test func aStrategyDetachedInsideTheSessionStartMissesTheRestOfIt() {
        let hub = AnalyticsHub<SessionAnalytics>()
        let detacher = Detacher<SessionAnalytics>(on: .event)
        let victim = RecordingStrategy(for: SessionAnalytics.self)
        detacher.hub = hub
        detacher.victim = victim
        hub.attach(detacher)
        hub.attach(victim)
        hub.send(screen: .home)  // the first tag starts the session: its event comes first
        #expect(detacher.detached)
        #expect(victim.entries.isEmpty)
    }

    /// A hub on the system's clock stamps each tag with the time it was sent: read directly, not
    /// through `Date()`, it must be the same clock.
    @Test func theSystemClockStampsTheTimeOfTheSend() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        let recorder = RecordingStrategy(for: ProfileAnalytics.self)
        hub.attach(recorder)
        let before = Date()
        hub.send(userAction: .tap("play"))
        let after = Date()
        let time = recorder.entries.first?.origin?.context.time
        #expect(time.map { before <= $0 && $0 <= after } == true)
        #expect(hub.context.time >= after)
    }

    /// Calls `onEvent` with the text of each `.failed` event it receives.
    final class Relay: AnalyticsEventStrategy {
        typealias Schema = ProfileAnalytics
        let onEvent: @Sendable (String) -> Void
        init(_ onEvent: @escaping @Sendable (String) -> Void) { self.onEvent = onEvent }
        func send(event: TagEnvelope<ProfileAnalytics.Event, ProfileAnalytics>) {
            guard case .failed(let text) = event.tag else { return }
            onEvent(text)
        }
    }

    /// A delivery run from a frame's queue opens eight frames inside it, so that the thread's
    /// frames grow (move) while that queue runs; the queue then goes on with its next delivery.
    /// On a new thread, so that its state starts with room for four frames.
    @Test func framesThatGrowWhileAQueueRunsLeaveTheQueueIntact() {
        let hubs = (0..<9).map { _ in AnalyticsHub<ProfileAnalytics>() }
        let order = LockedLog<String>()
        for (index, hub) in hubs.enumerated() {
            hub.attach(
                Relay { text in
                    order.append("\(index) \(text)")
                    switch (index, text) {
                    case (0, "start"):
                        hub.send(event: .failed("queued 1"))
                        hub.send(event: .failed("queued 2"))
                    case (0, "queued 1"), (1..<8, "chain"):
                        hubs[index + 1].send(event: .failed("chain"))
                    default:
                        break
                    }
                }
            )
        }
        let sent = onNewThread { hubs[0].send(event: .failed("start")) }
        guard sent.waitOrFail("the send whose queue opens eight frames") else { return }
        #expect(
            order.items == ["0 start", "0 queued 1"] + (1..<9).map { "\($0) chain" } + ["0 queued 2"]
        )
    }

    /// A frame that queued many deliveries lets its queue's room go when it closes: a burst of
    /// nested sends does not hold memory for the rest of the thread's life.
    @Test func aClosedFrameKeepsNoRoomForItsQueue() {
        let hub = AnalyticsHub<ProfileAnalytics>()
        hub.attach(
            Relay { text in
                guard text == "burst" else { return }
                for _ in 0..<2_000 { hub.send(event: .failed("nested")) }
            }
        )
        let room = LockedLog<Int>()
        let sent = onNewThread {
            hub.send(event: .failed("burst"))
            let thread = DeliveryThread.current
            room.append(thread.frames[0].pending.capacity)
            room.append(thread.depth)
        }
        guard sent.waitOrFail("the burst of nested sends") else { return }
        #expect(room.items == [0, 0])
    }

    /// A background worker keeps one frame open for a run of tags from one hub; between two tags
    /// it forgets what it detached during the first, as closing the frame would: the detached
    /// strategy is released before the second is delivered.
    @Test func aBackgroundWorkerForgetsWhatItDetachedBetweenTwoTagsOfOneRun() async {
        let other = AnalyticsHub<ProfileAnalytics>()
        let victim = WeakVictim()
        do {
            let strategy = RecordingStrategy(for: ProfileAnalytics.self)
            other.attach(strategy)
            victim.strategy = strategy
        }
        let gate = Gate()
        defer { gate.release() }
        let releasedBeforeTheSecond = LockedLog<Bool>()
        let relay = Relay { text in
            switch text {
            case "hold": gate.block()
            case "detach":
                if let strategy = victim.strategy { other.detach(strategy) }
            case "check": releasedBeforeTheSecond.append(victim.strategy == nil)
            default: break
            }
        }
        let hub = AnalyticsHub<ProfileAnalytics>()
        let background = BackgroundStrategy(wrapping: relay)
        hub.attach(background)
        hub.send(event: .failed("hold"))
        guard gate.waitUntilEntered() else { return }
        hub.send(event: .failed("detach"))
        hub.send(event: .failed("check"))
        gate.release()
        guard await flushOrFail(hub) else { return }
        #expect(releasedBeforeTheSecond.items == [true])
        #expect(other.attachedStrategies.isEmpty)
    }

    /// The strategy a test detaches, held weakly, so that the test sees when it is released.
    final class WeakVictim: @unchecked Sendable {
        // Safe: set before the tags are sent, then read on the one worker thread that delivers.
        weak var strategy: RecordingStrategy<ProfileAnalytics, AnalyticsTag<ProfileAnalytics>>?
    }
}
