import Foundation
import Testing

@Suite struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theReadmeQuickStartIsTheCodeThisTargetCompiles() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/TagHubTests/QuickStart.swift"),
            encoding: .utf8
        )
        let compiled = try #require(Self.section(of: source, from: "// quick-start:begin\n", to: "// quick-start:end"))
        let documented = try #require(Self.section(of: readme, from: "<!-- quick-start -->\n```swift\n", to: "```"))
        #expect(documented == compiled)
    }

    #if compiler(>=6.2) && os(Linux)
    @Test func theQuickStartPrintsWhatItsCommentSays() async throws {
        let result = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) {
            quickStart()
        }
        #expect(
            String(decoding: result.standardErrorContent, as: UTF8.self)
                == #"[TagHub] tracker: play(name: "play_podcast_from_favorites", title: "Swift Talk")"# + "\n"
        )
    }
    #endif

    static func section(of text: String, from start: String, to end: String) -> String? {
        guard let startRange = text.range(of: start),
            let endRange = text.range(of: end, range: startRange.upperBound..<text.endIndex)
        else { return nil }
        return String(text[startRange.upperBound..<endRange.lowerBound])
    }
}
