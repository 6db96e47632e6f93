// Checked against at-internet/piano-analytics-apple 3.1.9 (ccaf573e): every declaration below, name, labels, types, defaults, throws, convenience and final.
//
// A stub of the Piano Analytics API (module `PianoAnalytics`) that the docs' taggers use, for
// type-checking them on Linux (.ci/typecheck-stubs). Never shipped, never run: every body does
// nothing or traps.
//
// Each declaration follows the Swift source of piano-analytics-apple 3.1.9
// (https://github.com/at-internet/piano-analytics-apple, Sources/PianoAnalytics/PianoAnalytics.swift,
// Event.swift, Property.swift and Core/Constants.swift), reduced to what type-checking needs; the
// file and line of each is given with it.

import Foundation

// MARK: - The instance (PianoAnalytics.swift)

/// `public let pa = PianoAnalytics.shared` (PianoAnalytics.swift:28)
///
/// The SDK is built in the Swift 5 language mode, where a global of a class that is not `Sendable`
/// needs no annotation; this stub is built in Swift 6, so it says `nonisolated(unsafe)`, which
/// changes nothing for the code that uses it.
nonisolated(unsafe) public let pa = PianoAnalytics.shared

/// `public final class PianoAnalytics` (:45)
public final class PianoAnalytics {
    /// `public static let shared: PianoAnalytics` (:429; `nonisolated(unsafe)`: see `pa`)
    nonisolated(unsafe) public static let shared = PianoAnalytics()

    private init() {}

    /// `public final func sendEvent(_ event: Event, config: Configuration? = nil, p: PianoAnalyticsWorkProtocol? = nil)` (:57):
    /// `config` and `p` are left out, as the docs pass neither.
    public final func sendEvent(_ event: Event) {}

    /// `public final func setUser(_ id: String, category: String? = nil, enableStorage: Bool = true)` (:154)
    public final func setUser(_ id: String, category: String? = nil, enableStorage: Bool = true) {}

    /// `public final func deleteUser()` (:163)
    public final func deleteUser() {}
}

// MARK: - Events and properties (Event.swift, Property.swift)

/// `public final class Event` (Event.swift:28)
public final class Event {
    /// `public final let name: String` (:30)
    public final let name: String

    /// `public init(_ name: String, data: [String: Any])` (:33)
    public init(_ name: String, data: [String: Any]) { self.name = name }

    /// `public init(_ name: String)` (:38)
    public init(_ name: String) { self.name = name }

    /// `public convenience init(_ name: String, properties: Set<Property>)` (:43)
    public convenience init(_ name: String, properties: Set<Property>) { self.init(name) }
}

/// `public struct PA` (Core/Constants.swift:54): only the type `Property`'s initialisers name.
public struct PA {
    /// `public enum PropertyType: String` (:99)
    public enum PropertyType: String {
        case bool = "b"
        case int = "n"
        case float = "f"
        case string = "s"
        case date = "d"
        case intArray = "a:n"
        case floatArray = "a:f"
        case stringArray = "a:s"
    }
}

/// `public final class Property` (Property.swift:28). Its one designated initialiser is private
/// (:41) and throws when the name is refused: more than 40 characters; once lowercased, starting
/// with `m_` or `visit_`, or not matching `^[a-z]\w*$` (the name `*` alone is accepted). The public
/// ones are `convenience` initialisers that call it.
public final class Property {
    /// `private init(name: String, value: Any, forceType: PA.PropertyType? = nil) throws` (:41)
    private init(name: String, value: Any, forceType: PA.PropertyType? = nil) throws {}

    /// `public convenience init(_ name: String, _ value: Bool, forceType: PA.PropertyType? = nil) throws` (:59)
    public convenience init(_ name: String, _ value: Bool, forceType: PA.PropertyType? = nil) throws { fatalError() }
    /// `public convenience init(_ name: String, _ value: Int, forceType: PA.PropertyType? = nil) throws` (:63)
    public convenience init(_ name: String, _ value: Int, forceType: PA.PropertyType? = nil) throws { fatalError() }
    /// `public convenience init(_ name: String, _ value: Int64, forceType: PA.PropertyType? = nil) throws` (:67)
    public convenience init(_ name: String, _ value: Int64, forceType: PA.PropertyType? = nil) throws { fatalError() }
    /// `public convenience init(_ name: String, _ value: Double, forceType: PA.PropertyType? = nil) throws` (:71)
    public convenience init(_ name: String, _ value: Double, forceType: PA.PropertyType? = nil) throws { fatalError() }
    /// `public convenience init(_ name: String, _ value: String, forceType: PA.PropertyType? = nil) throws` (:75)
    public convenience init(_ name: String, _ value: String, forceType: PA.PropertyType? = nil) throws { fatalError() }
    /// `public convenience init(_ name: String, _ value: Date) throws` (:79)
    public convenience init(_ name: String, _ value: Date) throws { fatalError() }
    /// `public convenience init(_ name: String, _ value: [Int], forceType: PA.PropertyType? = nil) throws` (:83)
    public convenience init(_ name: String, _ value: [Int], forceType: PA.PropertyType? = nil) throws { fatalError() }
    /// `public convenience init(_ name: String, _ value: [Double], forceType: PA.PropertyType? = nil) throws` (:87)
    public convenience init(_ name: String, _ value: [Double], forceType: PA.PropertyType? = nil) throws { fatalError() }
    /// `public convenience init(_ name: String, _ value: [String], forceType: PA.PropertyType? = nil) throws` (:91)
    public convenience init(_ name: String, _ value: [String], forceType: PA.PropertyType? = nil) throws { fatalError() }
}

/// `extension Property: Hashable` (Property.swift:96-105): two properties are equal when their lowercased names are.
extension Property: Hashable {
    public static func == (lhs: Property, rhs: Property) -> Bool { fatalError() }
    public func hash(into hasher: inout Hasher) { fatalError() }
}
