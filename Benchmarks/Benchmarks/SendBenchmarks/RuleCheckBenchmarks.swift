import Benchmark
import TagHub
import TagHubVendors

// What a vendor tag's rule check (`ruleViolations`) costs, release build. The goals: any tag,
// whatever its size, is checked in at most 5 ms (the large tags below, one check per sample); a
// typical tag (10 parameters) costs about what it cost before the checks were rewritten (compare
// within one run: the machine's runs vary by up to 2×). Only the check is measured: each tag is
// built before `startMeasurement()`, and released after `stopMeasurement()`.
//
// The random tags of every vendor, 100,000 each, and their slowest check: the fuzz program
// (Benchmarks/rule-check-fuzz.sh, Benchmarks/Fuzz/RuleCheckFuzz).

/// Registers the rule check benchmarks. `benchmarks` (SendBenchmarks.swift) calls it after setting
/// `Benchmark.defaultConfiguration`, which the typical tags use: 1,000 checks per sample.
func ruleCheckBenchmarks() {
    // MARK: - A typical tag: the figures are per check (scaling factor .kilo)

    registerRuleCheckForEveryVendor("a typical tag (5 short properties)") { $0.typical(RuleCheckTags.typical5) }
    registerRuleCheckForEveryVendor("a typical tag (10 parameters)") { $0.typical(RuleCheckTags.typical10) }

    // MARK: - Large tags (goal: at most 5 ms each): one check per sample

    let large = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: isSmokeRun ? 0 : 3,
        scalingFactor: .one,
        maxDuration: isSmokeRun ? .milliseconds(20) : .seconds(2),
        maxIterations: isSmokeRun ? 2 : 200
    )

    // A string checked for the first time: the one a new tag holds. A string remembers what was
    // read of it (the breadcrumbs of its UTF-16 offsets), so that a check repeated on one string
    // would measure a cheaper second reading; each sample makes its own.
    registerRuleCheckForEveryVendor("1 MB fresh non-ASCII value", configuration: large) {
        $0.value(.string(RuleCheckTags.freshNonASCIIMegabyte()))
    }
    registerRuleCheckForEveryVendor("100,000 keys of random scalars", configuration: large) {
        RuleCheckTags.randomKeyTags[$0]!
    }
    // The review of issue 26: tags of a few kilobytes in memory that once took seconds to check.
    registerRuleCheckForEveryVendor("16 keys sharing 4,096 texts of 1,100 to 5,195 characters", configuration: large) {
        $0.properties(RuleCheckTags.sharedLongTexts)
    }
    registerRuleCheckForEveryVendor("8,000 keys sharing a 4,000-byte prefix", configuration: large) {
        $0.properties(RuleCheckTags.prefixedKeys)
    }
    // The second review of issue 26: far longer texts whose findings counted their UTF-16 units, and
    // keys past the check's bytes compared with each other.
    registerRuleCheckForEveryVendor("18 texts of 1 MB non-ASCII", configuration: large) {
        RuleCheckTags.freshFarLongerTexts($0)
    }
    registerRuleCheckForEveryVendor("100,000 keys sharing a 64-byte prefix", configuration: large) {
        $0.properties(RuleCheckTags.sharedPrefixKeys)
    }
    // The fourth review of issue 26: one character of a megabyte (a letter and its marks), which a string
    // comparison, a dictionary lookup among such keys or a `Substring`'s character count reads whole.
    registerRuleCheckForEveryVendor("a key and 20 values of one character of 1 MB", configuration: large) {
        $0.properties(RuleCheckTags.megabyteCharacters)
    }
    registerRuleCheck(.firebase, "200 items, each with a key of one character of 1 MB", configuration: large) { _ in
        RuleCheckTags.megabyteCharacterItems
    }
    // A character whose marks alternate two classes: Swift reorders them each time it compares it as a string.
    registerRuleCheck(.segment, "an event of one character of 128 KB (marks of 2 classes)", configuration: large) { _ in
        SegmentTag.track(event: "A" + String(repeating: "\u{301}\u{316}", count: 31_999), properties: [:])
    }
    // The verification review of the fourth: names, keys, IDs and texts of 4 KB, each a letter and marks of two classes
    // in turn, which a string reorders each time it hashes or compares them (1 to 3 ms a time); checks compare bytes.
    registerRuleCheckForEveryVendor("16 keys and 16 × 15 texts of 4 KB of marks of 2 classes", configuration: large) {
        $0.properties(RuleCheckTags.markRunKeys)
    }
    registerRuleCheckForEveryVendor("an ID of 4 KB of marks of 2 classes", configuration: large) {
        $0.id(RuleCheckTags.markRun("a"))
    }
    // An ID past 4,096 bytes is neither trimmed nor lowercased (Mixpanel: compared with its placeholders).
    registerRuleCheckForEveryVendor("an ID of 1 MB fresh non-ASCII", configuration: large) {
        $0.id(RuleCheckTags.freshNonASCIIMegabyte())
    }
    for vendor in RuleCheckTags.Vendor.allCases where vendor != .batch {  // Batch has no rule across tags
        let what = "across 16 tags named with 4 KB of marks of 2 classes"
        Benchmark("Rule check: \(vendor.name), \(what)", configuration: large) { benchmark in
            measureRuleCheck(across: RuleCheckTags.markRunNames.map(vendor.event), benchmark)
        }
    }
    // The review of that change: tags it found past 5 ms, each through a rule that read or hashed too much.
    let reviewed: [(RuleCheckTags.Vendor, String, any RuleCheckedVendorTag)] = [
        (.firebase, "200 items of 80 keys of a letter and 19 marks", RuleCheckTags.markedItems),
        (.firebase, "165 items of 98 keys of 668 bytes alike", RuleCheckTags.alikeItems),
        (.mixpanel, "64 keys of a letter and 126 marks of 9 classes", RuleCheckTags.nineClassKeys),
        (.segment, "2,869 keys of 6 letters, in pairs that differ by case", RuleCheckTags.casePairKeys),
        (.batch, "15,625 texts of a line break and white space", RuleCheckTags.whiteSpaceTexts),
        (.piano, "108 keys of 150 bytes of \u{1C4}", RuleCheckTags.dzKeys),
        // The review of those fixes: blank texts, a label and tags read outside the check's bytes.
        (.firebase, "200 items whose item_id and item_name are 4,096 tabs", RuleCheckTags.tabIDItems),
        (
            .batch, "15,625 texts of 48 bytes of white space, 18 tags of 4 KB of marks",
            RuleCheckTags.longWhiteSpaceTexts
        ),
        // The review of those: items read one by one, and their texts counted.
        (.firebase, "200 items of 22 standard and 27 custom parameters", RuleCheckTags.fullItems()),
        (
            .firebase, "200 items of 49 parameters, each item named otherwise",
            RuleCheckTags.fullItems(namedOtherwise: true)
        ),
    ]
    for (vendor, what, tag) in reviewed {
        registerRuleCheck(vendor, what, configuration: large) { _ in tag }
    }
    // Texts counted for the first time, as a new tag's are: each sample makes its own.
    registerRuleCheck(.firebase, "200 items of 81 fresh texts of 300 bytes of é", configuration: large) { _ in
        RuleCheckTags.freshLongTextItems()
    }
    // The fourth verification review: items each of its own dictionary and keys, their names read before or new.
    registerRuleCheck(.firebase, "200 items of 57 fresh names of 40 bytes, alike", configuration: large) { _ in
        RuleCheckTags.freshItems { _, name in String(repeating: "k", count: 36) + String(1_000 + name * 7) }
    }
    registerRuleCheck(.firebase, "200 items of 57 fresh names, new in each item", configuration: large) { _ in
        RuleCheckTags.freshItems { item, name in "A\(item * 57 + name)" }
    }
    // Firebase takes no nested value: its largest input instead, the most items an event can hold
    // many times over.
    registerRuleCheck(.firebase, "100,000 items (no nested values in Firebase)", configuration: large) { _ in
        RuleCheckTags.manyItemsFirebase
    }
    for vendor in RuleCheckTags.Vendor.allCases where vendor != .firebase {
        registerRuleCheck(vendor, "a value nested 100,000 deep", configuration: large) {
            $0.value(RuleCheckTags.deeplyNested)
        }
    }
}

