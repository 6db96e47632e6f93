/// A line diff in the unified format: `-` lines only in the old text, `+` lines only in the new
/// one, three unchanged lines around each change, and `@@ -old +new @@` headers.
package struct LineDiff {
    fileprivate enum Line: Equatable {
        case kept(String)
        case removed(String)
        case added(String)
    }

    /// Beyond this many cells in the comparison table, the changed middle is shown as removed then
    /// added, rather than compared line by line: a bound on memory for huge files.
    private static let maxTableSize = 4_000_000
    private static let contextLines = 3

    private let lines: [Line]

    /// The diff from `old` to `new`.
    package init(from old: String, to new: String) {
        let oldLines = Self.split(old)
        let newLines = Self.split(new)
        var prefix = 0
        while prefix < oldLines.count, prefix < newLines.count, oldLines[prefix] == newLines[prefix] {
            prefix += 1
        }
        var suffix = 0
        while suffix < oldLines.count - prefix, suffix < newLines.count - prefix,
            oldLines[oldLines.count - 1 - suffix] == newLines[newLines.count - 1 - suffix]
        {
            suffix += 1
        }
        let oldMiddle = Array(oldLines[prefix..<(oldLines.count - suffix)])
        let newMiddle = Array(newLines[prefix..<(newLines.count - suffix)])
        lines =
            oldLines[..<prefix].map(Line.kept)
            + Self.compare(oldMiddle, newMiddle)
            + oldLines[(oldLines.count - suffix)...].map(Line.kept)
    }

    /// Whether the two texts have the same lines.
    package var isEmpty: Bool {
        lines.allSatisfy { if case .kept = $0 { true } else { false } }
    }

    /// The hunks, one line each, with their headers; empty when nothing changed.
    package var text: String {
        var output: [String] = []
        var index = 0
        var oldLine = 0
        var newLine = 0
        while index < lines.count {
            guard let changeStart = lines[index...].firstIndex(where: { $0.isChange }) else { break }
            // Extend the hunk while the next change is close enough to share context.
            var changeEnd = changeStart
            var scan = changeStart
            while scan < lines.count {
                if lines[scan].isChange {
                    changeEnd = scan
                } else if scan - changeEnd > 2 * Self.contextLines {
                    break
                }
                scan += 1
            }
            let hunkStart = max(index, changeStart - Self.contextLines)
            let hunkEnd = min(lines.count, changeEnd + 1 + Self.contextLines)
            for line in lines[index..<hunkStart] { line.advance(&oldLine, &newLine) }
            let oldStart = oldLine
            let newStart = newLine
            var body: [String] = []
            for line in lines[hunkStart..<hunkEnd] {
                body.append(line.rendered)
                line.advance(&oldLine, &newLine)
            }
            output.append(
                "@@ -\(Self.range(start: oldStart, count: oldLine - oldStart)) +\(Self.range(start: newStart, count: newLine - newStart)) @@"
            )
            output += body
            index = hunkEnd
        }
        return output.joined(separator: "\n")
    }

    private static func range(start: Int, count: Int) -> String {
        count == 0 ? "\(start),0" : "\(start + 1),\(count)"
    }

    private static func split(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines
    }

    /// The longest common subsequence of lines, as kept, removed and added lines.
    private static func compare(_ old: [String], _ new: [String]) -> [Line] {
        guard !old.isEmpty, !new.isEmpty, old.count * new.count <= maxTableSize else {
            return old.map(Line.removed) + new.map(Line.added)
        }
        // common[i][j]: the length of the longest common subsequence of old[i...] and new[j...].
        let width = new.count + 1
        var common = [Int](repeating: 0, count: (old.count + 1) * width)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i * width + j] =
                    old[i] == new[j]
                    ? common[(i + 1) * width + j + 1] + 1
                    : max(common[(i + 1) * width + j], common[i * width + j + 1])
            }
        }
        var result: [Line] = []
        var i = 0
        var j = 0
        while i < old.count, j < new.count {
            if old[i] == new[j] {
                result.append(.kept(old[i]))
                i += 1
                j += 1
            } else if common[(i + 1) * width + j] >= common[i * width + j + 1] {
                result.append(.removed(old[i]))
                i += 1
            } else {
                result.append(.added(new[j]))
                j += 1
            }
        }
        result += old[i...].map(Line.removed)
        result += new[j...].map(Line.added)
        return result
    }
}

extension LineDiff.Line {
    fileprivate var isChange: Bool {
        if case .kept = self { false } else { true }
    }

    fileprivate var rendered: String {
        switch self {
        case .kept(let line): " " + line
        case .removed(let line): "-" + line
        case .added(let line): "+" + line
        }
    }

    fileprivate func advance(_ oldLine: inout Int, _ newLine: inout Int) {
        switch self {
        case .kept:
            oldLine += 1
            newLine += 1
        case .removed: oldLine += 1
        case .added: newLine += 1
        }
    }
}
