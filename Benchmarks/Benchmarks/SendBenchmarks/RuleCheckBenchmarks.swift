import Benchmark
import TagHub
import TagHubVendors

// What a vendor tag's rule check (`ruleViolations`) costs. The targets (release build): a tag with
// one 1 MB value under 1 ms, a tag with 100,000 properties under 20 ms; for a typical tag, 5
// properties with short values, the cost per check. Each tag is built once per process, on its
// first use, before `startMeasurement()`: only the check is measured.

/// Registers the rule check benchmarks. `benchmarks` (SendBenchmarks.swift) calls it after setting
/// `Benchmark.defaultConfiguration`, which the typical tags use: 1,000 checks per sample.
func ruleCheckBenchmarks() {
    // MARK: - A typical tag: the figures are per check (scaling factor .kilo)

    let typical = "Rule check: a typical tag (5 short properties)"
    ruleCheckBenchmark("\(typical), FirebaseTag", tag: RuleCheckTags.typicalFirebase)
    ruleCheckBenchmark("\(typical), MixpanelTag", tag: RuleCheckTags.typicalMixpanel)
    ruleCheckBenchmark("\(typical), AmplitudeTag", tag: RuleCheckTags.typicalAmplitude)
    ruleCheckBenchmark("\(typical), SegmentTag", tag: RuleCheckTags.typicalSegment)
    ruleCheckBenchmark("\(typical), BatchTag", tag: RuleCheckTags.typicalBatch)
    ruleCheckBenchmark("\(typical), PianoTag", tag: RuleCheckTags.typicalPiano)

    // MARK: - Large tags: one check per sample

    let large = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: isSmokeRun ? 0 : 3,
        scalingFactor: .one,
        maxDuration: isSmokeRun ? .milliseconds(20) : .seconds(10),
        maxIterations: isSmokeRun ? 2 : 1_000
    )

    let megabyte = "Rule check: one 1 MB string value"
    ruleCheckBenchmark(
        "\(megabyte), FirebaseTag (a parameter)",
        configuration: large,
        tag: RuleCheckTags.megabyteFirebase
    )
    ruleCheckBenchmark("\(megabyte), MixpanelTag", configuration: large, tag: RuleCheckTags.megabyteMixpanel)
    ruleCheckBenchmark("\(megabyte), AmplitudeTag", configuration: large, tag: RuleCheckTags.megabyteAmplitude)
    ruleCheckBenchmark("\(megabyte), SegmentTag", configuration: large, tag: RuleCheckTags.megabyteSegment)
    ruleCheckBenchmark("\(megabyte), BatchTag", configuration: large, tag: RuleCheckTags.megabyteBatch)
    ruleCheckBenchmark("\(megabyte), PianoTag", configuration: large, tag: RuleCheckTags.megabytePiano)

    let many = "Rule check: 100,000 properties"
    ruleCheckBenchmark("\(many), FirebaseTag (parameters)", configuration: large, tag: RuleCheckTags.manyFirebase)
    ruleCheckBenchmark("\(many), MixpanelTag", configuration: large, tag: RuleCheckTags.manyMixpanel)
    ruleCheckBenchmark("\(many), AmplitudeTag", configuration: large, tag: RuleCheckTags.manyAmplitude)
    ruleCheckBenchmark("\(many), SegmentTag", configuration: large, tag: RuleCheckTags.manySegment)
    ruleCheckBenchmark("\(many), BatchTag", configuration: large, tag: RuleCheckTags.manyBatch)
    ruleCheckBenchmark("\(many), PianoTag", configuration: large, tag: RuleCheckTags.manyPiano)

    // MARK: - Inputs a check could read in full: blank megabytes, capitalized names

    let blank = "Rule check: one 1 MB blank string"
    ruleCheckBenchmark("\(blank), BatchTag (a value)", configuration: large, tag: RuleCheckTags.blankBatch)
    ruleCheckBenchmark("\(blank), MixpanelTag (an identify)", configuration: large, tag: RuleCheckTags.blankMixpanelID)
    for (name, spaces) in [
        ("U+3000 ideographic spaces", RuleCheckTags.ideographicSpaces),
        ("U+200B zero-width spaces", RuleCheckTags.zeroWidthSpaces),
    ] {
        let label = "Rule check: one 1 MB string of \(name)"
        ruleCheckBenchmark(
            "\(label), MixpanelTag (an event name)",
            configuration: large,
            tag: MixpanelTag.track(event: spaces, properties: [:])
        )
        ruleCheckBenchmark(
            "\(label), SegmentTag (a property name)",
            configuration: large,
            tag: SegmentTag.track(event: "Podcast Played", properties: [spaces: 1])
        )
        ruleCheckBenchmark(
            "\(label), MixpanelTag (an identify)",
            configuration: large,
            tag: MixpanelTag.identify(distinctID: spaces)
        )
        ruleCheckBenchmark(
            "\(label), SegmentTag (an identify)",
            configuration: large,
            tag: SegmentTag.identify(userID: spaces, traits: [:])
        )
        ruleCheckBenchmark(
            "\(label), PianoTag (a user ID)",
            configuration: large,
            tag: PianoTag.setUser(id: spaces, category: nil)
        )
        ruleCheckBenchmark(
            "\(label), BatchTag (a value)",
            configuration: large,
            tag: BatchTag.event("podcast_played", ["title": .string(spaces)])
        )
    }
    for (name, itemName) in [
        ("ASCII", RuleCheckTags.megabyte),
        ("524,288 × é", RuleCheckTags.accented),
        ("349,525 × e and a combining accent", RuleCheckTags.combining),
    ] {
        ruleCheckBenchmark(
            "Rule check: one 1 MB GA4 item parameter name (\(name)), FirebaseTag",
            configuration: large,
            tag: FirebaseTag.event("purchase", ["items": .items([["item_name": "Swift Talk", itemName: 1]])])
        )
    }
    let camel = "Rule check: 100,000 camelCase properties"
    ruleCheckBenchmark("\(camel), FirebaseTag (parameters)", configuration: large, tag: RuleCheckTags.camelFirebase)
    ruleCheckBenchmark("\(camel), MixpanelTag", configuration: large, tag: RuleCheckTags.camelMixpanel)
    ruleCheckBenchmark("\(camel), AmplitudeTag", configuration: large, tag: RuleCheckTags.camelAmplitude)
    ruleCheckBenchmark("\(camel), SegmentTag", configuration: large, tag: RuleCheckTags.camelSegment)
    ruleCheckBenchmark("\(camel), BatchTag", configuration: large, tag: RuleCheckTags.camelBatch)
    ruleCheckBenchmark("\(camel), PianoTag", configuration: large, tag: RuleCheckTags.camelPiano)

    // MARK: - Text outside ASCII, which a check cannot read byte by byte

    let accentedValue = "Rule check: one 1 MB non-ASCII string value"
    ruleCheckBenchmark(
        "\(accentedValue), FirebaseTag (a parameter)",
        configuration: large,
        tag: RuleCheckTags.accentedValueFirebase
    )
    ruleCheckBenchmark("\(accentedValue), MixpanelTag", configuration: large, tag: RuleCheckTags.accentedValueMixpanel)
    ruleCheckBenchmark(
        "\(accentedValue), AmplitudeTag",
        configuration: large,
        tag: RuleCheckTags.accentedValueAmplitude
    )
    ruleCheckBenchmark("\(accentedValue), SegmentTag", configuration: large, tag: RuleCheckTags.accentedValueSegment)
    ruleCheckBenchmark("\(accentedValue), BatchTag", configuration: large, tag: RuleCheckTags.accentedValueBatch)
    ruleCheckBenchmark("\(accentedValue), PianoTag", configuration: large, tag: RuleCheckTags.accentedValuePiano)
    let accentedKey = "Rule check: one 1 MB non-ASCII property key"
    ruleCheckBenchmark(
        "\(accentedKey), FirebaseTag (a parameter)",
        configuration: large,
        tag: RuleCheckTags.accentedKeyFirebase
    )
    ruleCheckBenchmark("\(accentedKey), MixpanelTag", configuration: large, tag: RuleCheckTags.accentedKeyMixpanel)
    ruleCheckBenchmark("\(accentedKey), AmplitudeTag", configuration: large, tag: RuleCheckTags.accentedKeyAmplitude)
    ruleCheckBenchmark("\(accentedKey), SegmentTag", configuration: large, tag: RuleCheckTags.accentedKeySegment)
    ruleCheckBenchmark("\(accentedKey), BatchTag", configuration: large, tag: RuleCheckTags.accentedKeyBatch)
    ruleCheckBenchmark("\(accentedKey), PianoTag", configuration: large, tag: RuleCheckTags.accentedKeyPiano)

    // MARK: - Tags that break a rule 100,000 times, and megabytes where a check could read all

    let broken = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: isSmokeRun ? 0 : 3,
        scalingFactor: .one,
        maxDuration: isSmokeRun ? .milliseconds(20) : .seconds(3),
        maxIterations: isSmokeRun ? 2 : 300
    )
    typealias Input = RuleCheckTags.Input
    for (name, input) in [
        ("100,000 NaN values", Input.nan),
        ("100,000 strings of 301 characters", .longStrings),
        ("100,000 capitalized non-ASCII keys (Élément0…)", .capitalizedAccented),
        ("100,000 keys in case pairs (key0, KEY0…)", .casePairs),
        ("one 1 MB capitalized non-ASCII key (524,288 × É)", .capitalKey),
        ("one 1 MB ASCII key", .asciiKey),
        ("100,000 keys of 70 bytes (k…k0…)", .longKeys),
        ("one key of a letter and 524,288 × U+0301", .letterWithMarksKey),
        ("one 1 MB key of kana (349,525 × キ)", .kanaKey),
        ("100,000 keys of 4 scripts (Ключ_clé_キー_Δέλτα_0…)", .mixedScripts),
    ] {
        let label = "Rule check: \(name)"
        ruleCheckBenchmark("\(label), FirebaseTag", configuration: broken, tag: RuleCheckTags.firebase(input))
        ruleCheckBenchmark("\(label), MixpanelTag", configuration: broken, tag: RuleCheckTags.mixpanel(input))
        ruleCheckBenchmark("\(label), AmplitudeTag", configuration: broken, tag: RuleCheckTags.amplitude(input))
        ruleCheckBenchmark("\(label), SegmentTag", configuration: broken, tag: RuleCheckTags.segment(input))
        ruleCheckBenchmark("\(label), BatchTag", configuration: broken, tag: RuleCheckTags.batch(input))
        ruleCheckBenchmark("\(label), PianoTag", configuration: broken, tag: RuleCheckTags.piano(input))
    }
    let nanArray = "Rule check: one array of 1,000,000 NaN"
    ruleCheckBenchmark("\(nanArray), MixpanelTag", configuration: broken, tag: RuleCheckTags.mixpanel(.nanArray))
    ruleCheckBenchmark("\(nanArray), AmplitudeTag", configuration: broken, tag: RuleCheckTags.amplitude(.nanArray))
    ruleCheckBenchmark("\(nanArray), SegmentTag", configuration: broken, tag: RuleCheckTags.segment(.nanArray))
    ruleCheckBenchmark("\(nanArray), BatchTag", configuration: broken, tag: RuleCheckTags.batch(.nanArray))
    ruleCheckBenchmark("\(nanArray), PianoTag", configuration: broken, tag: RuleCheckTags.piano(.nanArray))
    ruleCheckBenchmark(
        "Rule check: 100,000 GA4 items with a NaN price, FirebaseTag",
        configuration: broken,
        tag: RuleCheckTags.nanItemsFirebase
    )
    ruleCheckBenchmark(
        "Rule check: 100,000 $tags of 70 characters, BatchTag",
        configuration: broken,
        tag: BatchTag.event(name: "play", attributes: [:], label: nil, tags: RuleCheckTags.longTags)
    )
    ruleCheckBenchmark(
        "Rule check: an event name of a letter and 524,288 × U+0301, FirebaseTag",
        configuration: broken,
        tag: FirebaseTag.event(RuleCheckTags.letterWithMarks, [:])
    )
    ruleCheckBenchmark(
        "Rule check: a 1 MB track event name, SegmentTag",
        configuration: broken,
        tag: SegmentTag.track(event: RuleCheckTags.megabyte, properties: [:])
    )
    ruleCheckBenchmark(
        "Rule check: a 1 MB screen name property, SegmentTag",
        configuration: broken,
        tag: SegmentTag.screen(name: "Home", properties: ["name": .string(RuleCheckTags.megabyte)])
    )
    ruleCheckBenchmark(
        "Rule check: a 1 MB currency, SegmentTag",
        configuration: broken,
        tag: SegmentTag.track(event: "Order Completed", properties: ["currency": .string(RuleCheckTags.megabyte)])
    )
    ruleCheckBenchmark(
        "Rule check: a 1 MB non-ASCII identify (524,288 × É), MixpanelTag",
        configuration: broken,
        tag: MixpanelTag.identify(distinctID: RuleCheckTags.capitals)
    )
}

