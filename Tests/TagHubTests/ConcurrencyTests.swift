import Dispatch
import Foundation
import TagHub
import TagHubTestSupport
import Testing

/// Real threads, not tasks: the cooperative pool has as many threads as cores (two here) and
/// rarely interleaves. Bounded in count and time; CI runs this suite under Thread Sanitizer.
@Suite(.timeLimit(.minutes(2)), .serialized, .onLowPriorityThreadsOfItsOwn) struct ConcurrencyTests {
    static let senders = 4
    static let minimumTagsPerSender = 2_000
    /// 100 toggles, 300 in CI's full-scale step (`TestScale`).
    static let toggles = TestScale.count(100, fullScale: 300)

    /// The strategy attached throughout: checks as tags come that it receives each thread's tags
    /// once and in order, in constant memory, so that senders may send for as long as the
    /// toggler takes, however fast sends are.
    final class Permanent: AnalyticsUserActionStrategy, AnalyticsScreenStrategy, @unchecked Sendable {
        typealias Schema = SeedAnalytics
        // Safe: every `var` is only touched under `lock`.
        private let lock = NSLock()
        private var nextSequence = Array(repeating: 0, count: ConcurrencyTests.senders)
        private var outOfOrderCount = 0

        func send(userAction: Schema.UserActionEnvelope) {
            guard case .numbered(let thread, let sequence) = userAction.tag else { return }
            lock.withLock {
                if sequence != nextSequence[thread] { outOfOrderCount += 1 }
                nextSequence[thread] = sequence + 1
            }
        }

        func send(screen: Schema.ScreenEnvelope) {}

        /// For each thread, one more than the last sequence number received.
        var next: [Int] { lock.withLock { nextSequence } }
        /// How many tags came with another number than the one after their thread's last.
        var outOfOrder: Int { lock.withLock { outOfOrderCount } }
    }

    /// Tags that reached a transient strategy after its `detach` had returned.
    final class Transient: AnalyticsUserActionStrategy, AnalyticsScreenStrategy {
        typealias Schema = SeedAnalytics
        let detachReturned = LockedFlag()
        let lateTags = LockedLog<SeedAnalytics.UserAction>()
        let received = LockedLog<SeedAnalytics.UserAction>()

        func send(userAction: Schema.UserActionEnvelope) {
            if detachReturned.isSet { lateTags.append(userAction.tag) }
            received.append(userAction.tag)
        }

        func send(screen: Schema.ScreenEnvelope) {}
    }

    @Test func sendersOnFourThreadsWhileAnotherAttachesAndDetachesLoseNothingAndKeepTheirOrder() throws {
        let hub = AnalyticsHub<SeedAnalytics>()
        let permanent = Permanent()
        hub.attach(permanent)
        let transients = LockedLog<Transient>()
        let togglerDone = LockedFlag()
        let sent = LockedLog<(thread: Int, count: Int)>()

        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        // Senders keep sending until the toggler is done, so that every toggle races with sends:
        // however fast sends are (a bound on the number of tags let fast senders stop first, and
        // the toggler then waited in vain for tags to its strategies).
        for thread in 0..<Self.senders {
            done.enter()
            Thread {
                // From these threads, a failure names no test; the test then fails on the counts.
                guard waitOrFail(start, "the start signal") else {
                    done.leave()
                    return
                }
                var sequence = 0
                let stopBy = Date().addingTimeInterval(100)
                while true {
                    if sequence >= Self.minimumTagsPerSender && togglerDone.isSet { break }
                    // Bounded in time, should the toggler never finish: the test gives up at 90 s.
                    if sequence.isMultiple(of: 1_000) && Date() > stopBy { break }
                    hub.send(userAction: .numbered(thread: thread, sequence: sequence))
                    if sequence.isMultiple(of: 100) {
                        hub.send(screen: thread.isMultiple(of: 2) ? .favorites : .podcasts)
                    }
                    sequence += 1
                    // Paced in `swift test`, where other tests run beside this one: four threads
                    // sending all the time the toggles take held both cores for seconds.
                    if !TestScale.isFull, sequence % 16 == 0 { Thread.sleep(forTimeInterval: 0.000_1) }
                }
                sent.append((thread, sequence))
                done.leave()
            }.start()
        }
        // The toggler detaches each transient strategy only once it has received a tag, so that
        // detach always runs while deliveries to it are likely under way.
        done.enter()
        Thread {
            guard waitOrFail(start, "the start signal") else {
                done.leave()
                return
            }
            for _ in 0..<Self.toggles {
                let transient = Transient()
                transients.append(transient)
                hub.attach(transient)
                // Bounded: a strategy that never receives a tag fails the check that each one did.
                let deadline = Date().addingTimeInterval(5)
                while transient.received.items.isEmpty && Date() < deadline {
                    Thread.sleep(forTimeInterval: 0.000_01)
                }
                hub.detach(transient)
                transient.detachReturned.set()
            }
            togglerDone.set()
            done.leave()
        }.start()
        for _ in 0...Self.senders { start.signal() }
        guard done.waitOrFail(seconds: 90, "the senders and the toggler to finish") else { return }

        // The permanent strategy: every tag exactly once, each thread's tags in order.
        let sentPerThread = sent.items.sorted { $0.thread < $1.thread }.map(\.count)
        #expect(permanent.outOfOrder == 0)
        #expect(permanent.next == sentPerThread)

        // Transient strategies: nothing after detach returned; whatever they got, in order, once.
        var late = 0
        var transientOutOfOrder = 0
        for transient in transients.items {
            late += transient.lateTags.items.count
            var last = Array(repeating: -1, count: Self.senders)
            for case .numbered(let thread, let sequence) in transient.received.items {
                if sequence <= last[thread] { transientOutOfOrder += 1 }
                last[thread] = sequence
            }
        }
        #expect(transients.items.count == Self.toggles)
        #expect(transients.items.allSatisfy { !$0.received.items.isEmpty })
        #expect(late == 0)
        #expect(transientOutOfOrder == 0)
        #expect(hub.attachedStrategies.count == 1)
    }

    @Test func contextsStayConsistentWhileThreadsSendScreensAndActions() {
        let hub = AnalyticsHub<SeedAnalytics>(screenHistoryLimit: 3)
        let problems = LockedLog<String>()
        let checker = DeliveryRecorder("checker") { delivery in
            if delivery.context.count > 3 { problems.append("history over its bound: \(delivery)") }
            if case .screen(let screen) = delivery.tag, delivery.context.last != screen {
                problems.append("screen tag not current in its own context: \(delivery)")
            }
        }
        hub.attach(checker)
        // Real threads, started together, rather than concurrentPerform, which a test cannot stop
        // waiting for.
        let start = DispatchSemaphore(value: 0)
        let senders = (0..<4).map { thread in
            onNewThread {
                guard waitOrFail(start, "the start signal") else { return }
                let screens: [SeedAnalytics.Screen] = [.podcasts, .podcastPlayer, .favorites, .downloads]
                for sequence in 0..<1_000 {
                    if thread < 2 {
                        hub.send(screen: screens[(sequence + thread) % 4])
                    } else {
                        hub.send(userAction: .numbered(thread: thread, sequence: sequence))
                    }
                }
            }
        }
        for _ in senders { start.signal() }
        for (thread, sender) in senders.enumerated() {
            guard sender.waitOrFail("sender \(thread) to send its 1,000 tags") else { return }
        }
        #expect(problems.items.isEmpty)
        #expect(checker.deliveries.count == 4_000)
    }
}
