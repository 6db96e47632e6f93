import TagHub
import TagHubTesting
import Testing

@Suite struct TrackingPlanTests {
    /// The radio's plan for the meter and a hand-written strategy that takes only user actions.
    func radioPlan(expecting expected: [String]? = nil) -> TrackingPlan<RadioAnalytics> {
        TrackingPlan(
            for: RadioAnalytics.self,
            userActions: [.play(jazz), .stop],
            states: [],
            vendors: [
                .init("meter", makeMeter(tagger: CountingTagger()), expecting: expected),
                .init("plays", PlaysOnly()),
            ]
        )
    }

    @Test func thePlanListsWhatEachVendorReceivesPerTagAndHistory() {
        let plan = radioPlan(expecting: ["page", "event", "purchase"])

        #expect(
            plan.markdown == """
                # Tracking plan: RadioAnalytics

                Generated from the code by TagHubTesting's `TrackingPlan`: do not edit by hand.

                Each row is an app tag, the screen history (oldest first) that each vendor's converter saw \
                with it, and what each vendor receives: its tag, or *ignored*. The history reads *any* when \
                every sampled history gives the same result.

                Sampled screen histories: `[]`, `[home]`, `[player]`, `[settings]`.

                ## Screens

                | App tag | Screen history | meter | plays |
                | --- | --- | --- | --- |
                | `home` | *any* | `page("home")` | *ignored* |
                | `player` | *any* | `page("player")` | *ignored* |
                | `settings` | *any* | *ignored* | *ignored* |

                ## User actions

                | App tag | Screen history | meter | plays |
                | --- | --- | --- | --- |
                | `play(Station(name: "Jazz FM", frequency: 102.2))` | `[]`, `[player]`, `[settings]` | `event("play", properties: ["station": "Jazz FM"])` | `"play Jazz FM"` |
                | `play(Station(name: "Jazz FM", frequency: 102.2))` | `[home]` | `event("play_from_home", properties: ["band": "fm", "station": "Jazz FM"])` | `"play Jazz FM"` |
                | `stop` | *any* | *ignored* | `"stop"` |

                ## States

                No sample tags: nothing is checked on this channel.

                ## Dead tags

                App tags that no vendor receives in any sampled history:

                - `screen settings`

                ## Vendor tags nothing produces

                Vendor tags a vendor expects that no sample tag produced:

                - meter: `purchase`

                ## Vendor rule findings

                Rules of the vendors' own that their tags above break (vendor models only):

                None.

                """
        )
    }

    @Test func thePlanIsAValueWithTheSameFindings() {
        let plan = radioPlan(expecting: ["page", "purchase"])

        #expect(plan.vendorNames == ["meter", "plays"])
        #expect(plan.deadTags == [.screen(.settings)])
        #expect(plan.unproducedVendorTags == [.init(vendor: "meter", names: ["purchase"])])
        #expect(plan.unsampledChannels == [.state])
        // Every screen (the type is CaseIterable), then the two actions, one of them on two rows.
        #expect(
            plan.rows.map(\.tag) == [
                .screen(.home), .screen(.player), .screen(.settings), .userAction(.play(jazz)),
                .userAction(.play(jazz)),
                .userAction(.stop),
            ]
        )
        #expect(plan.rows[3].contexts == [[], [.player], [.settings]])
        #expect(plan.rows[4].contexts == [[.home]])
        #expect(
            plan.rows[5] == TrackingPlan.Row(tag: .userAction(.stop), contexts: nil, vendorTags: [nil, "\"stop\""])
        )
        #expect(radioPlan().unproducedVendorTags.isEmpty)
    }

    @Test func aScreenIsConvertedAfterEachSampledHistoryWithinTheHubsBound() {
        // A vendor whose tag is the history its converter saw.
        let seen = MappingStrategy(for: RadioAnalytics.self, tagger: CountingTagger<String>()) { _, context in
            "\(context.history)"
        }
        let plan = TrackingPlan(
            for: RadioAnalytics.self,
            screens: [.settings],
            userActions: [],
            states: [],
            contexts: [[], [.home, .player]],
            screenHistoryLimit: 2,
            vendors: [.init("seen", seen)]
        )

        // The converter saw each history followed by the screen, cut to the last two screens.
        #expect(plan.rows.map(\.contexts) == [[[.settings]], [[.player, .settings]]])
        #expect(plan.rows.map(\.vendorTags) == [[#""[settings]""#], [#""[player, settings]""#]])
        #expect(plan.sampleContexts == [[], [.home, .player]])
        #expect(plan.unsampledChannels == [.userAction, .state])
    }

    @Test func aPlanIsSnapshotAsItsMarkdown() {
        let plan = radioPlan()
        #expect(plan.snapshotText == plan.markdown)
        #expect(plan.markdown == radioPlan().markdown)
    }
}

@Suite struct TrackingPlanEdgeTests {
    @Test func withOneSampledHistoryARowNamesItRatherThanAny() {
        let plan = TrackingPlan(
            for: RadioAnalytics.self,
            screens: [],
            userActions: [.play(jazz)],
            states: [],
            contexts: [[.home]],
            vendors: [.init("meter", makeMeter(tagger: CountingTagger()))]
        )
        #expect(plan.rows.map(\.contexts) == [[[.home]]])
    }

    @Test func noSampledHistoryMeansNoScreenYet() {
        let plan = TrackingPlan(
            for: RadioAnalytics.self,
            screens: [],
            userActions: [.play(jazz)],
            states: [],
            contexts: [],
            vendors: [.init("meter", makeMeter(tagger: CountingTagger()))]
        )
        #expect(plan.sampleContexts == [[]])
        #expect(plan.rows.map(\.vendorTags) == [[#"event("play", properties: ["station": "Jazz FM"])"#]])
        #expect(plan.deadTags.isEmpty)
    }

    @Test func titlesNamesAndTagsCannotBreakTheMarkdown() {
        // A vendor whose tag holds a pipe and backticks.
        let odd = MappingStrategy(for: RadioAnalytics.self, tagger: CountingTagger<String>()) { screen, _ in
            screen == .home ? "a|b ``c``" : nil
        }
        let plan = TrackingPlan(
            for: RadioAnalytics.self,
            title: "Radio\nplan",
            screens: [.home, .settings],
            userActions: [],
            states: [],
            contexts: [[]],
            vendors: [.init("odd|vendor", odd, expecting: ["x\ny"], tagName: { $0 })]
        )
        let lines = plan.markdown.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "# Radio plan")
        #expect(lines.contains("| App tag | Screen history | odd\\|vendor |"))
        #expect(lines.contains("| --- | --- | --- |"))
        #expect(lines.contains(#"| `home` | `[home]` | ``` "a\|b ``c``" ``` |"#))
        #expect(lines.contains("- `screen settings`"))
        #expect(lines.contains(#"- odd|vendor: `x\ny`"#))
    }

    @Test func withoutVendorsEveryTableIsStillATable() {
        let plan = TrackingPlan(for: RadioAnalytics.self, screens: [.home], userActions: [], states: [], vendors: [])
        let lines = plan.markdown.split(separator: "\n")
        #expect(lines.contains("| App tag | Screen history |"))
        #expect(lines.contains("| --- | --- |"))
        #expect(plan.deadTags == [.screen(.home)])
    }
}
