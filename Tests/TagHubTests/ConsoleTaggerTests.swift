import TagHub
import TagHubTestSupport
import Testing

@Suite(.timeLimit(.minutes(1))) struct ConsoleTaggerTests {
    @Test func itWritesOneLineWithTheLabelAndTheVendorTag() {
        let lines = LockedLog<String>()
        let console = ConsoleTagger<VendorTag>(label: "tracker") { lines.append($0) }
        console.send(.play(from: "favorites", title: "Swift Talk"))
        console.send(.pause)
        #expect(
            lines.items == [
                #"[TagHub] tracker: play(from: "favorites", title: "Swift Talk")"#,
                "[TagHub] tracker: pause",
            ]
        )
        #expect(console.label == "tracker")
    }

    @Test func lineBreaksInATagAreEscapedSoThatOneTagIsOneLine() {
        let console = ConsoleTagger<String>(label: "notes") { _ in }
        #expect(console.line(for: "first\nsecond\r\nthird") == #"[TagHub] notes: first\nsecond\r\nthird"#)
    }

    #if compiler(>=6.2) && os(Linux)
    @Test(.onLowPriorityThreadsOfItsOwn) func byDefaultItWritesToStandardError() async throws {
        let result = try await #require(
            processExitsWith: .success,
            observing: [\.standardOutputContent, \.standardErrorContent]
        ) {
            ConsoleTagger<String>(label: "firebase").send("screen_view")
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self) == "[TagHub] firebase: screen_view\n")
        #expect(result.standardOutputContent.isEmpty)
    }
    #endif
}