/// A benchmark named `name` that checks `tag` `scaledIterations` times per sample. `tag` is
/// evaluated in each sample before `startMeasurement()`.
func ruleCheckBenchmark<Tag: RuleCheckedVendorTag>(
    _ name: String,
    configuration: Benchmark.Configuration = Benchmark.defaultConfiguration,
    tag: @escaping @autoclosure @Sendable () -> Tag
) {
    Benchmark(name, configuration: configuration) { benchmark in
        let tag = tag()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(tag.ruleViolations)
        }
    }
}

/// The tags checked, each built on its first use (static properties are lazy), so that a process
/// builds only the one its benchmark checks.
enum RuleCheckTags {
    // MARK: - Typical: 5 short properties, which every vendor accepts

    /// A podcast's 5 properties, short values of every kind.
    static let typicalProperties: [String: AnalyticsValue] = [
        "title": "Swift Talk", "episode": 42, "duration": 1800, "downloaded": true, "progress": 0.5,
    ]
    /// The same properties as Firebase parameters (no Booleans in Firebase: 1).
    static let typicalParameters: [String: FirebaseValue] = [
        "title": "Swift Talk", "episode": 42, "duration": 1800, "downloaded": 1, "progress": 0.5,
    ]

    /// A typical Firebase event.
    static let typicalFirebase = accepted(FirebaseTag.event("podcast_played", typicalParameters))
    /// A typical Mixpanel event.
    static let typicalMixpanel = accepted(MixpanelTag.track(event: "Podcast Played", properties: typicalProperties))
    /// A typical Amplitude event.
    static let typicalAmplitude = accepted(
        AmplitudeTag.track(eventType: "Podcast Played", eventProperties: typicalProperties)
    )
    /// A typical Segment track call.
    static let typicalSegment = accepted(SegmentTag.track(event: "Podcast Played", properties: typicalProperties))
    /// A typical Batch event.
    static let typicalBatch = accepted(BatchTag.event("podcast_played", typicalProperties))
    /// A typical Piano event.
    static let typicalPiano = accepted(PianoTag.event("podcast.played", typicalProperties))

