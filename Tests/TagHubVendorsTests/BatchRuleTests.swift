import TagHub
import Testing

@testable import TagHubVendors

/// Batch's rules as rewritten, and the guards that bound what a check reads.
@Suite struct BatchRuleTests {
    static func findings(_ attributes: [String: AnalyticsValue]) -> [String] {
        BatchTag.event("play", attributes).ruleViolations.map(\.description)
    }

    @Test func keysAreEscapedInFindingsAboutThemAndAboutTheirValues() {
        let key = "a\u{202E}b\n\u{200B}"
        let escaped = #"a\u{202E}b\n\u{200B}"#
        #expect(
            Self.findings([key: "x\ny"]) == [
                #"batch.attributeKey.format: "\#(escaped)" breaks 1 to 30 of [a-zA-Z0-9_]"#,
                #"batch.stringValue.newline: "\#(escaped)": "x\ny" breaks no line break"#,
            ]
        )
        #expect(
            Self.findings([key: [.double(.nan)], key.uppercased(): 1]) == [
                #"batch.attributeKey.format: "A\u{202E}B\n\u{200B}" breaks 1 to 30 of [a-zA-Z0-9_]"#,
                #"batch.attributeKey.format: "\#(escaped)" breaks 1 to 30 of [a-zA-Z0-9_]"#,
                #"batch.number.finite: "\#(escaped)": nan breaks a finite number"#,
                #"batch.attributeKey.case: "A\u{202E}B\n\u{200B}", "\#(escaped)" breaks keys that differ only by case are one attribute"#,
            ]
        )
    }

    /// An array longer than 25 items, or nested deeper than 3 levels, is reported and not walked.
    @Test func arraysTooLongOrTooDeepAreNotWalked() {
        let long = AnalyticsValue.array(Array(repeating: .double(.nan), count: 26))
        #expect(Self.findings(["ids": long]) == ["batch.array.length: ids: 26 items breaks at most 25"])
        #expect(
            Self.findings(["ids": .array(Array(repeating: .double(.nan), count: 25))]) == [
                "batch.number.finite: ids: nan breaks a finite number"
            ]
        )
        var deep = AnalyticsValue.double(.nan)
        for _ in 0..<100 { deep = [deep, "x"] }
        #expect(Self.findings(["ids": deep]) == ["batch.nesting: ids: 4 levels breaks at most 3 levels"])
        // Within 3 levels, all is read.
        #expect(
            Self.findings(["ids": [["", [.double(.infinity), "a\nb"]]]]) == [
                "batch.stringValue.length: ids: 0 characters breaks 1 to 300 characters",
                "batch.number.finite: ids: inf breaks a finite number",
                #"batch.stringValue.newline: ids: "a\nb" breaks no line break"#,
            ]
        )
    }

    /// Past 20 attributes, the first 28 by key are checked (20 and 8 more), and past 40 (twice as
    /// many), the first 8; past 10 tags, the first 18.
    @Test func pastWhatBatchTakesOnlyTheFirstAttributesAndTagsAreChecked() {
        func findings(_ count: Int) -> [String] {
            Self.findings(
                Dictionary(
                    uniqueKeysWithValues: (0..<count).map { (String(format: "a%02d", $0), AnalyticsValue.string("")) }
                )
            )
        }
        let empty = ["a00", "a01", "a02"].map {
            "batch.stringValue.length: \($0): 0 characters breaks 1 to 300 characters"
        }
        #expect(
            findings(40) == ["batch.attributeCount: 40 attributes breaks at most 20"] + empty
                + ["batch.stringValue.length: 25 more breaks 1 to 300 characters"]
        )
        #expect(
            findings(41) == ["batch.attributeCount: 41 attributes breaks at most 20"] + empty
                + ["batch.stringValue.length: 5 more breaks 1 to 300 characters"]
        )
        let tags = (0..<40).map { String(format: "%02d", $0) + String(repeating: "t", count: 63) }
        let findings = BatchTag.event("play", tags: tags).ruleViolations.map(\.description)
        #expect(
            findings == ["batch.tagCount: 40 tags breaks at most 10"]
                + tags.prefix(3).map {
                    "batch.tag.length: \"\($0.prefix(64))…\" (65 characters) breaks at most 64 characters"
                }
                + ["batch.tag.length: 15 more breaks at most 64 characters"]
        )
    }

    /// Text far longer than its limit (more than 4 KB) is reported by its length only, in bytes;
    /// not read for blanks or line breaks, nor counted in characters or UTF-16 units.
    @Test func textFarLongerThanItsLimitIsReportedByItsLengthOnly() {
        let lines = String(repeating: "\n", count: 4_097)
        #expect(
            Self.findings(["title": .string(lines)]) == [
                "batch.stringValue.length: title: more than 300 characters (4,097 bytes of UTF-8) breaks 1 to 300 characters"
            ]
        )
        let spaces = String(repeating: " ", count: 4_096)
        #expect(
            Self.findings(["title": .string(spaces)]) == [
                "batch.stringValue.length: title: 4,096 characters breaks 1 to 300 characters",
                "batch.stringValue.blank: title: \"\(String(repeating: " ", count: 64))…\" (4,096 UTF-16 units) breaks not blank",
            ]
        )
        let label = String(repeating: "é", count: 2_049)
        #expect(
            BatchTag.event("play", label: label).ruleViolations.map(\.description) == [
                "batch.label.length: \"\(String(repeating: "é", count: 64))…\" (4,098 bytes of UTF-8) breaks at most 200 characters"
            ]
        )
        #expect(
            BatchTag.customUserID("Optional(" + String(repeating: " ", count: 4_096) + ")").ruleViolations.map(\.rule)
                == ["batch.customUserID.length"]
        )
    }

    /// The label and tags are read after the attributes, within the tag's 65,536 bytes of text: 100 texts of 500
    /// characters cost 50,000 (each its bytes, read for its characters), and past twice as many neither is read.
    @Test func theLabelAndTagsAreReadWithinTheTagsBytes() {
        let long = AnalyticsValue.string(String(repeating: "a", count: 500))
        let texts = AnalyticsValue.array(Array(repeating: .array(Array(repeating: long, count: 25)), count: 4))
        let (label, tag) = (String(repeating: "l", count: 201), String(repeating: "t", count: 65))
        let rules = { (attributes: [String: AnalyticsValue]) in
            BatchTag.event(name: "play", attributes: attributes, label: label, tags: [tag]).ruleViolations.map(\.rule)
        }
        let length = "batch.stringValue.length"
        #expect(rules(["a": texts]) == [length, "batch.label.length", "batch.tag.length"])
        #expect(rules(["a": texts, "b": texts]) == [length, length])
    }

    /// A text is read for blankness within the tag's bytes, each blank scalar read costing what a key's bytes do,
    /// besides its count (a quarter of its bytes, 16 at least) and its finding (64 bytes and its own): of 625 blank
    /// texts of 1 to 625 spaces, the first 213 are read (276 without the blank scalars' cost).
    @Test func aTextThatStartsBlankIsReadForItsBlanknessWithinTheTagsBytes() {
        let spaces = (0..<25).map { row in
            AnalyticsValue.array((1...25).map { .string(String(repeating: " ", count: 25 * row + $0)) })
        }
        let shown = (1...3).map {
            "batch.stringValue.blank: a: \"\(String(repeating: " ", count: $0))\" breaks not blank"
        }
        #expect(Self.findings(["a": .array(spaces)]) == shown + ["batch.stringValue.blank: 210 more breaks not blank"])
        // Only the blank scalars read count: 500 texts of a space and 40 Japanese characters cost 31 bytes each.
        let texts = AnalyticsValue.array(
            Array(repeating: .string(" " + String(repeating: "\u{65E5}", count: 40)), count: 25)
        )
        let attributes = Dictionary(uniqueKeysWithValues: (0..<20).map { ("k\($0)", texts) })
        let label = String(repeating: "l", count: 201)
        #expect(
            BatchTag.event(name: "play", attributes: attributes, label: label, tags: []).ruleViolations.map(\.rule) == [
                "batch.label.length"
            ]
        )
    }
}
