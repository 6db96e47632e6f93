// A stub of the analytics-swift API (module `Segment`) that the docs' taggers use, for
// type-checking them on Linux (.ci/typecheck-stubs). Never shipped, never run: every body does
// nothing or traps.
//
// Each declaration follows the Swift source of analytics-swift 1.10.0
// (https://github.com/segmentio/analytics-swift, Sources/Segment/Analytics.swift, Events.swift,
// Plugins.swift, Types.swift and Utilities/JSON.swift), reduced to what type-checking needs. Both the typed (`Encodable`) and the
// untyped (`[String: Any]`) overloads of each call are kept, as the one chosen depends on the
// argument's type. Like the SDK's, `Analytics` is not `Sendable`.

import Foundation

/// `public class Analytics` (Analytics.swift)
public class Analytics {
    /// `public func reset()`: clears the user ID and traits, and makes a new anonymous ID.
    public func reset() {}
}

// MARK: - Typed event signatures (Events.swift)

extension Analytics {
    /// `public func track<P: Encodable>(name: String, properties: P?)`
    public func track<P: Encodable>(name: String, properties: P?) {}

    /// `public func track(name: String)`
    public func track(name: String) {}

    /// `public func identify<T: Encodable>(userId: String, traits: T?)`
    public func identify<T: Encodable>(userId: String, traits: T?) {}

    /// `public func identify<T: Encodable>(traits: T)`: the only `identify` without a user ID.
    public func identify<T: Encodable>(traits: T) {}

    /// `public func identify(userId: String)`
    public func identify(userId: String) {}

    /// `public func screen<P: Encodable>(title: String, category: String? = nil, properties: P?)`
    public func screen<P: Encodable>(title: String, category: String? = nil, properties: P?) {}

    /// `public func screen(title: String, category: String? = nil)`
    public func screen(title: String, category: String? = nil) {}

    /// `public func group<T: Encodable>(groupId: String, traits: T?)`
    public func group<T: Encodable>(groupId: String, traits: T?) {}

    /// `public func group(groupId: String)`
    public func group(groupId: String) {}

    /// `public func alias(newId: String)`
    public func alias(newId: String) {}
}

// MARK: - Untyped event signatures (Events.swift)

extension Analytics {
    /// `public func track(name: String, properties: [String: Any]? = nil)`
    public func track(name: String, properties: [String: Any]? = nil) {}

    /// `public func identify(userId: String, traits: [String: Any]? = nil)`
    public func identify(userId: String, traits: [String: Any]? = nil) {}

    /// `public func screen(title: String, category: String? = nil, properties: [String: Any]? = nil)`
    public func screen(title: String, category: String? = nil, properties: [String: Any]? = nil) {}

    /// `public func group(groupId: String, traits: [String: Any]?)`
    public func group(groupId: String, traits: [String: Any]?) {}
}

// MARK: - Per-call enrichments (Events.swift, Plugins.swift, Types.swift)

/// `public typealias EnrichmentClosure = (_ event: RawEvent?) -> RawEvent?` (Plugins.swift): run
/// on this call's event only, after the SDK's own plugins have added its fields.
public typealias EnrichmentClosure = (_ event: RawEvent?) -> RawEvent?

/// `public protocol RawEvent: Codable` (Types.swift), reduced to the field the docs set.
public protocol RawEvent: Codable {
    /// `var timestamp: String? { get set }`: ISO 8601, with milliseconds.
    var timestamp: String? { get set }
}

extension Analytics {
    /// `public func track(name: String, properties: [String: Any]?, enrichments: [EnrichmentClosure]?)`
    public func track(name: String, properties: [String: Any]?, enrichments: [EnrichmentClosure]?) {}

    /// `public func identify(userId: String, traits: [String: Any]? = nil, enrichments: [EnrichmentClosure]?)`
    public func identify(userId: String, traits: [String: Any]? = nil, enrichments: [EnrichmentClosure]?) {}

    /// `public func identify<T: Encodable>(traits: T, enrichments: [EnrichmentClosure]?)`
    public func identify<T: Encodable>(traits: T, enrichments: [EnrichmentClosure]?) {}

    /// `public func screen(title: String, category: String? = nil, properties: [String: Any]?,
    /// enrichments: [EnrichmentClosure]?)`
    public func screen(
        title: String,
        category: String? = nil,
        properties: [String: Any]?,
        enrichments: [EnrichmentClosure]?
    ) {}

    /// `public func group(groupId: String, traits: [String: Any]?, enrichments: [EnrichmentClosure]?)`:
    /// the group call that applies its enrichments (in 1.10.0, the typed one and
    /// `group(groupId:enrichments:)` drop them).
    public func group(groupId: String, traits: [String: Any]?, enrichments: [EnrichmentClosure]?) {}

    /// `public func alias(newId: String, enrichments: [EnrichmentClosure]?)`
    public func alias(newId: String, enrichments: [EnrichmentClosure]?) {}
}

// MARK: - JSON (Utilities/JSON.swift)

/// `public enum JSON: Equatable`, `Codable`: what the typed calls encode, and the `Encodable`
/// value that `identify(traits:)` (the call without a user ID, which has no untyped overload)
/// takes for a dictionary.
public enum JSON: Equatable {
    case null
    case bool(Bool)
    case number(Decimal)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// `public init(_ object: [String: Any]) throws`
    public init(_ object: [String: Any]) throws { fatalError() }

    /// `public init(_ value: Any) throws`
    public init(_ value: Any) throws { fatalError() }
}

extension JSON: Codable {
    /// `public func encode(to encoder: Encoder) throws`
    public func encode(to encoder: Encoder) throws {}

    /// `public init(from decoder: Decoder) throws`
    public init(from decoder: Decoder) throws { fatalError() }
}
