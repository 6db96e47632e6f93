import Foundation
import TagHubTestSupport
import Testing

/// Where the platform conditions of `Sources/` are, and that Architecture.md lists each one.
// On threads of its own: it reads every source.
@Suite(.serialized, .onLowPriorityThreadsOfItsOwn) struct PlatformFileTests {
    /// Each `#if`, `#elseif` and `#ifndef` under `Sources/`: the file (relative to `Sources/`) and
    /// the directive with its condition, once per file.
    static func conditions() throws -> [String: Set<String>] {
        try scannedConditions.get()
    }

    /// ``conditions()``, read once: the tests ask three times, and each reading took a tenth of a
    /// second of the few threads that every other test needs.
    private static let scannedConditions = Result { () throws -> [String: Set<String>] in
        let sources = ReadmeTests.root.appendingPathComponent("Sources")
        guard let files = FileManager.default.enumerator(atPath: sources.path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: sources.path])
        }
        var conditions: [String: Set<String>] = [:]
        for case let path as String in files where [".swift", ".c", ".h"].contains(where: path.hasSuffix) {
            let source = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            // Only the lines that start with `#` can hold a directive: the others are not searched.
            for line in source.split(separator: "\n", omittingEmptySubsequences: false)
            where line.drop(while: { $0 == " " || $0 == "\t" }).first == "#" {
                if let match = line.wholeMatch(of: /[ \t]*(#(?:if|elseif|ifndef) [^\n]*?)[ \t]*/) {
                    conditions[path, default: []].insert(String(match.output.1))
                }
            }
        }
        return conditions
    }

    @Test func theCoresPlatformConditionsAreAllInPlatformSwift() throws {
        var outside: [String: Set<String>] = [:]
        for (path, found) in try Self.conditions() where path.hasPrefix("TagHub/") {
            let others = found.subtracting(["#if canImport(FoundationEssentials)"])
            if path != "TagHub/Internal/Platform.swift" && !others.isEmpty { outside[path] = others }
        }
        #expect(outside == [:])
        #expect(
            try Self.conditions()["TagHub/Internal/Platform.swift"] == [
                "#if canImport(Darwin)", "#elseif canImport(Glibc)", "#elseif canImport(Musl)",
                "#elseif canImport(Bionic)", "#if canImport(os)", "#if canImport(ObjectiveC)", "#if DEBUG",
            ]
        )
    }

    /// Every condition of every file is in a row of Architecture.md's table of them, on the same
    /// line as the file's path (Markdown escapes `|` as `\|` in a table).
    @Test func everyIfInSourcesIsListedInArchitecture() throws {
        let architecture = try String(
            contentsOf: ReadmeTests.root.appendingPathComponent("Docs/Architecture.md"),
            encoding: .utf8
        )
        let section = try #require(architecture.split(separator: "### Every `#if` in `Sources/`").last)
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| `") }
        var missing: [String] = []
        for (path, found) in try Self.conditions() {
            for condition in found {
                let written = "`\(condition.replacing("|", with: "\\|"))`"
                if !rows.contains(where: { $0.contains("`\(path)`") && $0.contains(written) }) {
                    missing.append("\(path): \(condition)")
                }
            }
        }
        #expect(missing.sorted() == [])
    }
}
