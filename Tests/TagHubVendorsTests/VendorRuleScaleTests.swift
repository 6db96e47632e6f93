import TagHub
import TagHubTestSupport
import TagHubVendors
import Testing

/// Huge tags, for every vendor, with their exact findings: a megabyte of ASCII, of text outside
/// ASCII (as a value and as a key) and of spaces, and 100,000 properties with lowercase and with
/// camelCase keys; and tags that break a rule 100,000 times (NaN, long strings, items, capitalized
/// keys outside ASCII, names in case pairs) or hold a megabyte. Each finding that a guard makes
/// differ from what reading the whole tag would find says which guard.
///
/// The keys, the case pairs and the letter with marks are as named with `TAGHUB_FULL_SCALE=1`
/// (`TestScale`, a step of `.ci/run`); `swift test` checks as many as it takes to pass every guard
/// they are there for, with the findings of the same rules: ``keys``, ``marks``, ``casePairs``.
@Suite(.serialized, .onLowPriorityThreadsOfItsOwn) struct VendorRuleScaleTests {
    /// How many keys the tags of many properties hold: 100,000 at full scale; 10,003 in `swift
    /// test`, far more than every vendor's checks read (Mixpanel's 8,000 of a profile the most):
    /// reported by their count, none read.
    static let keys = TestScale.count(10_003, fullScale: 100_000)
    /// ``keys`` as findings write it: `100,000`.
    static let keysShown = TestScale.grouped(keys)

    /// 1,048,576 × "a".
    static let ascii = String(repeating: "a", count: 1_048_576)
    /// 524,288 × "é" (U+00E9): 1,048,576 bytes of UTF-8, 524,288 UTF-16 units.
    static let accented = String(repeating: "é", count: 524_288)
    /// 1,048,576 spaces.
    static let blank = String(repeating: " ", count: 1_048_576)
    /// `p0: 0` to `p99999: 99999` (``keys``).
    static let lowercase = Dictionary(uniqueKeysWithValues: (0..<keys).map { ("p\($0)", AnalyticsValue.int($0)) })
    /// `itemId0: 0` to `itemId99999: 99999` (``keys``).
    static let camelCase = Dictionary(
        uniqueKeysWithValues: (0..<keys).map { ("itemId\($0)", AnalyticsValue.int($0)) }
    )

    /// `text`'s first 64 UTF-16 units quoted with `…`, and its real length (in `unit`: far longer, in bytes).
    static func cut(_ text: String, units: String, _ unit: String = "UTF-16 units") -> String {
        String(reflecting: String(text.prefix(64)) + "…") + " (\(units) \(unit))"
    }

    static let asciiCut = cut(ascii, units: "1,048,576", "bytes of UTF-8")
    static let accentedCut = cut(accented, units: "1,048,576", "bytes of UTF-8")