    /// `tag`, which must break no rule: a typical tag's check is the one that finds nothing.
    static func accepted<Tag: RuleCheckedVendorTag>(_ tag: Tag) -> Tag {
        precondition(tag.ruleViolations.isEmpty, "\(tag) breaks \(tag.ruleViolations)")
        return tag
    }

    // MARK: - One 1 MB value

    /// 1,048,576 ASCII characters.
    static let megabyte = String(repeating: "a", count: 1_048_576)

    /// A Firebase event with one 1 MB parameter value.
    static let megabyteFirebase = FirebaseTag.event("podcast_played", ["title": .string(megabyte)])
    /// A Mixpanel event with one 1 MB property value.
    static let megabyteMixpanel = MixpanelTag.track(event: "Podcast Played", properties: ["title": .string(megabyte)])
    /// An Amplitude event with one 1 MB property value.
    static let megabyteAmplitude = AmplitudeTag.track(
        eventType: "Podcast Played",
        eventProperties: ["title": .string(megabyte)]
    )
    /// A Segment track call with one 1 MB property value.
    static let megabyteSegment = SegmentTag.track(event: "Podcast Played", properties: ["title": .string(megabyte)])
    /// A Batch event with one 1 MB attribute value.
    static let megabyteBatch = BatchTag.event("podcast_played", ["title": .string(megabyte)])
    /// A Piano event with one 1 MB property value.
    static let megabytePiano = PianoTag.event("podcast.played", ["title": .string(megabyte)])