/// A benchmark named "Rule check: `vendor`, `what`" that checks the tag `makeTag` makes
/// `scaledIterations` times per sample. `makeTag` runs in each sample before `startMeasurement()`.
func registerRuleCheck(
    _ vendor: RuleCheckTags.Vendor,
    _ what: String,
    configuration: Benchmark.Configuration = Benchmark.defaultConfiguration,
    makeTag: @escaping @Sendable (RuleCheckTags.Vendor) -> any RuleCheckedVendorTag
) {
    Benchmark("Rule check: \(vendor.name), \(what)", configuration: configuration) { benchmark in
        measureRuleCheck(of: makeTag(vendor), benchmark)
    }
}

/// ``registerRuleCheck(_:_:configuration:makeTag:)`` for each vendor, in the order of ``RuleCheckTags/Vendor``.
func registerRuleCheckForEveryVendor(
    _ what: String,
    configuration: Benchmark.Configuration = Benchmark.defaultConfiguration,
    makeTag: @escaping @Sendable (RuleCheckTags.Vendor) -> any RuleCheckedVendorTag
) {
    for vendor in RuleCheckTags.Vendor.allCases {
        registerRuleCheck(vendor, what, configuration: configuration, makeTag: makeTag)
    }
}

/// Checks `tag` `scaledIterations` times, measured; opened so that the check is called on the
/// concrete tag, as a strategy calls it.
func measureRuleCheck<Tag: RuleCheckedVendorTag>(of tag: Tag, _ benchmark: Benchmark) {
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        blackHole(tag.ruleViolations)
    }
    benchmark.stopMeasurement()
}

