#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Fails the running test with `message`, pinned to the caller's file and line: through Swift
/// Testing when a Swift Testing test is running on this task, else through XCTest.
///
/// `Test.current` is task-local: it is `nil` on a thread or a detached task that a Swift Testing
/// test started, where `XCTFail` would be ignored. So without it, the failure goes to both
/// frameworks: the one that is not running ignores it, and it is never lost.
func recordIssue(
    _ message: String,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
) {
    #if canImport(Testing)
    let sourceLocation = SourceLocation(
        fileID: String(describing: fileID),
        filePath: String(describing: filePath),
        line: Int(line),
        column: Int(column)
    )
    if Test.current != nil {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        return
    }
    #endif
    #if canImport(XCTest)
    XCTFail(message, file: filePath, line: line)
    #endif
    #if canImport(Testing)
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    #elseif !canImport(XCTest)
    print("\(filePath):\(line): error: \(message)")
    #endif
}
