/// A value that threads share, read and changed only under its lock.
///
/// `@unchecked Sendable` is safe: `value` is private and only reached through `withLock`, which
/// holds the lock for the whole access.
package final class LockedValue<Value>: @unchecked Sendable {
    private let lock = ConditionLock()
    // Unchecked: every access is under `lock` (see `withLock`), so no two can overlap.
    @exclusivity(unchecked) private var value: Value

    /// A box holding `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, under the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
