import Foundation

/// Writes each doc's Swift blocks into the file its target compiles (see `DocExamplesTests`):
/// `swift run DocExamplesGenerator`. It builds without the test targets, so it works even when a generated
/// file no longer compiles.
@main struct DocExamplesCommand {
    static func main() throws {
        for target in DocExamples.targets + [DocExamples.quickStart] {
            let url = DocExamples.root.appendingPathComponent(target.generatedFile)
            let text = DocExamples.file(for: target, blocks: try target.blocks())
            let old = try? String(contentsOf: url, encoding: .utf8)
            guard old != text else { continue }
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try text.write(to: url, atomically: true, encoding: .utf8)
            print("wrote \(target.generatedFile)")
        }
    }
}

/// Where each doc's code blocks are compiled, and how they are found.
enum DocExamples {
    /// The package's folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct Target: Sendable, CustomStringConvertible {
        /// The target's name, and its folder under Tests/DocExamples.
        var name: String
        /// Markdown files, or folders of Swift sources whose doc comments hold the blocks.
        var sources: [String]
        /// Whether the README's quick-start block is this target's only block (the shared app), or
        /// left out of it.
        var isQuickStart = false
        /// The modules the file imports before the blocks: a doc comment never shows its module's
        /// import, and a guide is about the modules it names.
        var imports = ["TagHub"]

        var generatedFile: String { "Tests/DocExamples/\(name)/\(name)Examples.swift" }
        var description: String { name }

