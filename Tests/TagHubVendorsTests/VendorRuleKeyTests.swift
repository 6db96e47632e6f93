import TagHub
import TagHubVendors
import Testing

/// Which keys a check reads one by one, and in which order: the same findings for the same tag on
/// every run, and a key or two past a vendor's count hides none of the others' findings.
@Suite struct VendorRuleKeyTests {
    /// 6 keys alike in their first 64 bytes (32 × "é") and their length, each holding NaN: ordered by
    /// their whole bytes, whatever the order of the dictionary (its capacity, the order of insertion,
    /// the process's hashing seed).
    @Test func keysAlikeInTheirFirst64BytesAndTheirLengthAreOrderedByTheRest() {
        let keys = (0..<6).map { String(repeating: "é", count: 32) + "_k\($0)" }
        let expected =
            keys.prefix(3).map { "mixpanel.number.finite: \"\($0)\": nan breaks a finite number" }
            + ["mixpanel.number.finite: 3 more breaks a finite number"]
        for capacity in [6, 16, 64, 256] {
            for order in [keys, keys.reversed(), [3, 0, 5, 1, 4, 2].map { keys[$0] }] {
                var properties = [String: AnalyticsValue](minimumCapacity: capacity)
                for key in order { properties[key] = .double(.nan) }
                let findings = MixpanelTag.track(event: "Play", properties: properties).ruleViolations
                #expect(findings.map(\.description) == expected, "capacity \(capacity), order \(order)")
            }
        }
    }

    /// Past twice the keys Mixpanel accepts (254 on an event), the first 8 are checked: the 6 keys
    /// alike in their first 64 bytes and their length, then `ü000` and `ü001`, in the same order
    /// whatever the dictionary's.
    @Test func theFirst8KeysPastTwiceTheCountAreOrderedByTheRestToo() {
        let keys = (0..<6).map { String(repeating: "é", count: 32) + "_k\($0)" }
        let expected =
            ["mixpanel.propertyCount: 600 properties breaks at most 254"]
            + keys.prefix(3).map { "mixpanel.number.finite: \"\($0)\": nan breaks a finite number" }
            + ["mixpanel.number.finite: 3 more breaks a finite number"]
        for capacity in [600, 1_024, 4_096] {
            for order in [keys, keys.reversed()] {
                var properties = [String: AnalyticsValue](minimumCapacity: capacity)
                for index in 0..<594 { properties["ü" + String(String(1_000 + index).dropFirst())] = 1 }
                for key in order { properties[key] = .double(.nan) }
                let findings = MixpanelTag.track(event: "Play", properties: properties).ruleViolations
                #expect(findings.map(\.description) == expected, "capacity \(capacity), order \(order)")
            }
        }
    }

    /// In a finding about its value, a key of 1 to 64 ASCII letters, digits and `_`, starting with a letter, shows as it
    /// is; any other is quoted and escaped: none reads as a finding's own words, or as nothing.
    @Test func aKeyShowsAsItIsOnlyWhereItIsPlain() {
        let shown: KeyValuePairs<String, String> = [
            "item_id2": "item_id2", "$email": #""$email""#, "item-id": #""item-id""#, "_x": #""_x""#, "1x": #""1x""#,
            "": #""""#, "a b": #""a b""#, "é": #""é""#,
            "x: 1; mixpanel.number.finite: y": #""x: 1; mixpanel.number.finite: y""#, "a\"b": #""a\"b""#,
            String(repeating: "k", count: 64): String(repeating: "k", count: 64),
            String(repeating: "k", count: 65): "\"\(String(repeating: "k", count: 64))…\"",
        ]
        for (key, name) in shown {
            let findings = MixpanelTag.track(event: "Play", properties: [key: .double(.nan)]).ruleViolations
            #expect(findings.last?.description == "mixpanel.number.finite: \(name): nan breaks a finite number")
        }
    }

    /// A tag's description, which a snapshot's rule finding line quotes after `in`, quotes and escapes a key that is
    /// not an ASCII identifier, as its string values are: none reads as another key, or splits the line.
    @Test func aTagsDescriptionQuotesAKeyUnlessAnIdentifier() {
        let tag = MixpanelTag.track(event: "Play", properties: ["$email": "a", "a b": 1, "a\nb: 1, c": 2, "title": 3])
        #expect(tag.description == #"Play {"$email": "a", "a\nb: 1, c": 2, "a b": 1, title: 3}"#)
    }

