import Foundation
import TagHub
import TagHubTestSupport
import Testing

@testable import TagHubVendors

/// Names that differ only by case are grouped as `lowercased()` and `String`'s equality group
/// them, though most are never lowercased: they are hashed scalar by scalar (folded), which is
/// exact only for scalars that `RuleCheck.isInert(_:)` accepts. These tests hold the shortcut to
/// the definition.
@Suite(.timeLimit(.minutes(1)))
struct CaseGroupTests {
    /// Every inert scalar is in NFC alone, and none is a part of a canonical decomposition other
    /// than its first (what could compose with a scalar before it), by Foundation's normalization,
    /// for every assigned scalar (Foundation's data on Linux predates Unicode 16; the scalars
    /// after 15.1 are not inert).
    @Test func anInertScalarIsInNFCAndComposesWithNoScalarBeforeIt() {
        var inert = 0
        var failures: [String] = []
        for value in UInt32(0)..<0x11_0000 {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { continue }
            let text = String(scalar)
            let decomposed = Array(text.decomposedStringWithCanonicalMapping.unicodeScalars)
            for part in decomposed.dropFirst() where RuleCheck.isInert(part) {
                failures.append("U+\(String(part.value, radix: 16)) in U+\(String(value, radix: 16))")
            }
            // Text that starts with a scalar outside ASCII said not to equal any ASCII text starts
            // outside ASCII in NFC too.
            if !scalar.isASCII && RuleCheck.cannotEqualASCII(text + "ab"),
                (text + "ab").precomposedStringWithCanonicalMapping.unicodeScalars.first?.isASCII != false
            {
                failures.append("U+\(String(value, radix: 16)) can equal ASCII")
            }
            guard RuleCheck.isInert(scalar) else { continue }
            inert += 1
            if Array(text.precomposedStringWithCanonicalMapping.unicodeScalars) != [scalar] {
                failures.append("U+\(String(value, radix: 16)) leaves NFC")
            }
        }
        #expect(failures.prefix(10) == [])
        // Most assigned scalars are inert (letters, digits, symbols, CJK): the shortcut is the rule.
        #expect(inert > 250_000)
    }

    /// Text cannot equal an ASCII name where it starts with an inert scalar outside ASCII, or is
    /// made of scalars below U+0300 with one outside ASCII; other text is compared as strings.
    @Test func textThatCannotEqualAnASCIINameIsToldOnItsFirstScalarOrItsBytes() {
        #expect(RuleCheck.cannotEqualASCII("Ключ_1"))
        #expect(RuleCheck.cannotEqualASCII("キー"))
        #expect(RuleCheck.cannotEqualASCII("élément"))
        #expect(RuleCheck.cannotEqualASCII("abé"))
        #expect(!RuleCheck.cannotEqualASCII("e\u{301}"))  // equal to é, but starts in ASCII: compared
        #expect(!RuleCheck.cannotEqualASCII("\u{212A}ey"))  // the Kelvin sign: equal to "Key"
        #expect(!RuleCheck.cannotEqualASCII("\u{301}a"))  // a mark first
        #expect(!RuleCheck.cannotEqualASCII("revenue"))
        #expect("\u{212A}ey" == "Key")
    }