    @Test func firebase() {
        func findings(_ parameters: [String: FirebaseValue]) -> [String] {
            FirebaseTag.event("podcast_played", parameters).ruleViolations.map(\.description)
        }
        #expect(
            findings(["title": .string(Self.ascii)]) == [
                "firebase.parameterValue.length: title: \(Self.asciiCut) breaks at most 100 UTF-16 units"
            ]
        )
        #expect(
            findings(["title": .string(Self.accented)]) == [
                "firebase.parameterValue.length: title: \(Self.accentedCut) breaks at most 100 UTF-16 units"
            ]
        )
        // "é" is a letter: only the length is broken.
        #expect(
            findings([Self.accented: 1]) == [
                "firebase.parameterName.length: \(Self.accentedCut) breaks 1 to 40 UTF-16 units"
            ]
        )
        let many = ["firebase.parameterCount: \(Self.keysShown) parameters breaks at most 25"]
        #expect(findings(Self.lowercase.mapValues { _ in 1 }) == many)
        #expect(findings(Self.camelCase.mapValues { _ in 1 }) == many)
    }

    @Test func mixpanel() {
        func findings(_ properties: [String: AnalyticsValue]) -> [String] {
            MixpanelTag.track(event: "Podcast Played", properties: properties).ruleViolations.map(\.description)
        }
        let bytes = "mixpanel.stringValue.bytes: title: 1,048,576 bytes breaks at most 255 bytes of UTF-8"
        #expect(findings(["title": .string(Self.ascii)]) == [bytes])
        #expect(findings(["title": .string(Self.accented)]) == [bytes])
        #expect(
            findings([Self.accented: 1]) == [
                "mixpanel.propertyName.length: \(Self.accentedCut) breaks at most 255 characters"
            ]
        )
        let many = ["mixpanel.propertyCount: \(Self.keysShown) properties breaks at most 254"]
        #expect(findings(Self.lowercase) == many)
        #expect(findings(Self.camelCase) == many)
        // A megabyte of spaces is not read to find out that it shows nothing (past 4,096 bytes).
        #expect(MixpanelTag.identify(distinctID: Self.blank).ruleViolations == [])
        // A megabyte that is no placeholder, between spaces: not lowercased to find out.
        #expect(MixpanelTag.identify(distinctID: " \(Self.ascii) ").ruleViolations == [])
        #expect(
            MixpanelTag.identify(distinctID: " NULL\u{3000}").ruleViolations.map(\.rule) == [
                "mixpanel.distinctID.placeholder"
            ]
        )
    }

    @Test func amplitude() {
        func findings(_ properties: [String: AnalyticsValue]) -> [String] {
            AmplitudeTag.track(eventType: "Podcast Played", eventProperties: properties).ruleViolations.map(
                \.description
            )
        }
        #expect(
            findings(["title": .string(Self.ascii)]) == [
                "amplitude.stringValue.length: title: 1,048,576 bytes of UTF-8 breaks at most 1,024 UTF-16 units"
            ]
        )
        #expect(
            findings(["title": .string(Self.accented)]) == [
                "amplitude.stringValue.length: title: 1,048,576 bytes of UTF-8 breaks at most 1,024 UTF-16 units"
            ]
        )
        #expect(findings([Self.accented: 1]) == [])  // Amplitude has no rule on a key's length
        let many = ["amplitude.propertyCount: \(Self.keysShown) properties breaks at most 1,000"]
        #expect(findings(Self.lowercase) == many)
        #expect(findings(Self.camelCase) == many)
    }

    @Test func segment() {
        func findings(_ properties: [String: AnalyticsValue]) -> [String] {
            SegmentTag.track(event: "Podcast Played", properties: properties).ruleViolations.map(\.description)
        }
        func size(_ bytes: String) -> [String] {
            ["segment.payload.size: at least \(bytes) bytes breaks at most 32,000 bytes per call"]
        }
        // The call's 198 bytes (type, event name, the IDs and time the SDK adds, the properties'
        // key), then {"title":"…"}: 2 + 8 + 1,048,578.
        #expect(findings(["title": .string(Self.ascii)]) == size("1,048,786"))
        #expect(findings(["title": .string(Self.accented)]) == size("1,048,786"))
        // The call's 198 bytes, then {"…":1}.
        #expect(findings([Self.accented: 1]) == size("1,048,780"))
        // Past 32,000 bytes by their keys alone (`"p0":0` at least), far more keys than a check reads:
        // none is read, each counted as its fewest bytes, `"p1234":0`. The call's 198 bytes, the
        // braces and commas (keys + 1).
        #expect(
            findings(Self.lowercase) == size(TestScale.grouped(198 + (Self.keys + 1) + Self.keyBytes(Self.lowercase)))
        )
        #expect(
            findings(Self.camelCase) == size(TestScale.grouped(198 + (Self.keys + 1) + Self.keyBytes(Self.camelCase)))
        )
    }

    @Test func batch() {
        func findings(_ attributes: [String: AnalyticsValue]) -> [String] {
            BatchTag.event("podcast_played", attributes).ruleViolations.map(\.description)
        }
        #expect(
            findings(["title": .string(Self.ascii)]) == [
                "batch.stringValue.length: title: more than 300 characters (1,048,576 bytes of UTF-8) breaks 1 to 300 characters"
            ]
        )
        #expect(
            findings(["title": .string(Self.accented)]) == [
                "batch.stringValue.length: title: more than 300 characters (1,048,576 bytes of UTF-8) breaks 1 to 300 characters"
            ]
        )
        #expect(
            findings([Self.accented: 1]) == [
                "batch.attributeKey.format: \(Self.accentedCut) breaks 1 to 30 of [a-zA-Z0-9_]"
            ]
        )
        let many = ["batch.attributeCount: \(Self.keysShown) attributes breaks at most 20"]
        #expect(findings(Self.lowercase) == many)
        #expect(findings(Self.camelCase) == many)
        // A value far longer than its limit is reported by its length only: not read for blanks.
        #expect(
            findings(["title": .string(Self.blank)]) == [
                "batch.stringValue.length: title: more than 300 characters (1,048,576 bytes of UTF-8) breaks 1 to 300 characters"
            ]
        )
    }

    @Test func piano() {
        func findings(_ properties: [String: AnalyticsValue]) -> [String] {
            PianoTag.event("podcast.played", properties).ruleViolations.map(\.description)
        }
        #expect(
            findings(["title": .string(Self.ascii)]) == [
                "piano.stringValue.length: title: more than 255 characters (1,048,576 bytes of UTF-8) breaks at most 255 characters"
            ]
        )
        #expect(
            findings(["title": .string(Self.accented)]) == [
                "piano.stringValue.length: title: more than 255 characters (1,048,576 bytes of UTF-8) breaks at most 255 characters"
            ]
        )
        // A key far longer than its limit is reported by its length only.
        #expect(
            findings([Self.accented: 1]) == [
                "piano.propertyKey.length: \(Self.accentedCut) breaks at most 40 characters"
            ]
        )
        #expect(findings(Self.lowercase) == [])
        // Far more keys than Piano's checks read (it sets no count of its own): none is read.
        #expect(findings(Self.camelCase) == [])
    }

    @Test func theRestOfFindingsWhoseLimitsAreOneKeepThatLimit() {
        // "XY" and "Xy" are the fourth and fifth: both stored as "xy".
        let keys = ["A1", "B1", "C1", "XY", "Xy"]
        let findings = PianoTag.event("click.action", Dictionary(uniqueKeysWithValues: keys.map { ($0, 1) }))
            .ruleViolations
        #expect(
            findings.map(\.description) == [
                #"piano.propertyKey.lowercased: "A1" breaks lowercase, as Piano stores it ("a1")"#,
                #"piano.propertyKey.lowercased: "B1" breaks lowercase, as Piano stores it ("b1")"#,
                #"piano.propertyKey.lowercased: "C1" breaks lowercase, as Piano stores it ("c1")"#,
                #"piano.propertyKey.case: "XY", "Xy" breaks keys that differ only by case are one property"#,
                #"piano.propertyKey.lowercased: 2 more breaks lowercase, as Piano stores it ("xy")"#,
            ]
        )
    }

    @Test func namesDifferingOnlyByCaseAreFoundAmongTheKeysChecked() {
        // Of 600 keys, more than twice the 254 it accepts, Mixpanel checks the first 8 by their bytes:
        // "ITEMID0", "Straße", then "itemId0"… "straße" comes after them, and its group is not
        // looked for.
        var properties = Dictionary(uniqueKeysWithValues: (0..<597).map { ("itemId\($0)", AnalyticsValue.int($0)) })
        properties["ITEMID0"] = 1
        properties["Straße"] = 2
        properties["straße"] = 3
        let findings = MixpanelTag.track(event: "Podcast Played", properties: properties).ruleViolations
        #expect(
            findings.map(\.description) == [
                "mixpanel.propertyCount: 600 properties breaks at most 254",
                #"mixpanel.propertyName.case: "ITEMID0", "itemId0" breaks names that differ only by case are different properties"#,
            ]
        )
        // Names compare by their bytes, as Mixpanel's do: "É" lowercases into "é", not into "e" and a combining accent.
        let accents = MixpanelTag.track(
            event: "Play",
            properties: ["\u{C9}t\u{E9}": 1, "e\u{301}t\u{E9}": 2, "\u{C9}T\u{C9}": 3]
        )
        #expect(
            accents.ruleViolations.map(\.description) == [
                #"mixpanel.propertyName.case: "ÉTÉ", "Été" breaks names that differ only by case are different properties"#
            ]
        )
        // Across tags too: 2,501 names, each written composed and decomposed, are 5,002 names to Mixpanel.
        let names = (0...2_500).flatMap { ["\u{E9}\($0)", "e\u{301}\($0)"] }
        #expect(
            MixpanelTag.ruleViolations(across: names.map { .track(event: $0, properties: [:]) }).map(\.description) == [
                "mixpanel.distinctEventNames: 5,002 event names breaks at most 5,000 (a soft limit)"
            ]
        )
    }

    /// The fewest bytes Segment counts for the keys of `properties` it does not read: `"key":0` for each.
    static func keyBytes(_ properties: [String: AnalyticsValue]) -> Int {
        properties.keys.reduce(0) { $0 + $1.utf8.count + 4 }
    }

    /// `p0` to `p99999` (``keys``), each holding `value`.
    static func hundredThousand(_ value: AnalyticsValue) -> [String: AnalyticsValue] {
        Dictionary(uniqueKeysWithValues: (0..<keys).map { ("p\($0)", value) })
    }

    @Test func a100000NaNAreCountedNotBuilt() {
        // Far more keys than a check reads: none is, the tag is reported by their count.
        let nan = Self.hundredThousand(.double(.nan))
        #expect(
            MixpanelTag.track(event: "Podcast Played", properties: nan).ruleViolations.map(\.description) == [
                "mixpanel.propertyCount: \(Self.keysShown) properties breaks at most 254"
            ]
        )
        // Past 32,000 bytes by their keys alone, each counted as its fewest bytes: 1,089,089 for 100,000.
        let bytes = TestScale.grouped(198 + (Self.keys + 1) + Self.keyBytes(nan))
        #expect(
            SegmentTag.track(event: "Podcast Played", properties: nan).ruleViolations.map(\.description) == [
                "segment.payload.size: at least \(bytes) bytes breaks at most 32,000 bytes per call"
            ]
        )
        // One array of a million NaN: reported by its length, its elements not read.
        let array = ["list": AnalyticsValue.array(Array(repeating: .double(.nan), count: 1_000_000))]
        #expect(
            BatchTag.event("podcast_played", array).ruleViolations.map(\.description) == [
                "batch.array.length: list: 1,000,000 items breaks at most 25"
            ]
        )
        #expect(
            AmplitudeTag.track(eventType: "Podcast Played", eventProperties: array).ruleViolations.map(\.description)
                == [
                    "amplitude.array.length: list: 1,000,000 elements breaks at most 524,288 (an event over 1 MB is dropped)"
                ]
        )
        // Under the bound, identical findings in one array are one.
        let short = ["list": AnalyticsValue.array(Array(repeating: .double(.nan), count: 100_000))]
        #expect(
            AmplitudeTag.track(eventType: "Podcast Played", eventProperties: short).ruleViolations.map(\.description)
                == ["amplitude.number.finite: list: nan breaks a finite number"]
        )
    }

    @Test func a100000LongStringsAreCountedNotBuilt() {
        // One string, which every value shares: 100,000 strings of their own took a second to make.
        // Far more keys than a check reads: none is, the tag is reported by their count.
        let text = String(repeating: "x", count: 301)
        let long = Self.hundredThousand(.string(text))
        #expect(
            BatchTag.event("podcast_played", long).ruleViolations.map(\.description) == [
                "batch.attributeCount: \(Self.keysShown) attributes breaks at most 20"
            ]
        )
        let parameters: [String: FirebaseValue] = long.mapValues { _ in .string(text) }
        #expect(
            FirebaseTag.event("podcast_played", parameters).ruleViolations.map(\.description) == [
                "firebase.parameterCount: \(Self.keysShown) parameters breaks at most 25"
            ]
        )
    }

    @Test func a100000ItemsWithANaNPriceAreCountedAndThe200FirebaseKeepsRead() {
        let items = Array(
            repeating: ["item_name": FirebaseItemValue.string("Swift Talk"), "price": .double(.nan)],
            count: 100_000
        )
        // Far more items than Firebase keeps: reported by their count; the 200 it keeps are read.
        #expect(
            FirebaseTag.event("purchase", ["items": .items(items)]).ruleViolations.map(\.description) == [
                "firebase.items.count: 100,000 items breaks at most 200 (the rest are dropped)",
                "firebase.number.finite: items[0].price: nan breaks a finite number",
                "firebase.number.finite: items[1].price: nan breaks a finite number",
                "firebase.number.finite: items[2].price: nan breaks a finite number",
                "firebase.number.finite: 197 more breaks a finite number",
            ]
        )
    }

    @Test func a100000CapitalizedKeysOutsideASCIIAreCountedNotRead() {
        let keys = Dictionary(uniqueKeysWithValues: (0..<Self.keys).map { ("Élément\($0)", AnalyticsValue.int($0)) })
        #expect(
            MixpanelTag.track(event: "Podcast Played", properties: keys).ruleViolations.map(\.description) == [
                "mixpanel.propertyCount: \(Self.keysShown) properties breaks at most 254"
            ]
        )
        // Far more keys than Piano's checks read (it sets no count of its own): none is read. Of 4,096, the first 8.
        #expect(PianoTag.event("podcast.played", keys).ruleViolations == [])
        let fewer = keys.filter { Int($0.key.dropFirst(7))! < 4_096 }
        let format = "breaks letters, digits and _, starting with a letter from a to z"
        let piano: [String] =
            ["Élément0", "Élément1", "Élément10"].flatMap { key in
                [
                    #"piano.propertyKey.format: "\#(key)" \#(format)"#,
                    #"piano.propertyKey.lowercased: "\#(key)" breaks lowercase, as Piano stores it ("\#(key.lowercased())")"#,
                ]
            } + [
                "piano.propertyKey.format: 5 more \(format)",
                "piano.propertyKey.lowercased: 5 more breaks the same rule",
            ]
        #expect(PianoTag.event("podcast.played", fewer).ruleViolations.map(\.description) == piano)
    }

    /// How many pairs of event names differing only by case are checked across tags: 20,000 at
    /// full scale; 2,501 in `swift test`, the fewest past Mixpanel's 5,000 event names.
    static let casePairs = TestScale.count(2_501, fullScale: 20_000)

    @Test func fiftyThousandCasePairsAreCountedNotBuilt() {
        let pairs = Dictionary(
            uniqueKeysWithValues: (0..<Self.keys).map {
                ($0 % 2 == 0 ? "key\($0 / 2)" : "KEY\($0 / 2)", AnalyticsValue.int($0))
            }
        )
        // Of 100,000 keys (``keys``), far more than its 1,000, Amplitude compares the 8 first by
        // their bytes: all "KEY…".
        let count: [String] = ["amplitude.propertyCount: \(Self.keysShown) properties breaks at most 1,000"]
        #expect(
            AmplitudeTag.track(eventType: "Podcast Played", eventProperties: pairs).ruleViolations.map(\.description)
                == count
        )
        // Under the bound, every pair is a group; past three groups, one finding counts the rest.
        let few = Dictionary(uniqueKeysWithValues: pairs.filter { $0.key.utf8.count <= 5 }.map { ($0.key, $0.value) })
        let limit = "breaks names that differ only by case are different properties"
        let groups: [String] = [
            #"amplitude.propertyName.case: "KEY0", "key0" \#(limit)"#,
            #"amplitude.propertyName.case: "KEY1", "key1" \#(limit)"#,
            #"amplitude.propertyName.case: "KEY10", "key10" \#(limit)"#,
            "amplitude.propertyName.case: 97 more \(limit)",
        ]
        #expect(
            AmplitudeTag.track(eventType: "Podcast Played", eventProperties: few).ruleViolations.map(\.description)
                == groups
        )
        // Across tags too, past three groups, one finding counts the rest.
        let names = (0..<Self.casePairs).flatMap {
            [MixpanelTag.track(event: "ev\($0)", properties: [:]), .track(event: "EV\($0)", properties: [:])]
        }
        let events = "breaks names that differ only by case are different events"
        let distinct: String = TestScale.grouped(2 * Self.casePairs)
        let more: String = TestScale.grouped(Self.casePairs - 3)
        let expected: [String] = [
            "mixpanel.distinctEventNames: \(distinct) event names breaks at most 5,000 (a soft limit)",
            #"mixpanel.nameCase: "EV0", "ev0" \#(events)"#,
            #"mixpanel.nameCase: "EV1", "ev1" \#(events)"#,
            #"mixpanel.nameCase: "EV10", "ev10" \#(events)"#,
            "mixpanel.nameCase: \(more) more \(events)",
        ]
        #expect(MixpanelTag.ruleViolations(across: names).map(\.description) == expected)
    }

    @Test func aMegabyteIsReadOnlyAsFarAsItsFindingNeeds() {
        let capitals = String(repeating: "É", count: 524_288)
        let capitalsCut = Self.cut(capitals, units: "1,048,576", "bytes of UTF-8")
        #expect(
            PianoTag.event("podcast.played", [capitals: 1]).ruleViolations.map(\.description) == [
                // A key far longer than its limit is reported by its length only.
                "piano.propertyKey.length: \(capitalsCut) breaks at most 40 characters"
            ]
        )
        #expect(
            MixpanelTag.track(event: "Podcast Played", properties: [capitals: 1, "title": "x"]).ruleViolations.map(
                \.description
            ) == ["mixpanel.propertyName.length: \(capitalsCut) breaks at most 255 characters"]
        )
        #expect(MixpanelTag.identify(distinctID: capitals).ruleViolations == [])
        #expect(
            SegmentTag.track(event: Self.ascii, properties: [:]).ruleViolations.map(\.description) == [
                // A name far longer than a call can hold is reported by the call's size only.
                "segment.payload.size: at least 1,048,762 bytes breaks at most 32,000 bytes per call"
            ]
        )
        let shown = "\"" + String(repeating: "a", count: 63) + "…"
        #expect(
            SegmentTag.screen(name: "Home", properties: ["name": .string(Self.ascii)]).ruleViolations.map(\.description)
                == [
                    "segment.screen.name.reserved: name: \(shown) breaks not a property: a screen's name is its own",
                    "segment.payload.size: at least 1,048,775 bytes breaks at most 32,000 bytes per call",
                ]
        )
        #expect(
            SegmentTag.track(event: "Order Completed", properties: ["currency": [.string(Self.ascii)]]).ruleViolations
                .map(
                    \.description
                ) == [
                    "segment.track.currency.code: currency: [\"" + String(repeating: "a", count: 62)
                        + "… breaks an ISO 4217 code such as \"EUR\"",
                    "segment.payload.size: at least 1,048,792 bytes breaks at most 32,000 bytes per call",
                ]
        )
        #expect(
            FirebaseTag.event("podcast_played", [Self.ascii: 1, "title": "x"]).ruleViolations.map(\.description) == [
                "firebase.parameterName.length: \(Self.asciiCut) breaks 1 to 40 UTF-16 units"
            ]
        )
    }

    @Test func titleCaseIsReadWordByWordAsStringsSplitThem() {
        func isTitleCase(_ event: String) -> Bool {
            !SegmentTag.track(event: event, properties: [:]).ruleViolations.map(\.rule).contains(
                "segment.track.event.titleCase"
            )
        }
        #expect(isTitleCase("Order Completed"))
        #expect(isTitleCase("Order  Completed "))
        #expect(isTitleCase("Éclair Mangé 2"))
        #expect(!isTitleCase("Order completed"))
        #expect(!isTitleCase("éclair"))
        // A combining accent after one space joins it: the word goes on. After two, a word starts
        // with a space.
        #expect(isTitleCase("Order \u{301}completed"))
        #expect(!isTitleCase("Order  \u{301}Completed"))
        #expect(!isTitleCase("\u{301}Order"))
    }

    /// `k…k0: 0` to `k…k4095: 4095`, 66 × "k" then the number: keys too long for Firebase, Batch
    /// and Piano, and to quote whole; 4,096 are past every vendor's key bound but Segment's and
    /// Mixpanel's, and the most a check reads of more than Firebase, Batch or Piano take.
    static let longKeys = Dictionary(
        uniqueKeysWithValues: (0..<4_096).map {
            (String(repeating: "k", count: 66) + "\($0)", AnalyticsValue.int($0))
        }
    )
    /// How many combining marks follow the letter of ``letterWithMarksKey``: 524,288, a megabyte,
    /// at full scale; 65,536 in `swift test`, 131,073 bytes, past the 128,000 bytes of a key that
    /// Segment reports by the call's size alone, and past every other guard.
    static let marks = TestScale.count(65_536, fullScale: 524_288)
    /// A key of "a" and 524,288 × U+0301 (one character, ``marks``), and `title`.
    static let letterWithMarksKey: [String: AnalyticsValue] = [
        "a" + String(repeating: "\u{301}", count: marks): 1, "title": "Swift Talk",
    ]

    /// Long keys, a key of one character of a megabyte, and keys in four scripts, for every vendor.
    @Test func longKeysALetterWithAMegabyteOfMarksAndKeysOfFourScriptsForEveryVendor() {
        let firebase = { (properties: [String: AnalyticsValue]) in
            FirebaseTag.event(
                "podcast_played",
                properties.mapValues { value -> FirebaseValue in
                    if case .string(let string) = value { .string(string) } else { .int(1) }
                }
            )
            .ruleViolations.map(\.description)
        }
        let checks: [(String, ([String: AnalyticsValue]) -> [String])] = [
            ("firebase", firebase),
            (
                "mixpanel",
                { MixpanelTag.track(event: "Podcast Played", properties: $0).ruleViolations.map(\.description) }
            ),
            (
                "amplitude",
                {
                    AmplitudeTag.track(eventType: "Podcast Played", eventProperties: $0).ruleViolations.map(
                        \.description
                    )
                }
            ),
            (
                "segment",
                { SegmentTag.track(event: "Podcast Played", properties: $0).ruleViolations.map(\.description) }
            ),
            (
                "batch",
                {
                    BatchTag.event(name: "podcast_played", attributes: $0, label: nil, tags: []).ruleViolations
                        .map(\.description)
                }
            ),
            ("piano", { PianoTag.event("podcast.played", $0).ruleViolations.map(\.description) }),
        ]
        let k64 = "\"" + String(repeating: "k", count: 64) + "…\""
        let marksBytes = TestScale.grouped(2 * Self.marks + 1)
        let marks = "\"a" + String(repeating: "\u{301}", count: 63) + "…\" (\(marksBytes) bytes of UTF-8)"
        // More than twice the keys Firebase, Batch or Piano take: 8 are checked, the first by their first 64 bytes,
        // which they share, then by their lengths: 8 of the ten of 67 bytes (k…k0 to k…k9), in no
        // set order, each one finding, though those cut alike read alike.
        let long = { (rule: String, size: String, limit: String) in
            [
                "\(rule): \(k64) (67 \(size)) breaks \(limit)", "\(rule): \(k64) (67 \(size)) breaks \(limit)",
                "\(rule): \(k64) (67 \(size)) breaks \(limit)", "\(rule): 5 more breaks \(limit)",
            ]
        }
        let expectedForLongKeys: [String: [String]] = [
            "firebase": ["firebase.parameterCount: 4,096 parameters breaks at most 25"]
                + long("firebase.parameterName.length", "UTF-16 units", "1 to 40 UTF-16 units"),
            "mixpanel": ["mixpanel.propertyCount: 4,096 properties breaks at most 254"],
            "amplitude": ["amplitude.propertyCount: 4,096 properties breaks at most 1,000"],
            // Past 32,000 bytes by their keys alone, 8 (of 67 bytes) are read and the others counted as
            // their fewest bytes.
            "segment": ["segment.payload.size: at least 306,289 bytes breaks at most 32,000 bytes per call"],
            "batch": ["batch.attributeCount: 4,096 attributes breaks at most 20"]
                + long("batch.attributeKey.format", "UTF-16 units", "1 to 30 of [a-zA-Z0-9_]"),
            "piano": long("piano.propertyKey.length", "characters", "at most 40 characters"),
        ]
        let expectedForMarks: [String: [String]] = [
            // A key far longer than its limit is reported by its length only.
            "firebase": ["firebase.parameterName.length: \(marks) breaks 1 to 40 UTF-16 units"],
            "mixpanel": ["mixpanel.propertyName.length: \(marks) breaks at most 255 characters"],
            "amplitude": [],
            // The key's 1 + 2 × 524,288 bytes, and 225 of the call around it: 1,048,802.
            "segment": [
                "segment.payload.size: at least \(TestScale.grouped(1 + 2 * Self.marks + 225)) bytes breaks at most 32,000 bytes per call"
            ],
            "batch": ["batch.attributeKey.format: \(marks) breaks 1 to 30 of [a-zA-Z0-9_]"],
            "piano": ["piano.propertyKey.length: \(marks) breaks at most 40 characters"],
        ]
        let script = { (number: Int) in "\"Ключ_clé_キー_Δέλτα_\(number)\"" }
        let shown = [0, 1, 10]
        let pianoFormat = "breaks letters, digits and _, starting with a letter from a to z"
        let expectedForScripts: [String: [String]] = [
            "firebase": ["firebase.parameterCount: 4,096 parameters breaks at most 25"],
            "mixpanel": ["mixpanel.propertyCount: 4,096 properties breaks at most 254"],
            "amplitude": ["amplitude.propertyCount: 4,096 properties breaks at most 1,000"],
            // Past 32,000 bytes by their keys alone, 8 are read (`_0`, `_1`, `_10`, `_100`, `_1000` to
            // `_1003`, their values' digits counted: 15 more bytes) and the others counted as their fewest
            // bytes. Past 65,536 bytes of keys, they are compared by their first 64 bytes: all of theirs.
            "segment": ["segment.payload.size: at least 167,040 bytes breaks at most 32,000 bytes per call"],
            "batch": ["batch.attributeCount: 4,096 attributes breaks at most 20"]
                + shown.map { "batch.attributeKey.format: \(script($0)) breaks 1 to 30 of [a-zA-Z0-9_]" }
                + ["batch.attributeKey.format: 5 more breaks 1 to 30 of [a-zA-Z0-9_]"],
            "piano": shown.flatMap {
                [
                    "piano.propertyKey.format: \(script($0)) \(pianoFormat)",
                    #"piano.propertyKey.lowercased: \#(script($0)) breaks lowercase, as Piano stores it ("ключ_clé_キー_δέλτα_\#($0)")"#,
                ]
            } + [
                "piano.propertyKey.format: 5 more \(pianoFormat)",
                "piano.propertyKey.lowercased: 5 more breaks the same rule",
            ],
        ]
        for (vendor, check) in checks {
            #expect(check(Self.longKeys) == expectedForLongKeys[vendor], "\(vendor)")
            #expect(check(Self.letterWithMarksKey) == expectedForMarks[vendor], "\(vendor)")
            #expect(check(Self.mixedScriptKeys) == expectedForScripts[vendor], "\(vendor)")
        }
    }

    /// `Ключ_clé_キー_Δέλτα_0: 0` to `Ключ_clé_キー_Δέλτα_4095: 4095`: keys in four scripts, each
    /// lowercased to find names that differ only by case.
    static let mixedScriptKeys = Dictionary(
        uniqueKeysWithValues: (0..<4_096).map { ("Ключ_clé_キー_Δέλτα_\($0)", AnalyticsValue.int($0)) }
    )

    /// Amplitude documents no array limit, but an event must fit in a request of less than 1 MB,
    /// and an element takes 2 bytes of JSON at least: an array of more than 524,288 is reported
    /// by its length, and not walked.
    ///
    /// Declared last: the suite runs one test at a time in this order, and this one, whose arrays
    /// of 524,288 elements take a tenth of a second to make, then starts after the run's first
    /// second, when every other test starts.
    @Test func amplitudeWalksArraysUpToWhatAnEventCanHold() {
        func findings(_ list: AnalyticsValue) -> [String] {
            AmplitudeTag.track(eventType: "Play", eventProperties: ["list": list]).ruleViolations.map(\.description)
        }
        #expect(
            findings(.array(Array(repeating: .double(.nan), count: 524_288))) == [
                "amplitude.number.finite: list: nan breaks a finite number"
            ]
        )
        // Made once for both checks: an array this long takes a tenth of a second to make.
        let long = AnalyticsValue.array(Array(repeating: .double(.nan), count: 524_289))
        #expect(
            findings(long) == [
                "amplitude.array.length: list: 524,289 elements breaks at most 524,288 (an event over 1 MB is dropped)"
            ]
        )
        // Too long to be walked, its NaN included: the length is the only finding.
        let tag = AmplitudeTag.setUserProperties(["list": long])
        #expect(tag.ruleViolations.map(\.consequence) == [.tagDropped])
    }
}
