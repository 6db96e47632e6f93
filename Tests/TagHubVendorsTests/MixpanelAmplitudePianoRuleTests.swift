import TagHub
import TagHubVendors
import Testing

/// Mixpanel's, Amplitude's and Piano's checks: the unit each measures text in, the bounds of what
/// each reads (keys past those it checks, arrays far longer than their limit, keys far longer
/// than theirs), and the escaping of what a finding quotes.
@Suite struct MixpanelAmplitudePianoRuleTests {
    /// A key holding a right-to-left override, a newline and a zero-width space, as a finding
    /// writes it: escaped.
    static let key = "K\u{202E}\n\u{200B}"
    static let escapedKey = #"K\u{202E}\n\u{200B}"#
    static let lowerKey = "k\u{202E}\n\u{200B}"
    static let escapedLowerKey = #"k\u{202E}\n\u{200B}"#

    static func descriptions(_ tag: some RuleCheckedVendorTag) -> [String] {
        tag.ruleViolations.map(\.description)
    }

    /// `p0000: value` to `p…: value`, `count` keys of four digits.
    static func numbered(_ count: Int, _ value: AnalyticsValue) -> [String: AnalyticsValue] {
        Dictionary(
            uniqueKeysWithValues: (0..<count).map { (index: Int) -> (String, AnalyticsValue) in
                ("p" + String(String(10_000 + index).dropFirst()), value)
            }
        )
    }

    // MARK: - Escaping

