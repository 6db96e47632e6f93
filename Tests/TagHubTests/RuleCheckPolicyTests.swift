import TagHub
import TagHubVendors
import Testing

@Suite struct RuleCheckPolicyTests {
    /// Records Firebase tags.
    final class FirebaseRecorder: AnalyticsTagger, Sendable {
        let tags = LockedLog<FirebaseTag>()
        func send(_ vendorTag: FirebaseTag) { tags.append(vendorTag) }
    }

    /// A good tag for a pause, a bad one (reserved name) for a play.
    static func firebaseTag(for action: SeedAnalytics.UserAction, in context: SeedAnalytics.Context) -> FirebaseTag? {
        switch action {
        case .playPodcast: .event("session_start")
        case .pausePodcast: .event("pause_podcast")
        default: nil
        }
    }

    static let violation = VendorRuleViolation(
        "firebase.eventName.reserved",
        "\"session_start\"",
        limit: "not reserved by Firebase",
        consequence: .tagDropped
    )

    func run(_ policy: RuleCheckPolicy?) -> (sent: [FirebaseTag], reports: [DiagnosticReport]) {
        let reports = LockedLog<DiagnosticReport>()
        let hub = AnalyticsHub<SeedAnalytics>(diagnostics: AnalyticsDiagnostics { reports.append($0) })
        let tagger = FirebaseRecorder()
        if let policy {
            hub.attach(
                MappingStrategy(
                    for: SeedAnalytics.self,
                    name: "firebase",
                    tagger: tagger,
                    ruleCheck: policy,
                    userAction: Self.firebaseTag
                )
            )
        } else {
            hub.attach(
                MappingStrategy(for: SeedAnalytics.self, name: "firebase", tagger: tagger, userAction: Self.firebaseTag)
            )
        }
        hub.send(userAction: .playPodcast(swiftTalk))
        hub.send(userAction: .pausePodcast(swiftTalk))
        return (tagger.tags.items, reports.items)
    }

    @Test func reportOnlyReportsEachViolationAndStillSendsTheTag() {
        let (sent, reports) = run(.report)
        #expect(sent == [.event("session_start"), .event("pause_podcast")])
        #expect(
            reports == [
                DiagnosticReport(
                    reason: .ruleViolation,
                    source: "firebase",
                    channel: .userAction,
                    detail: "\(Self.violation)"
                )
            ]
        )
        #expect(
            "\(reports[0])"
                == "firebase: 1 userAction tag sent breaking a vendor rule (firebase.eventName.reserved: \"session_start\" breaks not reserved by Firebase)"
        )
    }

    @Test func dropReportsEachViolationAndDoesNotSendTheTag() {
        let (sent, reports) = run(.drop)
        #expect(sent == [.event("pause_podcast")])
        #expect(
            reports == [
                DiagnosticReport(
                    reason: .droppedByRules,
                    source: "firebase",
                    channel: .userAction,
                    detail: "\(Self.violation)"
                )
            ]
        )
    }

    @Test func dropStillSendsATagThatOnlyGoesAgainstAdviceAndReportsEachTagOnce() {
        struct SegmentRecorder: AnalyticsTagger {
            let sent: LockedLog<SegmentTag>
            func send(_ vendorTag: SegmentTag) { sent.append(vendorTag) }
        }
        let reports = LockedLog<DiagnosticReport>()
        let hub = AnalyticsHub<SeedAnalytics>(diagnostics: AnalyticsDiagnostics { reports.append($0) })
        let sent = LockedLog<SegmentTag>()
        hub.attach(
            MappingStrategy(
                for: SeedAnalytics.self,
                name: "segment",
                tagger: SegmentRecorder(sent: sent),
                ruleCheck: .drop,
                userAction: { _, _ in .track(event: "podcast played", properties: ["Title": "a", "title": "a"]) }
            )
        )

        hub.send(userAction: .playPodcast(swiftTalk))

        #expect(sent.items.count == 1)
        #expect(reports.items.map(\.reason) == [.ruleViolation])
        #expect(reports.items.first?.detail.components(separatedBy: "; ").count == 2)
    }

    @Test(arguments: [true, false])
    func passThroughChecksNothingAndSendsEverything(explicitly: Bool) {
        let (sent, reports) = run(explicitly ? .passThrough : nil)
        #expect(sent == [.event("session_start"), .event("pause_podcast")])
        #expect(reports.isEmpty)
    }
}
