// Checked against Apple's Foundation documentation (developer.apple.com, as stored in 2026): ProcessInfo.performExpiringActivity(withReason:using:)'s declaration and availability.
//
// A stub of what TagHubUI's watchOS code uses, for type-checking it on Linux (.ci/typecheck-stubs).
// Never shipped, never run.
//
// That code is behind `#if canImport(WatchKit)`, and what it calls is Foundation's: WatchKit
// re-exports Foundation. Linux's Foundation lacks `ProcessInfo.performExpiringActivity`, so this
// stub declares it, with the signature of Apple's documentation, at the address above it.
@_exported import Foundation

extension ProcessInfo {
    /// https://developer.apple.com/documentation/foundation/processinfo/performexpiringactivity(withreason:using:)
    /// (iOS 8.2, Mac Catalyst 13.1, tvOS 9, watchOS 2, visionOS 1; not macOS)
    @available(macOS, unavailable)
    public func performExpiringActivity(withReason reason: String, using block: @escaping @Sendable (Bool) -> Void) {}
}