/// Checks `tags`, all of one vendor, across (`ruleViolations(across:)`), `scaledIterations` times per sample, measured.
func measureRuleCheck(across tags: [any RuleCheckedVendorTag], _ benchmark: Benchmark) {
    func open<First: RuleCheckedVendorTag>(_ first: First) {
        let tags = tags.map { $0 as! First }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(First.ruleViolations(across: tags))
        }
        benchmark.stopMeasurement()
    }
    open(tags[0])
}

/// The tags checked. The large inputs are static properties, built on their first use, so that a
/// process builds only the one its benchmark checks.
enum RuleCheckTags {
    /// The six vendors, each with a tag made of a dictionary of properties.
    enum Vendor: CaseIterable, Sendable {
        case firebase, mixpanel, amplitude, segment, batch, piano

        var name: String {
            switch self {
            case .firebase: "Firebase"
            case .mixpanel: "Mixpanel"
            case .amplitude: "Amplitude"
            case .segment: "Segment"
            case .batch: "Batch"
            case .piano: "Piano"
            }
        }

        /// The vendor's event with `properties` (Firebase: its parameters; Booleans as 0 and 1,
        /// arrays and nulls as 0).
        func properties(_ properties: [String: AnalyticsValue]) -> any RuleCheckedVendorTag {
            switch self {
            case .firebase: FirebaseTag.event("podcast_played", properties.mapValues(RuleCheckTags.parameter))
            case .mixpanel: MixpanelTag.track(event: "Podcast Played", properties: properties)
            case .amplitude: AmplitudeTag.track(eventType: "Podcast Played", eventProperties: properties)
            case .segment: SegmentTag.track(event: "Podcast Played", properties: properties)
            case .batch: BatchTag.event("podcast_played", properties)
            case .piano: PianoTag.event("podcast.played", properties)
            }
        }

        /// The vendor's event named `name`, without properties.
        func event(_ name: String) -> any RuleCheckedVendorTag {
            switch self {
            case .firebase: FirebaseTag.event(name)
            case .mixpanel: MixpanelTag.track(event: name, properties: [:])
            case .amplitude: AmplitudeTag.track(eventType: name, eventProperties: [:])
            case .segment: SegmentTag.track(event: name, properties: [:])
            case .batch: BatchTag.event(name, [:])
            case .piano: PianoTag.event(name, [:])
            }
        }

