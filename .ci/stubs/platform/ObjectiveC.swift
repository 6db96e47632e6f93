// Checked against Apple's ObjectiveC documentation (developer.apple.com, as stored in 2026): autoreleasepool(invoking:)'s declaration.
//
// A stub of the one `ObjectiveC` module function that Sources/TagHub/Internal/Platform.swift uses,
// for type-checking its Apple side on Linux (.ci/typecheck-stubs). Never shipped, never run.

/// https://developer.apple.com/documentation/objectivec/autoreleasepool(invoking:)
/// `func autoreleasepool<E, Result>(invoking body: () throws(E) -> Result) throws(E) -> Result
/// where E : Error, Result : ~Copyable` (typed throws; it was `rethrows` before).
public func autoreleasepool<E: Error, Result: ~Copyable>(invoking body: () throws(E) -> Result) throws(E) -> Result {
    try body()
}
