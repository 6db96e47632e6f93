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
    /// a few kilobytes, each within Mixpanel's limit of 254 elements. The check reads 16,384 of
    /// them, so it ends at once; the NaN it meets are one finding.
    @Test func aCheckReadsAtMost16384ValuesOfATag() {
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
        let wide = Self.shared(.int(1), count: 16_383)
        #expect(
            AmplitudeTag.track(eventType: "Play", eventProperties: ["a": wide, "b": .double(.nan)]).ruleViolations
                == []
        )
        #expect(
            AmplitudeTag.track(eventType: "Play", eventProperties: ["a": .int(1), "b": .double(.nan)]).ruleViolations
                .map(\.description) == ["amplitude.number.finite: b: nan breaks a finite number"]
        )
    }

    /// 100 keys of Piano (3 bytes each) share one text of 3,000 characters: the check counts the
    /// characters of the first 21 (63,000 bytes, after the keys' 300), within the tag's 65,536
    /// bytes of text, and reads no other. Mixpanel counts bytes, not characters: it reads no text.
    @Test func aCheckReadsAtMost65536BytesOfText() {
        let text = AnalyticsValue.string(String(repeating: "x", count: 3_000))
        let properties = Dictionary(uniqueKeysWithValues: (0..<100).map { (String(format: "k%02d", $0), text) })
        let piano = (0..<3).map { "piano.stringValue.length: k0\($0): 3,000 characters breaks at most 255 characters" }
        #expect(
            PianoTag.event("play", properties).ruleViolations.map(\.description)
                == piano + ["piano.stringValue.length: 18 more breaks at most 255 characters"]
        )
        let limit = "breaks at most 255 bytes of UTF-8"
        let mixpanel = (0..<3).map { "mixpanel.stringValue.bytes: k0\($0): 3,000 bytes \(limit)" }
        #expect(
            MixpanelTag.track(event: "Play", properties: properties).ruleViolations.map(\.description)
                == mixpanel + ["mixpanel.stringValue.bytes: 97 more \(limit)"]
        )
    }

    /// A check reads keys one by one only where all fit in its 65,536 bytes of text: 16 keys of
    /// 4,096 bytes are all read (Amplitude has no rule on a key's length); one byte more, and the
    /// first 8 are, as past twice the keys a vendor accepts.
    @Test func keysAreReadOneByOneOnlyWhereAllFitInTheBytesOfACheck() {
        func keys(_ extra: Int) -> [String: AnalyticsValue] {
            Dictionary(
                uniqueKeysWithValues: "abcdefghijklmnop".map { letter in
                    let count = letter == "p" ? 4_095 + extra : 4_095
                    return (String(letter) + String(repeating: "x", count: count), AnalyticsValue.double(.nan))
                }
            )
        }
        func findings(_ properties: [String: AnalyticsValue]) -> [String] {
            AmplitudeTag.track(eventType: "Play", eventProperties: properties).ruleViolations.map(\.description)
        }
        let first = ["a", "b", "c"].map {
            "amplitude.number.finite: \"\($0 + String(repeating: "x", count: 63))…\": nan breaks a finite number"
        }
        #expect(findings(keys(0)) == first + ["amplitude.number.finite: 13 more breaks a finite number"])
        #expect(findings(keys(1)) == first + ["amplitude.number.finite: 5 more breaks a finite number"])
    }

    /// Firebase takes items under `items` only: a list under another key (`more`) is reported, its items
    /// not read.
    @Test func aFirebaseCheckReadsTheItemsOfItemsOnly() {
        let items = FirebaseValue.items(Array(repeating: ["price": .double(.nan)], count: 150))
        let (identity, finite) = ("breaks an item_id or an item_name, not blank", "breaks a finite number")
        let firstThree: [String] = (0..<3).flatMap { (index: Int) -> [String] in
            [
                "firebase.items.identity: items[\(index)] \(identity)",
                "firebase.number.finite: items[\(index)].price: nan \(finite)",
            ]
        }
        let rest: [String] = [
            #"firebase.items.parameter: "more" breaks items only under "items""#,
            "firebase.items.identity: 147 more \(identity)", "firebase.number.finite: 147 more \(finite)",
        ]
        #expect(
            FirebaseTag.event("purchase", ["items": items, "more": items]).ruleViolations.map(\.description)
                == firstThree + rest
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

    /// Across tags, a name of more than 4 KB is neither compared with the others nor counted, for
    /// every vendor: two that differ only by case make no finding, where two short ones do.
    @Test func namesOfMoreThan4KBAreNotReadAcrossTags() {
        let long = String(repeating: "x", count: 4_096)
        let names = ["Play", "play", "P" + long, "p" + long]
        let group = #""Play", "play" breaks names that differ only by case are different events"#
        #expect(
            MixpanelTag.ruleViolations(across: names.map { .track(event: $0, properties: [:]) }).map(\.description)
                == ["mixpanel.nameCase: " + group]
        )
        #expect(
            AmplitudeTag.ruleViolations(across: names.map { .track(eventType: $0, eventProperties: [:]) })
                .map(\.description) == ["amplitude.nameCase: " + group]
        )
        #expect(
            PianoTag.ruleViolations(across: names.map { .event($0) }).map(\.description) == ["piano.nameCase: " + group]
        )
        #expect(
            SegmentTag.ruleViolations(across: names.map { .track(event: $0, properties: [:]) }).map(\.description)
                == ["segment.nameCase: " + group]
        )
        #expect(
            FirebaseTag.ruleViolations(across: names.map { .event($0) }).map(\.description) == [
                "firebase.nameCase: " + group
            ]
        )
        // Amplitude takes 2,000 event types: 1,999 and two long ones are not too many.
        let types = (0..<1_999).map { "e\($0)" } + ["a" + long, "b" + long]
        #expect(AmplitudeTag.ruleViolations(across: types.map { .track(eventType: $0, eventProperties: [:]) }) == [])
    }

    /// A text far longer than its limit is sized in its bytes, however many there are: its UTF-16 units are not
    /// counted (a full read of a text outside ASCII), neither for the first nor for the others.
    @Test func everyFarLongerTextIsSizedInBytes() {
        let megabyte = String(repeating: "é", count: 524_288)  // 1,048,576 bytes
        let values = Dictionary(uniqueKeysWithValues: (0..<3).map { ("p\($0)", AnalyticsValue.string(megabyte + "")) })
        let limit = "breaks at most 1,024 UTF-16 units"
        #expect(
            AmplitudeTag.track(eventType: "Play", eventProperties: values).ruleViolations.map(\.description) == [
                "amplitude.stringValue.length: p0: 1,048,576 bytes of UTF-8 \(limit)",
                "amplitude.stringValue.length: p1: 1,048,576 bytes of UTF-8 \(limit)",
                "amplitude.stringValue.length: p2: 1,048,576 bytes of UTF-8 \(limit)",
            ]
        )
        // Names of 524,289 bytes, alike in their first 64 bytes and their lengths: in the dictionary's order.
        let names = (0..<3).map { (String(repeating: "é", count: 262_144) + "\($0)", FirebaseValue.int($0)) }
        let quoted = String(reflecting: String(repeating: "é", count: 64) + "…")
        let nameLimit = "breaks 1 to 40 UTF-16 units"
        #expect(
            FirebaseTag.event("play", Dictionary(uniqueKeysWithValues: names)).ruleViolations.map(\.description) == [
                "firebase.parameterName.length: \(quoted) (524,289 bytes of UTF-8) \(nameLimit)",
                "firebase.parameterName.length: \(quoted) (524,289 bytes of UTF-8) \(nameLimit)",
                "firebase.parameterName.length: \(quoted) (524,289 bytes of UTF-8) \(nameLimit)",
            ]
        )
        // Batch's tags: one given twice is one finding, told apart by its start and length, not its subject.
        let tags = [megabyte, megabyte + "", String(megabyte.dropLast()) + "e"]
        let tagLimit = "breaks at most 64 characters"
        #expect(
            BatchTag.event("play", [:], tags: tags).ruleViolations.map(\.description) == [
                "batch.tag.length: \(quoted) (1,048,576 bytes of UTF-8) \(tagLimit)",
                "batch.tag.length: \(quoted) (1,048,575 bytes of UTF-8) \(tagLimit)",
            ]
        )
    }

    /// Keys past the check's 65,536 bytes are compared by their first 64 bytes, then by their lengths (of 1,002 keys of
    /// 67 to 69 bytes). Their order holds where those bytes differ.
    @Test func keysPastTheBytesOfACheckAreComparedByTheirFirst64Bytes() {
        let bang = String(repeating: "!", count: 64)
        let keys = [bang + "aaa", bang + "z"] + (0..<1_000).map { String(1_000_000 + $0).dropFirst(2) + bang }
        let attributes = Dictionary(uniqueKeysWithValues: keys.map { (String($0), AnalyticsValue.int(1)) })
        let limit = "breaks 1 to 30 of [a-zA-Z0-9_]"
        #expect(
            BatchTag.event("play", attributes).ruleViolations.map(\.description) == [
                "batch.attributeCount: 1,002 attributes breaks at most 20",
                // All the bytes would put "…aaa" first; their first 64 are alike, and "…z" is shorter.
                "batch.attributeKey.format: \"\(bang)…\" (65 UTF-16 units) \(limit)",
                "batch.attributeKey.format: \"\(bang)…\" (67 UTF-16 units) \(limit)",
                "batch.attributeKey.format: \"00000\(bang.dropFirst(5))…\" (69 UTF-16 units) \(limit)",
                "batch.attributeKey.format: 5 more \(limit)",
            ]
        )
    }

    /// Far more keys than a vendor accepts (4 times, and 4,096) are reported by their count only: none is read.
    @Test func farMoreKeysThanAVendorAcceptsAreReportedByTheirCountOnly() {
        func properties(_ count: Int) -> [String: AnalyticsValue] {
            Dictionary(uniqueKeysWithValues: (0..<count).map { ("k\($0) x", AnalyticsValue.double(.nan)) })
        }
        let count = "mixpanel.propertyCount: 4,097 properties breaks at most 254"
        #expect(
            MixpanelTag.track(event: "Play", properties: properties(4_097)).ruleViolations.map(\.description) == [count]
        )
        let read = MixpanelTag.track(event: "Play", properties: properties(4_096)).ruleViolations.map(\.rule)
        #expect(read == ["mixpanel.propertyCount"] + Array(repeating: "mixpanel.number.finite", count: 4))
        // A Mixpanel profile takes 2,000 properties: past them, its count is found too.
        let profile = MixpanelTag.setPeopleProperties(properties(2_001)).ruleViolations.map(\.description)
        #expect(profile.first == "mixpanel.propertyCount: 2,001 properties breaks at most 2,000")
        #expect(
            MixpanelTag.setPeopleProperties(properties(8_001)).ruleViolations.map(\.rule) == ["mixpanel.propertyCount"]
        )
        // Piano sets no count (its checks read 100 keys): far more, and no finding says anything of them.
        #expect(PianoTag.event("play", properties(4_097)).ruleViolations == [])
        #expect(PianoTag.event("play", properties(4_096)).ruleViolations.count == 8)
    }
}
