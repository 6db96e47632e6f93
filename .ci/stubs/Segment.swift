// Checked against segmentio/analytics-swift 1.10.0 (5658b7ff): every declaration below, and every overload of the calls the docs make, so that overload resolution is the SDK's.
//
// A stub of the analytics-swift API (module `Segment`) that the docs' taggers use, for
// type-checking them on Linux (.ci/typecheck-stubs). Never shipped, never run: every body does
// nothing or traps.
//
// Each declaration follows the Swift source of analytics-swift 1.10.0
// (https://github.com/segmentio/analytics-swift, Sources/Segment/Analytics.swift, Events.swift,
// Plugins.swift, Types.swift and Utilities/JSON.swift), reduced to what type-checking needs; the
// line in Events.swift (or the file and line) of each is given with it. Every overload of `track`,
// `identify`, `screen`, `group` and `alias` is kept, typed (`Encodable`) and untyped
// (`[String: Any]`), with and without enrichments, as the one chosen depends on the arguments.
// Like the SDK's (Swift 5 language mode, tools 5.9), `Analytics` is not `Sendable`.

import Foundation

/// `public class Analytics` (Analytics.swift:13)
public class Analytics {
    /// `public func reset()` (Analytics.swift:311): clears the user ID and traits, and makes a new anonymous ID.
    public func reset() {}
}

// MARK: - Typed event signatures (Events.swift)

extension Analytics {
    /// `public func track<P: Encodable>(name: String, properties: P?)` (:22)
    public func track<P: Encodable>(name: String, properties: P?) {}

    /// `public func track(name: String)` (:40)
    public func track(name: String) {}

    /// `public func identify<T: Encodable>(userId: String, traits: T?)` (:53)
    public func identify<T: Encodable>(userId: String, traits: T?) {}

    /// `public func identify<T: Encodable>(traits: T)` (:73): with `identify(traits:enrichments:)`, the only
    /// `identify` without a user ID, and typed only.
    public func identify<T: Encodable>(traits: T) {}

    /// `public func identify(userId: String)` (:90)
    public func identify(userId: String) {}

    /// `public func screen<P: Encodable>(title: String, category: String? = nil, properties: P?)` (:96)
    public func screen<P: Encodable>(title: String, category: String? = nil, properties: P?) {}

    /// `public func screen(title: String, category: String? = nil)` (:111)
    public func screen(title: String, category: String? = nil) {}

    /// `public func group<T: Encodable>(groupId: String, traits: T?)` (:115)
    public func group<T: Encodable>(groupId: String, traits: T?) {}

    /// `public func group(groupId: String)` (:130)
    public func group(groupId: String) {}

    /// `public func alias(newId: String)` (:134)
    public func alias(newId: String) {}
}

// MARK: - Untyped event signatures (Events.swift)

extension Analytics {
    /// `public func track(name: String, properties: [String: Any]? = nil)` (:150)
    public func track(name: String, properties: [String: Any]? = nil) {}

    /// `public func identify(userId: String, traits: [String: Any]? = nil)` (:173)
    public func identify(userId: String, traits: [String: Any]? = nil) {}

    /// `public func screen(title: String, category: String? = nil, properties: [String: Any]? = nil)` (:195)
    public func screen(title: String, category: String? = nil, properties: [String: Any]? = nil) {}

    /// `public func group(groupId: String, traits: [String: Any]?)` (:214)
    public func group(groupId: String, traits: [String: Any]?) {}
}

// MARK: - Per-call enrichments (Events.swift, Plugins.swift, Types.swift)

/// `public typealias EnrichmentClosure = (_ event: RawEvent?) -> RawEvent?` (Plugins.swift:72): run
/// on this call's event only, after the SDK's own plugins have added its fields.
public typealias EnrichmentClosure = (_ event: RawEvent?) -> RawEvent?

/// `public protocol RawEvent: Codable` (Types.swift:21), reduced to the field the docs set.
public protocol RawEvent: Codable {
    /// `var timestamp: String? { get set }` (Types.swift:27): ISO 8601, with milliseconds
    /// (Utilities/iso8601.swift).
    var timestamp: String? { get set }
}