        /// The vendor's tag that sets the user's ID to `id`.
        func id(_ id: String) -> any RuleCheckedVendorTag {
            switch self {
            case .firebase: FirebaseTag.userID(id)
            case .mixpanel: MixpanelTag.identify(distinctID: id)
            case .amplitude: AmplitudeTag.setUserID(id)
            case .segment: SegmentTag.identify(userID: id, traits: [:])
            case .batch: BatchTag.customUserID(id)
            case .piano: PianoTag.setUser(id: id, category: nil)
            }
        }

        /// The vendor's event with one property, `title`, of `value`.
        func value(_ value: AnalyticsValue) -> any RuleCheckedVendorTag {
            properties(["title": value])
        }

        /// The vendor's event with `properties`, which must break no rule: a typical tag's check
        /// is the one that finds nothing.
        func typical(_ properties: [String: AnalyticsValue]) -> any RuleCheckedVendorTag {
            let tag = self.properties(properties)
            precondition(tag.ruleViolations.isEmpty, "\(tag) breaks \(tag.ruleViolations)")
            return tag
        }
    }

    /// `value` as a Firebase parameter.
    static func parameter(_ value: AnalyticsValue) -> FirebaseValue {
        switch value {
        case .string(let string): .string(string)
        case .int(let int): .int(int)
        case .double(let double): .double(double)
        case .bool(let bool): .int(bool ? 1 : 0)
        case .array, .null: .int(0)
        }
    }

    // MARK: - Typical tags, which every vendor accepts

    /// A podcast's 5 properties, short values of every kind.
    static let typical5: [String: AnalyticsValue] = [
        "title": "Swift Talk", "episode": 42, "duration": 1800, "downloaded": true, "progress": 0.5,
    ]
    /// A podcast's 10 properties.
    static let typical10: [String: AnalyticsValue] = typical5.merging([
        "show": "Swift Talk Weekly", "season": 3, "speed": 1.5, "source": "library", "explicit": false,
    ]) { first, _ in first }

    // MARK: - Large inputs

    /// A new string of 1,048,576 bytes of UTF-8, none of them ASCII: 65,536 times `é`, `Ж`, `😀`,
    /// `キ`, `中` and a combining acute accent (2, 2, 4, 3, 3 and 2 bytes). Each call makes a
    /// new one, which nothing has read yet.
    static func freshNonASCIIMegabyte() -> String {
        String(repeating: "éЖ😀キ中\u{301}", count: 65_536)
    }

    /// 100,000 distinct keys of 1 to 8 random scalars, each from a random plane (0 to 16, so most
    /// are outside the BMP, and most of those unassigned; no surrogates), from a fixed seed; small
    /// values of every kind but arrays, in turn.
    static let randomKeyProperties: [String: AnalyticsValue] = {
        var generator = SplitMix64(seed: 0x5EED_0001)
        var properties: [String: AnalyticsValue] = [:]
        properties.reserveCapacity(100_000)
        while properties.count < 100_000 {
            var key = String.UnicodeScalarView()
            for _ in 0..<(1 + generator.next() % 8) {
                key.append(randomScalar(&generator))
            }
            let values: [AnalyticsValue] = [.int(properties.count), .string("v"), .double(0.5), .bool(true), .null]
            properties[String(key)] = values[properties.count % values.count]
        }
        return properties
    }()

    /// Each vendor's event with `randomKeyProperties`: Firebase's parameters converted once.
    static let randomKeyTags = Dictionary(
        uniqueKeysWithValues: Vendor.allCases.map { ($0, $0.properties(randomKeyProperties)) }
    )

    /// A scalar of a random plane, any value in it but a surrogate.
    static func randomScalar(_ generator: inout SplitMix64) -> Unicode.Scalar {
        while true {
            let plane = UInt32(generator.next() % 17)
            let value = plane << 16 | UInt32(truncatingIfNeeded: generator.next() & 0xFFFF)
            if let scalar = Unicode.Scalar(value) { return scalar }
        }
    }

