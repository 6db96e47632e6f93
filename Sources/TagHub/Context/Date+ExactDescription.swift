#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Date {
    /// ISO 8601 in UTC, to the millisecond it is in (or the second, when `toTheSecond` and it is
    /// one), then, past a whole millisecond, the seconds since 2001 that `==` compares: two dates it
    /// tells apart never read the same. The millisecond is computed: Foundation's ISO 8601 style
    /// shows about half of them as the one before (a `TestClock` moved by 2 ms as `….001Z`).
    func exactDescription(toTheSecond: Bool = false) -> String {
        let seconds = timeIntervalSinceReferenceDate
        // Past 2^53 milliseconds (some 285,000 years), a `Double` of seconds holds no milliseconds.
        guard seconds.isFinite, abs(seconds) < 9e12 else { return "\(seconds) s since 2001" }
        // The millisecond the date is in; the product may round across a millisecond's edge.
        var milliseconds = Int64((seconds * 1_000).rounded(.down))
        if Double(milliseconds) / 1_000 > seconds {
            milliseconds -= 1
        } else if Double(milliseconds + 1) / 1_000 <= seconds {
            milliseconds += 1
        }
        let second = (Double(milliseconds) / 1_000).rounded(.down)
        var text = Date(timeIntervalSinceReferenceDate: second).formatted(.iso8601)
        if !toTheSecond || second != seconds {
            let digits = String(milliseconds - Int64(second) * 1_000)
            text.removeLast()  // "Z"
            text += "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
        }
        return Double(milliseconds) / 1_000 == seconds ? text : "\(text) (\(seconds) s since 2001)"
    }
}
