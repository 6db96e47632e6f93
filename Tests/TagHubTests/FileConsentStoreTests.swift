import Foundation
import TagHub
import TagHubTestSupport
import Testing

/// The consent file's format: how it is written, and how much of a damaged file is read.
@Suite struct FileConsentStoreTests {
    /// A file path in a new temporary folder.
    func temporaryFile() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "FileConsentStoreTests-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("consent.json")
    }

    /// The decisions a store reads from a file holding `contents`.
    func decisions(in contents: [UInt8]) throws -> [ConsentPurpose: ConsentState] {
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try writeWithoutWaitingForTheDisk(contents, to: file)
        return FileConsentStore(url: file).loadDecisions()
    }

    func decisions(in contents: String) throws -> [ConsentPurpose: ConsentState] {
        try decisions(in: Array(contents.utf8))
    }

    @Test func denialsAreWrittenFirstThenGrantsEachSortedByPurpose() throws {
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }

        try FileConsentStore(url: file).saveDecisions([
            .analytics: .granted, .personalization: .denied, .crashReporting: .granted, .advertising: .denied,
            "kids": .undecided,
        ])

        #expect(
            try String(contentsOf: file, encoding: .utf8)
                == #"{"advertising":"denied","personalization":"denied","analytics":"granted","crashReporting":"granted"}"#
        )
    }

    /// A crash while the file is rewritten in place leaves a prefix of it: every prefix must read
    /// as exactly the entries it holds whole, and never grant from an entry cut short.
    @Test func everyPrefixOfASavedFileReadsAsExactlyTheEntriesItHoldsWhole() throws {
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try FileConsentStore(url: file).saveDecisions([
            .advertising: .denied, .personalization: .denied, .analytics: .granted,
        ])
        let saved = try Data(contentsOf: file)
        #expect(
            String(decoding: saved, as: UTF8.self)
                == #"{"advertising":"denied","personalization":"denied","analytics":"granted"}"#
        )
        // Where each entry becomes whole: after its value's closing quote.
        let advertisingEnd = #"{"advertising":"denied""#.utf8.count
        let personalizationEnd = #"{"advertising":"denied","personalization":"denied""#.utf8.count
        let analyticsEnd = #"{"advertising":"denied","personalization":"denied","analytics":"granted""#.utf8.count

        for length in 0...saved.count {
            try writeWithoutWaitingForTheDisk(saved.prefix(length), to: file)
            let expected: [ConsentPurpose: ConsentState] =
                switch length {
                case ..<advertisingEnd: [:]
                case ..<personalizationEnd: [.advertising: .denied]
                case ..<analyticsEnd: [.advertising: .denied, .personalization: .denied]
                default: [.advertising: .denied, .personalization: .denied, .analytics: .granted]
                }
            #expect(
                FileConsentStore(url: file).loadDecisions() == expected,
                "cut after \(length) bytes: \(String(decoding: saved.prefix(length), as: UTF8.self))"
            )
        }
    }

    /// The same for a file written by hand, with spaces, line breaks and escapes.
    @Test func everyPrefixOfAHandWrittenFileReadsAsExactlyTheEntriesItHoldsWhole() throws {
        let contents = """
            {
              "advertising" : "denied",
              "caf\\u00e9 \\"\\ud83d\\ude00\\"" : "granted",
              "analytics"\t:\t"granted"
            }

            """
        let bytes = Array(contents.utf8)
        func end(of entry: String) throws -> Int {
            let range = try #require(contents.range(of: entry))
            return contents.utf8.distance(from: contents.startIndex, to: range.upperBound)
        }
        let advertisingEnd = try end(of: #""advertising" : "denied""#)
        let cafeEnd = try end(of: #"\"" : "granted""#)
        let analyticsEnd = try end(of: "\"analytics\"\t:\t\"granted\"")
        let cafe = ConsentPurpose("café \"😀\"")

        for length in 0...bytes.count {
            let expected: [ConsentPurpose: ConsentState] =
                switch length {
                case ..<advertisingEnd: [:]
                case ..<cafeEnd: [.advertising: .denied]
                case ..<analyticsEnd: [.advertising: .denied, cafe: .granted]
                default: [.advertising: .denied, cafe: .granted, .analytics: .granted]
                }
            #expect(try decisions(in: Array(bytes.prefix(length))) == expected, "cut after \(length) bytes")
        }
    }

    @Test func aBadValueInTheMiddleLeavesTheEntriesBeforeAndAfter() throws {
        let contents = """
            {"advertising": "denied", "analytics": maybe, "crashReporting": {"nested": ["granted", "}]"]},
             "personalization": "granted", "schemaVersion": -1.5e3, "productImprovement": null,
             "location": "Granted", "kids": "denied", "health": true, "ads": "undecided", "sharing": []}
            """
        #expect(
            try decisions(in: contents) == [.advertising: .denied, .personalization: .granted, "kids": .denied]
        )
    }

    /// Where the file stops being JSON, reading stops: what came before is kept, nothing after.
    @Test(arguments: [
        #"{"advertising":"denied" "analytics":"granted"}"#,  // no comma
        #"{"advertising":"denied","analytics" "granted"}"#,  // no colon
        #"{"advertising":"denied","analytics":,"kids":"granted"}"#,  // no value
        "{\"advertising\":\"denied\",\"analytics\":\"gran\u{1}ted\",\"kids\":\"granted\"}",  // a raw control character
        #"{"advertising":"denied","analytics":"granted\q"}"#,  // an unknown escape
        #"{"advertising":"denied","\ud800analytics":"granted"}"#,  // half a surrogate pair
        #"{"advertising":"denied","\udc00analytics":"granted"}"#,  // the other half alone
        #"{"advertising":"denied","analytics\u00zz":"granted"}"#,  // not hexadecimal
        "{\"advertising\":\"denied\",\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}",  // zeros, as a power cut may leave
        #"{"advertising":"denied","analytics":{"granted":["#,  // cut inside a nested value
        #"{"advertising":"denied","analytics":12"#,  // cut in a number
    ])
    func readingStopsWhereTheFileStopsBeingJSON(contents: String) throws {
        #expect(try decisions(in: contents) == [.advertising: .denied])
    }

    @Test func everyJSONEscapeIsRead() throws {
        let contents = #" {"\"\\\/\b\f\n\r\t\u00E9\u00e9\ud83D\uDE00\u0000" : "denied"} trailing"#
        #expect(try decisions(in: contents) == [ConsentPurpose("\"\\/\u{8}\u{C}\n\r\téé😀\u{0}"): .denied])
        // A byte order mark, as some editors write.
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(try decisions(in: byteOrderMark + Array(#"{"analytics":"denied"}"#.utf8)) == [.analytics: .denied])
    }

    @Test func identifiersThatNeedEscapingAreWrittenSoAndReadBack() throws {
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let decisions: [ConsentPurpose: ConsentState] = [
            "quote\"back\\slash/": .denied, "line\nbreak\rtab\t": .granted, "\u{1}\u{8}\u{C}\u{1F}\u{7F}": .denied,
            "café 😀": .granted,
        ]

        try FileConsentStore(url: file).saveDecisions(decisions)

        #expect(
            try String(contentsOf: file, encoding: .utf8)
                == #"{"\u0001\b\f\u001f"# + "\u{7F}" + #"":"denied","quote\"back\\slash/":"denied","#
                + #""café 😀":"granted","line\nbreak\rtab\t":"granted"}"#
        )
        #expect(FileConsentStore(url: file).loadDecisions() == decisions)
    }

    /// JSON leaves duplicate names to the reader: the careful answer wins.
    @Test(arguments: [
        (#"{"analytics":"granted","analytics":"denied"}"#, [ConsentPurpose.analytics: ConsentState.denied]),
        (#"{"analytics":"denied","analytics":"granted"}"#, [.analytics: .denied]),
        (#"{"analytics":"granted","analytics":null}"#, [:]),
        (#"{"analytics":"maybe","analytics":"granted"}"#, [:]),
        (#"{"analytics":"granted","analytics":"granted"}"#, [.analytics: .granted]),
    ])
    func aPurposeNamedTwiceIsGrantedOnlyIfEveryEntryGrantsIt(
        contents: String,
        expected: [ConsentPurpose: ConsentState]
    ) throws {
        #expect(try decisions(in: contents) == expected)
    }
}
