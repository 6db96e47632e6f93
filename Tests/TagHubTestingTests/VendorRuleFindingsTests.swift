import Foundation
import TagHub
import TagHubTesting
import TagHubVendors
import TagHubVendorsTesting
import Testing

@Suite struct VendorRuleFindingsTests {
    /// The comments of the issues `body` records, which are expected.
    func knownIssueComments(_ body: () -> Void) -> [String] {
        let comments = LockedValue<[String]>([])
        withKnownIssue {
            body()
        } matching: { issue in
            comments.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
            return true
        }
        return comments.withLock { $0 }
    }

    /// Firebase tags for the radio: a bad name for a play from the player screen.
    static func firebase(_ action: RadioAnalytics.UserAction, _ context: RadioAnalytics.Context) -> FirebaseTag? {
        switch (action, context.current) {
        case (.play, .player?): .event("play-from-player")
        case (.play(let station), _): .event("play", ["station": .string(station.name)])
        case (.stop, _): nil
        }
    }

    @Test func aSnapshotOfVendorTagsThatBreakARuleFails() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        try folder.write("play-from-player\n", to: "bad.txt")
        let recorder = RecordingTagger<RadioAnalytics, FirebaseTag>()
        recorder.send(.event("play-from-player"))

        let comments = knownIssueComments {
            assertAnalyticsSnapshot(of: recorder, named: "bad", record: .never, snapshotDirectory: folder.path)
        }

        // The snapshot itself matches; the rule fails the test, saying which and where.
        #expect(
            comments == [
                """
                Vendor rules broken in this snapshot (pass their names in allowingRules: to accept them):
                - firebase.eventName.characters: "play-from-player" breaks letters, digits and _ only, starting with a letter (in play-from-player)
                """
            ]
        )
    }

    @Test func eachFindingIsReportedOnceAndTagsOfEachTypeAreCheckedTogether() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let tags: [any Sendable] = [
            FirebaseTag.event("ok"), FirebaseTag.event("bad-name"), FirebaseTag.event("bad-name"),
            MixpanelTag.track(event: "Played", properties: [:]), MixpanelTag.track(event: "played", properties: [:]),
        ]
        try folder.write(tags.map { snapshotDescription(of: $0) + "\n" }.joined(), to: "mixed.txt")

        let comments = knownIssueComments {
            assertAnalyticsSnapshot(
                of: tags.map { $0 as Any },
                named: "mixed",
                record: .never,
                snapshotDirectory: folder.path
            )
        }

        #expect(
            comments == [
                """
                Vendor rules broken in this snapshot (pass their names in allowingRules: to accept them):
                - firebase.eventName.characters: "bad-name" breaks letters, digits and _ only, starting with a letter (in bad-name)
                - mixpanel.nameCase: "Played", "played" breaks names that differ only by case are different events
                """
            ]
        )
    }

    @Test func allowedRulesDoNotFailTheSnapshot() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        try folder.write("play-from-player\n", to: "allowed.txt")
        let recorder = RecordingTagger<RadioAnalytics, FirebaseTag>()
        recorder.send(.event("play-from-player"))

        assertAnalyticsSnapshot(
            of: recorder,
            named: "allowed",
            record: .never,
            snapshotDirectory: folder.path,
            allowingRules: ["firebase.eventName.characters"]
        )
    }

    @Test func aSnapshotOfGoodVendorTagsPasses() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        try folder.write("play {station: \"Jazz FM\"}\n", to: "good.txt")
        let recorder = RecordingTagger<RadioAnalytics, FirebaseTag>()
        recorder.send(.event("play", ["station": "Jazz FM"]))

        assertAnalyticsSnapshot(of: recorder, named: "good", record: .never, snapshotDirectory: folder.path)
    }

    @Test func theTrackingPlanListsEachFindingOnceWithTheAppTag() {
        let plan = TrackingPlan(
            for: RadioAnalytics.self,
            screens: [.home, .player],
            userActions: [.play(jazz)],
            states: [],
            vendors: [
                .init(
                    "firebase",
                    MappingStrategy(
                        for: RadioAnalytics.self,
                        tagger: CountingTagger<FirebaseTag>(),
                        userAction: Self.firebase
                    )
                )
            ]
        )

        let violation = VendorRuleViolation(
            "firebase.eventName.characters",
            "\"play-from-player\"",
            limit: "letters, digits and _ only, starting with a letter",
            consequence: .tagDropped
        )
        #expect(
            plan.ruleFindings == [
                TrackingPlan.RuleFinding(
                    vendor: "firebase",
                    appTag: #"userAction play(Station(name: "Jazz FM", frequency: 102.2))"#,
                    violation: violation
                )
            ]
        )
        #expect(
            plan.markdown.hasSuffix(
                """
                ## Vendor rule findings

                Rules of the vendors' own that their tags above break (vendor models only):

                - firebase, `userAction play(Station(name: "Jazz FM", frequency: 102.2))`: `firebase.eventName.characters: "play-from-player" breaks letters, digits and _ only, starting with a letter`

                """
            )
        )
    }

    @Test func ruleFindingsAcrossTagsAppearInThePlan() {
        let plan = TrackingPlan(
            for: RadioAnalytics.self,
            screens: [.home, .player, .settings],
            userActions: [],
            states: [],
            contexts: [[]],
            vendors: [
                .init(
                    "firebase",
                    MappingStrategy(
                        for: RadioAnalytics.self,
                        tagger: CountingTagger<FirebaseTag>(),
                        screen: { screen, _ in
                            screen == .settings ? .event("Screen_home") : .event("screen_\(screen)")
                        }
                    )
                )
            ]
        )
        #expect(
            plan.ruleFindings == [
                TrackingPlan.RuleFinding(
                    vendor: "firebase",
                    appTag: nil,
                    violation: VendorRuleViolation(
                        "firebase.nameCase",
                        "\"Screen_home\", \"screen_home\"",
                        limit: "names that differ only by case are different events",
                        consequence: .advisory
                    )
                )
            ]
        )
    }
}
