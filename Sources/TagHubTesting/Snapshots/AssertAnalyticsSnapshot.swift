import Foundation
import TagHub

#if canImport(Testing)
import Testing
#endif

/// Asserts that `value`'s snapshot text matches the file `__Snapshots__/<TestFileName>/<name>.txt`
/// beside the test file.
///
/// The first run writes the file and fails, saying it recorded: check the file, commit it, and the
/// test passes from then on. A mismatch fails with a line diff (`-` the file, `+` this run). The
/// failure points at the line that called this function, under Swift Testing (`Issue.record`) or
/// XCTest (`XCTFail`), whichever is running the test.
///
/// Vendor tags that are ``/TagHub/RuleCheckedVendorTag`` (the library's vendor models) are also
/// checked against their vendor's rules, each and all together: a violation fails the test, naming
/// the rule, the offending value and the limit.
///
/// ```swift
/// @Test func playFromFavorites() {
///     let hub = AnalyticsHub<PodcastAnalytics>()
///     let tracker = RecordingTagger<PodcastAnalytics, TrackerTag>()
///     hub.attach(makeTracker(tagger: tracker))
///     hub.send(screen: .favorites)
///     hub.send(userAction: .playPodcast(Podcast(title: "Swift Talk", duration: 1_800)))
///     assertAnalyticsSnapshot(of: tracker)  // __Snapshots__/<this file's name>/playFromFavorites.txt
/// }
/// ```
///
/// - Parameters:
///   - value: What to store: a recorder, an array (one line per element), a ``TrackingPlan`` or a
///     string.
///   - name: The file's name, without `.txt`; the test function's name by default. Name each
///     snapshot when a test asserts more than one.
///   - record: When to write the file; `nil` (the default) reads the environment variable
///     `TAGHUB_SNAPSHOT_RECORD`, and without it uses ``SnapshotRecordMode/missing``.
///   - snapshotDirectory: The folder of the file, instead of the one beside the test file.
///   - allowingRules: Vendor rules (``/TagHub/VendorRuleViolation/rule``) whose violations do not
///     fail the test: findings the team has accepted.
///   - fileID: The caller's file, for the failure; leave the default.
///   - filePath: The caller's file, for the failure and to find `__Snapshots__`; leave the default.
///   - line: The caller's line, for the failure; leave the default.
///   - column: The caller's column, for the failure; leave the default.
///   - function: The caller's function, the default name; leave the default.
public func assertAnalyticsSnapshot(
    of value: some AnalyticsSnapshotConvertible,
    named name: String? = nil,
    record: SnapshotRecordMode? = nil,
    snapshotDirectory: String? = nil,
    allowingRules: Set<String> = [],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    function: StaticString = #function
) {
    let file = SnapshotFile(
        named: name ?? defaultSnapshotName(function: "\(function)"),
        directory: snapshotDirectory,
        testFilePath: "\(filePath)"
    )
    if name == nil, let conflict = DefaultSnapshotNames.shared.claim(file.path, line: line) {
        recordIssue(conflict, fileID: fileID, filePath: filePath, line: line, column: column)
        return
    }
    assert(
        value,
        in: file,
        record: record,
        allowingRules: allowingRules,
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
    )
}

/// Asserts that `value`'s snapshot text matches the file at `path`, exactly as
/// ``assertAnalyticsSnapshot(of:named:record:snapshotDirectory:allowingRules:fileID:filePath:line:column:function:)``
/// does for a file beside the test: for a file that people read elsewhere, such as a tracking plan
/// in the project's documentation. A relative path is taken from the test file's folder: from
/// `Tests/AppTests/`, `../../Docs/TrackingPlan.md` is the project's `Docs/TrackingPlan.md`.
///
/// ```swift
/// @Test func theTrackingPlanIsUpToDate() {
///     let plan = TrackingPlan(
///         for: PodcastAnalytics.self,
///         screens: [.podcasts, .favorites],
///         userActions: [.playPodcast(Podcast(title: "Swift Talk", duration: 1_800))],
///         vendors: [.init("tracker", makeTracker(tagger: RecordingTagger<PodcastAnalytics, TrackerTag>()))]
///     )
///     assertAnalyticsSnapshot(of: plan, storedAt: "TrackingPlan.md")  // beside this file
/// }
/// ```
///
/// - Parameters:
///   - value: What to store.
///   - path: The file, with its extension.
///   - record: When to write the file; as for the other form.
///   - allowingRules: Vendor rules whose violations do not fail the test.
///   - fileID: The caller's file, for the failure; leave the default.
///   - filePath: The caller's file, for the failure; leave the default.
///   - line: The caller's line, for the failure; leave the default.
///   - column: The caller's column, for the failure; leave the default.
public func assertAnalyticsSnapshot(
    of value: some AnalyticsSnapshotConvertible,
    storedAt path: String,
    record: SnapshotRecordMode? = nil,
    allowingRules: Set<String> = [],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let file = SnapshotFile(path: path, testFilePath: "\(filePath)")
    assert(
        value,
        in: file,
        record: record,
        allowingRules: allowingRules,
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
    )
}

