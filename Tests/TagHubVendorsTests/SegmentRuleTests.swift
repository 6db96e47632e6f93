import Foundation
import TagHub
import TagHubTestSupport
import Testing

@testable import TagHubVendors

/// Segment's rules as rewritten: the numbers analytics-swift cannot write, the lower bound of a
/// call's bytes, and the guards that bound what a check reads.
@Suite(.serialized, .onLowPriorityThreadsOfItsOwn) struct SegmentRuleTests {
    static let sizeLimit = "at most 32,000 bytes per call"

    static func findings(_ properties: [String: AnalyticsValue]) -> [String] {
        SegmentTag.track(event: "Podcast Played", properties: properties).ruleViolations.map(\.description)
    }

    static func size(_ bytes: String) -> String {
        "segment.payload.size: at least \(bytes) bytes breaks \(sizeLimit)"
    }

    /// An event name is read for its title case only up to the call's 32,000 bytes: past them, the call's size is
    /// the finding, and the name is not read word by word.
    @Test func anEventNamePastTheCallIsNotReadForItsCase() {
        let track = { (count: Int) in
            SegmentTag.track(event: String(repeating: "a ", count: count), properties: [:]).ruleViolations.map(\.rule)
        }
        #expect(track(16_000) == ["segment.track.event.titleCase", "segment.payload.size"])  // 32,000 bytes
        #expect(track(16_001) == ["segment.payload.size"])
    }

