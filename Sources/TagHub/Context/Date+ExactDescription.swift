#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Date {
    /// ISO 8601 in UTC, to the millisecond it is in (or the second, when `toTheSecond` and it is
    /// one), then, past a whole millisecond, the seconds since 2001 that `==` compares: two dates it
    /// tells apart never read the same.
    func exactDescription(toTheSecond: Bool = false) -> String {
        let seconds = timeIntervalSinceReferenceDate
        guard let milliseconds = millisecondSinceReferenceDate else { return "\(seconds) s since 2001" }
        let text = Self.iso8601(milliseconds, showingMilliseconds: !toTheSecond || seconds.rounded(.down) != seconds)
        return Double(milliseconds) / 1_000 == seconds ? text : "\(text) (\(seconds) s since 2001)"
    }

    /// ISO 8601 in UTC, to the millisecond the date is in, and nothing after it:
    /// `2023-11-14T22:13:20.002Z`, what a snapshot shows. A time no millisecond holds (not finite,
    /// or past some 285,000 years) as its seconds since 2001.
    package var millisecondDescription: String {
        millisecondSinceReferenceDate.map { Self.iso8601($0, showingMilliseconds: true) }
            ?? "\(timeIntervalSinceReferenceDate) s since 2001"
    }

    /// The millisecond the date is in, counted from 2001, computed: Foundation's ISO 8601 style
    /// shows about half of them as the one before (a `TestClock` moved by 2 ms as `….001Z`). A
    /// date is in millisecond `n` from the `Double` nearest to `n / 1,000` to the one nearest to
    /// `(n + 1) / 1,000`, that one excluded. `nil` where the seconds are not finite, or past 2^53
    /// milliseconds (some 285,000 years), where a `Double` of seconds holds no milliseconds.
    package var millisecondSinceReferenceDate: Int64? {
        let seconds = timeIntervalSinceReferenceDate
        guard seconds.isFinite, abs(seconds) < 9e12 else { return nil }
        // The product may round across a millisecond's edge.
        var milliseconds = Int64((seconds * 1_000).rounded(.down))
        if Double(milliseconds) / 1_000 > seconds {
            milliseconds -= 1
        } else if Double(milliseconds + 1) / 1_000 <= seconds {
            milliseconds += 1
        }
        return milliseconds
    }

    /// Millisecond `milliseconds` since 2001 in ISO 8601, in UTC, to the second, and to the
    /// millisecond where `showingMilliseconds`.
    private static func iso8601(_ milliseconds: Int64, showingMilliseconds: Bool) -> String {
        let second = (Double(milliseconds) / 1_000).rounded(.down)
        var text = Date(timeIntervalSinceReferenceDate: second).formatted(.iso8601)
        if showingMilliseconds {
            let digits = String(milliseconds - Int64(second) * 1_000)
            text.removeLast()  // "Z"
            text += "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
        }
        return text
    }
}
