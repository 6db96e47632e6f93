import TagHub
import TagHubTestSupport
import TagHubVendors
import Testing

/// What shows nothing (white space, Unicode's Default_Ignorable_Code_Point) is read with the
/// standard library's scalar properties: every name or ID that shows nothing is reported, whatever
/// the vendor, up to 4,096 bytes (past which a text is taken as showing something, not read).
@Suite struct VendorRuleBlankTests {
    /// 349,525 × U+3000 (IDEOGRAPHIC SPACE): 1,048,575 bytes of UTF-8.
    static let ideographicSpaces = String(repeating: "\u{3000}", count: 349_525)
    /// 349,525 × U+200B (ZERO WIDTH SPACE): 1,048,575 bytes of UTF-8.
    static let zeroWidthSpaces = String(repeating: "\u{200B}", count: 349_525)
    /// 4,096 spaces, quoted: 64 of them, cut.
    static let quoted4096Spaces = "\"" + String(repeating: " ", count: 64) + "…\" (4,096 UTF-16 units)"

    /// A name or ID of at most 4,096 bytes is read for blankness; a longer one is taken as showing
    /// something, not read (1,365 ideographic spaces are 4,095 bytes).
    @Test func aBlankNameOrIDIsFoundUpTo4096Bytes() {
        let spaces4096 = String(repeating: "\u{3000}", count: 1_365) + " "
        let quoted4096 = "\"" + String(repeating: "\u{3000}", count: 64) + "…\" (1,366 UTF-16 units)"
        #expect(
            MixpanelTag.track(event: spaces4096, properties: [:]).ruleViolations.map(\.description) == [
                "mixpanel.eventName.empty: \(quoted4096) breaks a name"
            ]
        )
        #expect(
            PianoTag.setUser(id: spaces4096, category: nil).ruleViolations.map(\.description) == [
                "piano.userID.empty: \(quoted4096) breaks \(Self.blankIDLimit)"
            ]
        )
        #expect(
            MixpanelTag.identify(distinctID: String(repeating: " ", count: 4_096)).ruleViolations.map(\.description)
                == ["mixpanel.distinctID.placeholder: \(Self.quoted4096Spaces) breaks \(Self.placeholderLimit)"]
        )
        let past: [any RuleCheckedVendorTag] = [
            MixpanelTag.track(event: spaces4096 + " ", properties: [:]),
            MixpanelTag.identify(distinctID: String(repeating: " ", count: 4_097)),
            PianoTag.setUser(id: spaces4096 + " ", category: nil),
            MixpanelTag.track(event: Self.zeroWidthSpaces, properties: [:]),
            MixpanelTag.identify(distinctID: Self.ideographicSpaces),
            AmplitudeTag.track(eventType: Self.zeroWidthSpaces, eventProperties: [:]),
            AmplitudeTag.setUserID(Self.ideographicSpaces), AmplitudeTag.setDeviceID(Self.zeroWidthSpaces),
            PianoTag.event(Self.zeroWidthSpaces), PianoTag.setUser(id: Self.ideographicSpaces, category: nil),
            SegmentTag.group(groupID: String(repeating: " ", count: 4_097), traits: [:]),
        ]
        #expect(past.map(\.ruleViolations) == Array(repeating: [], count: past.count))
        #expect(
            SegmentTag.track(event: "Podcast Played", properties: [Self.zeroWidthSpaces: 1]).ruleViolations
                .map(\.description) == [
                    // A key far longer than a call can hold is reported by the call's size only.
                    "segment.payload.size: at least 1,048,779 bytes breaks at most 32,000 bytes per call"
                ]
        )
        #expect(
            SegmentTag.identify(userID: Self.ideographicSpaces, traits: [:]).ruleViolations.map(\.description) == [
                // An ID far longer than a call can hold is reported by the call's size only.
                "segment.payload.size: at least 1,048,761 bytes breaks at most 32,000 bytes per call"
            ]
        )
    }

    static let placeholderLimit = "a real user ID, not empty or a placeholder"

    /// Batch's blank values are white space (White_Space) only: a zero-width space is no blank. A
    /// megabyte of either is reported by its length only, far longer than Batch's limit.
    @Test func aMegabyteOfIdeographicSpacesIsABlankBatchValueAndOfZeroWidthSpacesIsNot() {
        #expect(
            BatchTag.event("play", ["title": .string(Self.ideographicSpaces)]).ruleViolations.map(\.description) == [
                "batch.stringValue.length: title: more than 300 characters (1,048,575 bytes of UTF-8) breaks 1 to 300 characters"
            ]
        )
        #expect(
            BatchTag.event("play", ["title": .string(Self.zeroWidthSpaces)]).ruleViolations.map(\.description) == [
                "batch.stringValue.length: title: more than 300 characters (1,048,575 bytes of UTF-8) breaks 1 to 300 characters"
            ]
        )
        #expect(
            BatchTag.event("play", ["title": "\u{3000} \u{2003}", "plain": "\u{3000}a"]).ruleViolations
                .map(\.description) == [#"batch.stringValue.blank: title: "\#u{3000} \#u{2003}" breaks not blank"#]
        )
    }

    static let blankIDLimit = "an ID that shows something, not empty, white space or invisible scalars"

    /// Every ID of every model that shows nothing is reported: by the vendor's own rule where it
    /// has one (Segment's IDs, Mixpanel's placeholders, Firebase's and Amplitude's lengths), and
    /// otherwise by an advisory.
    @Test func everyIDThatShowsNothingIsReportedForEveryVendor() {
        let limit = Self.blankIDLimit
        let cases: [(any RuleCheckedVendorTag, [String])] = [
            (FirebaseTag.userID(""), [#"firebase.userID.length: "" (0 UTF-16 units) breaks 1 to 256 UTF-16 units"#]),
            (FirebaseTag.userID("  "), [#"firebase.userID.empty: "  " breaks \#(limit)"#]),
            (FirebaseTag.userID("\u{200B}"), [#"firebase.userID.empty: "\u{200B}" breaks \#(limit)"#]),
            (
                MixpanelTag.identify(distinctID: "\u{FEFF}"),
                [#"mixpanel.distinctID.empty: "\u{FEFF}" breaks \#(limit)"#]
            ),
            (
                MixpanelTag.identify(distinctID: "\u{3000}"),
                [#"mixpanel.distinctID.placeholder: "\#u{3000}" breaks a real user ID, not empty or a placeholder"#]
            ),
            (
                AmplitudeTag.setUserID("     "),
                [#"amplitude.userID.empty: "     " breaks \#(limit)"#]
            ),
            (
                AmplitudeTag.setUserID("    "),
                [#"amplitude.userID.length: "    " (4 UTF-16 units) breaks at least 5 UTF-16 units"#]
            ),
            (
                AmplitudeTag.setDeviceID("\u{200B}\u{200B}\u{200B}\u{200B}\u{200B}"),
                [#"amplitude.deviceID.empty: "\u{200B}\u{200B}\u{200B}\u{200B}\u{200B}" breaks \#(limit)"#]
            ),
            (
                SegmentTag.group(groupID: "\u{200D}", traits: [:]),
                [#"segment.group.groupID.empty: "\u{200D}" breaks a group ID"#]
            ),
            (BatchTag.customUserID(""), [#"batch.customUserID.empty: "" breaks \#(limit)"#]),
            (BatchTag.customUserID("\t"), [#"batch.customUserID.empty: "\t" breaks \#(limit)"#]),
            (PianoTag.setUser(id: "", category: nil), [#"piano.userID.empty: "" breaks \#(limit)"#]),
            (
                PianoTag.setUser(id: " \u{2060}", category: "premium"),
                [#"piano.userID.empty: " \u{2060}" breaks \#(limit)"#]
            ),
        ]
        for (tag, expected) in cases {
            #expect(tag.ruleViolations.map(\.description) == expected, "\(tag)")
        }
        let shown: [any RuleCheckedVendorTag] = [
            FirebaseTag.userID("a\u{200B}"), MixpanelTag.identify(distinctID: "\u{200B}42"),
            AmplitudeTag.setUserID(" 12345 "), BatchTag.customUserID("\u{3000}x"),
            PianoTag.setUser(id: "\u{FEFF}42", category: nil),
        ]
        #expect(shown.map(\.ruleViolations) == Array(repeating: [], count: shown.count))
    }
}
