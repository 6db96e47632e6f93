import TagHubVendors

/// Sebastiano Vigna's SplitMix64: a fast generator whose sequence a seed fixes.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// SplitMix64's output function: every bit of `value` changes about half of the result's.
    static func mix(_ value: UInt64) -> UInt64 {
        var mixed = value
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Makes random tags of every vendor. Tag `index` of vendor `vendor` depends only on the seed,
/// the vendor and the index (``start(seed:vendor:index:)``): any one can be made again alone.
struct TagMaker {
    private var random = SplitMix64(seed: 0)
    /// The UTF-8 of the string being made, reused from string to string.
    private var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(16_384)
    }

    /// Starts tag `index` of the vendor numbered `vendor`.
    mutating func start(seed: UInt64, vendor: Int, index: Int) {
        random = SplitMix64(seed: SplitMix64.mix(seed ^ SplitMix64.mix(UInt64(vendor) << 40 ^ UInt64(index))))
    }

    // MARK: - Choices

    /// A number in `0..<count` (Lemire's multiply and shift, without a division).
    mutating func below(_ count: Int) -> Int {
        Int(random.next().multipliedFullWidth(by: UInt64(count)).high)
    }

    /// A number in `range`.
    mutating func number(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// True once in `count` times, on average.
    mutating func oneIn(_ count: Int) -> Bool {
        below(count) == 0
    }

    /// The index of a weight, chosen in proportion to the weights.
    mutating func pick(_ weights: [Int]) -> Int {
        var roll = below(weights.reduce(0, +))
        for (index, weight) in weights.enumerated() {
            if roll < weight { return index }
            roll -= weight
        }
        return weights.count - 1
    }

    /// One of `elements`.
    mutating func element<Element>(of elements: [Element]) -> Element {
        elements[below(elements.count)]
    }

    // MARK: - Text

    /// Scalars that case mappings, white space rules or bidi make special.
    static let specialScalars: [UInt32] = [
        // Case: ß, ẞ, İ, ı, ŉ, ǅ, ΐ, Σ, σ, ς, ﬁ, K (Kelvin), Å (Angstrom), µ, ÿ.
        0xDF, 0x1E9E, 0x130, 0x131, 0x149, 0x1C5, 0x390, 0x3A3, 0x3C3, 0x3C2, 0xFB01, 0x212A, 0x212B, 0xB5, 0xFF,
        // White space and line breaks: NBSP, NEL, ogham space, en quad…, line and paragraph
        // separators, narrow NBSP, medium math space, ideographic space.
        0xA0, 0x85, 0x1680, 0x2000, 0x2009, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
        // Zero width, joiners, marks and bidi controls, soft hyphen, BOM, Arabic letter mark.
        0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068,
        0x2069, 0xAD, 0xFEFF, 0x61C, 0x180E, 0x2060,
        // Variation selectors, the replacement character, noncharacters.
        0xFE0E, 0xFE0F, 0xFFFD, 0xFFFE, 0xFFFF, 0x10FFFF,
    ]

    static let identifierBytes = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_".utf8)
    /// Combining marks: diacritics, their extensions and supplement's start, Hebrew points.
    static let combiningMarks: [ClosedRange<Int>] = [0x300...0x36F, 0x1AB0...0x1ACE, 0x20D0...0x20F0, 0x591...0x5BD]
    /// CJK ideographs, kana, Hangul syllables and jamo.
    static let eastAsian: [ClosedRange<Int>] = [0x4E00...0x9FFF, 0x3040...0x30FF, 0xAC00...0xD7A3, 0x1100...0x11FF]
    /// Emoji, skin tone modifiers, regional indicators, the zero-width joiner, the emoji
    /// presentation selector, symbols and dingbats.
    static let emoji: [ClosedRange<Int>] = [
        0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF,
        0x200D...0x200D, 0xFE0F...0xFE0F, 0x2600...0x27BF,
    ]

    /// A scalar of the given class: 0 ASCII letters, digits and `_`; 1 other printable ASCII; 2
    /// ASCII controls; 3 Latin-1 and Latin Extended-A; 4 combining marks; 5 `specialScalars`; 6
    /// Greek and Cyrillic; 7 CJK, kana and Hangul; 8 emoji, their modifiers and regional
    /// indicators; 9 any scalar of planes 1 to 16.
    mutating func scalar(ofClass scalarClass: Int) -> UInt32 {
        switch scalarClass {
        case 0: return UInt32(element(of: Self.identifierBytes))
        case 1: return UInt32(number(in: 0x20...0x7E))
        case 2: return oneIn(8) ? 0x7F : UInt32(below(0x20))
        case 3: return UInt32(number(in: 0xA0...0x17F))
        case 4: return UInt32(number(in: element(of: Self.combiningMarks)))
        case 5: return element(of: Self.specialScalars)
        case 6: return UInt32(number(in: oneIn(2) ? 0x370...0x3FF : 0x400...0x4FF))
        case 7: return UInt32(number(in: element(of: Self.eastAsian)))
        case 8: return UInt32(number(in: element(of: Self.emoji)))
        default: return UInt32(number(in: 0x1_0000...0x10_FFFF))
        }
    }

    /// How often each class of `scalar(ofClass:)` comes in mixed text, in percent.
    static let mixedWeights = [30, 8, 3, 12, 8, 6, 6, 10, 10, 7]
    /// 100 classes, each as often as `mixedWeights` says: a class of mixed text is one look-up.
    static let mixedClasses = mixedWeights.enumerated().flatMap { scalarClass, weight in
        repeatElement(scalarClass, count: weight)
    }

    /// The class of a scalar of mixed text.
    mutating func mixedClass() -> Int {
        Self.mixedClasses[below(Self.mixedClasses.count)]
    }

    /// Appends `scalar`'s UTF-8 to `bytes`.
    private mutating func append(_ scalar: UInt32) {
        switch scalar {
        case ..<0x80:
            bytes.append(UInt8(scalar))
        case ..<0x800:
            bytes.append(UInt8(0xC0 | scalar >> 6))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x1_0000:
            bytes.append(UInt8(0xE0 | scalar >> 12))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | scalar >> 18))
            bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// `count` scalars: of ASCII letters, digits and `_` a third of the time; otherwise scalars of
    /// every class, mixed, or (one time in eight) of one class.
    mutating func text(scalars count: Int) -> String {
        bytes.removeAll(keepingCapacity: true)
        switch pick([34, 58, 8]) {
        case 0: for _ in 0..<count { append(scalar(ofClass: 0)) }
        case 1: for _ in 0..<count { append(scalar(ofClass: mixedClass())) }
        default:
            let scalarClass = below(Self.mixedWeights.count)
            for _ in 0..<count { append(scalar(ofClass: scalarClass)) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// At least 10 KB of UTF-8: mixed scalars, or one repeated (a blank or invisible run).
    mutating func tenKilobytes() -> String {
        bytes.removeAll(keepingCapacity: true)
        let repeated: UInt32? = oneIn(4) ? scalar(ofClass: mixedClass()) : nil
        while bytes.count < 10_240 {
            append(repeated ?? scalar(ofClass: mixedClass()))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Names the vendors reserve, or special in some other way, and prefixes they reserve.
    static let specialNames = [
        "", " ", "  ", "\t", "items", "item_id", "item_name", "price", "quantity", "currency", "value", "revenue",
        "name", "title", "screen_view", "user_id", "session_id", "gclid", "first_open", "error", "token", "time",
        "$time", "distinct_id", "$ignore", "$insert_id", "alias", "mp_original_distinct_id", "null", "undefined",
        "anonymous", "0", "-1", "true", "[]", "{}", "00000000-0000-0000-0000-000000000000", "nil", "Optional(42)",
        "Optional(\"42\")", " " + markRun,
    ]
    static let specialPrefixes = ["firebase_", "google_", "ga_", "_", "gtag.", "$", "m_", "visit_", "[Amplitude] "]
    /// Names that several tags share, in several cases: names that differ only by case.
    static let sharedNames = [
        "podcast_played", "Podcast_Played", "PODCAST_PLAYED", "podcast played", "Podcast Played", "episode",
        "Episode", "straße", "STRASSE", "Straße", "ΣΊΣΥΦΟΣ", "σίσυφος", "İstanbul", "istanbul", "ﬁle", "FILE",
        "e\u{301}te\u{301}", "été", "ÉTÉ", "キー", "ｷｰ", "A" + markRun, "a" + markRun,
    ]
    /// 2,047 combining marks of two classes in turn (4,094 bytes): after a letter, one character that a string reorders,
    /// quadratic in its length, each time it hashes or compares it.
    static let markRun = String(repeating: "\u{301}\u{316}", count: 1_023) + "\u{301}"

    /// `count` scalars of a name as apps write them: a lowercase letter, then lowercase letters,
    /// digits and `_`; one time in four, capitals too.
    mutating func identifier(scalars count: Int) -> String {
        bytes.removeAll(keepingCapacity: true)
        let capitals = oneIn(4)
        for index in 0..<count {
            let letter = below(26)
            switch index == 0 ? 0 : below(10) {
            case 0...6: bytes.append(UInt8(capitals && oneIn(3) ? 65 + letter : 97 + letter))
            case 7...8: bytes.append(UInt8(48 + below(10)))
            default: bytes.append(95)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An event or property name, or a key: an identifier as apps write them, a special name, one
    /// with a reserved prefix, a shared name, or random text; mostly up to 24 scalars, sometimes
    /// up to 60 (about the vendors' limits), rarely up to 300.
    mutating func name() -> String {
        switch pick([50, 6, 6, 8, 30]) {
        case 0: return identifier(scalars: number(in: 1...24))
        case 1: return element(of: Self.specialNames)
        case 2: return element(of: Self.specialPrefixes) + text(scalars: number(in: 0...20))
        case 3: return element(of: Self.sharedNames)
        default:
            let length =
                switch pick([900, 95, 5]) {
                case 0: number(in: 0...24)
                case 1: number(in: 0...60)
                default: number(in: 0...300)
                }
            return text(scalars: length)
        }
    }

    /// A string value: mostly up to 24 scalars, sometimes up to 400, rarely 10 KB.
    mutating func stringValue() -> String {
        switch pick([900, 99, 1]) {
        case 0: text(scalars: number(in: 0...24))
        case 1: text(scalars: number(in: 0...400))
        default: tenKilobytes()
        }
    }

    /// An ID: a placeholder, blank, about a vendor's length limits, or random.
    mutating func id() -> String {
        switch pick([15, 5, 10, 60, 1]) {
        case 0: element(of: Self.specialNames)
        case 1: String(repeating: element(of: [" ", "\u{3000}", "\u{200B}", "\t"]), count: number(in: 1...8))
        case 2: text(scalars: number(in: 250...1_100))
        case 3: text(scalars: number(in: 0...40))
        default: tenKilobytes()
        }
    }

    /// How many keys a dictionary has: 0 to 40 (4 times in 5 up to 10), one time in 1,000 a few
    /// hundred, or just over a thousand (Amplitude's limit).
    mutating func keyCount() -> Int {
        guard oneIn(1_000) else { return number(in: 0...(below(5) < 4 ? 10 : 40)) }
        return oneIn(5) ? number(in: 1_000...1_200) : number(in: 100...600)
    }

    // MARK: - Values

    mutating func int() -> Int {
        switch pick([40, 30, 10, 10, 10]) {
        case 0: number(in: -10...1_000)
        case 1: Int(truncatingIfNeeded: random.next())
        case 2: element(of: [Int.min, Int.max, 0, -1, 1 << 53, (1 << 53) + 1])
        case 3: Int(truncatingIfNeeded: random.next() >> UInt64(below(64)))
        default: number(in: 0...100_000)
        }
    }

    mutating func double() -> Double {
        switch pick([12, 10, 10, 48, 20]) {
        case 0: element(of: [.nan, -.nan, .signalingNaN, .infinity, -.infinity])
        case 1:
            element(of: [.greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e308, -1e300, 9.007_199_254_740_993e15])
        case 2:
            element(of: [
                .leastNonzeroMagnitude, .leastNormalMagnitude, -0.0, 0.0, 1e-300, -Double.leastNonzeroMagnitude,
            ])
        case 3: Double(number(in: -1_000_000...1_000_000)) / 100
        default: Double(bitPattern: random.next())
        }
    }

    /// A value of any kind; sometimes an array, nested up to 4 levels: of up to 8 values mostly,
    /// sometimes 40, rarely a few hundred; inside an array, of up to 6.
    mutating func value(depth: Int = 0) -> AnalyticsValue {
        switch pick(depth == 0 ? Self.valueWeights : depth < 4 ? Self.nestedValueWeights : Self.innermostValueWeights) {
        case 0: return .string(stringValue())
        case 1: return .int(int())
        case 2: return .double(double())
        case 3: return .bool(oneIn(2))
        case 4: return .null
        default:
            let count =
                switch depth > 0 ? 0 : pick([90, 9, 1]) {
                case 0: number(in: 0...(depth > 0 ? 6 : 8))
                case 1: number(in: 0...40)
                default: number(in: 100...300)
                }
            var elements: [AnalyticsValue] = []
            elements.reserveCapacity(count)
            for _ in 0..<count { elements.append(value(depth: depth + 1)) }
            return .array(elements)
        }
    }

    /// How often a value is a string, an int, a double, a Boolean, null, an array: in a
    /// dictionary, in an array, and at the deepest level.
    static let valueWeights = [30, 20, 20, 12, 6, 6]
    static let nestedValueWeights = [30, 20, 20, 12, 6, 3]
    static let innermostValueWeights = [30, 20, 20, 12, 6, 0]

    mutating func properties() -> [String: AnalyticsValue] {
        if oneIn(2_000) { return slowShape() }
        let count = keyCount()
        // Room for every key: growing the dictionary would hash each non-ASCII key again.
        var properties = [String: AnalyticsValue](minimumCapacity: count)
        for _ in 0..<count { properties[name()] = value() }
        return properties
    }

    /// A tag built to be slow to check (the review of issue 26), small in memory: 8 to 40 keys that
    /// share one array of 4,096 texts of 1,000 to 5,200 scalars (1 to 8 of them, repeated), or
    /// 25 × 25 × 4 of them; or 300 to 3,000 keys that share a prefix of 1,000 to 4,000 bytes.
    mutating func slowShape() -> [String: AnalyticsValue] {
        guard oneIn(2) else {
            let prefix = String(repeating: element(of: ["k", "é", " ", "K"]), count: number(in: 1_000...4_000))
            let count = number(in: 300...3_000)
            var properties = [String: AnalyticsValue](minimumCapacity: count)
            for index in 0..<count { properties[prefix + text(scalars: below(3)) + String(index)] = value() }
            return properties
        }
        let texts = (0...below(8)).map { _ in AnalyticsValue.string(text(scalars: number(in: 1_000...5_200))) }
        var shared = AnalyticsValue.array((0..<4_096).map { texts[$0 % texts.count] })
        if oneIn(2) {
            let four = AnalyticsValue.array(Array(texts.prefix(4)))
            shared = .array(Array(repeating: .array(Array(repeating: four, count: 25)), count: 25))
        }
        return Dictionary(uniqueKeysWithValues: (0..<number(in: 8...40)).map { ("k\($0)", shared) })
    }

    mutating func optional<Value>(_ make: (inout TagMaker) -> Value, nilOneIn count: Int) -> Value? {
        oneIn(count) ? nil : make(&self)
    }

    // MARK: - Firebase

    mutating func firebaseValue() -> FirebaseValue {
        switch pick([40, 28, 29, 3]) {
        case 0: .string(stringValue())
        case 1: .int(int())
        case 2: .double(double())
        default: .items(items())
        }
    }

    /// GA4 items: mostly up to 5, rarely about 200 (the limit); each with some of the standard
    /// parameters and up to 3 others, sometimes about 27 (the limit of custom ones).
    mutating func items() -> [[String: FirebaseItemValue]] {
        let count = oneIn(300) ? number(in: 150...250) : number(in: 0...5)
        var items: [[String: FirebaseItemValue]] = []
        items.reserveCapacity(count)
        for _ in 0..<count {
            let others = oneIn(20) ? number(in: 20...35) : number(in: 0...3)
            var item = [String: FirebaseItemValue](minimumCapacity: Self.standardItemParameters.count + others)
            for key in Self.standardItemParameters where !oneIn(3) {
                item[key] = itemValue()
            }
            for _ in 0..<others { item[name()] = itemValue() }
            items.append(item)
        }
        return items
    }

    static let standardItemParameters = ["item_id", "item_name", "price", "quantity", "item_category"]

    /// An item's value: strings mostly up to 40 scalars, sometimes 400 (the limit is 100).
    mutating func itemValue() -> FirebaseItemValue {
        switch pick([50, 25, 25]) {
        case 0: .string(text(scalars: oneIn(20) ? number(in: 0...400) : number(in: 0...40)))
        case 1: .int(int())
        default: .double(double())
        }
    }

    mutating func firebase() -> FirebaseTag {
        switch pick([70, 10, 12, 8]) {
        case 0:
            let count = keyCount()
            var parameters = [String: FirebaseValue](minimumCapacity: count)
            for _ in 0..<count { parameters[name()] = firebaseValue() }
            if oneIn(20) { parameters["items"] = .items(items()) }  // the one list of items Firebase takes
            return .event(name: name(), parameters: parameters)
        case 1: return .screenView(screenName: stringValue(), screenClass: name())
        case 2: return .userProperty(name: name(), value: optional({ $0.stringValue() }, nilOneIn: 5))
        default: return .userID(optional({ $0.id() }, nilOneIn: 5))
        }
    }

    // MARK: - The other vendors

    mutating func mixpanel() -> MixpanelTag {
        switch pick([70, 15, 3, 12]) {
        case 0: .track(event: name(), properties: properties())
        case 1: .identify(distinctID: id())
        case 2: .reset
        default: .setPeopleProperties(properties())
        }
    }

    mutating func amplitude() -> AmplitudeTag {
        switch pick([65, 12, 10, 8, 5]) {
        case 0: .track(eventType: name(), eventProperties: properties())
        case 1: .setUserProperties(properties())
        case 2: .setUserID(optional({ $0.id() }, nilOneIn: 5))
        case 3: .setDeviceID(id())
        default: .reset
        }
    }

    mutating func segment() -> SegmentTag {
        switch pick([50, 15, 12, 10, 8, 5]) {
        case 0: .track(event: name(), properties: properties())
        case 1: .screen(name: name(), properties: properties())
        case 2: .identify(userID: optional({ $0.id() }, nilOneIn: 4), traits: properties())
        case 3: .group(groupID: id(), traits: properties())
        case 4: .alias(newID: id())
        default: .reset
        }
    }

    mutating func batch() -> BatchTag {
        guard oneIn(5) else {
            let label = optional({ $0.stringValue() }, nilOneIn: 2)
            let count = oneIn(20) ? number(in: 50...300) : number(in: 0...12)
            var tags: [String] = []
            for _ in 0..<count { tags.append(oneIn(2) ? name() : stringValue()) }
            return .event(name: name(), attributes: properties(), label: label, tags: tags)
        }
        return .customUserID(optional({ $0.id() }, nilOneIn: 5))
    }

    mutating func piano() -> PianoTag {
        switch pick([80, 15, 5]) {
        case 0: .event(name: name(), properties: properties())
        case 1: .setUser(id: id(), category: optional({ $0.name() }, nilOneIn: 2))
        default: .deleteUser
        }
    }
}
