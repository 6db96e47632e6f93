import Foundation

/// How far the tests that run for a count go: a count that `swift test` reaches in a fraction of a
/// second, or, with `TAGHUB_FULL_SCALE=1` (a step of `.ci/run`, in the optimized build), the count
/// that shakes out rarer interleavings.
public enum TestScale {
    /// Whether `TAGHUB_FULL_SCALE=1` is set.
    public static let isFull = ProcessInfo.processInfo.environment["TAGHUB_FULL_SCALE"] == "1"

    /// `everyRun`, or `fullScale` when ``isFull``.
    public static func count(_ everyRun: Int, fullScale: Int) -> Int {
        isFull ? fullScale : everyRun
    }
}
