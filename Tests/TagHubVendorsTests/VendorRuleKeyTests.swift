import TagHub
import TagHubVendors
import Testing

/// Which keys a check reads one by one, and in which order: the same findings for the same tag on
/// every run.
@Suite struct VendorRuleKeyTests {
    /// 6 keys alike in their first 64 bytes (32 × "é") and their length, each holding NaN: ordered by
    /// their whole bytes, whatever the order of the dictionary (its capacity, the order of insertion,
    /// the process's hashing seed).
    @Test func keysAlikeInTheirFirst64BytesAndTheirLengthAreOrderedByTheRest() {
        let keys = (0..<6).map { String(repeating: "é", count: 32) + "_k\($0)" }
        let expected =
            keys.prefix(3).map { "mixpanel.number.finite: \($0): nan breaks a finite number" }
            + ["mixpanel.number.finite: 3 more breaks a finite number"]
        for capacity in [6, 16, 64, 256] {
            for order in [keys, keys.reversed(), [3, 0, 5, 1, 4, 2].map { keys[$0] }] {
                var properties = [String: AnalyticsValue](minimumCapacity: capacity)
                for key in order { properties[key] = .double(.nan) }
                let findings = MixpanelTag.track(event: "Play", properties: properties).ruleViolations
                #expect(findings.map(\.description) == expected, "capacity \(capacity), order \(order)")
            }
        }
    }
}