private func assert(
    _ value: some AnalyticsSnapshotConvertible,
    in file: SnapshotFile,
    record: SnapshotRecordMode?,
    allowingRules: Set<String>,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
) {
    let findings = ((value as? any RuleFindingsReporting)?.ruleFindingLines ?? [])
        .filter { !allowingRules.contains($0.rule) }.map(\.text)
    assert(
        value.snapshotText,
        findings: findings,
        in: file,
        record: record,
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
    )
}

private func assert(
    _ text: String,
    findings: [String],
    in file: SnapshotFile,
    record: SnapshotRecordMode?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
) {
    let mode: SnapshotRecordMode
    switch recordMode(parameter: record, environment: ProcessInfo.processInfo.environment) {
    case .success(let resolved):
        mode = resolved
    case .failure(let problem):
        recordIssue(problem.message, fileID: fileID, filePath: filePath, line: line, column: column)
        return
    }
    let outcome = file.verify(text, mode: mode)
    if let message = file.failureMessage(for: outcome, mode: mode) {
        recordIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    if !findings.isEmpty {
        recordIssue(
            "Vendor rules broken in this snapshot (pass their names in allowingRules: to accept them):\n"
                + findings.map { "- \($0)" }.joined(separator: "\n"),
            fileID: fileID,
            filePath: filePath,
            line: line,
            column: column
        )
    }
}

/// An environment variable that names no record mode.
package struct UnknownRecordMode: Error, Equatable {
    package let value: String

    package init(value: String) {
        self.value = value
    }

    package var message: String {
        """
        \(SnapshotRecordMode.environmentVariable)=\(value) names no record mode: \
        use missing, failed, all or never, or unset it.
        """
    }
}

/// The record mode: `parameter` when given, else the environment's, else ``SnapshotRecordMode/missing``.
package func recordMode(
    parameter: SnapshotRecordMode?,
    environment: [String: String]
) -> Result<SnapshotRecordMode, UnknownRecordMode> {
    if let parameter { return .success(parameter) }
    guard let value = environment[SnapshotRecordMode.environmentVariable], !value.isEmpty else {
        return .success(.missing)
    }
    guard let mode = SnapshotRecordMode(name: value) else { return .failure(UnknownRecordMode(value: value)) }
    return .success(mode)
}

/// The test function's name without its parameter list: `playFromFavorites()` gives
/// `playFromFavorites`.
package func defaultSnapshotName(function: String) -> String {
    String(function.prefix { $0 != "(" })
}

/// Which test each default-named snapshot file belongs to, in this process: two tests (or two
/// assertions of one test) writing one file would overwrite each other's snapshot.
package final class DefaultSnapshotNames: Sendable {
    package static let shared = DefaultSnapshotNames()

    private let owners = LockedValue<[String: (test: String, line: UInt)]>([:])

    package init() {}

    /// Records that the running test asserts the default-named snapshot at `path` from `line`;
    /// the reason it may not, or `nil`. Only Swift Testing says which test is running: under
    /// XCTest every claim succeeds.
    package func claim(_ path: String, line: UInt) -> String? {
        #if canImport(Testing)
        guard let test = Test.current else { return nil }
        return claim(path, test: "\(test.id)", isParameterized: test.isParameterized, line: line)
        #else
        return nil
        #endif
    }

    /// ``claim(_:line:)`` for the test named `test`.
    package func claim(_ path: String, test: String, isParameterized: Bool, line: UInt) -> String? {
        if isParameterized {
            return """
                \(test) is parameterized: every argument would share the snapshot \(path). \
                Pass named: with a name made from the arguments.
                """
        }
        return owners.withLock { owners in
            guard let owner = owners[path] else {
                owners[path] = (test, line)
                return nil
            }
            if owner.test != test {
                return "\(path) is already the snapshot of \(owner.test): pass named: to tell them apart."
            }
            if owner.line != line {
                return """
                    This test already asserted the unnamed snapshot \(path) at line \(owner.line): \
                    pass named: to each snapshot of the test.
                    """
            }
            return nil
        }
    }
}
