import Dispatch
import Foundation
import TagHub
import Testing

@Suite(.timeLimit(.minutes(1))) struct DetachTests {
    @Test func afterDetachTheStrategyReceivesNothingMore() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let recorder = RecordingStrategy()
        hub.attach(recorder)
        hub.send(screen: .podcasts)
        #expect(hub.detach(recorder))
        hub.send(screen: .favorites)
        hub.send(userAction: .playPodcast(swiftTalk))
        hub.send(event: .playerDidPlay(swiftTalk))
        hub.send(state: .autoPlay(false))
        #expect(recorder.tags == [.screen(.podcasts)])
        #expect(!hub.isAttached(recorder))
        #expect(hub.attachedStrategies.isEmpty)
    }

    @Test func oneOfTwoStrategiesOfTheSameTypeCanBeDetached() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let europe = RecordingStrategy("europe")
        let america = RecordingStrategy("america")
        hub.attach(europe)
        hub.attach(america)
        hub.send(event: .playerDidLoad(swiftTalk))
        hub.detach(europe)
        hub.send(event: .playerDidPlay(swiftTalk))
        #expect(europe.tags == [.event(.playerDidLoad(swiftTalk))])
        #expect(america.tags == [.event(.playerDidLoad(swiftTalk)), .event(.playerDidPlay(swiftTalk))])
        #expect(hub.attachedStrategies.map(ObjectIdentifier.init) == [ObjectIdentifier(america)])
    }

    @Test func aDetachedStrategyCanBeAttachedAgain() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let recorder = RecordingStrategy()
        hub.attach(recorder)
        hub.detach(recorder)
        hub.send(event: .playerDidLoad(swiftTalk))
        #expect(hub.attach(recorder))
        hub.send(event: .playerDidPlay(swiftTalk))
        #expect(recorder.tags == [.event(.playerDidPlay(swiftTalk))])
    }

    @Test func detachingAStrategyThatIsNotAttachedReturnsFalseAndChangesNothing() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let attached = RecordingStrategy()
        hub.attach(attached)
        #expect(!hub.detach(RecordingStrategy()))
        hub.send(state: .autoPlay(true))
        #expect(attached.tags == [.state(.autoPlay(true))])
    }

    @Test func attachingTheSameInstanceTwiceReturnsFalseAndItReceivesEachTagOnce() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let recorder = RecordingStrategy()
        #expect(hub.attach(recorder))
        #expect(!hub.attach(recorder))
        hub.send(userAction: .pausePodcast(swiftTalk))
        #expect(recorder.tags == [.userAction(.pausePodcast(swiftTalk))])
        #expect(hub.attachedStrategies.count == 1)
        #expect(hub.detach(recorder))
        #expect(!hub.isAttached(recorder))
    }

    /// The hard case: a send on another thread picked the strategy before `detach` was called.
    @Test func detachWaitsForADeliveryUnderWayOnAnotherThread() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let detachReturned = LockedFlag()
        let receivedAfterDetachReturned = LockedLog<AnalyticsTag<SeedAnalytics>>()
        let slow = RecordingStrategy("slow") { delivery in
            if detachReturned.isSet { receivedAfterDetachReturned.append(delivery.tag) }
            if delivery.tag == .event(.playerDidLoad(swiftTalk)) {
                entered.signal()
                release.wait()
            }
        }
        hub.attach(slow)

        let sending = DispatchGroup()
        DispatchQueue.global().async(group: sending) { hub.send(event: .playerDidLoad(swiftTalk)) }
        entered.wait()

        let detaching = DispatchGroup()
        DispatchQueue.global().async(group: detaching) {
            hub.detach(slow)
            detachReturned.set()
        }
        // The delivery is blocked in the strategy: detach must still be waiting for it.
        #expect(detaching.wait(timeout: .now() + .milliseconds(200)) == .timedOut)
        #expect(!detachReturned.isSet)

        release.signal()
        #expect(detaching.wait(timeout: .now() + .seconds(10)) == .success)
        #expect(sending.wait(timeout: .now() + .seconds(10)) == .success)
        hub.send(event: .playerDidPlay(swiftTalk))
        #expect(slow.tags == [.event(.playerDidLoad(swiftTalk))])
        #expect(receivedAfterDetachReturned.items.isEmpty)
    }

    @Test func aStrategyDetachedFromInsideADeliveryMissesTheRestOfIt() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let holder = Holder()
        let first = RecordingStrategy("first") { delivery in
            if delivery.tag == .event(.playerDidLoad(swiftTalk)), let second = holder.second {
                #expect(hub.detach(second))
                hub.send(event: .playerDidPlay(swiftTalk))
            }
        }
        let second = RecordingStrategy("second")
        holder.second = second
        hub.attach(first)
        hub.attach(second)

        hub.send(event: .playerDidLoad(swiftTalk))
        hub.send(event: .playerDidStop(swiftTalk))

        #expect(
            first.tags == [
                .event(.playerDidLoad(swiftTalk)), .event(.playerDidPlay(swiftTalk)), .event(.playerDidStop(swiftTalk)),
            ]
        )
        #expect(second.tags == [])
    }

    @Test func aStrategyMayDetachItselfFromInsideItsSend() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let holder = Holder()
        let once = RecordingStrategy("once") { _ in
            if let me = holder.second { hub.detach(me) }
        }
        holder.second = once
        hub.attach(once)
        hub.send(userAction: .playPodcast(swiftTalk))
        hub.send(userAction: .pausePodcast(swiftTalk))
        #expect(once.tags == [.userAction(.playPodcast(swiftTalk))])
        #expect(!hub.isAttached(once))
    }

    /// Two threads, each inside a delivery of one hub, detach the strategy the other is delivering
    /// to: if either waited, both would wait forever.
    @Test func detachesFromInsideDeliveriesOnTwoThreadsDoNotDeadlock() {
        let hubA = AnalyticsHub<SeedAnalytics>()
        let hubB = AnalyticsHub<SeedAnalytics>()
        let xEntered = DispatchSemaphore(value: 0)
        let yEntered = DispatchSemaphore(value: 0)
        let holder = Holder()
        let results = LockedLog<String>()
        let x = RecordingStrategy("x") { _ in
            xEntered.signal()
            yEntered.wait()
            if let y = holder.second { results.append("x detached y: \(hubB.detach(y))") }
        }
        let y = RecordingStrategy("y") { _ in
            yEntered.signal()
            xEntered.wait()
            if let x = holder.first { results.append("y detached x: \(hubA.detach(x))") }
        }
        holder.first = x
        holder.second = y
        hubA.attach(x)
        hubB.attach(y)

        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { hubA.send(event: .playerDidLoad(swiftTalk)) }
        DispatchQueue.global().async(group: group) { hubB.send(event: .playerDidLoad(swiftTalk)) }
        #expect(group.wait(timeout: .now() + .seconds(10)) == .success)
        #expect(results.items.sorted() == ["x detached y: true", "y detached x: true"])
        #expect(hubA.attachedStrategies.isEmpty && hubB.attachedStrategies.isEmpty)
    }
}

/// Lets a strategy's closure reach strategies created after it.
final class Holder: @unchecked Sendable {
    // Safe: set once on the test's thread before any send, then only read.
    var first: RecordingStrategy?
    var second: RecordingStrategy?
}
