import TagHub
import Testing

/// Findings stay small, and are not repeated, whatever a tag holds: a name or value is quoted up to
/// 64 UTF-16 units with its real size, identical findings are reported once, and past three
/// findings of one rule on one tag, one finding counts the rest.
@Suite struct VendorRuleBoundsTests {
    static let megabyte = String(repeating: "a", count: 1_048_576)
    static let quotedPrefix = String(reflecting: String(repeating: "a", count: 64) + "…")

    @Test func aOneMegabyteValueIsReportedWithItsSizeNotItsText() {
        let findings = PianoTag.event("play", ["title": .string(Self.megabyte)]).ruleViolations
        #expect(
            findings.map(\.description) == [
                "piano.stringValue.length: title: more than 255 characters (1,048,576 UTF-16 units) breaks at most 255 characters"
            ]
        )
    }

    @Test func aOneMegabyteNameIsQuotedUpTo64UnitsWithItsRealLength() {
        let findings = MixpanelTag.track(event: "Play", properties: [Self.megabyte: 1]).ruleViolations
        #expect(
            findings.map(\.description) == [
                "mixpanel.propertyName.length: \(Self.quotedPrefix) (1,048,576 UTF-16 units) breaks at most 255 characters"
            ]
        )
    }

    @Test func aOneMegabyteKeyIsCutWhereverItIsNamed() {
        let findings = PianoTag.event("play", [Self.megabyte: .string(Self.megabyte)]).ruleViolations
        let name = String(repeating: "a", count: 64) + "…"
        #expect(
            findings.map(\.description) == [
                "piano.propertyKey.length: \(Self.quotedPrefix) (1,048,576 UTF-16 units) breaks at most 40 characters",
                "piano.stringValue.length: \(name): more than 255 characters (1,048,576 UTF-16 units) breaks at most 255 characters",
            ]
        )
    }

    @Test func identicalFindingsAreReportedOnce() {
        let long = AnalyticsValue.string(String(repeating: "a", count: 1_025))
        let findings = AmplitudeTag.track(
            eventType: "Play",
            eventProperties: ["ids": .array(Array(repeating: long, count: 1_000))]
        )
        .ruleViolations
        #expect(
            findings.map(\.description) == [
                "amplitude.stringValue.length: ids: 1,025 UTF-16 units breaks at most 1,024 UTF-16 units"
            ]
        )
    }

    @Test func pastThreeFindingsOfOneRuleOneFindingCountsTheRest() {
        let values = (1...1_000).map { AnalyticsValue.string(String(repeating: "a", count: 1_024 + $0)) }
        let findings = AmplitudeTag.track(eventType: "Play", eventProperties: ["ids": .array(values)]).ruleViolations
        #expect(
            findings.map(\.description) == [
                "amplitude.stringValue.length: ids: 1,025 UTF-16 units breaks at most 1,024 UTF-16 units",
                "amplitude.stringValue.length: ids: 1,026 UTF-16 units breaks at most 1,024 UTF-16 units",
                "amplitude.stringValue.length: ids: 1,027 UTF-16 units breaks at most 1,024 UTF-16 units",
                "amplitude.stringValue.length: 997 more breaks at most 1,024 UTF-16 units",
            ]
        )
    }

    @Test func aHundredThousandPropertiesAreCountedNotListed() {
        let properties = Dictionary(uniqueKeysWithValues: (0..<100_000).map { ("p\($0)", AnalyticsValue.int($0)) })
        let findings = MixpanelTag.track(event: "Play", properties: properties).ruleViolations
        #expect(findings.map(\.description) == ["mixpanel.propertyCount: 100,000 properties breaks at most 254"])
    }

    @Test func aGroupOfNamesDifferingOnlyByCaseQuotesAtMostThree() {
        let findings = MixpanelTag.track(event: "Play", properties: ["ab": 1, "aB": 2, "Ab": 3, "AB": 4]).ruleViolations
        #expect(
            findings.map(\.description) == [
                #"mixpanel.propertyName.case: "AB", "Ab", "aB" and 1 more breaks names that differ only by case are different properties"#
            ]
        )
    }

    @Test func aOneMegabyteRevenueShowsAtMost64UnitsOfItsValue() {
        let findings = SegmentTag.track(event: "Order Completed", properties: ["revenue": .string(Self.megabyte)])
            .ruleViolations
        #expect(
            findings.map(\.description) == [
                "segment.track.revenue.number: revenue: \"" + String(repeating: "a", count: 63) + "… breaks a number",
                "segment.payload.size: at least 1,048,590 bytes breaks at most 32,000 bytes per call",
            ]
        )
    }

    @Test func theRestOfFindingsWhoseLimitsNameTheirSubjectBreakTheSameRule() {
        let keys = ["A1", "B1", "C1", "D1", "E1"]
        let findings = PianoTag.event(
            "click.action",
            Dictionary(uniqueKeysWithValues: keys.map { ($0, AnalyticsValue.int(1)) })
        )
        .ruleViolations
        #expect(
            findings.map(\.description) == [
                #"piano.propertyKey.lowercased: "A1" breaks lowercase, as Piano stores it ("a1")"#,
                #"piano.propertyKey.lowercased: "B1" breaks lowercase, as Piano stores it ("b1")"#,
                #"piano.propertyKey.lowercased: "C1" breaks lowercase, as Piano stores it ("c1")"#,
                "piano.propertyKey.lowercased: 2 more breaks the same rule",
            ]
        )
    }

    @Test func wholeDoublesCountAsJSONWritesThemWithoutTheirFraction() {
        // 8,000 × 1.0 is `[1,1,…]` in JSON: 16,007 bytes with its key, not 32,005.
        let ones = AnalyticsValue.array(Array(repeating: .double(1.0), count: 8_000))
        #expect(SegmentTag.track(event: "Podcast Played", properties: ["n": ones]).ruleViolations == [])
        let more = AnalyticsValue.array(Array(repeating: .double(1.5), count: 8_000))
        #expect(
            SegmentTag.track(event: "Podcast Played", properties: ["n": more]).ruleViolations.map(\.description) == [
                "segment.payload.size: at least 32,007 bytes breaks at most 32,000 bytes per call"
            ]
        )
    }

    @Test func itemsAreDescribedWithTheirParametersInOrder() {
        let value = FirebaseValue.items([["item_id": "a", "price": 4.99], ["item_name": "Swift Talk", "quantity": 2]])
        #expect(value.description == #"[{item_id: "a", price: 4.99}, {item_name: "Swift Talk", quantity: 2}]"#)
    }

    /// An item parameter's name is read up to its limit, as the event's names are, and not hashed:
    /// a megabyte of name, ASCII, accented, or with combining accents, costs what an event's does.
    @Test func aOneMegabyteItemParameterNameIsQuotedUpTo64UnitsWithItsRealLength() {
        func findings(_ name: String) -> [String] {
            FirebaseTag.event("purchase", ["items": .items([["item_name": "Swift Talk", name: 1]])]).ruleViolations
                .map(\.description)
        }
        let limit = "1 to 40 UTF-16 units"
        #expect(
            findings(Self.megabyte) == [
                "firebase.itemParameterName.length: \(Self.quotedPrefix) (1,048,576 UTF-16 units) breaks \(limit)"
            ]
        )
        let accented = String(repeating: "é", count: 524_288)
        #expect(
            findings(accented) == [
                "firebase.itemParameterName.length: \"\(String(repeating: "é", count: 64))…\" (524,288 UTF-16 units) breaks \(limit)"
            ]
        )
        // 349,525 × "e" and a combining accent: 1,048,575 bytes. Quoted with the accents escaped
        // for the characters rule, 8 of them fit in 64 units.
        let combining = String(repeating: "e\u{301}", count: 349_525)
        #expect(
            findings(combining) == [
                "firebase.itemParameterName.length: \"\(String(repeating: "e\u{301}", count: 32))…\" (699,050 UTF-16 units) breaks \(limit)",
                "firebase.itemParameterName.characters: \"\(String(repeating: #"e\u{301}"#, count: 8))…\" (699,050 UTF-16 units) breaks letters, digits and _ only, starting with a letter",
            ]
        )
    }

    /// Escapes count in the 64 UTF-16 units a finding quotes: the quote is cut after escaping.
    @Test func escapedScalarsCountInTheQuotedUnits() {
        let findings = MixpanelTag.track(event: "Play", properties: [String(repeating: "a\u{200B}", count: 200): 1])
            .ruleViolations
        // "a" and "\u{200B}" (8 units) are 9 units: 7 of them and an "a" fit in 64.
        #expect(
            findings.map(\.description) == [
                "mixpanel.propertyName.length: \"\(String(repeating: #"a\u{200B}"#, count: 7))a…\" (400 characters) breaks at most 255 characters"
            ]
        )
    }
}