extension Analytics {
    /// `public func track<P: Encodable>(name: String, properties: P?, enrichments: [EnrichmentClosure]?)` (:237)
    public func track<P: Encodable>(name: String, properties: P?, enrichments: [EnrichmentClosure]?) {}

    /// `public func track(name: String, enrichments: [EnrichmentClosure]?)` (:256)
    public func track(name: String, enrichments: [EnrichmentClosure]?) {}

    /// `public func track(name: String, properties: [String: Any]?, enrichments: [EnrichmentClosure]?)` (:267)
    public func track(name: String, properties: [String: Any]?, enrichments: [EnrichmentClosure]?) {}

    /// `public func identify<T: Encodable>(userId: String, traits: T?, enrichments: [EnrichmentClosure]?)` (:290)
    public func identify<T: Encodable>(userId: String, traits: T?, enrichments: [EnrichmentClosure]?) {}

    /// `public func identify<T: Encodable>(traits: T, enrichments: [EnrichmentClosure]?)` (:311)
    public func identify<T: Encodable>(traits: T, enrichments: [EnrichmentClosure]?) {}

    /// `public func identify(userId: String, enrichments: [EnrichmentClosure]?)` (:329)
    public func identify(userId: String, enrichments: [EnrichmentClosure]?) {}

    /// `public func identify(userId: String, traits: [String: Any]? = nil, enrichments: [EnrichmentClosure]?)` (:346)
    public func identify(userId: String, traits: [String: Any]? = nil, enrichments: [EnrichmentClosure]?) {}

    /// `public func screen<P: Encodable>(title: String, category: String? = nil, properties: P?,
    /// enrichments: [EnrichmentClosure]?)` (:369)
    public func screen<P: Encodable>(
        title: String,
        category: String? = nil,
        properties: P?,
        enrichments: [EnrichmentClosure]?
    ) {}

    /// `public func screen(title: String, category: String? = nil, enrichments: [EnrichmentClosure]?)` (:389)
    public func screen(title: String, category: String? = nil, enrichments: [EnrichmentClosure]?) {}

    /// `public func screen(title: String, category: String? = nil, properties: [String: Any]?,
    /// enrichments: [EnrichmentClosure]?)` (:399)
    public func screen(
        title: String,
        category: String? = nil,
        properties: [String: Any]?,
        enrichments: [EnrichmentClosure]?
    ) {}

    /// `public func group<T: Encodable>(groupId: String, traits: T?, enrichments: [EnrichmentClosure]?)`
    /// (:414): in 1.10.0 it drops its enrichments (it calls `process(incomingEvent:)` without them).
    public func group<T: Encodable>(groupId: String, traits: T?, enrichments: [EnrichmentClosure]?) {}

    /// `public func group(groupId: String, enrichments: [EnrichmentClosure]?)` (:429): calls the
    /// typed one, so drops them too.
    public func group(groupId: String, enrichments: [EnrichmentClosure]?) {}

    /// `public func group(groupId: String, traits: [String: Any]?, enrichments: [EnrichmentClosure]?)`
    /// (:437): the group call that applies its enrichments.
    public func group(groupId: String, traits: [String: Any]?, enrichments: [EnrichmentClosure]?) {}

    /// `public func alias(newId: String, enrichments: [EnrichmentClosure]?)` (:450)
    public func alias(newId: String, enrichments: [EnrichmentClosure]?) {}
}

// MARK: - JSON (Utilities/JSON.swift)

/// `public enum JSON: Equatable` (Utilities/JSON.swift:50), `Codable` (:128): what the typed calls encode, and the `Encodable`
/// value that `identify(traits:)` (the call without a user ID, which has no untyped overload)
/// takes for a dictionary.
public enum JSON: Equatable {
    case null
    case bool(Bool)
    case number(Decimal)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// `public init(_ object: [String: Any]) throws` (:66)
    public init(_ object: [String: Any]) throws { fatalError() }

    /// `public init(_ value: Any) throws` (:84)
    public init(_ value: Any) throws { fatalError() }
}

extension JSON: Codable {
    /// `public func encode(to encoder: Encoder) throws` (:129)
    public func encode(to encoder: Encoder) throws {}

    /// `public init(from decoder: Decoder) throws` (:148)
    public init(from decoder: Decoder) throws { fatalError() }
}