    /// Unicode 16 made letters that compose with a letter before them (Kirat Rai: U+16D67 twice
    /// is U+16D68, as strings compare), which Foundation's normalization on Linux does not know:
    /// scalars after Unicode 15.1 are not inert, and names of them are compared as strings.
    @Test func lettersOfUnicode16ThatComposeAreComparedAsStrings() {
        #expect("\u{16D67}\u{16D67}" == "\u{16D68}")
        #expect(!RuleCheck.isInert("\u{16D67}"))
        #expect(!RuleCheck.isInert("\u{16D68}"))
        #expect(RuleCheck.isInert("a"))
        let properties: [String: AnalyticsValue] = ["A\u{16D67}\u{16D67}": 1, "a\u{16D68}": 2]
        #expect(
            MixpanelTag.setPeopleProperties(properties).ruleViolations.map(\.rule) == ["mixpanel.propertyName.case"]
        )
    }

    /// Scalars whose lowercase is another inert scalar of as many bytes fold; others (a mark, İ,
    /// the Kelvin sign, whose lowercase is one byte) do not, and their names are compared as
    /// strings.
    @Test func aScalarFoldsToItsLowercaseOnlyWhereComparingFoldsIsExact() {
        func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
            let folded = RuleCheck.fold(scalar)
            return folded == RuleCheck.noFold ? nil : Unicode.Scalar(folded)
        }
        #expect(fold("A") == "a")
        #expect(fold("É") == "é")
        #expect(fold("Σ") == "σ")
        #expect(fold("Ж") == "ж")
        #expect(fold("Ⅻ") == "ⅻ")
        #expect(fold("\u{10400}") == "\u{10428}")  // Deseret, four bytes
        #expect(fold("キ") == "キ")
        #expect(fold("\u{301}") == nil)  // a combining mark
        #expect(fold("İ") == nil)  // lowercases to i and a combining dot
        #expect(fold("\u{212A}") == nil)  // the Kelvin sign lowercases to k, one byte
        #expect(fold("\u{1E9E}") == nil)  // ẞ lowercases to ß, two bytes
        #expect(fold("\u{1161}") == nil)  // a Hangul vowel jamo composes with the syllable before
    }

    /// Tags of three names spelled with letters in their case variants, texts canonically
    /// equivalent (`é` and `e` with a combining accent), scalars that fold and scalars that do not:
    /// each case finding is the one that grouping the keys by `lowercased()` gives, and there is
    /// one exactly where that grouping has a group.
    @Test func groupsAreThoseOfLowercasedNamesComparedAsStrings() {
        let letters = [
            ["a", "A"], ["k", "K", "\u{212A}"], ["é", "É", "e\u{301}", "E\u{301}"], ["ß", "\u{1E9E}", "ss"],
            ["σ", "Σ", "ς"], ["ω", "Ω", "\u{2126}"], ["İ", "i\u{307}", "i", "I"], ["ǅ", "ǆ", "Ǆ"], ["Ⅻ", "ⅻ"],
            ["\u{10400}", "\u{10428}"], ["Ꭰ", "ꭰ"], ["한", "ᄒ\u{1161}\u{11AB}"], ["キ"], ["ガ", "カ\u{3099}"],
            ["_"], ["1"], ["Ж", "ж"], ["aaaaaaaa", "AAAAAAAA"], ["\u{301}"], ["Å", "\u{212B}", "å"],
        ]
        var generator = SplitMix64(seed: 0x7A6)
        func random(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }
        var tagsWithGroups = 0
        for _ in 0..<3_000 {
            let spelling = (0..<(1 + random(3))).map { _ in random(letters.count) }
            var names: [String] = []
            for _ in 0..<3 {
                // Mostly the same letters, in any of their variants; sometimes other letters.
                let word = random(4) == 0 ? (0..<(1 + random(3))).map { _ in random(letters.count) } : spelling
                names.append(word.map { letters[$0][random(letters[$0].count)] }.joined())
            }
            let properties = Dictionary(
                names.map { ($0, AnalyticsValue.int(1)) },
                uniquingKeysWith: { first, _ in first }
            )
            let expected = Dictionary(grouping: properties.keys, by: { $0.lowercased() }).values
                .filter { $0.count > 1 }
                .map { group in group.sorted().map { RuleCheck.quoted($0) }.joined(separator: ", ") }
                .sorted()
            let found = MixpanelTag.setPeopleProperties(properties).ruleViolations
                .filter { $0.rule == "mixpanel.propertyName.case" }
                .map(\.subject)
                .sorted()
            #expect(found == expected, "\(properties.keys.map { Array($0.unicodeScalars) })")
            if !expected.isEmpty { tagsWithGroups += 1 }
        }
        // Enough tags have a group for the test to mean something.
        #expect(tagsWithGroups > 1_000)
    }

    /// 10,000 names in scripts that fold (Cyrillic, Greek, kana, Latin) are grouped by their
    /// hashes: the one pair that differs only by case is found.
    @Test func namesOfManyScriptsAreGroupedWithoutLowercasing() {
        var properties = Dictionary(
            uniqueKeysWithValues: (0..<10_000).map { ("Ключ_clé_キー_Δέλτα_\($0)", AnalyticsValue.int($0)) }
        )
        properties["КЛЮЧ_CLÉ_キー_ΔΈΛΤΑ_7"] = 1
        #expect(
            MixpanelTag.setPeopleProperties(properties).ruleViolations.map(\.description) == [
                #"mixpanel.propertyName.case: "КЛЮЧ_CLÉ_キー_ΔΈΛΤΑ_7", "Ключ_clé_キー_Δέλτα_7" breaks names that differ only by case are different properties"#
            ]
        )
    }
}

