import Foundation
import TagHub
import TagHubTesting
import Testing

/// The snapshot assertion's paths, each failing one proven to fail with `withKnownIssue`, on files
/// in a temporary folder rather than the source tree.
@Suite struct SnapshotAssertionTests {
    let lines = ["page(\"home\")", "event(\"play\")"]
    let expectedText = "\"page(\\\"home\\\")\"\n\"event(\\\"play\\\")\"\n"

    /// The one comment of the one issue `body` records, and the line it points at.
    func knownIssue(_ body: () -> Void) -> (comment: String, line: Int?) {
        let found = LockedValue<[(comment: String, line: Int?)]>([])
        withKnownIssue {
            body()
        } matching: { issue in
            found.withLock {
                $0.append((issue.comments.map(\.rawValue).joined(separator: "\n"), issue.sourceLocation?.line))
            }
            return true
        }
        let issues = found.withLock { $0 }
        #expect(issues.count == 1)
        return issues.first ?? ("no issue", nil)
    }

    @Test func theFirstRunRecordsTheFileAndFailsAtTheCallersLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }

        let callLine = #line + 2
        let issue = knownIssue {
            assertAnalyticsSnapshot(of: lines, named: "first", record: .missing, snapshotDirectory: folder.path)
        }

        #expect(issue.line == callLine)
        #expect(
            issue.comment
                == "No snapshot at \(folder.file("first.txt")): recorded it. Check that it is right, commit it, and run the test again."
        )
        #expect(folder.contents(of: "first.txt") == expectedText)
    }

    @Test func aMatchingSnapshotPasses() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        try folder.write(expectedText, to: "same.txt")

        assertAnalyticsSnapshot(of: lines, named: "same", record: .missing, snapshotDirectory: folder.path)
        // Line endings written by another system still match.
        try folder.write(expectedText.replacingOccurrences(of: "\n", with: "\r\n"), to: "crlf.txt")
        assertAnalyticsSnapshot(of: lines, named: "crlf", record: .never, snapshotDirectory: folder.path)
    }

    @Test func aMismatchFailsWithALineDiffAndLeavesTheFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let stored = "\"page(\\\"home\\\")\"\n\"event(\\\"stop\\\")\"\n"
        try folder.write(stored, to: "changed.txt")

        let issue = knownIssue {
            assertAnalyticsSnapshot(of: lines, named: "changed", record: .missing, snapshotDirectory: folder.path)
        }

        let path = folder.file("changed.txt")
        #expect(
            issue.comment == """
                Snapshot does not match \(path) (- snapshot, + this run). \
                If the change is intended, run with TAGHUB_SNAPSHOT_RECORD=failed (or record: .failed) to rewrite it.
                --- \(path)
                +++ this run
                @@ -1,2 +1,2 @@
                 "page(\\"home\\")"
                -"event(\\"stop\\")"
                +"event(\\"play\\")"
                """
        )
        #expect(folder.contents(of: "changed.txt") == stored)
    }

    @Test func recordModeFailedRewritesAMismatchAndStillFails() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        try folder.write("old\n", to: "rewrite.txt")

        let issue = knownIssue {
            assertAnalyticsSnapshot(of: lines, named: "rewrite", record: .failed, snapshotDirectory: folder.path)
        }

        #expect(
            issue.comment.hasPrefix(
                "Snapshot did not match \(folder.file("rewrite.txt")): rewrote it (record mode failed)."
            )
        )
        #expect(issue.comment.hasSuffix("-old\n+\"page(\\\"home\\\")\"\n+\"event(\\\"play\\\")\""))
        #expect(folder.contents(of: "rewrite.txt") == expectedText)
        // The next run passes.
        assertAnalyticsSnapshot(of: lines, named: "rewrite", record: .failed, snapshotDirectory: folder.path)
    }

    @Test func recordModeAllRewritesEvenAMatchAndFails() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        try folder.write(expectedText, to: "all.txt")

        let issue = knownIssue {
            assertAnalyticsSnapshot(of: lines, named: "all", record: .all, snapshotDirectory: folder.path)
        }

        #expect(
            issue.comment.hasPrefix("Record mode is all: rewrote \(folder.file("all.txt")), which already matched.")
        )
        #expect(folder.contents(of: "all.txt") == expectedText)
    }

    @Test func recordModeNeverFailsOnAMissingFileWithoutWritingIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }

        let issue = knownIssue {
            assertAnalyticsSnapshot(of: lines, named: "absent", record: .never, snapshotDirectory: folder.path)
        }

        #expect(issue.comment.hasPrefix("No snapshot at \(folder.file("absent.txt")), and record mode is never."))
        #expect(folder.contents(of: "absent.txt") == nil)
    }

    @Test func aFileAtAGivenPathWorksTheSameWay() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.file("docs/Plan.md")

        let issue = knownIssue {
            assertAnalyticsSnapshot(of: "# Plan\n", storedAt: path, record: .missing)
        }
        #expect(issue.comment.hasPrefix("No snapshot at \(path): recorded it."))

        assertAnalyticsSnapshot(of: "# Plan\n", storedAt: path, record: .never)
        #expect(folder.contents(of: "docs/Plan.md") == "# Plan\n")
    }

    @Test func theRecordModeComesFromTheParameterThenTheEnvironment() {
        let variable = SnapshotRecordMode.environmentVariable
        #expect(variable == "TAGHUB_SNAPSHOT_RECORD")
        #expect(recordMode(parameter: nil, environment: [:]) == .success(.missing))
        #expect(recordMode(parameter: nil, environment: [variable: ""]) == .success(.missing))
        #expect(recordMode(parameter: nil, environment: [variable: "all"]) == .success(.all))
        #expect(recordMode(parameter: nil, environment: [variable: "failed"]) == .success(.failed))
        #expect(recordMode(parameter: nil, environment: [variable: "never"]) == .success(.never))
        #expect(recordMode(parameter: .never, environment: [variable: "all"]) == .success(.never))
        let unknown = recordMode(parameter: nil, environment: [variable: "yes"])
        #expect(unknown == .failure(UnknownRecordMode(value: "yes")))
        #expect(
            UnknownRecordMode(value: "yes").message
                == "TAGHUB_SNAPSHOT_RECORD=yes names no record mode: use missing, failed, all or never, or unset it."
        )
    }

    @Test func snapshotsLiveBesideTheTestFileUnderItsName() {
        let file = SnapshotFile(
            named: "play from home",
            directory: nil,
            testFilePath: "/app/Tests/AppTests/PlayTests.swift"
        )
        #expect(file.path == "/app/Tests/AppTests/__Snapshots__/PlayTests/play from home.txt")
        #expect(SnapshotFile.fileName(for: "a/b:c?d") == "a-b-c-d")
        #expect(SnapshotFile.fileName(for: "..") == "snapshot")
        #expect(defaultSnapshotName(function: "playFromHome()") == "playFromHome")
        #expect(defaultSnapshotName(function: "rows(count:)") == "rows")
    }

    @Test func theDefaultNameIsTheTestFunctions() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }

        _ = knownIssue {
            assertAnalyticsSnapshot(of: lines, record: .missing, snapshotDirectory: folder.path)
        }

        #expect(folder.contents(of: "theDefaultNameIsTheTestFunctions.txt") == expectedText)
    }

    @Test func aRecordersSnapshotIsTheSameOnEveryRun() throws {
        // Two hubs, the same tags: the same text, whatever order each dictionary keeps.
        func record() -> String {
            let hub = AnalyticsHub<RadioAnalytics>()
            let meter = RecordingTagger<RadioAnalytics, MeterTag>()
            hub.attach(makeMeter(tagger: meter))
            hub.send(screen: .home)
            hub.send(userAction: .play(jazz))
            return meter.snapshotText
        }
        let text = record()
        #expect(
            text == """
                page("home") ← screen home on [home]
                event("play_from_home", properties: ["band": "fm", "station": "Jazz FM"]) ← userAction play(Station(name: "Jazz FM", frequency: 102.2)) on [home]

                """
        )
        #expect((0..<10).allSatisfy { _ in record() == text })
    }
}

