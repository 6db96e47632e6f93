import TagHub
import TagHubVendors
import Testing

/// Firebase's checks as the guards bound them: what is far beyond a limit is reported by its size
/// and not read further, and no scalar that moves or hides text reaches a finding raw.
@Suite struct FirebaseRuleTests {
    static let identifierLimit = "letters, digits and _ only, starting with a letter"

    /// A right-to-left override, a newline and a zero-width space, in a parameter's name and in an
    /// item parameter's name: escaped in the findings about the name and about its value.
    @Test func aKeyWithControlAndInvisibleScalarsIsEscapedInEveryFinding() {
        let key = "a\u{202E}b\nc\u{200B}d"
        let escaped = #"a\u{202E}b\nc\u{200B}d"#
        #expect(
            FirebaseTag.event("play", [key: .double(.nan)]).ruleViolations.map(\.description) == [
                "firebase.parameterName.characters: \"\(escaped)\" breaks \(Self.identifierLimit)",
                "firebase.number.finite: \"\(escaped)\": nan breaks a finite number",
            ]
        )
        let item: [String: FirebaseItemValue] = ["item_id": "a", key: .string(String(repeating: "x", count: 101))]
        #expect(
            FirebaseTag.event("purchase", ["items": .items([item])]).ruleViolations.map(\.description) == [
                "firebase.itemParameterName.characters: items[0]: \"\(escaped)\" breaks \(Self.identifierLimit)",
                "firebase.parameterValue.length: items[0].\"\(escaped)\": \"\(String(repeating: "x", count: 64))…\" "
                    + "(101 UTF-16 units) breaks at most 100 UTF-16 units",
            ]
        )
        #expect(
            FirebaseTag.userProperty(name: key, value: nil).ruleViolations.map(\.description) == [
                "firebase.userPropertyName.characters: \"\(escaped)\" breaks \(Self.identifierLimit)"
            ]
        )
    }

    /// A name past 4 KB is reported by its length only, in bytes: its characters, prefixes and case are not read.
    @Test func aNameFarLongerThanItsLimitIsReportedByItsLengthOnly() {
        let dashes = String(repeating: "-", count: 5_000)
        let quoted = "\"\(String(repeating: "-", count: 64))…\" (5,000 bytes of UTF-8)"
        #expect(
            FirebaseTag.event("_" + dashes).ruleViolations.map(\.description) == [
                "firebase.eventName.length: \"_\(String(repeating: "-", count: 63))…\" (5,001 bytes of UTF-8) breaks 1 to 40 UTF-16 units"
            ]
        )
        // Two such names that differ only by case are two names, not compared for their case.
        let upper = "A" + dashes
        let lower = "a" + dashes
        #expect(
            FirebaseTag.event("play", [upper: 1, lower: 2]).ruleViolations.map(\.rule) == [
                "firebase.parameterName.length", "firebase.parameterName.length",
            ]
        )
        #expect(FirebaseTag.ruleViolations(across: [.event(upper), .event(lower)]) == [])
        // A shorter name is read: its characters, and its case against the others.
        #expect(
            FirebaseTag.event("play", ["Bad-Name": 1, "bad-name": 2]).ruleViolations.map(\.description) == [
                "firebase.parameterName.characters: \"Bad-Name\" breaks \(Self.identifierLimit)",
                "firebase.parameterName.characters: \"bad-name\" breaks \(Self.identifierLimit)",
                "firebase.parameterName.case: \"Bad-Name\", \"bad-name\" breaks names that differ only by case are different parameters",
            ]
        )
        #expect(
            FirebaseTag.userID(dashes).ruleViolations.map(\.description) == [
                "firebase.userID.length: \(quoted) breaks 1 to 256 UTF-16 units"
            ]
        )
    }

    /// Of more than twice the parameters Firebase takes, the count is reported and the first 8 by key
    /// are checked one by one.
    @Test func manyParametersAreCountedAndOnlyTheFirstAreChecked() {
        let parameters = Dictionary(uniqueKeysWithValues: (0..<1_000).map { ("p\($0)", FirebaseValue.double(.nan)) })
        #expect(
            FirebaseTag.event("play", parameters).ruleViolations.map(\.description) == [
                "firebase.parameterCount: 1,000 parameters breaks at most 25",
                "firebase.number.finite: p0: nan breaks a finite number",
                "firebase.number.finite: p1: nan breaks a finite number",
                "firebase.number.finite: p10: nan breaks a finite number",
                "firebase.number.finite: 5 more breaks a finite number",
            ]
        )
    }

    /// Of the items, the 200 that Firebase keeps are checked; the others are only counted.
    @Test func onlyTheItemsFirebaseKeepsAreChecked() {
        let item: [String: FirebaseItemValue] = ["price": .double(.nan)]
        #expect(
            FirebaseTag.event("purchase", ["items": .items(Array(repeating: item, count: 4_097))]).ruleViolations
                .map(\.description) == [
                    "firebase.items.count: 4,097 items breaks at most 200 (the rest are dropped)",
                    "firebase.items.identity: items[0] breaks an item_id or an item_name, not blank",
                    "firebase.number.finite: items[0].price: nan breaks a finite number",
                    "firebase.items.identity: items[1] breaks an item_id or an item_name, not blank",
                    "firebase.number.finite: items[1].price: nan breaks a finite number",
                    "firebase.items.identity: items[2] breaks an item_id or an item_name, not blank",
                    "firebase.number.finite: items[2].price: nan breaks a finite number",
                    "firebase.items.identity: 197 more breaks an item_id or an item_name, not blank",
                    "firebase.number.finite: 197 more breaks a finite number",
                ]
        )
    }

    /// Items are read within the tag's budget of 16,384 values, each item counting as one and its
    /// parameters, and read only where it fits in what is left: of 200 items of 101 values, the first 162
    /// are checked, 16,362 values. Lists under other keys are reported, their items not read.
    @Test func itemsAreReadWithinTheTagsBudgetOfValues() {
        var item: [String: FirebaseItemValue] = [:]
        for index in 0..<100 { item["c\(index)"] = .int(index) }
        let list = FirebaseValue.items(Array(repeating: item, count: 200))
        let (identity, custom) = (
            "breaks an item_id or an item_name, not blank", "100 custom parameters breaks at most 27"
        )
        let parameter = "breaks items only under \"items\""
        let expected: [String] = [
            "firebase.items.parameter: \"a\" \(parameter)",
            "firebase.items.parameter: \"b\" \(parameter)",
            "firebase.items.parameter: \"c\" \(parameter)",
            "firebase.items.identity: items[0] \(identity)",
            "firebase.items.customParameterCount: items[0]: \(custom)",
            "firebase.items.identity: items[1] \(identity)",
            "firebase.items.customParameterCount: items[1]: \(custom)",
            "firebase.items.identity: items[2] \(identity)",
            "firebase.items.customParameterCount: items[2]: \(custom)",
            "firebase.items.identity: 159 more \(identity)",
            "firebase.items.customParameterCount: 159 more breaks at most 27",
        ]
        let parameters: [String: FirebaseValue] = ["items": list, "a": list, "b": list, "c": list]
        #expect(FirebaseTag.event("purchase", parameters).ruleViolations.map(\.description) == expected)
    }

    /// A parameter name is checked with the first item that has it, and its values with every item; names
    /// that differ only by case are found across the list's items, once, after them.
    @Test func aNameIsCheckedWithTheFirstItemThatHasIt() {
        let first: [String: FirebaseItemValue] = ["item_id": "a", "Color": "red", "2nd": "x", "price": 1]
        let second: [String: FirebaseItemValue] = ["item_id": "b", "Size": "M", "size": "L"]
        var items = [first, second, first, second, first]
        items[2]["price"] = .double(.nan)
        let limit = "breaks names that differ only by case are different item parameters"
        #expect(
            FirebaseTag.event("purchase", ["items": .items(items + [["item_id": "c", "color": "blue"]])])
                .ruleViolations.map(\.description) == [
                    "firebase.itemParameterName.characters: items[0]: \"2nd\" breaks letters, digits and _ only, starting with a letter",
                    "firebase.number.finite: items[2].price: nan breaks a finite number",
                    "firebase.itemParameterName.case: items: \"Color\", \"color\" \(limit)",
                    "firebase.itemParameterName.case: items: \"Size\", \"size\" \(limit)",
                ]
        )
    }

    /// A name read before costs nothing: 200 items of 27 custom names in Greek (six times their bytes each
    /// the first time), or in Japanese of more than 40 bytes (14 characters, within Firebase's 40 UTF-16
    /// units; or 38, 2,970 bytes of names an item), or each item named otherwise, all within Firebase's limits,
    /// are read to the last item.
    @Test(arguments: [
        ("χρώμα_", false), ("χρώμα_", true), ("商品カテゴリー詳細情報区分名", false),
        (String(repeating: "商品区分", count: 9), false),
    ])
    func everyItemOfALongListIsReadToTheLast(name: String, namedOtherwise: Bool) {
        let findings = Self.findingsWithTheLastPriceNaN { index in
            var item: [String: FirebaseItemValue] = ["item_id": .string("sku\(index)"), "price": 9.5]
            for custom in 0..<27 { item["\(name)\(custom)"] = "κόκκινο" }
            if namedOtherwise { item["\(name)26_\(index)"] = item.removeValue(forKey: "\(name)26") }
            return item
        }
        #expect(findings == ["firebase.number.finite: items[199].price: nan breaks a finite number"])
    }

    /// Twelve standard parameters of an item that take texts.
    static let textNames = [
        "item_name", "affiliation", "coupon", "item_brand", "item_category", "item_category2", "item_category3",
        "item_category4", "item_category5", "item_list_name", "item_variant", "promotion_name",
    ]

    /// The findings of a purchase of 200 items that `item` makes of their indices, the last one's price NaN.
    static func findingsWithTheLastPriceNaN(_ item: (Int) -> [String: FirebaseItemValue]) -> [String] {
        var items = (0..<200).map(item)
        items[199]["price"] = .double(.nan)
        return FirebaseTag.event("purchase", ["items": .items(items)]).ruleViolations.map(\.description)
    }

    /// Once the check's bytes are spent (here on counted texts: 12 an item of 60 `é`, 120 bytes, a quarter of
    /// them each), a later item's names read before are still read, and its numbers checked: not its texts.
    @Test func anItemsNumbersAreCheckedPastTheChecksBytes() {
        let findings = Self.findingsWithTheLastPriceNaN { index in
            var item: [String: FirebaseItemValue] = ["item_id": .string("sku\(index)"), "price": 9.5]
            for name in Self.textNames { item[name] = .string(String(repeating: "é", count: 60)) }
            return item
        }
        #expect(findings == ["firebase.number.finite: items[199].price: nan breaks a finite number"])
    }

    /// Names that differ only by case are looked for among the first 57 names read in a list (as many as an
    /// item is read by), across its items: `X` in the second item is the 57th name read after 55 others and
    /// `x`, and is compared; after 56 others, it is the 58th, and is not.
    @Test(arguments: [(55, true), (56, false)])
    func namesAreComparedByCaseAmongTheFirstRead(others: Int, isCompared: Bool) {
        var first: [String: FirebaseItemValue] = ["item_id": "a", "x": 1]  // `x` after `item_id` and `n…`
        for index in 0..<others - 1 { first["n\(index)"] = 1 }
        let tag = FirebaseTag.event("purchase", ["items": .items([first, ["item_id": "b", "X": 1]])])
        let custom = "firebase.items.customParameterCount: items[0]: \(others) custom parameters breaks at most 27"
        let group =
            "firebase.itemParameterName.case: items: \"X\", \"x\" breaks names that differ only by case are different item parameters"
        #expect(tag.ruleViolations.map(\.description) == (isCompared ? [custom, group] : [custom]))
    }

    /// An item with many custom parameters: its count, then only its first parameters are read, whose
    /// names that differ only by case are found; an ID past 4 KB is taken as one, not read for blanks.
    @Test func anItemWithManyParametersIsCountedAndReadByItsFirstKeys() {
        var item: [String: FirebaseItemValue] = ["item_id": .string(String(repeating: " ", count: 5_000))]
        for index in 0..<100 { item["c\(index)"] = .int(index) }
        item["C0"] = 1
        item["c99"] = .double(.infinity)
        #expect(
            FirebaseTag.event("purchase", ["items": .items([item])]).ruleViolations.map(\.description) == [
                "firebase.items.customParameterCount: items[0]: 101 custom parameters breaks at most 27",
                "firebase.itemParameterName.case: items: \"C0\", \"c0\" breaks names that differ only by case are different item parameters",
            ]
        )
    }
}
