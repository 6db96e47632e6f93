import Foundation
import TagHubTestSupport
import Testing

/// The docs name the tests that prove each guarantee: every name must be a test that exists.
@Suite(.serialized, .onThreadsOfItsOwn) struct DocsTests {
    @Test(arguments: [
        ("Docs/Architecture.md", 30), ("Docs/Consent.md", 8), ("Docs/Delivery.md", 8), ("Docs/Vendors.md", 3),
        ("Docs/Context.md", 35), ("Docs/Screens.md", 20),
    ])
    func everyTestADocNamesExists(doc path: String, atLeast minimum: Int) throws {
        let doc = try String(contentsOf: ReadmeTests.root.appendingPathComponent(path), encoding: .utf8)

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
        let functions = try #require(Self.functionsInTheTests, "the tests' sources could not be read or parsed")
        let missing = named.filter { name in
            let parts = name.split(separator: ".")
            return functions[String(parts[0]), default: []].contains(String(parts[1])) == false
        }
        #expect(missing == [])
    }

    /// The functions declared in the tests' sources, by type: read once for all the docs.
    static let functionsInTheTests: [String: Set<String>]? = {
        var sources = ""
        let files = FileManager.default.enumerator(
            at: ReadmeTests.root.appendingPathComponent("Tests"),
            includingPropertiesForKeys: nil
        )
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            guard let source = try? String(contentsOf: file, encoding: .utf8) else { return nil }
            sources += source
        }
        return try? functionsByType(in: sources)
    }()

    /// The functions declared in each type's body (or its extensions'), by the type's name. Read by
    /// lines, as swift-format lays them out: a type's body runs from the line that declares it to
    /// the next line that starts at the margin with a declaration, and a type declared inside it
    /// takes the lines from its own declaration to the next line indented no more than that one.
    static func functionsByType(in source: String) throws -> [String: Set<String>] {
        let attributes = #"(?:@\w+(?:\(.*\))?\s+)*"#
        let modifiers = #"(?:(?:public|package|internal|fileprivate|private|final)\s+)*"#
        let declaration = try Regex(
            #"^(\s*)"# + attributes + modifiers + #"(?:struct|class|enum|actor|extension)\s+(\w+)"#
        )
        // Made once: a regex literal is parsed again each time it is evaluated.
        let function = /func\s+(\w+)\s*[(<]/
        var functions: [String: Set<String>] = [:]
        // The types whose bodies the line is in, innermost last, with their declarations' indent.
        var types: [(name: String, indent: Int)] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = line.prefix { $0 == " " }.count
            let text = line.dropFirst(indent)
            guard !text.isEmpty, !text.hasPrefix("//"), !text.hasPrefix("}"), !text.hasPrefix(")") else { continue }
            // A line indented no more than a type's declaration, other than its closing brace,
            // is past its body.
            while let innermost = types.last, indent <= innermost.indent { types.removeLast() }
            // Most lines declare nothing: the regular expressions, slow in a debug build, read only
            // those that might.
            let mayDeclareAType = ["struct ", "class ", "enum ", "actor ", "extension "].contains { text.contains($0) }
            guard mayDeclareAType || text.contains("func ") else { continue }
            if mayDeclareAType, let match = line.firstMatch(of: declaration), let name = match.output[2].substring {
                types.append((String(name), indent))
            } else if let match = text.firstMatch(of: function), let innermost = types.last {
                functions[innermost.name, default: []].insert(String(match.output.1))
            }
        }
        return functions
    }

    /// A test named in a doc is found in its own suite's body, not just anywhere: a test moved to
    /// another suite, or a suite renamed, is caught.
    @Test func functionsAreFoundInTheBodyOfTheTypeThatDeclaresThem() throws {
        let source = """
            import Testing

            @Suite(.timeLimit(.minutes(1)))
            struct FirstTests {
                @Test func one() {
                    let text = "}"
                }

                struct Helper {
                    func help() {}
                }

                @Test(arguments: [1, 2]) func two(value: Int) {}
            }

            extension FirstTests {
                @Test func three() {}
            }

            final class SecondTests: XCTestCase {
                func testFour() {}
            }
            """
        let functions = try Self.functionsByType(in: source)
        #expect(functions["FirstTests"] == ["one", "two", "three"])
        #expect(functions["Helper"] == ["help"])
        #expect(functions["SecondTests"] == ["testFour"])
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

    /// The DocC catalogs' landing pages (`Sources/<Module>/<Module>.docc`) show the README's examples:
    /// each of their Swift blocks is, word for word, one of the README's, which `DocExamplesTests`
    /// compiles (and `.ci/typecheck-stubs`, for a block that imports SwiftUI).
    @Test func everySwiftBlockOfALandingPageIsOneOfTheReadmes() throws {
        let root = ReadmeTests.root
        let swiftBlock = /```swift\n((?:.*\n)*?)```/
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let readmeBlocks = Set(readme.matches(of: swiftBlock).map { String($0.output.1) })
        var checked = 0
        for module in ["TagHub", "TagHubVendors", "TagHubTesting", "TagHubVendorsTesting", "TagHubUI"] {
            let path = "Sources/\(module)/\(module).docc/\(module).md"
            let page = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            for block in page.matches(of: swiftBlock) {
                checked += 1
                let isTheReadmes = readmeBlocks.contains(String(block.output.1))
                #expect(isTheReadmes, "\(path): a block that is not the README's:\n\(block.output.1)")
            }
        }
        #expect(checked == 3)  // TagHub's quick start, TagHubTesting's test, TagHubUI's app
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

    /// Every `code span` without spaces, in order: what `/`([^`\s]+)`/` matches, read character by
    /// character (the regex took a tenth of a second on the docs).
    static func backquoted(in text: String) -> [String] {
        let characters = Array(text)
        var spans: [String] = []
        var index = 0
        while index < characters.count {
            guard characters[index] == "`" else {
                index += 1
                continue
            }
            var end = index + 1
            while end < characters.count, characters[end] != "`", !characters[end].isWhitespace { end += 1 }
            if end < characters.count, characters[end] == "`", end > index + 1 {
                spans.append(String(characters[(index + 1)..<end]))
                index = end + 1
            } else {
                index += 1
            }
        }
        return spans
    }

    @Test func codeSpansAreReadAsTheRegexReadsThem() {
        #expect(Self.backquoted(in: "`a b` `c` ``d` `e`f`\n`g\th` `é`") == ["c", "d", "e", "é"])
    }
}
