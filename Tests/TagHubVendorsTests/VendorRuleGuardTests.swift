import TagHub
import TagHubVendors
import Testing

/// Guards that hold for every vendor: how many values a check reads, and what a finding shows.
@Suite(.timeLimit(.minutes(1))) struct VendorRuleGuardTests {
    /// An array of `count` elements, each the same `element`: they share its storage, so that the
    /// value is small in memory whatever it holds.
    static func shared(_ element: AnalyticsValue, count: Int) -> AnalyticsValue {
        .array(Array(repeating: element, count: count))
    }

    /// 254 copies of one array of 254 copies of one array of 254 NaN: about 16 million values in
    /// a few kilobytes, each within Mixpanel's limit of 254 elements. The check reads 65,536 of
    /// them, so it ends at once; the NaN it meets are one finding.
    @Test func aCheckReadsAtMost65536ValuesOfATag() {
        let cube = Self.shared(Self.shared(Self.shared(.double(.nan), count: 254), count: 254), count: 254)
        #expect(
            MixpanelTag.track(event: "Play", properties: ["cube": cube]).ruleViolations.map(\.description) == [
                "mixpanel.number.finite: cube: nan breaks a finite number"
            ]
        )
        // Piano's arrays take 20 items: 20 to the sixth power, 64 million values.
        var deep = AnalyticsValue.double(.nan)
        for _ in 0..<6 { deep = Self.shared(deep, count: 20) }
        #expect(
            PianoTag.event("play", ["deep": deep]).ruleViolations.map(\.description) == [
                "piano.number.finite: deep: nan breaks a finite number"
            ]
        )
        // The budget is the tag's, not each key's: a second key past it is not read.
        let wide = Self.shared(.int(1), count: 65_535)
        #expect(
            AmplitudeTag.track(eventType: "Play", eventProperties: ["a": wide, "b": .double(.nan)]).ruleViolations
                == []
        )
        #expect(
            AmplitudeTag.track(eventType: "Play", eventProperties: ["a": .int(1), "b": .double(.nan)]).ruleViolations
                .map(\.description) == ["amplitude.number.finite: b: nan breaks a finite number"]
        )
    }

    /// A variation selector (U+FE0F) or a combining grapheme joiner (U+034F) is a mark that shows
    /// nothing: a finding writes it escaped, as every invisible scalar.
    @Test func invisibleMarksAreEscapedInFindings() {
        #expect(
            MixpanelTag.track(event: "Play", properties: ["\u{FE0F}": 1]).ruleViolations.map(\.description) == [
                #"mixpanel.propertyName.empty: "\u{FE0F}" breaks a name"#
            ]
        )
        #expect(
            PianoTag.setUser(id: "\u{34F}", category: nil).ruleViolations.map(\.subject) == [#""\u{34F}""#]
        )
    }
}
