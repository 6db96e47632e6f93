import Foundation
import Testing

@Suite(.timeLimit(.minutes(1))) struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: [("quick-start", "QuickStart.swift"), ("testing", "QuickStartTesting.swift")])
    func everySwiftExampleInTheReadmeIsCodeThisTargetCompiles(example: String, file: String) throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/TagHubTests/\(file)"),
            encoding: .utf8
        )
        let compiled = try #require(Self.section(of: source, from: "// \(example):begin\n", to: "// \(example):end"))
        let documented = try #require(Self.section(of: readme, from: "<!-- \(example) -->\n```swift\n", to: "```"))
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