    @Test func mixpanelEscapesAKeyInFindingsAboutItAndAboutItsValue() {
        let caseLimit = "names that differ only by case are different properties"
        #expect(
            Self.descriptions(
                MixpanelTag.track(event: "Play", properties: [Self.key: .double(.nan), Self.lowerKey: 1])
            )
                == [
                    "mixpanel.number.finite: \"\(Self.escapedKey)\": nan breaks a finite number",
                    "mixpanel.propertyName.case: \"\(Self.escapedKey)\", \"\(Self.escapedLowerKey)\" breaks \(caseLimit)",
                ]
        )
        // Too long: quoted cut after 64 UTF-16 units of escapes and letters, with its length.
        let long = Self.key + String(repeating: "x", count: 300)
        let shown = Self.escapedKey + String(repeating: "x", count: 45) + "…"
        #expect(
            Self.descriptions(
                MixpanelTag.track(event: "Play", properties: [long: .string(String(repeating: "a", count: 256))])
            )
                == [
                    "mixpanel.propertyName.length: \"\(shown)\" (304 characters) breaks at most 255 characters",
                    "mixpanel.stringValue.bytes: \"\(shown)\": 256 bytes breaks at most 255 bytes of UTF-8",
                ]
        )
    }

    @Test func amplitudeEscapesAKeyInFindingsAboutItAndAboutItsValue() {
        // Without its letter, the key shows nothing: a blank name.
        let blank = String(Self.key.dropFirst())
        let escapedBlank = String(Self.escapedKey.dropFirst())
        #expect(
            Self.descriptions(
                AmplitudeTag.track(
                    eventType: "Play",
                    eventProperties: [blank: .double(.nan), Self.key: 1, Self.lowerKey: 2]
                )
            ) == [
                "amplitude.propertyName.empty: \"\(escapedBlank)\" breaks a name",
                "amplitude.number.finite: \"\(escapedBlank)\": nan breaks a finite number",
                "amplitude.propertyName.case: \"\(Self.escapedKey)\", \"\(Self.escapedLowerKey)\" breaks names that differ only by case are different properties",
            ]
        )
    }

    @Test func pianoEscapesAKeyInFindingsAboutItAndAboutItsValue() {
        #expect(
            Self.descriptions(PianoTag.event("play", [Self.key: .double(.nan)])) == [
                "piano.propertyKey.format: \"\(Self.escapedKey)\" breaks letters, digits and _, starting with a letter from a to z",
                "piano.propertyKey.lowercased: \"\(Self.escapedKey)\" breaks lowercase, as Piano stores it (\"\(Self.escapedLowerKey)\")",
                "piano.number.finite: \"\(Self.escapedKey)\": nan breaks a finite number",
            ]
        )
    }

    // MARK: - Mixpanel

    @Test func mixpanelMeasuresStringsInBytesOfUTF8() {
        // 85 emoji: 85 characters, 170 UTF-16 units, 340 bytes.
        let emoji = String(repeating: "😀", count: 85)
        #expect(
            Self.descriptions(MixpanelTag.track(event: "Play", properties: ["title": .string(emoji), "ok": "ééé"]))
                == ["mixpanel.stringValue.bytes: title: 340 bytes breaks at most 255 bytes of UTF-8"]
        )
    }

    @Test func mixpanelWalksAnArrayTooLongButNotOneFarLonger() {
        func findings(_ count: Int) -> [String] {
            var elements = Array(repeating: AnalyticsValue.int(1), count: count - 1)
            elements.append(.double(.nan))
            return Self.descriptions(MixpanelTag.track(event: "Play", properties: ["ids": .array(elements)]))
        }
        #expect(
            findings(300) == [
                "mixpanel.array.length: ids: 300 elements breaks at most 254",
                "mixpanel.number.finite: ids: nan breaks a finite number",
            ]
        )
        #expect(findings(4_096).count == 2)
        #expect(findings(4_097) == ["mixpanel.array.length: ids: 4,097 elements breaks at most 254"])
    }

    /// Of more keys than Mixpanel accepts (254 on an event, 2,000 on a profile), the first it
    /// accepts and 8 more by key are checked, and of more than twice as many, the first 8; of as
    /// many or fewer, all.
    @Test func mixpanelChecksTheKeysItAcceptsAnd8MoreOrPastTwiceThemTheFirst8() {
        var properties = Self.numbered(300, 1)
        for key in ["p0007", "p0261", "p0262"] { properties[key] = .double(.nan) }
        #expect(
            Self.descriptions(MixpanelTag.track(event: "Play", properties: properties)) == [
                "mixpanel.propertyCount: 300 properties breaks at most 254",
                "mixpanel.number.finite: p0007: nan breaks a finite number",
                "mixpanel.number.finite: p0261: nan breaks a finite number",
            ]
        )
        properties = Self.numbered(600, 1)
        for key in ["p0007", "p0008", "p0599"] { properties[key] = .double(.nan) }
        #expect(
            Self.descriptions(MixpanelTag.track(event: "Play", properties: properties)) == [
                "mixpanel.propertyCount: 600 properties breaks at most 254",
                "mixpanel.number.finite: p0007: nan breaks a finite number",
            ]
        )
        #expect(
            Self.descriptions(MixpanelTag.setPeopleProperties(properties)) == [
                "mixpanel.number.finite: p0007: nan breaks a finite number",
                "mixpanel.number.finite: p0008: nan breaks a finite number",
                "mixpanel.number.finite: p0599: nan breaks a finite number",
            ]
        )
        // Keys that differ only by case are compared among the keys checked only. The first 8 are
        // now "P0000", "Q0000" and "p0000" to "p0005": "q0000", and "p0007", are not read.
        for key in ["P0000", "Q0000", "q0000"] { properties[key] = 1 }
        #expect(
            Self.descriptions(MixpanelTag.track(event: "Play", properties: properties)) == [
                "mixpanel.propertyCount: 603 properties breaks at most 254",
                #"mixpanel.propertyName.case: "P0000", "p0000" breaks names that differ only by case are different properties"#,
            ]
        )
    }

    @Test func mixpanelReportsAKeyFarLongerThanItsLimitByItsLengthOnly() {
        let spaces = String(repeating: " ", count: 5_000)
        #expect(
            Self.descriptions(MixpanelTag.track(event: "Play", properties: [spaces: 1, "   ": 2])) == [
                #"mixpanel.propertyName.empty: "   " breaks a name"#,
                "mixpanel.propertyName.length: \"\(String(repeating: " ", count: 64))…\" (5,000 bytes of UTF-8) breaks at most 255 characters",
            ]
        )
    }

    // MARK: - Amplitude

    /// Amplitude: a blank key read within the check's bytes is found blank even when later keys spend them: 400 Greek
    /// keys of 31 bytes (six times each) after `" "`.
    @Test func amplitudeFindsABlankKeyReadWhateverTheKeysAfterIt() {
        var properties: [String: AnalyticsValue] = [" ": 1]
        for index in 0..<400 { properties["κατηγορίαπροϊό\(100 + index)"] = 1 }
        let findings = AmplitudeTag.track(eventType: "Play", eventProperties: properties).ruleViolations
        #expect(findings.map(\.description) == [#"amplitude.propertyName.empty: " " breaks a name"#])
    }

    @Test func amplitudeMeasuresStringsInUTF16Units() {
        // 600 emoji: 600 characters, 1,200 UTF-16 units; 1,024 "é": 1,024 units, 2,048 bytes.
        let properties: [String: AnalyticsValue] = [
            "title": .string(String(repeating: "😀", count: 600)),
            "ok": .string(String(repeating: "é", count: 1_024)),
        ]
        #expect(
            Self.descriptions(AmplitudeTag.track(eventType: "Play", eventProperties: properties)) == [
                "amplitude.stringValue.length: title: 1,200 UTF-16 units breaks at most 1,024 UTF-16 units"
            ]
        )
    }

    @Test func amplitudeComparesTheCaseOfTheFirst1008KeysOnly() {
        var properties = Self.numbered(1_100, 1)
        // "Key" and "key" sort before every "p…"; "Zz" too, but "zz" after them.
        for key in ["Key", "key", "Zz", "zz"] { properties[key] = 1 }
        #expect(
            Self.descriptions(AmplitudeTag.track(eventType: "Play", eventProperties: properties)) == [
                "amplitude.propertyCount: 1,104 properties breaks at most 1,000",
                #"amplitude.propertyName.case: "Key", "key" breaks names that differ only by case are different properties"#,
            ]
        )
    }

    @Test func amplitudeCountsTheUnitsOfAnIDUpToItsMinimum() {
        let limit = "at least 5 UTF-16 units"
        #expect(
            Self.descriptions(AmplitudeTag.setUserID("😀😀")) == [
                "amplitude.userID.length: \"😀😀\" (4 UTF-16 units) breaks \(limit)"
            ]
        )
        #expect(Self.descriptions(AmplitudeTag.setUserID("😀😀a")) == [])
        #expect(Self.descriptions(AmplitudeTag.setDeviceID(String(repeating: "a", count: 1_000_000))) == [])
    }

    // MARK: - Piano

    /// The SDK lowercases a key, then matches `^[a-z]\w*$` as ICU reads it: scalar by scalar,
    /// `\w` taking letters, marks, decimal digits and connectors.
    @Test func pianoReadsAKeysFormatAsTheSDKsExpressionDoes() {
        let keys = ["e\u{301}coute", "x_\u{663}", "\u{212A}ey", "prix_é", "x²", "x-y", "_x", "1x", "ça", ""]
        let broken = keys.filter { key in
            PianoTag.event("play", [key: 1]).ruleViolations.contains { $0.rule == "piano.propertyKey.format" }
        }
        #expect(broken == ["x²", "x-y", "_x", "1x", "ça", ""])
    }

    @Test func pianoShowsTheLowercaseOfALongKeyCutWithoutItsSize() {
        let key = String(repeating: "K", count: 70)
        let (upper, lower) = (String(repeating: "K", count: 64), String(repeating: "k", count: 64))
        let expected: [String] = [
            "piano.propertyKey.length: \"\(upper)…\" (70 characters) breaks at most 40 characters",
            "piano.propertyKey.lowercased: \"\(upper)…\" (70 UTF-16 units) breaks lowercase, as Piano stores it (\"\(lower)…\")",
        ]
        #expect(Self.descriptions(PianoTag.event("play", [key: 1])) == expected)
        #expect(
            Self.descriptions(PianoTag.event("play", ["x_ǅ": 1])) == [
                #"piano.propertyKey.lowercased: "x_ǅ" breaks lowercase, as Piano stores it ("x_ǆ")"#
            ]
        )
    }

    @Test func pianoReportsAKeyFarLongerThanItsLimitByItsLengthOnly() {
        // Capitals and a reserved prefix: neither is read past the length, as they are in a short key.
        let key = "M_" + String(repeating: "É", count: 3_000)
        #expect(
            Self.descriptions(PianoTag.event("play", [key: 1, "M_É": 2])) == [
                "piano.propertyKey.reservedPrefix: \"M_É\" breaks no \"m_\" prefix",
                "piano.propertyKey.lowercased: \"M_É\" breaks lowercase, as Piano stores it (\"m_é\")",
                "piano.propertyKey.length: \"M_\(String(repeating: "É", count: 62))…\" (6,002 bytes of UTF-8) breaks at most 40 characters",
            ]
        )
    }

    @Test func pianoWalksAnArrayTooLongButNotOneFarLonger() {
        func findings(_ count: Int) -> [String] {
            let values = Array(repeating: AnalyticsValue.double(.nan), count: count)
            return Self.descriptions(PianoTag.event("play", ["ids": .array(values)]))
        }
        #expect(
            findings(21) == [
                "piano.array.length: ids: 21 items breaks at most 20",
                "piano.number.finite: ids: nan breaks a finite number",
            ]
        )
        #expect(findings(4_097) == ["piano.array.length: ids: 4,097 items breaks at most 20"])
    }

    /// Piano documents no limit of properties per event: 100 keys are checked; of up to 200, the
    /// first 108; of more, the first 8.
    @Test func pianoChecks100KeysOrPastThemTheFirst8() {
        let first = (0..<3).map { "piano.number.finite: p000\($0): nan breaks a finite number" }
        #expect(
            Self.descriptions(PianoTag.event("play", Self.numbered(100, .double(.nan))))
                == first + ["piano.number.finite: 97 more breaks a finite number"]
        )
        #expect(
            Self.descriptions(PianoTag.event("play", Self.numbered(200, .double(.nan))))
                == first + ["piano.number.finite: 105 more breaks a finite number"]
        )
        #expect(
            Self.descriptions(PianoTag.event("play", Self.numbered(1_100, .double(.nan))))
                == first + ["piano.number.finite: 5 more breaks a finite number"]
        )
    }
}
