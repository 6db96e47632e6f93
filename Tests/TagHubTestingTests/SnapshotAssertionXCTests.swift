import TagHubTesting
import XCTest

/// Under XCTest, a snapshot failure goes through `XCTFail`, pinned to the caller's file and line.
///
/// The failures are caught by overriding XCTest's failure recording, so they are checked rather
/// than failing the test.
final class SnapshotAssertionXCTests: XCTestCase {
    private var failures: [(description: String, file: String, line: Int)] = []
    /// Whether failures are being caught; the test's own assertions are not.
    private var isCatchingFailures = false

    /// Runs `body`, catching the failures it records instead of failing the test.
    private func catchingFailures(_ body: () -> Void) {
        isCatchingFailures = true
        body()
        isCatchingFailures = false
    }

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        guard isCatchingFailures else { return super.record(issue) }
        failures.append(
            (
                issue.compactDescription, issue.sourceCodeContext.location?.fileURL.path ?? "",
                issue.sourceCodeContext.location?.lineNumber ?? 0
            )
        )
    }
    #else
    override func recordFailure(
        withDescription description: String,
        inFile filePath: String,
        atLine lineNumber: Int,
        expected: Bool
    ) {
        guard isCatchingFailures else {
            return super.recordFailure(
                withDescription: description,
                inFile: filePath,
                atLine: lineNumber,
                expected: expected
            )
        }
        failures.append((description, filePath, lineNumber))
    }
    #endif

    func testAFirstRunFailsThroughXCTFailAtTheCallersLineThenPasses() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }

        let callLine = #line + 2
        catchingFailures {
            assertAnalyticsSnapshot(of: ["a", "b"], named: "xctest", record: .missing, snapshotDirectory: folder.path)
        }

        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, callLine)
        XCTAssertEqual(failures.first?.file, #filePath)
        XCTAssertTrue(
            failures.first?.description.contains("No snapshot at \(folder.file("xctest.txt")): recorded it.") == true
        )
        XCTAssertEqual(folder.contents(of: "xctest.txt"), "\"a\"\n\"b\"\n")

        failures.removeAll()
        catchingFailures {
            assertAnalyticsSnapshot(of: ["a", "b"], named: "xctest", record: .never, snapshotDirectory: folder.path)
        }
        XCTAssertEqual(failures.count, 0)
    }

    func testAMismatchFailsThroughXCTFailWithTheDiff() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        try folder.write("\"a\"\n", to: "diff.txt")

        catchingFailures {
            assertAnalyticsSnapshot(of: ["b"], named: "diff", record: .never, snapshotDirectory: folder.path)
        }

        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.hasSuffix("@@ -1,1 +1,1 @@\n-\"a\"\n+\"b\"") == true)
    }
}