    // MARK: - 100,000 properties

    /// `p0: 0` to `p99999: 99999`.
    static let manyProperties = Dictionary(
        uniqueKeysWithValues: (0..<100_000).map { ("p\($0)", AnalyticsValue.int($0)) }
    )
    /// `p0: 0` to `p99999: 99999`, as Firebase parameters.
    static let manyParameters = Dictionary(
        uniqueKeysWithValues: (0..<100_000).map { ("p\($0)", FirebaseValue.int($0)) }
    )

    /// A Firebase event with 100,000 parameters.
    static let manyFirebase = FirebaseTag.event("podcast_played", manyParameters)
    /// A Mixpanel event with 100,000 properties.
    static let manyMixpanel = MixpanelTag.track(event: "Podcast Played", properties: manyProperties)
    /// An Amplitude event with 100,000 properties.
    static let manyAmplitude = AmplitudeTag.track(eventType: "Podcast Played", eventProperties: manyProperties)
    /// A Segment track call with 100,000 properties.
    static let manySegment = SegmentTag.track(event: "Podcast Played", properties: manyProperties)
    /// A Batch event with 100,000 attributes.
    static let manyBatch = BatchTag.event("podcast_played", manyProperties)
    /// A Piano event with 100,000 properties.
    static let manyPiano = PianoTag.event("podcast.played", manyProperties)
}