    /// 16 keys, each holding one array of 4,096 texts of 1,100 to 5,195 characters, not ASCII.
    static let sharedLongTexts: [String: AnalyticsValue] = {
        let texts = AnalyticsValue.array((0..<4_096).map { .string(String(repeating: "é", count: 1_100 + $0)) })
        return Dictionary(uniqueKeysWithValues: (0..<16).map { ("key\($0)", texts) })
    }()

    /// 8,000 keys of 4,000 bytes (`a`) and a number.
    static let prefixedKeys = [String: AnalyticsValue](
        uniqueKeysWithValues: (0..<8_000).map { (String(repeating: "a", count: 4_000) + "\($0)", .int($0)) }
    )

    /// The vendor's event with 18 new texts of 1 MB (``freshNonASCIIMegabyte()``) that a finding sizes in bytes (it
    /// counted their UTF-16 units): Batch's 18 tags; Firebase's parameter names and Mixpanel's keys; the others' values.
    static func freshFarLongerTexts(_ vendor: Vendor) -> any RuleCheckedVendorTag {
        // Each 1,048,576 bytes at most, with its number in place of its first `é` (a check counted the first's units).
        let texts = (0..<18).map { "\($0)" + String(freshNonASCIIMegabyte().unicodeScalars.dropFirst()) }
        switch vendor {
        case .batch: return BatchTag.event("podcast_played", [:], tags: texts)
        case .firebase: return FirebaseTag.event("podcast_played", .init(uniqueKeysWithValues: texts.map { ($0, 1) }))
        case .mixpanel: return vendor.properties(.init(uniqueKeysWithValues: texts.map { ($0, 1) }))
        default:
            return vendor.properties(
                .init(uniqueKeysWithValues: texts.indices.map { ("key\($0)", .string(texts[$0])) })
            )
        }
    }

    /// 100,000 keys of 64 `k` and 6 digits (`000000` to `099999`).
    static let sharedPrefixKeys = [String: AnalyticsValue](
        uniqueKeysWithValues: (0..<100_000).map { index in
            let digits = String(index)
            return (
                String(repeating: "k", count: 64) + String(repeating: "0", count: 6 - digits.count) + digits,
                .int(index)
            )
        }
    )

    /// "a" and 524,288 combining acute accents: one character of 1,048,577 bytes.
    static let megabyteCharacter = "a" + String(repeating: "\u{301}", count: 524_288)

    /// A key of ``megabyteCharacter``, and 20 keys holding it.
    static let megabyteCharacters: [String: AnalyticsValue] = {
        var properties: [String: AnalyticsValue] = [megabyteCharacter: 1]
        for index in 0..<20 { properties["k\(index)"] = .string(megabyteCharacter) }
        return properties
    }()

    /// A purchase of 200 items, each with an ID and a key of ``megabyteCharacter``.
    static let megabyteCharacterItems = FirebaseTag.event(
        "purchase",
        ["items": .items(Array(repeating: [megabyteCharacter: 1, "item_id": "SKU1"], count: 200))]
    )

    /// `letter` and 2,047 combining marks, U+0301 (class 230) and U+0316 (class 220) in turn: one character of 4,095
    /// bytes, which a string reorders (quadratic in its length) each time it hashes or compares it.
    static func markRun(_ letter: String) -> String {
        letter + String(repeating: "\u{301}\u{316}", count: 1_023) + "\u{301}"
    }

    /// 16 keys of ``markRun(_:)``, of `A` to `H` and `a` to `h` (8 groups that differ only by case), each holding 15
    /// texts of a line break and ``markRun(_:)``.
    static let markRunKeys: [String: AnalyticsValue] = {
        let texts = AnalyticsValue.array(Array(repeating: .string("\n" + markRun("a")), count: 15))
        return Dictionary(uniqueKeysWithValues: "ABCDEFGHabcdefgh".map { (markRun(String($0)), texts) })
    }()

    /// 16 event names of ``markRun(_:)``, as ``markRunKeys``'s keys.
    static let markRunNames = "ABCDEFGHabcdefgh".map { markRun(String($0)) }