    /// Within one property's value, a number shown is one finding, as with the other vendors: a
    /// thousand NaNs in one array are one, and each key is one.
    @Test func aNumberRepeatedInOneValueIsOneFinding() {
        let nans = AnalyticsValue.array(Array(repeating: .double(.nan), count: 1_000) + [.double(.infinity)])
        #expect(
            Self.findings(["ratings": nans, "scores": [.double(.nan), .double(.nan)]]) == [
                "segment.number.finite: ratings: nan breaks a finite number",
                "segment.number.finite: ratings: inf breaks a finite number",
                "segment.number.finite: scores: nan breaks a finite number",
            ]
        )
    }

    @Test func numbersTheSDKCannotWriteAreNullInWhatTheTaggerPasses() throws {
        let tag = SegmentTag.track(
            event: "Order Completed",
            properties: [
                "nan": .double(.nan), "inf": .double(.infinity), "minusInf": .double(-.infinity),
                "huge": 1e151, "minusHuge": -1e151, "tiny": 1e-101, "upper": 1e150, "lower": 1e-100,
                "zero": 0.0, "minusZero": .double(-0.0), "large": 1e149, "price": 19.99,
                "count": 3, "title": "Swift Talk", "none": .null,
                "list": [.double(.nan), 1e151, [.double(-.infinity), 19.99], 0.0],
            ]
        )
        let sent = tag.sdkProperties
        for key in ["nan", "inf", "minusInf", "huge", "minusHuge", "tiny", "upper", "none"] {
            #expect(sent[key] is NSNull, "\(key)")
        }
        #expect(sent["zero"] as? Double == 0)
        let minusZero = try #require(sent["minusZero"] as? Double)
        #expect(minusZero == 0 && minusZero.sign == .minus)
        #expect(sent["large"] as? Double == 1e149)
        #expect(sent["lower"] as? Double == 1e-100)
        #expect(sent["price"] as? Double == 19.99)
        #expect(sent["count"] as? Int == 3)
        #expect(sent["title"] as? String == "Swift Talk")
        let list = try #require(sent["list"] as? [Any])
        #expect(list.count == 4)
        #expect(list[0] is NSNull && list[1] is NSNull && list[3] as? Double == 0)
        let inner = try #require(list[2] as? [Any])
        #expect(inner.count == 2 && inner[0] is NSNull && inner[1] as? Double == 19.99)
        #expect(sent.count == 16)

        #expect(SegmentTag.identify(userID: nil, traits: ["score": .double(.nan)]).sdkProperties["score"] is NSNull)
        #expect(SegmentTag.group(groupID: "team", traits: ["size": 1e200]).sdkProperties["size"] is NSNull)
        #expect(SegmentTag.screen(name: "Home", properties: ["x": 1.5]).sdkProperties["x"] as? Double == 1.5)
        #expect(SegmentTag.alias(newID: "42").sdkProperties.isEmpty)
        #expect(SegmentTag.reset.sdkProperties.isEmpty)
    }

    @Test func numbersTheSDKCannotWriteBreakARuleThatLosesThem() {
        let violations = SegmentTag.track(
            event: "Order Completed",
            properties: [
                "huge": 1e151, "tiny": .array([1e-101, -1e-101]), "inf": .double(.infinity),
                "fine": .array([0.0, .double(-0.0), 1e149, -1e149, 1e-99, 19.99]),
            ]
        )
        .ruleViolations
        let range = "0, or a magnitude in 1e-100..<1e150, as analytics-swift writes numbers"
        #expect(
            SegmentTag.track(event: "Order Completed", properties: ["revenue": 1e151]).ruleViolations == [
                VendorRuleViolation("segment.number.range", "revenue: 1e+151", limit: range, consequence: .dataLost)
            ]
        )
        #expect(
            violations == [
                VendorRuleViolation("segment.number.range", "huge: 1e+151", limit: range, consequence: .dataLost),
                VendorRuleViolation(
                    "segment.number.finite",
                    "inf: inf",
                    limit: "a finite number",
                    consequence: .dataLost
                ),
                VendorRuleViolation("segment.number.range", "tiny: 1e-101", limit: range, consequence: .dataLost),
                VendorRuleViolation("segment.number.range", "tiny: -1e-101", limit: range, consequence: .dataLost),
            ]
        )
    }

    /// Each `Int` counts as its digits and sign, each `Double` as 1 byte: the fewest analytics-swift's
    /// `Decimal` writes.
    @Test func theSizeIsALowerBoundWithDoublesAsOneByteAndIntsByTheirDigits() {
        // The call's 198 bytes, `{"n":` and `}` (6), then `[` and `]` and 7,999 commas (8,001).
        let doubles = AnalyticsValue.array(Array(repeating: .double(123.456_789), count: 8_000))
        #expect(Self.findings(["n": doubles]) == [])  // 8,000 × 1: 16,205 bytes
        // 8,000 × "-10": 32,205 bytes.
        let ints = AnalyticsValue.array(Array(repeating: .int(-10), count: 8_000))
        #expect(Self.findings(["n": ints]) == [Self.size("32,205")])
        // 20 bytes each: 198 + 6 + 1,601 + 1,600 × 20.
        let extremes = AnalyticsValue.array(Array(repeating: .int(.min), count: 1_600))
        #expect(Self.findings(["n": extremes]) == [Self.size("33,805")])
        // Escapes count: 198 + 6, and 2 + 2 × 15,897 for as many quotes, is 32,000.
        #expect(Self.findings(["n": .string(String(repeating: "\"", count: 15_897))]) == [])
        #expect(Self.findings(["n": .string(String(repeating: "\"", count: 15_898))]) == [Self.size("32,002")])
    }

    /// A call past 32,000 bytes by its keys alone, each `"key":0` at least, is past it whatever they
    /// hold: its first 8 keys are read (none of more than 4,096), and each other counts as `"key":0`.
    @Test func pastTheKeysACallCanHoldOnlyTheFirstAreRead() {
        /// `k00000` to `k…`, `count` keys of five digits (100,000 took 0.2 s to write with `String(format:)`).
        func keys(_ count: Int, _ value: AnalyticsValue) -> [String: AnalyticsValue] {
            Dictionary(
                uniqueKeysWithValues: (0..<count).map { (index: Int) -> (String, AnalyticsValue) in
                    let digits: Substring = String(100_000 + index).dropFirst()
                    return ("k" + digits, value)
                }
            )
        }
        // 198 + 5,334 (braces and commas) + 5,333 × 10 (`"k00000":1`), read or not.
        #expect(Self.findings(keys(5_333, 1)) == [Self.size("58,862")])
        #expect(Self.findings(keys(5_333, 1.5)) == [Self.size("58,862")])
        // 198 + 5,335 + 5,334 × 10.
        #expect(Self.findings(keys(5_334, 1)) == [Self.size("58,873")])
        // 198 + (count + 1) + count × 10: 45,255 for 4,096.
        func bytes(_ count: Int) -> String { TestScale.grouped(198 + (count + 1) + count * 10) }
        let first: [String] = ["k00000", "k00001", "k00002"].map { (key: String) -> String in
            "segment.number.finite: \(key): nan breaks a finite number"
        }
        let rest: [String] = [Self.size(bytes(4_096)), "segment.number.finite: 5 more breaks a finite number"]
        #expect(Self.findings(keys(4_096, .double(.nan))) == first + rest)
        // Far more keys (100,000 with `TAGHUB_FULL_SCALE=1`, `TestScale`; 10,000 in `swift test`): none is read.
        let count = TestScale.count(10_000, fullScale: 100_000)
        #expect(Self.findings(keys(count, .double(.nan))) == [Self.size(bytes(count))])
        // Ten keys of a letter and 3,174 or more `x`: 198 + 11 + 10 × 4 + their bytes. Within 32,000
        // bytes, all are read; one byte more, the first 8 are.
        func long(_ extra: Int) -> [String: AnalyticsValue] {
            Dictionary(
                uniqueKeysWithValues: "abcdefghij".map { letter in
                    let count = letter == "j" ? 3_175 + extra : 3_174
                    return (String(letter) + String(repeating: "x", count: count), AnalyticsValue.double(.nan))
                }
            )
        }
        let cut = { (letter: String) in
            "segment.number.finite: \"\(letter + String(repeating: "x", count: 63))…\": nan breaks a finite number"
        }
        #expect(
            Self.findings(long(0)) == ["a", "b", "c"].map(cut) + [
                "segment.number.finite: 7 more breaks a finite number"
            ]
        )
        #expect(
            Self.findings(long(1))
                == ["a", "b", "c"].map(cut) + [
                    Self.size("32,001"), "segment.number.finite: 5 more breaks a finite number",
                ]
        )
        let blankAndCase = Self.findings(["": 1, " ": 2, "A": 3, "a": 4].merging(keys(4_092, 1)) { $1 })
        #expect(
            blankAndCase == [
                #"segment.propertyName.empty: "" breaks a name"#, #"segment.propertyName.empty: " " breaks a name"#,
                #"segment.propertyName.case: "A", "a" breaks names that differ only by case are different properties"#,
                Self.size("45,234"),  // 198 + 4,097 + 4 + 3 × 5 + 4,092 × 10
            ]
        )
    }

    /// An array of more than 16,000 elements (at least 32,001 bytes), or one met once the count is
    /// past the limit, is counted as a byte per element and their commas, and not walked.
    @Test func arraysPastWhatACallCanHoldAreCountedNotWalked() {
        let walked = AnalyticsValue.array(Array(repeating: .int(1), count: 15_999) + [.double(.nan)])
        #expect(
            Self.findings(["n": walked]) == [
                "segment.number.finite: n: nan breaks a finite number", Self.size("32,205"),
            ]
        )
        let counted = AnalyticsValue.array(Array(repeating: .int(1), count: 16_000) + [.double(.nan)])
        #expect(Self.findings(["n": counted]) == [Self.size("32,207")])
        // "Deep": 188 bytes of call, `{"deep":` and `}`; each level walked adds 2, to 15,902 levels
        // (32,001 bytes); the next counts 3.
        var deep = AnalyticsValue.double(.nan)
        for _ in 0..<20_000 { deep = .array([deep]) }
        #expect(
            SegmentTag.track(event: "Deep", properties: ["deep": deep]).ruleViolations.map(\.description) == [
                Self.size("32,004")
            ]
        )
    }

    /// A name, ID or key of more than 128,000 bytes is reported by the call's size, and not read.
    @Test func textFourTimesPastTheLimitIsReportedByTheSizeOnly() {
        let spaces = String(repeating: " ", count: 128_001)
        #expect(
            SegmentTag.track(event: spaces, properties: [:]).ruleViolations.map(\.description) == [
                Self.size("128,187")
            ]
        )
        #expect(Self.findings([spaces: 1]) == [Self.size("128,205")])
        #expect(
            SegmentTag.alias(newID: "Optional(" + spaces + ")").ruleViolations.map(\.description) == [
                Self.size("128,182")
            ]
        )
        // Within it, all is read, but whether a name shows nothing, past 4,096 bytes.
        let blank = String(repeating: " ", count: 128_000)
        #expect(SegmentTag.track(event: blank, properties: [:]).ruleViolations.map(\.rule) == ["segment.payload.size"])
        #expect(
            SegmentTag.track(event: String(repeating: " ", count: 4_096), properties: [:]).ruleViolations.map(\.rule)
                == ["segment.track.event.empty"]
        )
    }

    @Test func keysAreEscapedInFindingsAboutThemAndAboutTheirValues() {
        let key = "a\u{202E}b\n\u{200B}"
        let escaped = #"a\u{202E}b\n\u{200B}"#
        let violations = SegmentTag.screen(
            name: "Home",
            properties: [key: .double(.nan), key.uppercased(): 1, "\u{200B}\n": 1]
        )
        .ruleViolations.map(\.description)
        #expect(
            violations == [
                #"segment.propertyName.empty: "\u{200B}\n" breaks a name"#,
                #"segment.propertyName.case: "A\u{202E}B\n\u{200B}", "\#(escaped)" breaks names that differ only by case are different properties"#,
                #"segment.number.finite: "\#(escaped)": nan breaks a finite number"#,
            ]
        )
        #expect(
            SegmentTag.track(event: "Order Completed", properties: ["currency": .string(key)]).ruleViolations
                .map(\.description) == [
                    #"segment.track.currency.code: currency: "\#(escaped)" breaks an ISO 4217 code such as "EUR""#
                ]
        )
    }
}