extension RuleCheckTags {
    /// A megabyte of spaces: blank, and longer than every limit.
    static let blankMegabyte = String(repeating: " ", count: 1_048_576)
    /// Batch checks a value for being blank.
    static let blankBatch = BatchTag.event("podcast_played", ["title": .string(blankMegabyte)])
    /// Mixpanel trims an ID before comparing it with its placeholders.
    static let blankMixpanelID = MixpanelTag.identify(distinctID: blankMegabyte)
    /// 349,525 × U+3000 (IDEOGRAPHIC SPACE): 1,048,575 bytes of UTF-8, white space outside ASCII.
    static let ideographicSpaces = String(repeating: "\u{3000}", count: 349_525)
    /// 349,525 × U+200B (ZERO WIDTH SPACE): 1,048,575 bytes of UTF-8, invisible.
    static let zeroWidthSpaces = String(repeating: "\u{200B}", count: 349_525)
    /// 349,525 × "e" and U+0301 (a combining acute accent): 1,048,575 bytes of UTF-8.
    static let combining = String(repeating: "e\u{301}", count: 349_525)
    /// 100,000 keys with a capital letter: each one is lowercased to look for names that differ
    /// only by case, and Piano reports each as not lowercase.
    static let camelProperties = Dictionary(
        uniqueKeysWithValues: (0..<100_000).map { ("itemId\($0)", AnalyticsValue.int($0)) }
    )
    /// `camelProperties` as Firebase parameters.
    static let camelParameters = Dictionary(
        uniqueKeysWithValues: (0..<100_000).map { ("itemId\($0)", FirebaseValue.int($0)) }
    )
    /// Firebase, over `camelParameters`.
    static let camelFirebase = FirebaseTag.event("podcast_played", camelParameters)
    /// Mixpanel, over `camelProperties`.
    static let camelMixpanel = MixpanelTag.track(event: "Podcast Played", properties: camelProperties)
    /// Amplitude, over `camelProperties`.
    static let camelAmplitude = AmplitudeTag.track(eventType: "Podcast Played", eventProperties: camelProperties)
    /// Segment, over `camelProperties`.
    static let camelSegment = SegmentTag.track(event: "Podcast Played", properties: camelProperties)
    /// Batch, over `camelProperties`.
    static let camelBatch = BatchTag.event("podcast_played", camelProperties)
    /// Piano, over `camelProperties`.
    static let camelPiano = PianoTag.event("podcast.played", camelProperties)
}