    /// `count` keys `p000`, `p001`, …, each holding `value`.
    static func numbered(_ count: Int, _ value: AnalyticsValue = 1) -> [String: AnalyticsValue] {
        Dictionary(uniqueKeysWithValues: (0..<count).map { ("p" + String(String(1_000 + $0).dropFirst()), value) })
    }

    /// One parameter over Firebase's 25: the others are still checked one by one.
    @Test func aFirebaseParameterPastTheCountHidesNoOtherFinding() {
        var parameters = Self.numbered(24).mapValues { _ in FirebaseValue.int(1) }
        parameters["ga_source"] = "app"
        parameters["title"] = .string(String(repeating: "a", count: 150))
        #expect(
            FirebaseTag.event("play", parameters).ruleViolations.map(\.description) == [
                "firebase.parameterCount: 26 parameters breaks at most 25",
                #"firebase.parameterName.reservedPrefix: "ga_source" breaks no "ga_" prefix"#,
                "firebase.parameterValue.length: title: \"\(String(repeating: "a", count: 64))…\" (150 UTF-16 units)"
                    + " breaks at most 100 UTF-16 units",
            ]
        )
    }

    /// One property over Mixpanel's 254: the reserved `token` and its NaN are still found.
    @Test func aMixpanelPropertyPastTheCountHidesNoOtherFinding() {
        var properties = Self.numbered(254)
        properties["token"] = .double(.nan)
        #expect(
            MixpanelTag.track(event: "Play", properties: properties).ruleViolations.map(\.description) == [
                "mixpanel.propertyCount: 255 properties breaks at most 254",
                #"mixpanel.propertyName.reserved: "token" breaks not reserved by Mixpanel"#,
                "mixpanel.number.finite: token: nan breaks a finite number",
            ]
        )
    }

    /// Batch takes 20 attributes. Of up to 40 (twice as many), the first 28 by their bytes are checked
    /// (its 20, and 8 more); of more, the first 8: `p008 bad` is the 10th.
    @Test func batchChecksTheFirst28AttributesOfUpTo40AndTheFirst8OfMore() {
        func findings(_ attributes: [String: AnalyticsValue]) -> [String] {
            BatchTag.event("play", attributes).ruleViolations.map(\.description)
        }
        let format = "breaks 1 to 30 of [a-zA-Z0-9_]"
        var attributes = Self.numbered(20)
        attributes["bad key"] = 1
        #expect(
            findings(attributes) == [
                "batch.attributeCount: 21 attributes breaks at most 20",
                #"batch.attributeKey.format: "bad key" \#(format)"#,
            ]
        )
        attributes = Self.numbered(27)
        attributes["q bad"] = 1  // the 28th
        #expect(findings(attributes).last == #"batch.attributeKey.format: "q bad" \#(format)"#)
        attributes["p027"] = 1  // "q bad" is the 29th
        #expect(findings(attributes) == ["batch.attributeCount: 29 attributes breaks at most 20"])
        attributes = Self.numbered(39)
        attributes["p008 bad"] = 1
        #expect(
            findings(attributes) == [
                "batch.attributeCount: 40 attributes breaks at most 20",
                #"batch.attributeKey.format: "p008 bad" \#(format)"#,
            ]
        )
        attributes["p039"] = 1
        #expect(findings(attributes) == ["batch.attributeCount: 41 attributes breaks at most 20"])
    }

    /// A key's bytes count six times in a tag's 65,536 where it is not ASCII (several rules read its scalars, one or two
    /// a value's): of 5 keys of 2,502 bytes, the first 4 are read (60,048 bytes), the fifth is not.
    @Test func nonASCIIKeysAreReadWithinTheTagsBytesSixTimesOver() {
        let keys = (0..<5).map { "k" + String(repeating: "é", count: 1_250) + "\($0)" }
        let properties = Dictionary(uniqueKeysWithValues: keys.map { ($0, AnalyticsValue.int(1)) })
        let tags: [(any RuleCheckedVendorTag, String)] = [
            (MixpanelTag.track(event: "Play", properties: properties), "mixpanel.propertyName.length"),
            (PianoTag.event("play", properties), "piano.propertyKey.length"),
            (FirebaseTag.event("play", properties.mapValues { _ in 1 }), "firebase.parameterName.length"),
        ]
        for (tag, rule) in tags {
            let findings = tag.ruleViolations
            #expect(findings.map(\.rule) == Array(repeating: rule, count: 4), "\(tag)")
            #expect(findings.last?.subject == "1 more", "\(tag)")  // 3 shown, and the fourth
        }
        // Batch reads its keys' case within the tag's bytes too: of 5 pairs of keys that differ only by case, the
        // first 4 keys in the order of their bytes ("0É…", "0é…", "1É…", "1é…") are read: 2 pairs.
        let pairs = (0..<5).flatMap { index in ["É", "é"].map { "\(index)" + String(repeating: $0, count: 1_250) } }
        let batch = BatchTag.event("play", Dictionary(uniqueKeysWithValues: pairs.map { ($0, AnalyticsValue.int(1)) }))
        #expect(batch.ruleViolations.count { $0.rule == "batch.attributeKey.case" } == 2)
        // An ASCII key is read on its bytes, and counts once: 999 keys of 18 bytes and a value (Amplitude takes 1,000).
        var amplitude = Dictionary(
            uniqueKeysWithValues: (0..<999).map { ("property_\(100_000_000 + $0)", AnalyticsValue.int($0)) }
        )
        amplitude["zzzz_description"] = .string(String(repeating: "x", count: 2_000))
        #expect(
            AmplitudeTag.track(eventType: "Play", eventProperties: amplitude).ruleViolations.map(\.description) == [
                "amplitude.stringValue.length: zzzz_description: 2,000 UTF-16 units breaks at most 1,024 UTF-16 units"
            ]
        )
    }

    /// A purchase within every limit of Firebase's, 200 items of 10 parameters each, is read whole: its item names are
    /// read once each, and values to the last.
    @Test func aFullPurchaseIsReadToItsLastItem() {
        var items: [[String: FirebaseItemValue]] = (0..<200).map { index in
            [
                "item_id": .string("sku-\(index)"), "item_name": "Swift Talk", "item_brand": "objc.io",
                "item_category": "video",
                "item_category2": "swift", "item_variant": "hd", "price": 4.99, "quantity": 1, "coupon": "SPRING",
                "affiliation": "store",
            ]
        }
        items[199]["item_name"] = .string(String(repeating: "n", count: 150))
        let purchase = FirebaseTag.event(
            "purchase",
            [
                "currency": "EUR", "value": 998.0, "items": .items(items),
                "transaction_id": .string(String(repeating: "t", count: 150)),
            ]
        )
        let limit = "breaks at most 100 UTF-16 units"
        #expect(
            purchase.ruleViolations.map(\.description) == [
                "firebase.parameterValue.length: items[199].item_name: \"\(String(repeating: "n", count: 64))…\" (150 UTF-16 units) \(limit)",
                "firebase.parameterValue.length: transaction_id: \"\(String(repeating: "t", count: 64))…\" (150 UTF-16 units) \(limit)",
            ]
        )
    }

    /// A purchase within every limit of Firebase's, of 200 items of four or six Japanese texts of 35 characters
    /// (105 bytes, each counted in UTF-16 units for a quarter of its bytes) or of 25 parameters (21 custom), is read
    /// to its last item: an item named as the one before it has only its values read.
    @Test func aJapaneseShopsFullPurchaseIsReadToItsLastItem() {
        let text = String(repeating: "\u{5546}\u{54C1}\u{540D}\u{3067}\u{3059}", count: 7)  // 35 characters
        let japanese: [[String: FirebaseItemValue]] = (0..<200).map { index in
            let values = ["item_id", "item_name", "item_brand", "item_category"].map {
                ($0, FirebaseItemValue.string(text))
            }
            return Dictionary(
                uniqueKeysWithValues: values + [("price", index == 199 ? .double(.nan) : 4.99), ("quantity", 1)]
            )
        }
        let custom: [[String: FirebaseItemValue]] = (0..<200).map { index in
            var item: [String: FirebaseItemValue] = ["item_id": "sku", "item_name": "Tea", "quantity": 1]
            item["price"] = index == 199 ? .double(.nan) : 4.99
            for dimension in 0..<21 { item["custom_dimension_\(dimension)"] = "blue" }
            return item
        }
        let sixTexts: [[String: FirebaseItemValue]] = japanese.map { item in  // 6 texts an item cost 16 bytes each
            item.merging(["item_variant": .string(text), "item_list_name": .string(text)]) { old, _ in old }
        }
        for items in [japanese, custom, sixTexts] {
            let purchase = FirebaseTag.event(
                "purchase",
                ["items": .items(items), "transaction_id": .string(String(repeating: "t", count: 120))]
            )
            #expect(
                purchase.ruleViolations.map(\.description) == [
                    "firebase.number.finite: items[199].price: nan breaks a finite number",
                    "firebase.parameterValue.length: transaction_id: \"\(String(repeating: "t", count: 64))…\" (120 UTF-16 units) breaks at most 100 UTF-16 units",
                ]
            )
        }
    }

    /// An item's `item_id` or `item_name` is read for blankness within the tag's bytes, each blank scalar as a
    /// key's bytes: of 199 items identified by 4,096 tabs each, the first 15 are found unidentified, and too long
    /// by their bytes; past the tag's bytes, no text is read, not even for its size, and an ID that is not empty
    /// counts as showing something; an empty one still does not.
    @Test func blankItemIDsAreReadWithinTheTagsBytes() {
        let tabs = FirebaseItemValue.string(String(repeating: "\t", count: 4_096))
        let items = Array(repeating: ["item_id": tabs], count: 199) + [["item_id": ""]]
        let purchase = FirebaseTag.event("purchase", ["items": .items(items)])
        let shown = "\"\(String(repeating: "\\t", count: 32))…\" (4,096 UTF-16 units)"
        #expect(
            purchase.ruleViolations.map(\.description) == [
                "firebase.items.identity: items[0] breaks an item_id or an item_name, not blank",
                "firebase.parameterValue.length: items[0].item_id: \(shown) breaks at most 100 UTF-16 units",
                "firebase.items.identity: items[1] breaks an item_id or an item_name, not blank",
                "firebase.parameterValue.length: items[1].item_id: \(shown) breaks at most 100 UTF-16 units",
                "firebase.items.identity: items[2] breaks an item_id or an item_name, not blank",
                "firebase.parameterValue.length: items[2].item_id: \(shown) breaks at most 100 UTF-16 units",
                "firebase.items.identity: 13 more breaks an item_id or an item_name, not blank",
                "firebase.parameterValue.length: 12 more breaks at most 100 UTF-16 units",
            ]
        )
    }

    /// Names that a string compares slowly, a letter and 2,047 marks of two classes in turn (reordered at each
    /// comparison, 1 to 3 ms), are compared by their bytes, as vendors compare names: "A…" and "a…" differ by case.
    @Test func namesOfLongRunsOfMarksAreComparedByTheirBytes() {
        let marks = String(repeating: "\u{301}\u{316}", count: 1_023) + "\u{301}"
        let shown = { (letter: String) in
            "\"\(letter)\(String(marks.unicodeScalars.prefix(63)))…\" (2,048 UTF-16 units)"
        }
        let tags = ["A", "b", "a"].map { MixpanelTag.track(event: $0 + marks, properties: [:]) }
        #expect(
            MixpanelTag.ruleViolations(across: tags).map(\.description) == [
                "mixpanel.nameCase: \(shown("A")), \(shown("a")) breaks names that differ only by case are different events"
            ]
        )
        // Texts shown alike are one finding where their bytes are equal: "é" and "e" with a combining accent are two.
        let texts = BatchTag.event("play", ["t": .array(["\u{E9}\n", "e\u{301}\n", "\u{E9}\n"])]).ruleViolations
        #expect(
            texts.map(\.description)
                == ["\u{E9}", "e\u{301}"].map {
                    #"batch.stringValue.newline: t: "\#($0)\n" breaks no line break"#
                }
        )
    }

    /// A reserved prefix is matched on a name's bytes, as the SDKs' `hasPrefix` on `NSString` matches it: a combining
    /// mark after the prefix's `_` (one character with it, to Swift's `hasPrefix`) leaves the prefix there.
    @Test func reservedPrefixesAreMatchedOnTheNamesBytes() {
        #expect(
            FirebaseTag.event("ga_\u{301}play").ruleViolations.map(\.description) == [
                #"firebase.eventName.characters: "ga_\u{301}play" breaks letters, digits and _ only, starting with a letter"#,
                "firebase.eventName.reservedPrefix: \"ga_\u{301}play\" breaks no \"ga_\" prefix",
            ]
        )
        #expect(
            PianoTag.event("play", ["visit_\u{301}x": 1]).ruleViolations.map(\.description) == [
                "piano.propertyKey.reservedPrefix: \"visit_\u{301}x\" breaks no \"visit_\" prefix"
            ]
        )
    }
}
