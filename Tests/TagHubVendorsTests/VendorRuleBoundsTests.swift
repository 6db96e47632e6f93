import Foundation
import TagHub
import TagHubTestSupport
import TagHubVendors
import Testing

/// Findings stay small, and are not repeated, whatever a tag holds: a name or value is quoted up to
/// 64 UTF-16 units with its real size, identical findings are reported once, and past three
/// findings of one rule on one tag, one finding counts the rest. The checks of a megabyte or of
/// 100,000 properties run on a thread with a 512 KiB stack, the smallest an app's code runs on.
///
/// The properties and the letter with a megabyte of marks are as named with `TAGHUB_FULL_SCALE=1`
/// (`TestScale`, a step of `.ci/run`); `swift test` checks fewer, past every guard they are there
/// for, with the findings of the same rules: ``keys``, ``marks``.
@Suite(.timeLimit(.minutes(1)), .serialized, .onLowPriorityThreadsOfItsOwn) struct VendorRuleBoundsTests {
    /// How many properties the tags of a hundred thousand hold: 100,000 at full scale; 1,000 in
    /// `swift test`, past Mixpanel's 254 and Firebase's 25.
    static let keys = TestScale.count(1_000, fullScale: 100_000)
    static let megabyte = String(repeating: "a", count: 1_048_576)
    static let quotedPrefix = String(reflecting: String(repeating: "a", count: 64) + "…")

    @Test func aOneMegabyteValueIsReportedWithItsSizeNotItsText() async {
        let findings = await onA512KiBThread {
            PianoTag.event("play", ["title": .string(Self.megabyte)]).ruleViolations
        }
        #expect(
            findings.map(\.description) == [
                "piano.stringValue.length: title: more than 255 characters (1,048,576 bytes of UTF-8) breaks at most 255 characters"
            ]
        )
    }

    @Test func aOneMegabyteNameIsQuotedUpTo64UnitsWithItsRealLength() async {
        let findings = await onA512KiBThread {
            MixpanelTag.track(event: "Play", properties: [Self.megabyte: 1]).ruleViolations
        }
        #expect(
            findings.map(\.description) == [
                "mixpanel.propertyName.length: \(Self.quotedPrefix) (1,048,576 bytes of UTF-8) breaks at most 255 characters"
            ]
        )
    }

    @Test func aOneMegabyteKeyIsCutWhereverItIsNamed() async {
        let findings = await onA512KiBThread {
            PianoTag.event("play", [Self.megabyte: .string(Self.megabyte)]).ruleViolations
        }
        let name = String(repeating: "a", count: 64) + "…"
        // Far longer than their limits, the key and the value are sized in bytes, their units not counted.
        #expect(
            findings.map(\.description) == [
                "piano.propertyKey.length: \(Self.quotedPrefix) (1,048,576 bytes of UTF-8) breaks at most 40 characters",
                "piano.stringValue.length: \"\(name)\": more than 255 characters (1,048,576 bytes of UTF-8) breaks at most 255 characters",
            ]
        )
    }

    /// The names the checks look keys up among (the vendors' reserved and standard names, Mixpanel's placeholder
    /// IDs) are ASCII of 36 bytes at most, the longest a key is hashed to be looked up: a test keeps them so.
    @Test func theNamesLookedUpAreASCIIOf36BytesAtMost() {
        let lists = [
            VendorLimits.Firebase.standardItemParameters, VendorLimits.Firebase.reservedEventNames,
            VendorLimits.Firebase.reservedParameterNames, VendorLimits.Firebase.reservedUserPropertyNames,
            VendorLimits.Mixpanel.reservedPropertyNames, VendorLimits.Mixpanel.placeholderIDs,
            VendorLimits.Segment.numericTrackProperties,
        ]
        #expect(lists.joined().allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } })
        #expect(lists.joined().map(\.utf8.count).max() == 36)  // the all-zero UUID, a Mixpanel placeholder
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

    /// Each string is counted in UTF-16 units within the tag's 65,536 bytes of text, at a quarter of its bytes: the
    /// first 230 (1,025 to 1,254 bytes, 65,435 of the 65,533 its key leaves) are; the others are not read, and make
    /// no finding.
    @Test func pastThreeFindingsOfOneRuleOneFindingCountsTheRest() {
        let values = (1...1_000).map { AnalyticsValue.string(String(repeating: "a", count: 1_024 + $0)) }
        let findings = AmplitudeTag.track(eventType: "Play", eventProperties: ["ids": .array(values)]).ruleViolations
        #expect(
            findings.map(\.description) == [
                "amplitude.stringValue.length: ids: 1,025 UTF-16 units breaks at most 1,024 UTF-16 units",
                "amplitude.stringValue.length: ids: 1,026 UTF-16 units breaks at most 1,024 UTF-16 units",
                "amplitude.stringValue.length: ids: 1,027 UTF-16 units breaks at most 1,024 UTF-16 units",
                "amplitude.stringValue.length: 227 more breaks at most 1,024 UTF-16 units",
            ]
        )
    }

    @Test func aHundredThousandPropertiesAreCountedNotListed() async {
        let properties = Dictionary(uniqueKeysWithValues: (0..<Self.keys).map { ("p\($0)", AnalyticsValue.int($0)) })
        let findings = await onA512KiBThread { MixpanelTag.track(event: "Play", properties: properties).ruleViolations }
        let count = TestScale.grouped(Self.keys)
        #expect(findings.map(\.description) == ["mixpanel.propertyCount: \(count) properties breaks at most 254"])
    }

    @Test func aGroupOfNamesDifferingOnlyByCaseQuotesAtMostThree() {
        let findings = MixpanelTag.track(event: "Play", properties: ["ab": 1, "aB": 2, "Ab": 3, "AB": 4]).ruleViolations
        #expect(
            findings.map(\.description) == [
                #"mixpanel.propertyName.case: "AB", "Ab", "aB" and 1 more breaks names that differ only by case are different properties"#
            ]
        )
    }

    @Test func aOneMegabyteRevenueShowsAtMost64UnitsOfItsValue() async {
        let findings = await onA512KiBThread {
            SegmentTag.track(event: "Order Completed", properties: ["revenue": .string(Self.megabyte)]).ruleViolations
        }
        #expect(
            findings.map(\.description) == [
                "segment.track.revenue.number: revenue: \"" + String(repeating: "a", count: 63) + "… breaks a number",
                "segment.payload.size: at least 1,048,789 bytes breaks at most 32,000 bytes per call",
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

    @Test func numbersCountAsTheFewestBytesAnalyticsSwiftCouldWriteThem() {
        // analytics-swift writes numbers through `Decimal`, which may add or drop a double's digits
        // (and writes -0.0 as 0): a double counts 1 byte, so that the size stays a lower bound.
        let doubles = AnalyticsValue.array(Array(repeating: .double(1.5), count: 8_000))
        #expect(SegmentTag.track(event: "Podcast Played", properties: ["n": doubles]).ruleViolations == [])
        // An Int is written exactly, with its sign: 8,000 × -10 make 32,205 bytes with the call.
        let ints = AnalyticsValue.array(Array(repeating: .int(-10), count: 8_000))
        #expect(
            SegmentTag.track(event: "Podcast Played", properties: ["n": ints]).ruleViolations.map(\.description) == [
                "segment.payload.size: at least 32,205 bytes breaks at most 32,000 bytes per call"
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
                "firebase.itemParameterName.length: items[0]: \(Self.quotedPrefix) (1,048,576 bytes of UTF-8) breaks \(limit)"
            ]
        )
        let accented = String(repeating: "é", count: 524_288)
        #expect(
            findings(accented) == [
                "firebase.itemParameterName.length: items[0]: \"\(String(repeating: "é", count: 64))…\" (1,048,576 bytes of UTF-8) breaks \(limit)"
            ]
        )
        // 349,525 × "e" and a combining accent: 1,048,575 bytes, far longer than the limit, so not
        // read for its characters.
        let combining = String(repeating: "e\u{301}", count: 349_525)
        #expect(
            findings(combining) == [
                "firebase.itemParameterName.length: items[0]: \"\(String(repeating: "e\u{301}", count: 32))…\" (1,048,575 bytes of UTF-8) breaks \(limit)"
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

    @Test func keysTooLongToQuoteWholeAreCountedNotListed() async {
        // Keys of 67 to 70 bytes: a subject shows their first 64 units, so those of one length read
        // alike, but each key is one finding. Of 4,096, the most a check reads of more than Firebase
        // takes, 8 are checked, the first by their first 64 bytes, which they share, then by their
        // lengths: 8 of the ten of 67 bytes (k…k0 to k…k9), in no set order, which read alike.
        let pad = String(repeating: "k", count: 66)
        let parameters = Dictionary(uniqueKeysWithValues: (0..<4_096).map { (pad + "\($0)", FirebaseValue.int(1)) })
        let findings = await onA512KiBThread { FirebaseTag.event("play", parameters).ruleViolations }
        let quoted = "\"" + String(repeating: "k", count: 64) + "…\""
        let expected: [String] = [
            "firebase.parameterCount: 4,096 parameters breaks at most 25",
            "firebase.parameterName.length: \(quoted) (67 UTF-16 units) breaks 1 to 40 UTF-16 units",
            "firebase.parameterName.length: \(quoted) (67 UTF-16 units) breaks 1 to 40 UTF-16 units",
            "firebase.parameterName.length: \(quoted) (67 UTF-16 units) breaks 1 to 40 UTF-16 units",
            "firebase.parameterName.length: 5 more breaks 1 to 40 UTF-16 units",
        ]
        #expect(findings.map(\.description) == expected)
    }

    /// How many combining marks follow the letter of ``letterWithMarks``: 524,288, a megabyte, at
    /// full scale; 65,536 in `swift test`, 131,073 bytes, past the 128,000 bytes of an ID that
    /// Segment reports by the call's size alone, the 65,536 bytes of text a check reads, and the
    /// 16 × 1,025 scalars in which Batch counts the characters of a custom user ID.
    static let marks = TestScale.count(65_536, fullScale: 524_288)
    /// One letter and a megabyte of one combining mark (``marks``): one character, which Swift finds
    /// the end of only by reading all of it. Far longer than any limit, it is measured in UTF-16
    /// units, and a subject shows its first scalars.
    static let letterWithMarks = "a" + String(repeating: "\u{301}", count: marks)
    /// The size of ``letterWithMarks`` as findings write it: `(1,048,577 bytes of UTF-8)`.
    static let marksSize = "(\(TestScale.grouped(2 * marks + 1)) bytes of UTF-8)"
    static let shownWithMarks = "a" + String(repeating: "\u{301}", count: 63) + "…"

    @Test func aLetterWithAMegabyteOfMarksIsQuotedByItsFirstScalarsAndCountedAsLong() async {
        let findings = await onA512KiBThread {
            [
                BatchTag.event(name: "play", attributes: ["title": .string(Self.letterWithMarks)], label: nil, tags: [])
                    .ruleViolations,
                PianoTag.event("play", [Self.letterWithMarks: 1]).ruleViolations,
                MixpanelTag.track(event: "Play", properties: [Self.letterWithMarks: 1]).ruleViolations,
                FirebaseTag.event(Self.letterWithMarks, [:]).ruleViolations,
            ]
            .map { $0.map(\.description) }
        }
        let size = Self.marksSize
        let bytes = TestScale.grouped(2 * Self.marks + 1)
        let expected: [[String]] = [
            // One character of 524,289 scalars: its characters are not counted past 4,816 scalars.
            [
                "batch.stringValue.length: title: \(bytes) bytes of UTF-8 in characters of 16 scalars or more breaks 1 to 300 characters"
            ],
            // Far longer than its limit: reported by its length only, not read for its format.
            ["piano.propertyKey.length: \"\(Self.shownWithMarks)\" \(size) breaks at most 40 characters"],
            ["mixpanel.propertyName.length: \"\(Self.shownWithMarks)\" \(size) breaks at most 255 characters"],
            ["firebase.eventName.length: \"\(Self.shownWithMarks)\" \(size) breaks 1 to 40 UTF-16 units"],
        ]
        #expect(findings == expected)
    }

    @Test func textFarLongerThanItsLimitIsCountedInAWindowOfItsFirstScalars() {
        // Batch's label takes 200 characters. Up to 4 KB, characters are counted as Swift counts
        // them: 104 letters of 16 marks (3,432 bytes) fit.
        let letter = { (marks: Int) in "a" + String(repeating: "\u{301}", count: marks) }
        let label = { (text: String) in
            BatchTag.event(name: "play", attributes: [:], label: text, tags: []).ruleViolations.map(\.description)
        }
        #expect(label(String(repeating: letter(16), count: 104)) == [])
        // Past 4 KB, and 4 bytes per character of the limit, text is far longer than its limit: its
        // characters are counted in its first 16 × 201 scalars. 200 letters of 10 marks (4,200
        // bytes, 2,200 scalars) fit whole in them, and fit the limit; 250 of 8 marks do not.
        #expect(label(String(repeating: letter(10), count: 200)) == [])
        #expect(label(String(repeating: "👨‍👩‍👧‍👦", count: 200)) == [])  // 200 characters of 7 scalars, 5,000 bytes
        let shown = { (marks: Int) in
            (0..<(64 / (marks + 1))).map { _ in letter(marks) }.joined() + "…"
        }
        #expect(
            label(String(repeating: letter(8), count: 250)) == [
                "batch.label.length: \"\(shown(8))\" (4,250 bytes of UTF-8) breaks at most 200 characters"
            ]
        )
        // 130 letters of 16 marks (4,290 bytes, 2,210 scalars) fit whole in the window, and fit.
        #expect(label(String(repeating: letter(16), count: 130)) == [])
        // 200 letters of 20 marks (4,200 scalars): the 3,216 read hold 153 letters but not the
        // whole text. Characters of 16 scalars or more on average are taken as breaking the limit.
        #expect(
            label(String(repeating: letter(20), count: 200)) == [
                "batch.label.length: \"\(shown(20))\" (8,200 bytes of UTF-8) breaks at most 200 characters"
            ]
        )
    }

    @Test func aSegmentScreenNamePropertyIsFoundWhateverTheOtherKeys() {
        // Found by its bytes: a lookup compares "name" with the keys in its way as strings, whole.
        let findings = SegmentTag.screen(
            name: "Home",
            properties: ["name": 2, Self.letterWithMarks: 1, "\u{212A}ey": 3]
        )
        #expect(findings.ruleViolations.map(\.rule) == ["segment.screen.name.reserved", "segment.payload.size"])
        let long = SegmentTag.track(
            event: "Order Completed",
            properties: [String(repeating: "k", count: 4_097): 1, "revenue": "12", "currency": "eur"]
        )
        #expect(long.ruleViolations.map(\.rule) == ["segment.track.revenue.number", "segment.track.currency.code"])
    }

    @Test func tenThousandLongBatchTagsAreCountedOnceEachNotListed() async {
        // 10,000 distinct tags of 70 characters, each given twice: each breaks the rule once.
        let tags = (0..<10_000).map { String(repeating: "t", count: 64) + String(100_000 + $0) }
        let findings = await onA512KiBThread {
            BatchTag.event(name: "play", attributes: [:], label: nil, tags: tags + tags).ruleViolations
        }
        // Past Batch's 10 tags, 18 are checked. Each is cut after the first 64 characters, which
        // they share: their findings are the same, and reported once.
        let quoted = "\"" + String(repeating: "t", count: 64) + "…\" (70 characters)"
        #expect(
            findings.map(\.description) == [
                "batch.tagCount: 20,000 tags breaks at most 10",
                "batch.tag.length: \(quoted) breaks at most 64 characters",
            ]
        )
    }

    /// Long Batch tags that differ within the 64 characters a finding shows make two findings;
    /// those that differ only past them, or are equal strings, make one.
    @Test func longBatchTagsAreToldApartByWhatTheirFindingsShow() {
        func tag(_ count: Int, _ middle: Character) -> String {
            String(repeating: "t", count: count / 2) + String(middle)
                + String(repeating: "t", count: count - count / 2 - 1)
        }
        let tags = [
            tag(100, "a"), tag(100, "b"), tag(100, "a"),  // hashed whole: two tags
            tag(300, "a"), tag(300, "b"), tag(300, "a"),  // alike but in the middle: one finding
            String(repeating: "é", count: 65), String(repeating: "e\u{301}", count: 65),  // equal strings, other bytes
        ]
        let lengths = BatchTag.event(name: "play", attributes: [:], label: nil, tags: tags).ruleViolations
            .filter { $0.rule == "batch.tag.length" }
        #expect(lengths.count == 4)  // three shown, and one that counts the rest
        #expect(lengths.last?.subject == "2 more")
    }

    @Test func aLetterWithAMegabyteOfMarksAsAnIDOrAnEventTypeOrATagIsNotComparedWhole() async {
        // Each was compared with "nil" or "[Amplitude] ", or hashed, as strings compare: which
        // normalized the megabyte (17 to 77 ms in a release build).
        let findings = await onA512KiBThread {
            [
                FirebaseTag.userID(Self.letterWithMarks).ruleViolations,
                MixpanelTag.identify(distinctID: Self.letterWithMarks).ruleViolations,
                AmplitudeTag.setUserID(Self.letterWithMarks).ruleViolations,
                AmplitudeTag.track(eventType: Self.letterWithMarks, eventProperties: [:]).ruleViolations,
                SegmentTag.alias(newID: Self.letterWithMarks).ruleViolations,
                BatchTag.event(
                    name: "play",
                    attributes: [:],
                    label: nil,
                    tags: [Self.letterWithMarks, Self.letterWithMarks]
                )
                .ruleViolations,
                BatchTag.customUserID(Self.letterWithMarks).ruleViolations,
                PianoTag.setUser(id: Self.letterWithMarks, category: nil).ruleViolations,
            ]
            .map { $0.map(\.description) }
        }
        let quoted = "\"\(Self.shownWithMarks)\" \(Self.marksSize)"
        let tag = "batch.tag.length: \(quoted) breaks at most 64 characters"
        // The ID's 1 + 2 × 524,288 bytes, and 171 of the call around it: 1,048,748.
        let bytes: String = TestScale.grouped(1 + 2 * Self.marks + 171)
        let size: String = TestScale.grouped(2 * Self.marks + 1)
        let expected: [[String]] = [
            ["firebase.userID.length: \(quoted) breaks 1 to 256 UTF-16 units"],
            [],
            [],
            [],
            ["segment.payload.size: at least \(bytes) bytes breaks at most 32,000 bytes per call"],
            // Given twice, it is found again by its length and first bytes, and counts once.
            [tag],
            [
                "batch.customUserID.length: \(size) bytes of UTF-8 in characters of 16 scalars or more breaks at most 1,024 characters"
            ],
            [],
        ]
        #expect(findings == expected)
    }

    /// Among keys of a megabyte of marks, the keys with a meaning of their own are not looked up: a lookup compares the
    /// name it looks for with the keys in its way, as strings compare, which normalized the megabyte (Firebase: 200
    /// such items took a minute in a release build). Segment's `revenue` and `currency` are found by their bytes,
    /// Firebase's `item_id` and standard item parameters among keys of 40 bytes at most.
    @Test func namedKeysAreFoundAmongKeysOfAMegabyteOfMarks() async {
        let findings = await onA512KiBThread {
            [
                SegmentTag.track(
                    event: "Order Completed",
                    properties: [Self.letterWithMarks: 1, "revenue": "12", "currency": "eur", "value": 3]
                ).ruleViolations,
                FirebaseTag.event(
                    "purchase",
                    [
                        "items": .items(
                            Array(repeating: [Self.letterWithMarks: 1, "item_id": "x", "price": 1], count: 200)
                        )
                    ]
                ).ruleViolations,
                FirebaseTag.event("purchase", ["items": .items([[Self.letterWithMarks: 1, "price": 1]])])
                    .ruleViolations,
            ]
            .map { $0.map(\.rule) }
        }
        #expect(
            findings == [
                ["segment.track.revenue.number", "segment.track.currency.code", "segment.payload.size"],
                // Each item has an ID and 1 custom parameter of the 27 an item takes, whose name is too long: found
                // in the items whose names the tag's bytes let a check read (3 shown, then "95 more").
                Array(repeating: "firebase.itemParameterName.length", count: 4),
                ["firebase.items.identity", "firebase.itemParameterName.length"],
            ]
        )
    }
}
