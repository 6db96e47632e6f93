import Dispatch
import Foundation
import TagHub
import TagHubTestSupport
import Testing

@Suite(.timeLimit(.minutes(2)), .serialized, .onLowPriorityThreadsOfItsOwn) struct ConsentConcurrencyTests {
    /// Counts tags, and those that arrive while the test says consent forbids them.
    final class ConsentChecker: AnalyticsUserActionStrategy {
        typealias Schema = SeedAnalytics
        let isAllowed = LockedValue(false)
        let received = LockedLog<SeedAnalytics.UserAction>()
        let forbidden = LockedLog<SeedAnalytics.UserAction>()

        func send(userAction: Schema.UserActionEnvelope) {
            received.append(userAction.tag)
            if !isAllowed.withLock({ $0 }) { forbidden.append(userAction.tag) }
        }
    }

    /// A generator with a fixed seed, so that a failing run can be replayed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// 2,000 decisions, 10,000 in CI's full-scale step (`TestScale`).
    @Test func randomDecisionsWhileFourThreadsSendLetNothingThroughWhileNotGranted() async {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub, bufferCapacity: 64)
        let direct = ConsentChecker()
        let queued = ConsentChecker()
        consent.register(direct, for: [.analytics])
        consent.register(BackgroundStrategy(wrapping: queued, capacity: 64), for: [.analytics])
        let checkers = [direct, queued]

        let stop = LockedFlag()
        let started = LockedValue(0)
        let senders = (0..<4).map { thread in
            onNewThread {
                var sequence = 0
                while !stop.isSet && sequence < 500_000 {
                    hub.send(userAction: .numbered(thread: thread, sequence: sequence))
                    sequence += 1
                    if sequence == 64 { started.withLock { $0 += 1 } }
                    // Paced in `swift test`, where other tests run beside this one: four threads
                    // sending all the time the decisions take held both cores for seconds.
                    if !TestScale.isFull, sequence % 4 == 0 { Thread.sleep(forTimeInterval: 0.000_1) }
                }
            }
        }
        // The decisions begin once every sender is sending: 2,000 of them can end within
        // milliseconds, before a sender thread has run at all.
        guard waitUntil("the four senders to send 64 tags each", { started.withLock { $0 } == 4 }) else {
            stop.set()
            return
        }

        // The decisions wait for deliveries on the senders' threads: made on a thread of their
        // own, so that one that never returns fails the test.
        let decisions = TestScale.count(2_000, fullScale: 10_000)
        let decider = onNewThread {
            var random = SplitMix(state: 2026)
            for _ in 0..<decisions {
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    // Allowed from before the call: the kept tags are replayed during it.
                    for checker in checkers { checker.isAllowed.withLock { $0 = true } }
                    consent.grant(.analytics)
                case 1:
                    consent.deny(.analytics)
                    // Forbidden once it returns: that is the guarantee under test.
                    for checker in checkers { checker.isAllowed.withLock { $0 = false } }
                default:
                    consent.set(.undecided, for: [.analytics])
                    for checker in checkers { checker.isAllowed.withLock { $0 = false } }
                }
            }
        }
        let decided = decider.waitOrFail(seconds: 90, "\(decisions) decisions while four threads send")
        stop.set()
        guard decided else { return }
        for (thread, sender) in senders.enumerated() {
            guard sender.waitOrFail("sender \(thread) to stop") else { return }
        }
        let granter = onNewThread { consent.grant(.analytics) }
        guard granter.waitOrFail("the last grant to return") else { return }
        for checker in checkers { checker.isAllowed.withLock { $0 = true } }
        // Granted at last: a tag sent now reaches both, however few the decisions let through.
        hub.send(userAction: .numbered(thread: 4, sequence: 0))
        guard await flushOrFail(hub) else { return }

        for (name, checker) in zip(["direct", "queued"], checkers) {
            #expect(checker.forbidden.items.count == 0, "\(name): tags arrived while not granted")
            #expect(checker.received.items.last == .numbered(thread: 4, sequence: 0))
            // Each thread's tags arrive in the order it sent them, replayed or not.
            var last: [Int: Int] = [:]
            var outOfOrder = 0
            for case .numbered(let thread, let sequence) in checker.received.items {
                if let previous = last[thread], previous >= sequence { outOfOrder += 1 }
                last[thread] = sequence
            }
            #expect(outOfOrder == 0)
        }
    }
}
