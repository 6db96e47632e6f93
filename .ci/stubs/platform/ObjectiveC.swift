// A stub of the one `ObjectiveC` module function that Sources/TagHub/Internal/Platform.swift uses,
// for type-checking its Apple side on Linux (.ci/typecheck-stubs). Never shipped, never run.

/// https://developer.apple.com/documentation/objectivec/1632861-autoreleasepool
public func autoreleasepool<Result>(invoking body: () throws -> Result) rethrows -> Result { try body() }
