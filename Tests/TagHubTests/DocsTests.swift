import Foundation
import Testing

/// The docs name the tests that prove each guarantee: every name must be a test that exists.
@Suite struct DocsTests {
    @Test(arguments: [
        ("Docs/Architecture.md", 30), ("Docs/Consent.md", 8), ("Docs/Delivery.md", 8), ("Docs/Vendors.md", 3),
        ("Docs/Context.md", 35), ("Docs/Screens.md", 20),
    ])
    func everyTestADocNamesExists(doc path: String, atLeast minimum: Int) throws {
        let root = ReadmeTests.root
        let doc = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
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
        #expect(named.count >= minimum)
        let missing = named.filter { name in
            let parts = name.split(separator: ".")
            let suiteExists = sources.contains("struct \(parts[0])") || sources.contains("class \(parts[0]):")
            return !suiteExists || !sources.contains("func \(parts[1])(")
        }
        #expect(missing == [])
    }

    /// A code block after `<!-- from: path -->` is an excerpt of that file (a committed snapshot, for
    /// example): its lines must be in it, consecutive and in order, indented alike. The docs' Swift
    /// blocks are compiled themselves (`DocExamplesTests`). Every Markdown file of `Docs/` and the
    /// README is read.
    @Test func everyExcerptInTheDocsIsWordForWordInTheFileItNames() throws {
        let root = ReadmeTests.root
        let guides = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Docs").path)
        var counts: [String: Int] = [:]
        for path in ["README.md"] + guides.filter({ $0.hasSuffix(".md") }).sorted().map({ "Docs/\($0)" }) {
            let doc = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            let excerpts = doc.matches(of: /<!-- from: ([^ ]+) -->\n```[a-z]*\n((?:.*\n)*?)```/)
            counts[path] = excerpts.count
            // A marker the pattern does not match (a blank line before its fence, a space in its
            // path) would leave its block unchecked without a word.
            #expect(
                excerpts.count == doc.matches(of: /(?m)^<!-- from:/).count,
                "\(path): a marker not followed by its block"
            )
            for excerpt in excerpts {
                let source = try String(
                    contentsOf: root.appendingPathComponent(String(excerpt.output.1)),
                    encoding: .utf8
                )
                let lines = excerpt.output.2.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                #expect(
                    Self.contains(source, lines: lines.map(String.init)),
                    "\(path): not in \(excerpt.output.1):\n\(excerpt.output.2)"
                )
            }
        }
        // The guides that show a run's output: it is what a reader compares their own run with.
        #expect(counts["Docs/Testing.md"] == 1)
        #expect(counts["Docs/Context.md"] == 1)
    }

    /// Whether `lines` appear in `source` one after the other, all with the same added indentation.
    static func contains(_ source: String, lines: [String]) -> Bool {
        let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.first, !first.isEmpty else { return false }
        for (start, line) in sourceLines.enumerated() where line.hasSuffix(first) {
            let indent = String(line.dropLast(first.count))
            guard indent.allSatisfy({ $0 == " " }), start + lines.count <= sourceLines.count else { continue }
            let matches = lines.enumerated().allSatisfy { offset, expected in
                let actual = sourceLines[start + offset]
                return expected.isEmpty ? actual.isEmpty : actual == indent + expected
            }
            if matches { return true }
        }
        return false
    }

    /// Every `code span` without spaces, in order.
    static func backquoted(in text: String) -> [String] {
        text.matches(of: /`([^`\s]+)`/).map { String($0.output.1) }
    }
}