@Suite struct PianoKeyStartTests {
    /// A Piano key whose first character, lowercased, is not from a to z is no word and has no
    /// reserved prefix, without the rest of it being lowercased; one whose first character
    /// lowercases into a to z (the Kelvin sign into k) is read whole.
    @Test func aKeyIsReadWholeOnlyWhereItsFirstCharacterLowercasesIntoAToZ() {
        let format = "breaks letters, digits and _, starting with a letter from a to z"
        #expect(
            PianoTag.event("play", ["Ключ_1": 1]).ruleViolations.map(\.description) == [
                #"piano.propertyKey.format: "Ключ_1" \#(format)"#,
                #"piano.propertyKey.lowercased: "Ключ_1" breaks lowercase, as Piano stores it ("ключ_1")"#,
            ]
        )
        #expect(
            PianoTag.event("play", ["énorme": 1]).ruleViolations.map(\.description) == [
                #"piano.propertyKey.format: "énorme" \#(format)"#
            ]
        )
        #expect(
            PianoTag.event("play", ["\u{212A}ey_\u{212A}": 1]).ruleViolations.map(\.description) == [
                #"piano.propertyKey.lowercased: "\#u{212A}ey_\#u{212A}" breaks lowercase, as Piano stores it ("key_k")"#
            ]
        )
    }
}

