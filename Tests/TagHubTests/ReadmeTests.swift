import Foundation
import Testing

/// Where the package is, and a helper to cut a section out of a text; README.md's code blocks are
/// compiled by the doc example targets (`DocExamplesTests`).
enum ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func section(of text: String, from start: String, to end: String) -> String? {
        guard let startRange = text.range(of: start),
            let endRange = text.range(of: end, range: startRange.upperBound..<text.endIndex)
        else { return nil }
        return String(text[startRange.upperBound..<endRange.lowerBound])
    }
}
