import Foundation

/// How far the tests that run for a count go: a count that `swift test` reaches in a fraction of a
/// second, or, with `TAGHUB_FULL_SCALE=1` (a step of `.ci/run`, in the optimized build), the count
/// that shakes out rarer interleavings, or the size of the huge inputs that the checks' guards
/// are there for.
public enum TestScale {
    /// Whether `TAGHUB_FULL_SCALE=1` is set.
    public static let isFull = ProcessInfo.processInfo.environment["TAGHUB_FULL_SCALE"] == "1"

    /// `everyRun`, or `fullScale` when ``isFull``.
    public static func count(_ everyRun: Int, fullScale: Int) -> Int {
        isFull ? fullScale : everyRun
    }

    /// `number` with its thousands grouped, as findings write counts and sizes: `100,000`. For the
    /// expected findings of an input whose size is a ``count(_:fullScale:)``.
    public static func grouped(_ number: Int) -> String {
        var digits = String(number.magnitude)
        for offset in stride(from: digits.count - 3, to: 0, by: -3) {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: offset))
        }
        return number < 0 ? "-" + digits : digits
    }
}