extension RuleCheckTags {
    /// 524,288 × "é" (U+00E9): 1,048,576 bytes of UTF-8, none of them ASCII.
    static let accented = String(repeating: "é", count: 524_288)

    /// A Firebase event with one 1 MB non-ASCII parameter value.
    static let accentedValueFirebase = FirebaseTag.event("podcast_played", ["title": .string(accented)])
    /// A Mixpanel event with one 1 MB non-ASCII property value.
    static let accentedValueMixpanel = MixpanelTag.track(
        event: "Podcast Played",
        properties: ["title": .string(accented)]
    )
    /// An Amplitude event with one 1 MB non-ASCII property value.
    static let accentedValueAmplitude = AmplitudeTag.track(
        eventType: "Podcast Played",
        eventProperties: ["title": .string(accented)]
    )
    /// A Segment track call with one 1 MB non-ASCII property value.
    static let accentedValueSegment = SegmentTag.track(
        event: "Podcast Played",
        properties: ["title": .string(accented)]
    )
    /// A Batch event with one 1 MB non-ASCII attribute value.
    static let accentedValueBatch = BatchTag.event("podcast_played", ["title": .string(accented)])
    /// A Piano event with one 1 MB non-ASCII property value.
    static let accentedValuePiano = PianoTag.event("podcast.played", ["title": .string(accented)])

    /// A Firebase event with a 1 MB non-ASCII parameter name.
    static let accentedKeyFirebase = FirebaseTag.event("podcast_played", [accented: 1])
    /// A Mixpanel event with a 1 MB non-ASCII property name.
    static let accentedKeyMixpanel = MixpanelTag.track(event: "Podcast Played", properties: [accented: 1])
    /// An Amplitude event with a 1 MB non-ASCII property name.
    static let accentedKeyAmplitude = AmplitudeTag.track(eventType: "Podcast Played", eventProperties: [accented: 1])
    /// A Segment track call with a 1 MB non-ASCII property name.
    static let accentedKeySegment = SegmentTag.track(event: "Podcast Played", properties: [accented: 1])
    /// A Batch event with a 1 MB non-ASCII attribute key.
    static let accentedKeyBatch = BatchTag.event("podcast_played", [accented: 1])
    /// A Piano event with a 1 MB non-ASCII property key.
    static let accentedKeyPiano = PianoTag.event("podcast.played", [accented: 1])
}

extension RuleCheckTags {
    /// 524,288 × "É" (U+00C9), which lowercasing changes: 1,048,576 bytes of UTF-8.
    static let capitals = String(repeating: "É", count: 524_288)
    static let kana = String(repeating: "キ", count: 349_525)

    /// The properties of a tag that breaks rules: built on first use, once per process.
    enum Input: Sendable {
        /// `p0` to `p99999`, each NaN.
        case nan
        /// `p0` to `p99999`, each a string of 301 × "x".
        case longStrings
        /// `Élément0` to `Élément99999`, integers.
        case capitalizedAccented
        /// `key0`, `KEY0` to `key49999`, `KEY49999`, integers.
        case casePairs
        /// One key of 524,288 × "É", and `title`.
        case capitalKey
        /// One key of 1,048,576 × "a", and `title`.
        case asciiKey
        /// `list`: an array of 1,000,000 NaN.
        case nanArray
        /// 66 × "k" followed by 0 to 99999, integers: keys too long for Firebase, Batch and Piano,
        /// and too long to quote whole.
        case longKeys
        /// One key of "a" and 524,288 × U+0301 (one character of 1,048,577 bytes), and `title`.
        case letterWithMarksKey
        /// One key of 349,525 × "キ" (three bytes each, 1,048,575 bytes), and `title`: every
        /// scalar of three bytes, each looked up or kept.
        case kanaKey
        /// `Ключ_clé_キー_Δέλτα_0` to `Ключ_clé_キー_Δέλτα_99999` (Cyrillic, Latin, kana, Greek; 33
        /// to 37 bytes), integers.
        case mixedScripts

