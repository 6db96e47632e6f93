import Dispatch
import Foundation
import TagHub
import TagHubTestSupport
import TagHubVendors
import Testing

@Suite(.timeLimit(.minutes(2))) struct ConsentModeConcurrencyTests {
    /// Firebase in the advanced setup, as the vendor sees it: each call in order of arrival, with
    /// how many signals had arrived before it, and the plays that arrived while forbidden.
    final class Vendor: AnalyticsTagger, Sendable {
        /// A call as it arrived: a signal, or a tag with the number of signals before it.
        enum Call: Sendable {
            case signals(analytics: Bool)
            case tag(FirebaseTag, signalsBefore: Int)
        }
        let calls = LockedLog<Call>()
        let signalCount = LockedValue(0)
        let playsAllowed = LockedValue(true)
        let forbidden = LockedLog<FirebaseTag>()

        func send(_ tag: FirebaseTag) {
            if case .consent(let analytics, _, _, _) = tag {
                signalCount.withLock { $0 += 1 }
                calls.append(.signals(analytics: analytics))
                return
            }
            if case .event = tag, !playsAllowed.withLock({ $0 }) { forbidden.append(tag) }
            calls.append(.tag(tag, signalsBefore: signalCount.withLock { $0 }))
        }
    }

    /// One tag a sender sent: how many decisions had returned before it was sent, and how many
    /// had begun by the time its send returned.
    struct Sent: Sendable {
        var tag: FirebaseTag
        var returnedBefore: Int
        var begunAfter: Int
    }

    @Test func aDecisionChangedWhileFourThreadsSendLetsNoForbiddenTagThroughTellsTheSignalsFirstAndLosesNothing() async
    {
        let hub = AnalyticsHub<SeedAnalytics>()
        // Granted at launch: nothing is kept, so every tag sent is either allowed or forbidden.
        let consent = AnalyticsConsent(hub: hub, store: InMemoryConsentStore([.analytics: .granted]))
        let vendor = Vendor()
        let firebase = MappingStrategy(
            for: SeedAnalytics.self,
            name: "firebase",
            tagger: vendor,
            screen: { _, _ in nil },
            userAction: { action, _ in
                guard case .numbered(let thread, let sequence) = action else { return nil }
                return .event("play", ["thread": .int(thread), "sequence": .int(sequence)])
            },
            event: { event, _ in
                guard case .playerDidLoad(let podcast) = event else { return nil }
                return .screenView(screenName: podcast.title, screenClass: "\(podcast.duration)")
            },
            consent: firebaseSignals
        )
        // While denied, loads only: sent as screens, allowed in both states, so none may be lost.
        consent.register(firebase, for: [.analytics]) { tag in
            if case .event = tag { true } else { false }
        }

        let begun = LockedValue(0)
        let returned = LockedValue(0)
        let stop = LockedFlag()
        let sent = (0..<4).map { _ in LockedLog<Sent>() }
        // 20 in `swift test`, where Thread Sanitizer and the other suites slow the decider; 100 at
        // full scale (TAGHUB_FULL_SCALE=1, in the optimized build).
        let decisions = TestScale.count(20, fullScale: 100)

        let finished = await runOnOwnThreads(seconds: 60) {
            let senders = (0..<4).map { thread in
                onNewThread {
                    var sequence = 0
                    // Paced, and bounded: other tests run beside this one, under Thread Sanitizer too.
                    while !stop.isSet, sequence < TestScale.count(4_000, fullScale: 20_000) {
                        if sequence % 32 == 31 { Thread.sleep(forTimeInterval: 0.000_1) }
                        let before = returned.withLock { $0 }
                        let isPlay = sequence % 2 == 0
                        if isPlay {
                            hub.send(userAction: .numbered(thread: thread, sequence: sequence))
                        } else {
                            hub.send(event: .playerDidLoad(Podcast(title: "t\(thread)", duration: sequence)))
                        }
                        let tag: FirebaseTag =
                            isPlay
                            ? .event("play", ["thread": .int(thread), "sequence": .int(sequence)])
                            : .screenView(screenName: "t\(thread)", screenClass: "\(sequence)")
                        sent[thread].append(Sent(tag: tag, returnedBefore: before, begunAfter: begun.withLock { $0 }))
                        sequence += 1
                    }
                }
            }
            let decider = onNewThread {
                for index in 0..<decisions {
                    blockThisThread(milliseconds: 1)
                    begun.withLock { $0 += 1 }
                    if index % 2 == 0 {
                        consent.deny(.analytics)
                        vendor.playsAllowed.withLock { $0 = false }  // forbidden once deny returns
                    } else {
                        vendor.playsAllowed.withLock { $0 = true }  // allowed from before the grant
                        consent.grant(.analytics)
                    }
                    returned.withLock { $0 += 1 }
                }
            }
            let decided = decider.waitOrFail(seconds: 40, "\(decisions) decisions while four threads send")
            stop.set()
            return decided && senders.allSatisfy { $0.waitOrFail("a sender to stop") }
        }
        guard finished else { return }

        #expect(vendor.forbidden.items.isEmpty, "plays that reached Firebase after a denial returned")
        let calls = vendor.calls.items
        var arrived: [FirebaseTag: Int] = [:]  // each tag's signals before it
        for case .tag(let tag, let signalsBefore) in calls { arrived[tag] = signalsBefore }
        // One signal at registration, then one per decision: every tag sent after k decisions
        // returned arrives after at least 1 + k signals.
        var late = 0
        var lost = 0
        var sentCount = 0
        for log in sent {
            for tag in log.items {
                sentCount += 1
                if let signalsBefore = arrived[tag.tag], signalsBefore < 1 + tag.returnedBefore { late += 1 }
                // Loads are allowed in both states; a play is allowed when sent while granted,
                // between a grant that returned and the next denial.
                let quietGrant = tag.returnedBefore == tag.begunAfter && tag.returnedBefore % 2 == 0
                if case .screenView = tag.tag, arrived[tag.tag] == nil { lost += 1 }
                if case .event = tag.tag, quietGrant, arrived[tag.tag] == nil { lost += 1 }
            }
        }
        // A denial's signals come after the last play it stops: none arrives until the next grant's.
        var isDenied = false
        var playsAfterADenialsSignals = 0
        for call in calls {
            switch call {
            case .signals(let analytics): isDenied = !analytics
            case .tag(.event, _) where isDenied: playsAfterADenialsSignals += 1
            case .tag: break
            }
        }
        #expect(playsAfterADenialsSignals == 0, "plays that arrived after the signals of a denial")
        #expect(late == 0, "tags that arrived before the signals of a decision that returned before they were sent")
        #expect(lost == 0, "allowed tags lost, of \(sentCount) sent")
        #expect(vendor.signalCount.withLock { $0 } == 1 + decisions)
        #expect(arrived.count == calls.count - (1 + decisions), "a tag arrived twice")
    }
}

/// Runs `body` on a thread of its own, which may block, and awaits what it returns without
/// blocking a thread of the concurrency pool; `false`, with a failure recorded, if it has not
/// returned within `seconds`.
func runOnOwnThreads(
    seconds: Int,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () -> Bool
) async -> Bool {
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Bool?, Never>) in
        let decided = LockedFlag()
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds)) {
            if decided.setIfUnset() { continuation.resume(returning: nil) }
        }
        Thread {
            let value = body()
            if decided.setIfUnset() { continuation.resume(returning: value) }
        }.start()
    }
    if result == nil {
        Issue.record("Gave up after \(seconds) s waiting for the test's threads", sourceLocation: sourceLocation)
    }
    return result == true
}
