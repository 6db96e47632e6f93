import TagHubTesting
import Testing

@Suite struct LineDiffTests {
    let ten = (1...10).map { "line \($0)\n" }.joined()

    @Test func aChangedLineShowsWithThreeLinesAround() {
        let changed = ten.replacingOccurrences(of: "line 5\n", with: "line five\n")
        #expect(
            LineDiff(from: ten, to: changed).text == """
                @@ -2,7 +2,7 @@
                 line 2
                 line 3
                 line 4
                -line 5
                +line five
                 line 6
                 line 7
                 line 8
                """
        )
    }

    @Test func addedAndRemovedLinesAtTheEnds() {
        #expect(
            LineDiff(from: "a\nb\n", to: "b\nc\n").text == """
                @@ -1,2 +1,2 @@
                -a
                 b
                +c
                """
        )
        #expect(LineDiff(from: "", to: "new\n").text == "@@ -0,0 +1,1 @@\n+new")
        #expect(LineDiff(from: "old\n", to: "").text == "@@ -1,1 +0,0 @@\n-old")
    }

    @Test func distantChangesMakeSeparateHunks() {
        let changed = ten.replacingOccurrences(of: "line 1\n", with: "first\n")
            .replacingOccurrences(of: "line 10\n", with: "last\n")
        #expect(
            LineDiff(from: ten, to: changed).text == """
                @@ -1,4 +1,4 @@
                -line 1
                +first
                 line 2
                 line 3
                 line 4
                @@ -7,4 +7,4 @@
                 line 7
                 line 8
                 line 9
                -line 10
                +last
                """
        )
    }

    @Test func sameLinesMakeAnEmptyDiff() {
        #expect(LineDiff(from: ten, to: ten).isEmpty)
        #expect(LineDiff(from: ten, to: ten).text == "")
        // Only the final line break differs: the lines are the same.
        #expect(LineDiff(from: "a\n", to: "a").isEmpty)
        #expect(!LineDiff(from: "a\n", to: "b\n").isEmpty)
    }

    @Test func aHugeChangeIsShownWholeRatherThanCompared() {
        let old = (0..<3_000).map { "old \($0)\n" }.joined()
        let new = (0..<3_000).map { "new \($0)\n" }.joined()
        let lines = LineDiff(from: old, to: new).text.split(separator: "\n")
        #expect(lines.first == "@@ -1,3000 +1,3000 @@")
        #expect(lines.count == 6_001)
        #expect(lines[1] == "-old 0")
        #expect(lines[3_001] == "+new 0")
    }
}