    /// `count` keys, each the scalar U+0100 + its index and `marks` (the first `length`, in turn).
    static func markedKeys(_ count: Int, _ marks: [Unicode.Scalar], length: Int) -> [String] {
        (0..<count).map { index in
            var key = String.UnicodeScalarView([Unicode.Scalar(0x100 + UInt32(index))!])
            key.append(contentsOf: (0..<length).map { marks[$0 * marks.count / length] })
            return String(key)
        }
    }

    /// A purchase of 200 items, each with 80 keys of a letter and 19 marks of two classes in turn.
    static let markedItems: FirebaseTag = {
        let keys = markedKeys(80, Array(repeating: ["\u{301}", "\u{316}"], count: 10).flatMap { $0 }, length: 19)
        let item = Dictionary(uniqueKeysWithValues: keys.map { ($0, FirebaseItemValue.int(1)) })
        return .event("purchase", ["items": .items(Array(repeating: item, count: 200))])
    }()

    /// A purchase of 165 items, each with 98 keys of 665 `k` and 3 digits.
    static let alikeItems: FirebaseTag = {
        let prefix = String(repeating: "k", count: 665)
        let item = Dictionary(
            uniqueKeysWithValues: (0..<98).map { (prefix + String(902 + $0), FirebaseItemValue.int(1)) }
        )
        return .event("purchase", ["items": .items(Array(repeating: item, count: 165))])
    }()

    /// 64 keys of a letter and 126 combining marks of 9 classes, in descending runs.
    static let nineClassKeys: MixpanelTag = {
        let marks: [Unicode.Scalar] = [
            "\u{345}", "\u{35D}", "\u{35C}", "\u{315}", "\u{301}", "\u{316}", "\u{31B}", "\u{321}", "\u{334}",
        ]
        let keys = markedKeys(64, marks, length: 126)
        return .track(event: "e", properties: Dictionary(uniqueKeysWithValues: keys.map { ($0, 1) }))
    }()

    /// The `count` lowest digits of `number` in `base`, the lowest first.
    static func digits(of number: Int, base: Int, count: Int) -> [Int] {
        var rest = number
        return (0..<count).map { _ in
            defer { rest /= base }
            return rest % base
        }
    }

    /// 2,869 keys of 6 letters of `aAbB…zZ`: most of them in groups that differ only by case.
    static let casePairKeys: SegmentTag = {
        let letters = Array("aAbBcCdDeEfFgGhHiIjJkKlLmMnNoOpPqQrRsStTuUvVwWxXyYzZ")
        let keys = (0..<2_869).map { String(digits(of: $0, base: 52, count: 6).map { letters[$0] }) }
        return .track(event: "Podcast Played", properties: Dictionary(uniqueKeysWithValues: keys.map { ($0, 0) }))
    }()

    /// One Batch attribute of 25 × 25 × 25 texts, each a line break and 5 white-space scalars, all different.
    static let whiteSpaceTexts = whiteSpaceTexts(padding: "")

    /// The texts of ``whiteSpaceTexts``, each followed by `padding`, and `label` and `tags`.
    static func whiteSpaceTexts(padding: String, label: String? = nil, tags: [String] = []) -> BatchTag {
        let spaces: [Character] = [" ", "\t", "\r", "\u{0B}", "\u{0C}"]
        let texts: [AnalyticsValue] = (0..<15_625).map {
            .string("\n" + String(digits(of: $0, base: 5, count: 5).map { spaces[$0] }) + padding)
        }
        let rows: [AnalyticsValue] = (0..<625).map { .array(Array(texts[$0 * 25..<($0 + 1) * 25])) }
        let value = AnalyticsValue.array((0..<25).map { .array(Array(rows[$0 * 25..<($0 + 1) * 25])) })
        return .event(name: "e", attributes: ["k": value], label: label, tags: tags)
    }

