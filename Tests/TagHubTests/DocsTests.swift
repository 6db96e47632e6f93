import Foundation
import Testing

/// The docs name the tests that prove each guarantee: every name must be a test that exists.
@Suite struct DocsTests {
    @Test func everyTestTheArchitectureDocNamesExists() throws {
        let root = ReadmeTests.root
        let doc = try String(contentsOf: root.appendingPathComponent("Docs/Architecture.md"), encoding: .utf8)
        let testsFolder = root.appendingPathComponent("Tests")
        var sources = ""
        let files = FileManager.default.enumerator(at: testsFolder, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            if file.pathExtension == "swift" { sources += try String(contentsOf: file, encoding: .utf8) }
        }

        // `Suite.test` names a test; `…test` names another test of the suite named before it.
        var suite = ""
        var named: [String] = []
        for reference in Self.backquoted(in: doc) {
            if reference.hasPrefix("…") {
                named.append("\(suite).\(reference.dropFirst())")
            } else if let dot = reference.firstIndex(of: "."), reference.hasSuffix("Tests") == false,
                reference[..<dot].hasSuffix("Tests")
            {
                suite = String(reference[..<dot])
                named.append(reference)
            }
        }
        #expect(named.count >= 30)
        let missing = named.filter { name in
            let parts = name.split(separator: ".")
            return !sources.contains("struct \(parts[0])") || !sources.contains("func \(parts[1])(")
        }
        #expect(missing == [])
    }

    /// Every `code span` without spaces, in order.
    static func backquoted(in text: String) -> [String] {
        text.matches(of: /`([^`\s]+)`/).map { String($0.output.1) }
    }
}
