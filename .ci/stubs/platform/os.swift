// Checked against Apple's os documentation (developer.apple.com, as stored in 2026): Logger.debug(_:), OSLogInterpolation and its String appendInterpolation(_:align:privacy:); Logger's initialiser and conformances, OSLogStringAlignment and OSLogPrivacy were not found there.
//
// A stub of the `os` module's unified-log API that Sources/TagHub/Internal/Platform.swift uses, for
// type-checking its Apple side on Linux (.ci/typecheck-stubs). Never shipped, never run.
//
// Each declaration follows Apple's documentation, at the address above it, reduced to what the
// file uses. The real `OSLogMessage` also requires its format to be known at compile time, which
// this stub does not check.

/// https://developer.apple.com/documentation/os/logger (a `Sendable` struct)
public struct Logger: @unchecked Sendable {
    /// https://developer.apple.com/documentation/os/logger/init(subsystem:category:)
    public init(subsystem: String, category: String) {}

    /// https://developer.apple.com/documentation/os/logger/debug(_:)
    public func debug(_ message: OSLogMessage) {}
}

/// https://developer.apple.com/documentation/os/oslogmessage
public struct OSLogMessage: ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) {}
    public init(stringInterpolation: OSLogInterpolation) {}
}

/// https://developer.apple.com/documentation/os/osloginterpolation (`@frozen struct`)
public struct OSLogInterpolation: StringInterpolationProtocol {
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) {}

    /// https://developer.apple.com/documentation/os/osloginterpolation/appendinterpolation(_:align:privacy:)-6tazr (the String overload)
    public mutating func appendInterpolation(
        _ argumentString: @autoclosure @escaping () -> String,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {}
}

/// https://developer.apple.com/documentation/os/oslogstringalignment
public struct OSLogStringAlignment {
    /// https://developer.apple.com/documentation/os/oslogstringalignment/none
    public static var none: OSLogStringAlignment { fatalError() }
}

/// https://developer.apple.com/documentation/os/oslogprivacy
public struct OSLogPrivacy {
    /// https://developer.apple.com/documentation/os/oslogprivacy/auto
    public static var auto: OSLogPrivacy { fatalError() }
    /// https://developer.apple.com/documentation/os/oslogprivacy/private
    public static var `private`: OSLogPrivacy { fatalError() }
}
