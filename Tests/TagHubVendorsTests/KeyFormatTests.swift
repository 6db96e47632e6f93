import TagHub
import TagHubVendors
import Testing

/// Names and keys outside ASCII, or with one byte out of place, with their exact findings.
@Suite struct KeyFormatTests {
    /// A Piano key is a word once lowercased as the SDK lowercases it: its first character must
    /// lowercase into a to z (the Kelvin sign lowercases into k).
    @Test func aPianoKeyIsAWordWhereItsFirstCharacterLowercasesIntoAToZ() {
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

    /// Firebase's and Piano's name formats, on names of 40 and 70 bytes with one byte out of place,
    /// near the start or last.
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

    /// A key of more bytes than the limit but no more characters fits; one of more characters is
    /// reported with its size in characters.
    @Test func aKeyIsLongerOnlyWithMoreCharactersThanTheLimit() {
        let fourScripts = "Ключ_clé_キー_Schlüssel_Δέλτα_1234"  // 32 characters, 47 bytes
        let piano = PianoTag.event("play", [fourScripts: 1, fourScripts + "_éééééééé": 2]).ruleViolations
        #expect(
            piano.filter { $0.rule == "piano.propertyKey.length" }.map(\.subject) == [
                "\"\(fourScripts)_éééééééé\" (41 characters)"
            ]
        )
    }

    /// Keys in four scripts that fold: the one pair that differs only by case is found, among the
    /// keys checked.
    @Test func namesOfManyScriptsThatDifferOnlyByCaseAreFound() {
        var properties = Dictionary(
            uniqueKeysWithValues: (0..<100).map { ("Ключ_clé_キー_Δέλτα_\($0)", AnalyticsValue.int($0)) }
        )
        properties["КЛЮЧ_CLÉ_キー_ΔΈΛΤΑ_7"] = 1
        #expect(
            MixpanelTag.setPeopleProperties(properties).ruleViolations.map(\.description) == [
                #"mixpanel.propertyName.case: "КЛЮЧ_CLÉ_キー_ΔΈΛΤΑ_7", "Ключ_clé_キー_Δέλτα_7" breaks names that differ only by case are different properties"#
            ]
        )
    }
}