@Suite struct ASCIIIdentifierTests {
    /// What ``RuleCheck/asciiIdentifier(_:)`` must say, byte by byte.
    static func expected(_ bytes: [UInt8]) -> Bool? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.allSatisfy { isLetter($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }

    /// Every byte value at every place of names of 1 to 24 bytes (words read eight at a time, and
    /// tails), in a name that is an identifier otherwise: the check reads each byte as one at a
    /// time would.
    @Test func everyByteAtEveryPlaceIsReadAsOneAtATimeWould() {
        var mismatches: [String] = []
        let pattern = Array("kZ_9".utf8)
        for length in 1...24 {
            for place in 0..<length {
                for byte in UInt8(0)...UInt8(0xFF) {
                    var bytes = (0..<length).map { pattern[$0 % 4] }
                    bytes[place] = byte
                    let got = bytes.withUnsafeBufferPointer { RuleCheck.asciiIdentifier($0) }
                    if got != Self.expected(bytes) { mismatches.append("\(bytes) → \(String(describing: got))") }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect([UInt8]().withUnsafeBufferPointer { RuleCheck.asciiIdentifier($0) } == false)
    }

    /// The rules that read it: Firebase's and Piano's name formats, on names of 40 and 70 bytes
    /// with one byte out of place, first in a word of eight or last in the tail.
    @Test func firebaseAndPianoReportALongKeyWithOneByteOutOfPlace() {
        let keys = [
            String(repeating: "k", count: 8) + "-" + String(repeating: "k", count: 61),
            String(repeating: "k", count: 69) + "-",
            String(repeating: "K", count: 69) + "_",
        ]
        let piano = PianoTag.event("play", Dictionary(uniqueKeysWithValues: keys.map { ($0, AnalyticsValue.int(1)) }))
        let rules = piano.ruleViolations.map(\.rule)
        // The two keys with a dash break the format; the one of capitals and an underscore does not.
        #expect(rules.filter { $0 == "piano.propertyKey.format" }.count == 2, "\(piano.ruleViolations)")
        #expect(rules.filter { $0 == "piano.propertyKey.lowercased" }.count == 1)
        let firebase = FirebaseTag.event(name: String(repeating: "e", count: 39) + "-", parameters: [:])
        #expect(firebase.ruleViolations.map(\.rule) == ["firebase.eventName.characters"])
    }
}

@Suite struct CharacterLimitTests {
    /// Text of more bytes than the limit but no more scalars fits without being broken into
    /// characters; text of more scalars is counted in characters, as Swift counts them.
    @Test func textIsLongerOnlyWithMoreCharactersThanTheLimit() {
        let fourScripts = "Ключ_clé_キー_Schlüssel_Δέλτα_1234"  // 32 characters, 32 scalars, 47 bytes
        #expect(fourScripts.utf8.count == 47 && fourScripts.count == 32)
        #expect(!RuleCheck.isLonger(fourScripts, than: 40))
        #expect(RuleCheck.isLonger(fourScripts, than: 31))
        #expect(!RuleCheck.isLonger(fourScripts, than: 32))
        let marked = "e\u{301}" + String(repeating: "é", count: 39)  // 40 characters, 41 scalars
        #expect(!RuleCheck.isLonger(marked, than: 40))
        #expect(RuleCheck.isLonger(marked + "é", than: 40))
        #expect(!RuleCheck.hasMoreScalars(fourScripts, than: 32) && RuleCheck.hasMoreScalars(fourScripts, than: 31))
        #expect(RuleCheck.hasMoreScalars(marked, than: 40))

        let piano = PianoTag.event("play", [fourScripts: 1, fourScripts + "_éééééééé": 2]).ruleViolations
        #expect(
            piano.filter { $0.rule == "piano.propertyKey.length" }.map(\.subject) == [
                "\"\(fourScripts)_éééééééé\" (41 characters)"
            ]
        )
    }
}

@Suite struct ScalarMemoTests {
    /// A value is computed once per scalar while it keeps its slot; a scalar of the same low bits
    /// takes the slot, and the first is computed again. The slots are made at the first look-up,
    /// in the first name that makes one, and kept for the names after it.
    @Test func aValueIsComputedOncePerScalarUntilAnotherOfItsSlotReplacesIt() {
        var computed: [UInt32] = []
        func kind(_ scalar: UInt32) -> UInt32 {
            computed.append(scalar)
            return scalar &* 3
        }
        var memo = ScalarMemo()
        // A name that looks nothing up makes no slots.
        memo.reading { _ in }
        #expect(!memo.hasSlots)
        // The first that does makes them at once: its own repeats are kept.
        let first = memo.reading { table in [table.value(of: 0x30AD, kind), table.value(of: 0x30AD, kind)] }
        #expect(first == [0x30AD * 3, 0x30AD * 3])
        #expect(computed == [0x30AD])
        #expect(memo.hasSlots)

        computed = []
        // キ (U+30AD) and U+30ED share their 6 low bits; ー (U+30FC) does not. U+E900, U+1E900
        // (Adlam capital alif) and U+10E900 share their 16 low bits, the first and the last their 20.
        let scalars: [UInt32] = [
            0x30AD, 0x30FC, 0x30AD, 0x30ED, 0x30FC, 0x30AD, 0xE900, 0x1E900, 0x10E900, 0xE900, 0x1E900,
        ]
        let values = memo.reading { table in scalars.map { table.value(of: $0, kind) } }
        #expect(values == scalars.map { $0 &* 3 })
        #expect(computed == [0x30FC, 0x30ED, 0x30AD, 0xE900, 0x1E900, 0x10E900, 0xE900, 0x1E900])
        // Kept for the next name of the tag.
        computed = []
        _ = memo.reading { table in table.value(of: 0x30FC, kind) }
        #expect(computed.isEmpty)
    }

    /// Firebase's letters and Piano's lowercase, read with one memo across a tag's keys, are what
    /// each key read with a memo of its own gives: keys of kana, Roman numerals, circled and
    /// fullwidth letters, emoji and Adlam, whose scalars share slots, first and last in their keys.
    @Test func keysReadWithOneMemoGetWhatKeysReadAloneGet() {
        // With Adlam's letters after private-use scalars of the same 16 low bits.
        let ranges: [ClosedRange<UInt32>] = [
            0x3040...0x30FF, 0x2160...0x217F, 0x24B6...0x24E9, 0xFF21...0xFF5A, 0x1F600...0x1F64F,
            0xE900...0xE943, 0x1E900...0x1E943,
        ]
        let scalars = ranges.joined().compactMap(Unicode.Scalar.init)
        let keys = scalars.flatMap { ["\($0)x", "x\($0)", "\($0)\($0)"] }
        var sharedKinds = ScalarMemo()
        var sharedChanges = ScalarMemo()
        var mismatches: [String] = []
        for key in keys {
            var ownKinds = ScalarMemo()
            var ownChanges = ScalarMemo()
            if RuleCheck.isLetterIdentifier(key, memo: &sharedKinds)
                != RuleCheck.isLetterIdentifier(key, memo: &ownKinds)
            {
                mismatches.append("letters \(key)")
            }
            if RuleCheck.isLowercase(key, memo: &sharedChanges) != RuleCheck.isLowercase(key, memo: &ownChanges) {
                mismatches.append("lowercase \(key)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        // And what the properties say, read without a memo.
        func isLetter(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
            default: false
            }
        }
        var kinds = ScalarMemo()
        var changes = ScalarMemo()
        let letterKeys = keys.filter { RuleCheck.isLetterIdentifier($0, memo: &kinds) }
        let expectedLetterKeys = keys.filter { key in
            isLetter(key.unicodeScalars.first!)
                && key.unicodeScalars.allSatisfy { isLetter($0) || $0.properties.generalCategory == .decimalNumber }
        }
        #expect(letterKeys == expectedLetterKeys)
        #expect(keys.filter { RuleCheck.isLowercase($0, memo: &changes) } == keys.filter { $0.lowercased() == $0 })
        #expect(keys.count == 1_650 && letterKeys.count == 909)
    }
}

@Suite struct KeyOrderTests {
    /// The findings shown are those of the first keys in `String`'s order, whether a key is
    /// compared on its bytes (scalars below U+0300) or as strings (Cyrillic, kana, Greek, a
    /// combining mark).
    /// No key is a prefix of another that differs from it in normalization: Swift 6.3 does not
    /// order those (`"e\u{301}" < "éa"` and `"\u{212B}" < "\u{C5}b"` are false, and so are
    /// their reverses), so neither can the findings.
    @Test func findingsShownAreThoseOfTheFirstKeysInStringOrder() {
        let keys = [
            "Ключ_2", "キー_1", "Δέλτα", "Ключ_10", "ώ", "e\u{301}x", "éa", "ﬁ_x", "a\u{30A}q", "\u{C5}b", "ｷ", "キ",
            "Ǆ", "ǅ", "o\u{308}z", "é",
        ]
        for count in 1...keys.count {
            // Each prefix of the keys, so that each is shown against several others.
            let tagKeys = Array(keys.prefix(count))
            let shown = PianoTag.event(
                "e",
                Dictionary(uniqueKeysWithValues: tagKeys.map { ($0, AnalyticsValue.int(1)) })
            )
            .ruleViolations.filter { $0.rule == "piano.propertyKey.format" }.map(\.subject)
            let expected = tagKeys.sorted().prefix(RuleCheck.findingsPerRule).map { RuleCheck.quoted($0) }
            #expect(Array(shown.prefix(expected.count)) == expected, "\(tagKeys)")
        }
    }
}

@Suite struct LowercaseSkipTests {
    /// Repeated runs are skipped 8 or 24 bytes at a time: a capital anywhere after a long run of
    /// kana, of Cyrillic or of emoji, at every place modulo 24, is still found, and a run without
    /// one is lowercase.
    @Test func aCapitalAfterALongRepeatedRunIsFoundAtEveryPlace() {
        let runs = ["キ", "キー", "ж", "😀", "aキ", "漢字か", "ж😀キ"]
        let capitals = ["Ａ", "Ж", "A", "𐐀", "É"]
        var mismatches: [String] = []
        for run in runs {
            for capital in capitals {
                for repeats in 20...44 {
                    let text = String(repeating: run, count: repeats) + capital + String(repeating: run, count: 12)
                    var memo = ScalarMemo()
                    if RuleCheck.isLowercase(text, memo: &memo) { mismatches.append("\(run) \(capital) \(repeats)") }
                }
                var memo = ScalarMemo()
                let lowercase = String(repeating: run, count: 300)
                if !RuleCheck.isLowercase(lowercase, memo: &memo) { mismatches.append("\(run) alone") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
