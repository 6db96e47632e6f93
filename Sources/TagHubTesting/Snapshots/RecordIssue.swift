#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Fails the running test with `message`, pinned to the caller's file and line: through Swift
/// Testing when a Swift Testing test is running, else through XCTest.
func recordIssue(
    _ message: String,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
) {
    #if canImport(Testing)
    if Test.current != nil {
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: String(describing: fileID),
                filePath: String(describing: filePath),
                line: Int(line),
                column: Int(column)
            )
        )
        return
    }
    #endif
    #if canImport(XCTest)
    XCTFail(message, file: filePath, line: line)
    #else
    // No test framework: say it where a person running the code will see it.
    print("\(filePath):\(line): error: \(message)")
    #endif
}
