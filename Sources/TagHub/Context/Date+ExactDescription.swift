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
        let text = Self.iso8601(milliseconds, showingThem: !toTheSecond || seconds.rounded(.down) != seconds)
        return Double(milliseconds) / 1_000 == seconds ? text : "\(text) (\(seconds) s since 2001)"
    }

    /// ISO 8601 in UTC to the millisecond the date is in, and nothing after: what a snapshot shows.
    package var millisecondDescription: String {
        millisecondSinceReferenceDate.map { Self.iso8601($0) } ?? "\(timeIntervalSinceReferenceDate) s since 2001"
    }

    /// The millisecond the date is in, since 2001: from the `Double` nearest to `n / 1,000` to the
    /// one nearest to `(n + 1) / 1,000`, excluded. Computed: Foundation's ISO 8601 style shows about
    /// half of them as the one before. `nil` where not finite, or past 2^53 ms (285,000 years).
    package var millisecondSinceReferenceDate: Int64? {
        let seconds = timeIntervalSinceReferenceDate
        guard seconds.isFinite, abs(seconds) < 9e12 else { return nil }
        var milliseconds = Int64((seconds * 1_000).rounded(.down))  // may round across an edge
        if Double(milliseconds) / 1_000 > seconds { milliseconds -= 1 }
        if Double(milliseconds + 1) / 1_000 <= seconds { milliseconds += 1 }
        return milliseconds
    }

    /// Millisecond `milliseconds` since 2001 in ISO 8601, in UTC, to the second, then `.mmm` where `showingThem`.
    private static func iso8601(_ milliseconds: Int64, showingThem: Bool = true) -> String {
        let second = (Double(milliseconds) / 1_000).rounded(.down)
        let text = Date(timeIntervalSinceReferenceDate: second).formatted(.iso8601)
        guard showingThem else { return text }
        let digits = String(milliseconds - Int64(second) * 1_000)
        return text.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }
}