    /// ``whiteSpaceTexts(padding:label:tags:)`` of 48 bytes each, with a label and 18 tags of a letter and 4 KB of
    /// marks.
    static let longWhiteSpaceTexts: BatchTag = {
        let marks = String(repeating: "\u{301}\u{316}", count: 1_022)
        let tags = (0..<18).map { "t\($0)" + marks }
        return whiteSpaceTexts(padding: String(repeating: " ", count: 42), label: "L" + marks, tags: tags)
    }()

    /// A purchase of 200 items, each with every standard parameter and 27 custom ones (`customDim0`…), as Firebase
    /// takes them: no finding.
    /// Where `namedOtherwise`, each item's last custom parameter is named after the item (`customDim26_7`).
    static func fullItems(namedOtherwise: Bool = false) -> FirebaseTag {
        let numbers: Set<String> = ["price", "quantity", "discount", "index"]
        let items: [[String: FirebaseItemValue]] = (0..<200).map { index in
            var item: [String: FirebaseItemValue] = [:]
            for name in VendorLimits.Firebase.standardItemParameters {
                item[name] = numbers.contains(name) ? .double(Double(index)) : .string("v\(index)")
            }
            for custom in 0..<27 { item["customDim\(custom)"] = .string("blue\(index)") }
            if namedOtherwise { item["customDim26_\(index)"] = item.removeValue(forKey: "customDim26") }
            return item
        }
        return .event("purchase", ["items": .items(items), "currency": "EUR", "value": 1.0, "transaction_id": "T1"])
    }

    /// A purchase of 200 items of 81 parameters (`d0`…), each a text of about 300 bytes of `é` (150 characters, too
    /// long), all different: more values than a check reads, each counted in UTF-16 units. Its texts are new.
    static func freshLongTextItems() -> FirebaseTag {
        let items: [[String: FirebaseItemValue]] = (0..<200).map { index in
            Dictionary(
                uniqueKeysWithValues: (0..<81).map { name in
                    ("d\(name)", FirebaseItemValue.string(String(repeating: "é", count: 150 - index % 3) + "\(name)"))
                }
            )
        }
        return .event("purchase", ["items": .items(items)])
    }

    /// A purchase of 200 items, each a dictionary of its own of 57 parameters of 1, named `name(item, parameter)`, each
    /// name a new string (as an app's decoded items hold).
    static func freshItems(_ name: (Int, Int) -> String) -> FirebaseTag {
        let items: [[String: FirebaseItemValue]] = (0..<200).map { item in
            Dictionary(
                uniqueKeysWithValues: (0..<57).map { (String(decoding: Array(name(item, $0).utf8), as: UTF8.self), 1) }
            )
        }
        return .event("purchase", ["items": .items(items)])
    }

    /// A purchase of 200 items, each identified by an `item_id` and an `item_name` of 4,096 tabs.
    static let tabIDItems: FirebaseTag = {
        let tabs = FirebaseItemValue.string(String(repeating: "\t", count: 4_096))
        return .event(
            "purchase",
            ["items": .items(Array(repeating: ["item_id": tabs, "item_name": tabs], count: 200))]
        )
    }()

    /// 108 keys of 150 bytes of U+01C4 (Ǆ, which lowercases into ǆ) and 2 digits.
    static let dzKeys = PianoTag.event(
        "play",
        Dictionary(
            uniqueKeysWithValues: (0..<108).map { (String(repeating: "\u{1C4}", count: 74) + String(100 + $0), 1) }
        )
    )

    /// An array in an array… 100,000 levels deep, around `1`.
    static let deeplyNested: AnalyticsValue = {
        var value = AnalyticsValue.int(1)
        for _ in 0..<100_000 { value = .array([value]) }
        return value
    }()

    /// A purchase of 100,000 GA4 items (the limit is 200), each with a name, an ID, a price and a
    /// quantity.
    static let manyItemsFirebase = FirebaseTag.event(
        "purchase",
        [
            "currency": "EUR",
            "items": .items(
                (0..<100_000).map { index in
                    ["item_id": .string("SKU\(index)"), "item_name": "Swift Talk", "price": 9.99, "quantity": 1]
                }
            ),
        ]
    )
}

/// Sebastiano Vigna's SplitMix64: a fast generator whose sequence a seed fixes.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
