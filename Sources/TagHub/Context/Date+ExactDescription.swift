#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Date {
    /// This date as a context's and a session's descriptions show it: in ISO 8601, in UTC, to the
    /// millisecond (`2023-11-14T22:13:20.250Z`), or to the second when `toTheSecond` and it is a
    /// whole second (`2023-11-14T22:13:20Z`); then, when it is not a whole millisecond, its seconds
    /// since 1970 in full: `2023-11-14T22:13:20.250Z (1700000000.2500999 s since 1970)` for
    /// `Date(timeIntervalSince1970: 1_700_000_000.2501)`.
    ///
    /// So two dates that `==` tells apart never read the same, below a millisecond too. The
    /// millisecond shown is the one the date is in, truncated, as Foundation's ISO 8601 style
    /// means to show it; that style shows about half of the whole milliseconds as the one before
    /// (a `TestClock` moved by 2 ms as `2023-11-14T22:13:20.001Z`), which this does not. A date is
    /// a whole millisecond when its seconds since 2001, which `Date` keeps, are the `Double`
    /// nearest to one: a `TestClock` moved once by whole milliseconds reads one, but
    /// `Date(timeIntervalSince1970: 1_700_000_000.001)` does not (`2023-11-14T22:13:20.000Z
    /// (1700000000.0009999 s since 1970)`): its seconds since 1970 round on the way.
    func exactDescription(toTheSecond: Bool = false) -> String {
        let seconds = timeIntervalSinceReferenceDate
        guard seconds.isFinite else { return "\(seconds) s since 2001" }
        // Past 2^53 milliseconds (some 285,000 years), a `Double` of seconds holds no milliseconds.
        guard abs(seconds) < 9e12 else { return "\(formatted(.iso8601)) (\(exactSeconds(seconds)))" }
        // The millisecond the date is in; the product may round across a millisecond's edge.
        var milliseconds = Int64((seconds * 1_000).rounded(.down))
        if Double(milliseconds) / 1_000 > seconds {
            milliseconds -= 1
        } else if Double(milliseconds + 1) / 1_000 <= seconds {
            milliseconds += 1
        }
        let second = milliseconds.floorDivided(by: 1_000)
        var text = Date(timeIntervalSinceReferenceDate: Double(second)).formatted(.iso8601)
        if !toTheSecond || Double(second) != seconds {
            let digits = String(milliseconds - second * 1_000)
            text.removeLast()  // "Z"
            text += "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
        }
        if Double(milliseconds) / 1_000 != seconds {
            text += " (\(exactSeconds(seconds)))"
        }
        return text
    }
}

/// `seconds` since 2001 as a reader can take them back: since 1970, in decimal (the shortest
/// decimal that reads back as `seconds`, moved by the whole seconds between 1970 and 2001 without
/// rounding, so that no two dates share it, as they may share a `timeIntervalSince1970`); or,
/// where `Decimal` cannot hold that (within a hair of 2001), since 2001, as `Date` keeps them.
private func exactSeconds(_ seconds: Double) -> String {
    let between = Decimal(Date.timeIntervalBetween1970AndReferenceDate)
    if let decimal = Decimal(string: "\(seconds)"), Double("\(decimal + between - between)") == seconds {
        return "\(decimal + between) s since 1970"
    }
    return "\(seconds) s since 2001"
}

extension Int64 {
    /// The quotient rounded down, also for a negative dividend: -1 for -1 divided by 1,000.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return self % divisor < 0 ? quotient - 1 : quotient
    }
}