        var properties: [String: AnalyticsValue] {
            switch self {
            case .nan: RuleCheckTags.nanProperties
            case .longStrings: RuleCheckTags.longStringProperties
            case .capitalizedAccented: RuleCheckTags.capitalizedAccentedProperties
            case .casePairs: RuleCheckTags.casePairProperties
            case .capitalKey: [RuleCheckTags.capitals: 1, "title": "Swift Talk"]
            case .asciiKey: [RuleCheckTags.megabyte: 1, "title": "Swift Talk"]
            case .nanArray: RuleCheckTags.nanArrayProperties
            case .longKeys: RuleCheckTags.longKeyProperties
            case .letterWithMarksKey: [RuleCheckTags.letterWithMarks: 1, "title": "Swift Talk"]
            case .kanaKey: [RuleCheckTags.kana: 1, "title": "Swift Talk"]
            case .mixedScripts: RuleCheckTags.mixedScriptProperties
            }
        }
    }

    static let nanProperties = Dictionary(
        uniqueKeysWithValues: (0..<100_000).map { ("p\($0)", AnalyticsValue.double(.nan)) }
    )
    static let longStringProperties = Dictionary(
        uniqueKeysWithValues: (0..<100_000).map {
            ("p\($0)", AnalyticsValue.string(String(repeating: "x", count: 301)))
        }
    )
    static let capitalizedAccentedProperties = Dictionary(
        uniqueKeysWithValues: (0..<100_000).map { ("Élément\($0)", AnalyticsValue.int($0)) }
    )
    static let casePairProperties = Dictionary(
        uniqueKeysWithValues: (0..<100_000).map {
            ($0 % 2 == 0 ? "key\($0 / 2)" : "KEY\($0 / 2)", AnalyticsValue.int($0))
        }
    )
    static let longKeyProperties = Dictionary(
        uniqueKeysWithValues: (0..<100_000).map {
            (String(repeating: "k", count: 66) + "\($0)", AnalyticsValue.int($0))
        }
    )
    static let mixedScriptProperties = Dictionary(
        uniqueKeysWithValues: (0..<100_000).map { ("Ключ_clé_キー_Δέλτα_\($0)", AnalyticsValue.int($0)) }
    )
    /// "a" and 524,288 × U+0301: one character.
    static let letterWithMarks = "a" + String(repeating: "\u{301}", count: 524_288)
    /// 100,000 distinct `$tags` of 70 characters.
    static let longTags = (0..<100_000).map { String(repeating: "t", count: 64) + String(100_000 + $0) }
    static let nanArrayProperties: [String: AnalyticsValue] = [
        "list": .array(Array(repeating: .double(.nan), count: 1_000_000))
    ]

    /// `input` as Firebase parameters (integers, doubles and strings as they are).
    static func firebase(_ input: Input) -> FirebaseTag {
        let parameters = input.properties.mapValues { value -> FirebaseValue in
            switch value {
            case .string(let string): .string(string)
            case .double(let double): .double(double)
            case .int(let int): .int(int)
            default: .int(0)
            }
        }
        return FirebaseTag.event("podcast_played", parameters)
    }

    static func mixpanel(_ input: Input) -> MixpanelTag {
        .track(event: "Podcast Played", properties: input.properties)
    }

    static func amplitude(_ input: Input) -> AmplitudeTag {
        .track(eventType: "Podcast Played", eventProperties: input.properties)
    }

    static func segment(_ input: Input) -> SegmentTag {
        .track(event: "Podcast Played", properties: input.properties)
    }

    static func batch(_ input: Input) -> BatchTag {
        .event("podcast_played", input.properties)
    }

    static func piano(_ input: Input) -> PianoTag {
        .event("podcast.played", input.properties)
    }

    /// A purchase with 100,000 items, each with a NaN price.
    static let nanItemsFirebase = FirebaseTag.event(
        "purchase",
        [
            "items": .items(
                Array(repeating: ["item_name": .string("Swift Talk"), "price": .double(.nan)], count: 100_000)
            )
        ]
    )
}
