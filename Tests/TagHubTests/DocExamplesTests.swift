import Foundation
import TagHubTestSupport
import TagHubTesting
import Testing

@testable import DocExamplesGenerator

/// Every Swift code block of README.md, Docs/ and the doc comments of Sources/ is compiled as shown:
/// each block is written, word for word, into a file of its own, in a test target per doc
/// (`Tests/DocExamples/<Name>/`), so that a block can use only what its own doc shows (the imports
/// its doc's preamble shows, its doc's other blocks), and the README's quick start, the example app
/// the docs build on (target `Podcasts`).
///
/// - A block of declarations is copied as it is; a block of statements becomes the body of a
///   `@Test` function, so it also runs.
/// - A block that imports an SDK that does not exist on Linux (SwiftUI, UIKit, a vendor's) is kept
///   behind `#if TAGHUB_DOC_STUBS`: `.ci/typecheck-stubs` type-checks it against `.ci/stubs`.
/// - A block that imports `PackageDescription` is a manifest: ``everyManifestInTheDocsLoads`` loads
///   it with `swift package dump-package`.
///
/// These files are snapshots of the docs: a doc that changes fails here with a diff until they are
/// written again with `swift run DocExamplesGenerator`.
// On threads of its own: it waits for `swift package dump-package`, a process of its own.
@Suite(.timeLimit(.minutes(2)), .serialized, .onLowPriorityThreadsOfItsOwn) struct DocExamplesTests {
    #if os(Linux) || os(macOS)
    /// The manifests the docs show (the installation, a test target with snapshots) load as shown.
    ///
    /// Declared first: the suite runs one test at a time in this order, and this one waits for
    /// processes while every other test of the run starts, in its first second; the others, which
    /// compute, start after it.
    @Test func everyManifestInTheDocsLoads() throws {
        var manifests: [(String, String)] = []
        for target in DocExamples.targets {
            for source in target.sources {
                for file in try DocExamples.files(of: source) {
                    for block in DocExamples.fencedBlocks(in: try DocExamples.markdown(of: file))
                    where block.language == "swift" && block.isManifest {
                        manifests.append((file, block.code))
                    }
                }
            }
        }
        #expect(manifests.count >= 2)
        // Loaded side by side: each is compiled by a process of its own, which waits in part.
        let dumps = try Self.dumpPackages(manifests.map(\.1))
        for ((file, _), json) in zip(manifests, dumps) {
            let package = try #require(
                try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
                "\(file): \(json)"
            )
            // The platforms TagHub needs, at least.
            let platforms = (package["platforms"] as? [[String: Any]] ?? []).map {
                "\($0["platformName"] ?? "") \($0["version"] ?? "")"
            }
            #expect(platforms == ["ios 16.0", "macos 13.0", "tvos 16.0", "watchos 9.0"], "\(file)")
            // A test target tests the app: it depends on a target of the manifest, and on TagHubTesting.
            let targets = package["targets"] as? [[String: Any]] ?? []
            let regular = Set(
                targets.filter { $0["type"] as? String == "regular" }.compactMap { $0["name"] as? String }
            )
            for target in targets where target["type"] as? String == "test" {
                let dependencies = target["dependencies"] as? [[String: Any]] ?? []
                let byName = dependencies.compactMap { ($0["byName"] as? [Any])?.first as? String }
                let products = dependencies.compactMap { ($0["product"] as? [Any])?.first as? String }
                #expect(byName.contains(where: regular.contains), "\(file): \(target["name"] ?? "")")
                #expect(products.contains("TagHubTesting"), "\(file): \(target["name"] ?? "")")
            }
            #expect(targets.contains { $0["type"] as? String == "test" }, "\(file)")
        }
    }
    #endif

    @Test(arguments: DocExamples.targets + [DocExamples.quickStart])
    func everyBlockOfTheDocIsCompiledWordForWordByItsTarget(target: DocExamples.Target) throws {
        let expected = try target.generatedFiles()
        #expect(expected.isEmpty == false, "\(target.name) shows no Swift code: remove its target")
        #expect(
            try DocExamples.generatedFiles(in: target) == expected.keys.sorted(),
            "run swift run DocExamplesGenerator"
        )
        for (path, text) in expected.sorted(by: { $0.key < $1.key }) {
            assertAnalyticsSnapshot(of: text, storedAt: ReadmeTests.root.appendingPathComponent(path).path)
        }
    }

    /// A doc with Swift blocks and no target would go unchecked; a target missing from Package.swift
    /// would never be compiled.
    @Test func everyDocWithSwiftCodeHasATargetInThePackage() throws {
        let root = ReadmeTests.root
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let docs =
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Docs").path)
            .filter { $0.hasSuffix(".md") }.map { "Docs/\($0)" } + Self.rootMarkdown + ["Sources/TagHubUI"]
        let covered = Set(DocExamples.targets.flatMap(\.sources))
        for doc in docs where covered.contains(doc) == false {
            for file in try DocExamples.files(of: doc) {
                let blocks = DocExamples.fencedBlocks(in: try DocExamples.markdown(of: file))
                #expect(blocks.filter { $0.language == "swift" }.isEmpty, "\(file) shows Swift code no target compiles")
            }
        }
        for target in DocExamples.targets + [DocExamples.quickStart] {
            let listed =
                manifest.contains("\"\(target.name)\"") || manifest.contains("Tests/DocExamples/\(target.name)\"")
            #expect(listed, "\(target.name) is not a target of Package.swift")
        }
    }

    /// The Markdown files at the package's root: README.md, CHANGELOG.md…
    static var rootMarkdown: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: ReadmeTests.root.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted()
    }

    /// A fence without a language, or with one the docs do not use, would be skipped without a word,
    /// and so would a fence the reader does not recognize (in a quote): every fence is one of
    /// these, and each fence line opens or closes one.
    @Test func everyFenceNamesALanguageTheChecksKnow() throws {
        let docs =
            try FileManager.default.contentsOfDirectory(atPath: ReadmeTests.root.appendingPathComponent("Docs").path)
            .filter { $0.hasSuffix(".md") }.map { "Docs/\($0)" } + Self.rootMarkdown
        var checked = 0
        for source in docs + ["Sources/TagHub", "Sources/TagHubTesting", "Sources/TagHubUI"] {
            for file in try DocExamples.files(of: source) {
                let markdown = try DocExamples.markdown(of: file)
                let blocks = DocExamples.fencedBlocks(in: markdown)
                checked += blocks.count
                let unknown = blocks.filter { DocExamples.languages.contains($0.language) == false }
                #expect(unknown.map(\.language) == [], "\(file): say swift, sh or text")
                let fenceLines = markdown.split(separator: "\n").filter { line in
                    let start = line.drop { $0 == " " || $0 == ">" }
                    return start.hasPrefix("```") || start.hasPrefix("~~~")
                }
                #expect(fenceLines.count == 2 * blocks.count, "\(file): a fence the checks do not read")
            }
        }
        #expect(checked > 60)
    }

    @Test func aBlockOfStatementsBecomesATestAndDeclarationsStayAsTheyAre() {
        let statements = DocExamples.Block(language: "swift", code: "let hub = AnalyticsHub<PodcastAnalytics>()\n")
        let declarations = DocExamples.Block(language: "swift", code: "struct A {}\n\nextension A {}\n")
        let stubbed = DocExamples.Block(language: "swift", code: "import SwiftUI\n\nstruct V: View {}\n")
        let preamble = DocExamples.Block(language: "swift", code: "import TagHub\n@testable import Podcasts\n")
        #expect(statements.kind == .statements)
        #expect(declarations.kind == .declarations)
        #expect(stubbed.kind == .stubbed)
        #expect(preamble.isPreamble && !declarations.isPreamble && !stubbed.isPreamble)
        #expect(
            DocExamples.test(named: "guideExample1", running: "import Foundation\n\nlet now = Date()\n")
                == "import Foundation\n\n@Test func guideExample1() async throws {\n    let now = Date()\n}\n"
        )
        // A block that awaits waits on another thread: the test has a time limit.
        #expect(
            DocExamples.test(named: "guideExample2", running: "await hub.flush()\n")
                == "@Test(.timeLimit(.minutes(1))) func guideExample2() async throws {\n    await hub.flush()\n}\n"
        )
    }

    @Test func fencesOfEveryFormAreRead() {
        let markdown = """
            ```swift
            a
            ```
            ~~~Swift title="x"
            b
            ~~~
            ````swift
            ```
            c
            ````
              ```text
              d
              ```
            """
        #expect(
            DocExamples.fencedBlocks(in: markdown) == [
                DocExamples.Block(language: "swift", code: "a\n"),
                DocExamples.Block(language: "swift", code: "b\n"),
                DocExamples.Block(language: "swift", code: "```\nc\n"),
                DocExamples.Block(language: "text", code: "d\n"),
            ]
        )
    }

    #if os(Linux) || os(macOS)
    /// What `swift package dump-package` prints for each package whose manifest is one of
    /// `manifests`, all run at once: each manifest is compiled and run, and nothing is fetched.
    static func dumpPackages(_ manifests: [String]) throws -> [String] {
        let folders = manifests.map { _ in
            FileManager.default.temporaryDirectory.appendingPathComponent("taghub-manifest-\(UUID())")
        }
        defer { for folder in folders { try? FileManager.default.removeItem(at: folder) } }
        var runs: [(process: Process, output: Pipe)] = []
        for (folder, manifest) in zip(folders, manifests) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try writeWithoutWaitingForTheDisk(manifest.utf8, to: folder.appendingPathComponent("Package.swift"))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swift", "package", "--package-path", folder.path, "dump-package"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            runs.append((process, output))
        }
        // Read one after another: a process whose pipe fills (it prints a few kilobytes) waits
        // for its turn, no longer.
        return runs.map { process, output in
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let text = String(decoding: data, as: UTF8.self)
            #expect(process.terminationStatus == 0, "\(text)")
            return text
        }
    }
    #endif
}