        func blocks() throws -> [(origin: String, block: Block)] {
            var blocks: [(String, Block)] = []
            for source in sources {
                for file in try DocExamples.files(of: source) {
                    var index = 0
                    for block in DocExamples.fencedBlocks(in: try DocExamples.markdown(of: file))
                    where block.language == "swift" {
                        index += 1
                        guard block.isManifest == false, block.isQuickStart == isQuickStart else { continue }
                        blocks.append(("\(file), example \(index)", block))
                    }
                }
            }
            return blocks
        }
    }

    static let quickStart = Target(name: "QuickStart", sources: ["README.md"], isQuickStart: true)

    static let targets: [Target] = [
        Target(name: "Readme", sources: ["README.md"]),
        Target(name: "ConsentGuide", sources: ["Docs/Consent.md"]),
        Target(name: "ContextGuide", sources: ["Docs/Context.md"]),
        Target(name: "DeliveryGuide", sources: ["Docs/Delivery.md"]),
        Target(name: "ScreensGuide", sources: ["Docs/Screens.md"]),
        Target(name: "TestingGuide", sources: ["Docs/Testing.md"], imports: ["TagHub", "TagHubTesting"]),
        Target(name: "VendorsGuide", sources: ["Docs/Vendors.md"]),
        Target(name: "TagHubDocComments", sources: ["Sources/TagHub"]),
        Target(
            name: "TagHubTestingDocComments",
            sources: ["Sources/TagHubTesting"],
            imports: ["TagHub", "TagHubTesting"]
        ),
    ]

    struct Block: Sendable, Equatable {
        enum Kind: Equatable { case declarations, statements, stubbed }

        var language: String
        var code: String
        /// Whether the block follows `<!-- quick-start -->`.
        var isQuickStart = false

        var isManifest: Bool { code.contains("import PackageDescription") }

        var kind: Kind {
            let lines = code.split(separator: "\n").map(String.init)
            let imports = lines.filter { $0.hasPrefix("import ") }.map {
                $0.dropFirst(7).trimmingCharacters(in: .whitespaces)
            }
            if imports.contains(where: DocExamples.stubbedModules.contains) { return .stubbed }
            let topLevel = lines.filter { $0.first.map { $0 != " " } ?? false }
            let declares = topLevel.allSatisfy { line in DocExamples.declarationStarts.contains { line.hasPrefix($0) } }
            return declares ? .declarations : .statements
        }
    }

    /// Modules the docs import that do not exist on Linux: `.ci/stubs` has a stub of each.
    static let stubbedModules: Set<String> = [
        "SwiftUI", "UIKit", "FirebaseAnalytics", "Mixpanel", "AmplitudeSwift", "Segment", "Batch", "PianoAnalytics",
    ]

    /// How a line at the top level of a block of declarations starts.
    static let declarationStarts = [
        "import ", "struct ", "enum ", "class ", "final class ", "actor ", "protocol ", "extension ", "func ",
        "typealias ", "@", "//", "}", ")", "]", "private ", "fileprivate ", "public ", "package ", "#if",
        "#else", "#endif",
    ]

    /// The generated file of `target`.
    static func file(for target: Target, blocks: [(origin: String, block: Block)]) -> String {
        let origins = target.sources.joined(separator: ", ")
        var file = """
            // swift-format-ignore-file
            // Generated by DocExamplesTests from \(origins): do not edit. Edit the doc, then write this
            // file again with `swift run DocExamplesGenerator`.
            // A block of statements is compiled, and run, as the body of a test; a block that imports a
            // module Linux does not have is type-checked by .ci/typecheck-stubs, against .ci/stubs.

            """
        if target.isQuickStart == false {
            file += "\n@testable import QuickStartExample  // the README's quick start, which the docs build on\n"
            file += target.imports.map { "import \($0)\n" }.joined() + "import Testing\n"
        }
        for (index, (origin, block)) in blocks.enumerated() {
            let name = target.name.prefix(1).lowercased() + target.name.dropFirst() + "Example\(index + 1)"
            file += "\n// \(origin)\n" + compiled(block, name: name)
        }
        return file
    }

    /// A block as its target compiles it.
    static func compiled(_ block: Block, name: String) -> String {
        switch block.kind {
        case .declarations:
            return block.code
        case .statements:
            // Imports stay at the top level, before the test.
            let lines = block.code.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            let imports = lines.prefix { $0.hasPrefix("import ") || $0.isEmpty }
            let body = lines.dropFirst(imports.count).map { $0.isEmpty ? "" : "    \($0)" }.joined(separator: "\n")
            let header = imports.isEmpty ? "" : imports.joined(separator: "\n") + "\n"
            return header + "@Test func \(name)() async throws {\n\(body)\n}\n"
        case .stubbed:
            return "#if TAGHUB_DOC_STUBS\n\(block.code)#endif\n"
        }
    }

    /// The files a source stands for: a Markdown file itself, or a folder's Swift files, sorted.
    static func files(of source: String) throws -> [String] {
        guard source.hasSuffix(".md") == false else { return [source] }
        let folder = root.appendingPathComponent(source)
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = enumerator?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            files.append(
                source + "/" + file.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)
            )
        }
        return files.sorted()
    }

    /// A Markdown file's text, or the doc comments of a Swift file with their `///` taken off.
    static func markdown(of file: String) throws -> String {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        guard file.hasSuffix(".swift") else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> String? in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("///") else { return "" }
            let comment = trimmed.dropFirst(3)
            return String(comment.hasPrefix(" ") ? comment.dropFirst() : comment)
        }.joined(separator: "\n")
    }

    /// The fenced code blocks of `markdown`, with their indentation (in a list item) taken off.
    static func fencedBlocks(in markdown: String) -> [Block] {
        var blocks: [Block] = []
        var open: (indent: Int, language: String, lines: [String], isQuickStart: Bool)?
        var previous = ""
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let indent = line.prefix { $0 == " " }.count
            let trimmed = line.dropFirst(indent)
            if var block = open {
                if trimmed.hasPrefix("```") {
                    let code = block.lines.isEmpty ? "" : block.lines.joined(separator: "\n") + "\n"
                    blocks.append(Block(language: block.language, code: code, isQuickStart: block.isQuickStart))
                    open = nil
                } else {
                    block.lines.append(String(line.dropFirst(min(block.indent, indent))))
                    open = block
                }
            } else if trimmed.hasPrefix("```") {
                let language = String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                open = (indent, language, [], previous == "<!-- quick-start -->")
            }
            if line.isEmpty == false { previous = line }
        }
        return blocks
    }
}
