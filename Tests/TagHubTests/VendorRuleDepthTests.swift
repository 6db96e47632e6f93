import Foundation
import TagHub
import Testing

/// The vendor rule checks never crash on values nested deep, on a thread with the smallest stack
/// an app's code runs on: 512 KiB, the default for secondary threads on Apple platforms. They used
/// to recurse, and overflowed at about 400 levels in a debug build and 4,000 in a release one (CI
/// runs this suite in both).
///
/// Each check runs in a child process (an exit test), so that an overflow fails the test instead
/// of ending the run. The child never destroys the value: destroying 100,000 nested arrays
/// recurses in the Swift runtime itself, which is not what is tested here.
@Suite(.timeLimit(.minutes(1)))
struct VendorRuleDepthTests {
    #if compiler(>=6.2) && (os(macOS) || os(Linux))
    @Test func checksOfAValueNested100000LevelsDeepEndOnA512KiBThread() async throws {
        let result = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) {
            var value = AnalyticsValue.double(.nan)
            for _ in 0..<100_000 { value = .array([value]) }
            // Kept for the life of the process, so that it is never destroyed.
            let kept = UnsafeMutablePointer<AnalyticsValue>.allocate(capacity: 1)
            kept.initialize(to: value)
            value = .null
            let deep = kept.pointee
            let properties: [String: AnalyticsValue] = ["deep": deep]
            let findings = onA512KiBThread {
                [
                    MixpanelTag.track(event: "Deep", properties: properties).ruleViolations,
                    AmplitudeTag.track(eventType: "Deep", eventProperties: properties).ruleViolations,
                    SegmentTag.track(event: "Deep", properties: properties).ruleViolations,
                    BatchTag.event(name: "deep", attributes: properties, label: nil, tags: []).ruleViolations,
                    PianoTag.event("deep", properties).ruleViolations,
                ]
                .map { $0.map(\.description) } + [[String(deep.description.prefix(12))]]
            }
            let expected = [
                ["mixpanel.number.finite: deep: nan breaks a finite number"],
                ["amplitude.number.finite: deep: nan breaks a finite number"],
                [
                    "segment.number.finite: deep: nan breaks a finite number",
                    "segment.payload.size: at least 200,010 bytes breaks at most 32,000 bytes per call",
                ],
                ["batch.nesting: deep: 4 levels breaks at most 3 levels"],  // Batch stops at its bound
                ["piano.number.finite: deep: nan breaks a finite number"],
                ["[[[[[[[[[[[["],
            ]
            if findings != expected {
                FileHandle.standardError.write(Data("findings: \(String(describing: findings))\n".utf8))
            }
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self) == "")
    }
    #endif
}

/// Runs `body` on a new thread with a 512 KiB stack, and returns what it returns.
private func onA512KiBThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
    let done = DispatchSemaphore(value: 0)
    let box = ResultBox<Result>()
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
    return box.value!
}

/// Hands a result from one thread to another, which waits on a semaphore signalled after it is set.
private final class ResultBox<Value>: @unchecked Sendable {
    // `@unchecked`: written once on one thread before a semaphore is signalled, read after waiting.
    var value: Value?
}