@Suite struct SnapshotFileTests {
    @Test func textWithWindowsLineBreaksMatchesOnTheNextRun() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let file = SnapshotFile(path: folder.file("crlf.txt"))

        #expect(file.verify("a\r\nb\r\n", mode: .missing) == .recordedMissing)
        #expect(file.verify("a\r\nb\r\n", mode: .never) == .matched)
        #expect(file.verify("a\nb\n", mode: .never) == .matched)
    }

    @Test func twoEncodingsOfOneCharacterAreDifferentFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let file = SnapshotFile(path: folder.file("accent.txt"))
        try folder.write("caf\u{65}\u{301}\n", to: "accent.txt")  // e + combining acute

        #expect(
            file.verify("caf\u{E9}\n", mode: .never)  // precomposed é
                == .mismatched(
                    diff:
                        "(the lines read the same; they differ in their final line break or in how a character is encoded)",
                    rewritten: false
                )
        )
    }

    @Test func relativeFoldersAndPathsStartFromTheTestFilesFolder() {
        let test = "/app/Tests/AppTests/PlayTests.swift"
        #expect(
            SnapshotFile(named: "n", directory: "Snaps", testFilePath: test).path == "/app/Tests/AppTests/Snaps/n.txt"
        )
        #expect(SnapshotFile(path: "../../Docs/Plan.md", testFilePath: test).path == "/app/Docs/Plan.md")
        #expect(SnapshotFile(path: "/elsewhere/Plan.md", testFilePath: test).path == "/elsewhere/Plan.md")
        #expect(SnapshotFile.fileName(for: "écoute 2") == "écoute 2")
    }

    @Test func aDefaultNameBelongsToOneTestAndOneAssertion() {
        let names = DefaultSnapshotNames()
        #expect(names.claim("/s/a.txt", test: "Suite/a()", isParameterized: false, line: 10) == nil)
        // The same assertion again (a repeated run) is fine.
        #expect(names.claim("/s/a.txt", test: "Suite/a()", isParameterized: false, line: 10) == nil)
        #expect(
            names.claim("/s/a.txt", test: "Suite/a()", isParameterized: false, line: 12)
                == "This test already asserted the unnamed snapshot /s/a.txt at line 10: pass named: to each snapshot of the test."
        )
        #expect(
            names.claim("/s/a.txt", test: "Other/a()", isParameterized: false, line: 10)
                == "/s/a.txt is already the snapshot of Suite/a(): pass named: to tell them apart."
        )
        #expect(
            names.claim("/s/p.txt", test: "Suite/p(n:)", isParameterized: true, line: 10)
                == "Suite/p(n:) is parameterized: every argument would share the snapshot /s/p.txt. Pass named: with a name made from the arguments."
        )
    }

    @Test(arguments: [1, 2])
    func aParameterizedTestMustNameItsSnapshots(argument: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }

        withKnownIssue {
            assertAnalyticsSnapshot(of: "\(argument)", record: .missing, snapshotDirectory: folder.path)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "is parameterized: every argument would share the snapshot"
            )
        }
        #expect(folder.contents(of: "aParameterizedTestMustNameItsSnapshots.txt") == nil)

        // Named after its argument, each case has its own file.
        withKnownIssue {
            assertAnalyticsSnapshot(
                of: "\(argument)",
                named: "case \(argument)",
                record: .missing,
                snapshotDirectory: folder.path
            )
        }
        #expect(folder.contents(of: "case \(argument).txt") == "\(argument)")
    }
}
