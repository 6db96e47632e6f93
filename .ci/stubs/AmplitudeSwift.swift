// Checked against amplitude/Amplitude-Swift v1.18.6 (17ca168c): every declaration below, name, labels, types, defaults, @discardableResult and open/public.
//
// A stub of the Amplitude-Swift API (module `AmplitudeSwift`) that the docs' taggers use, for
// type-checking them on Linux (.ci/typecheck-stubs). Never shipped, never run: every body does
// nothing or traps.
//
// Each declaration follows the Swift source of Amplitude-Swift 1.18.6
// (https://github.com/amplitude/Amplitude-Swift, Sources/Amplitude/Amplitude.swift,
// Events/BaseEvent.swift, Events/EventOptions.swift, Events/Identify.swift and Types.swift),
// reduced to what type-checking needs; the file and line of each is given with it. Like the SDK's
// (Swift 5 language mode, tools 5.7), no class here is `Sendable`, and nothing is isolated.

/// `public typealias EventCallback = (BaseEvent, Int, String) -> Void` (Types.swift:50)
public typealias EventCallback = (BaseEvent, Int, String) -> Void

/// `public class Amplitude` (Amplitude.swift:9)
public class Amplitude {
    /// `@discardableResult public func track(event: BaseEvent, options: EventOptions? = nil, callback: EventCallback? = nil) -> Amplitude`
    /// (:215-216)
    @discardableResult
    public func track(event: BaseEvent, options: EventOptions? = nil, callback: EventCallback? = nil) -> Amplitude {
        self
    }

    /// `@discardableResult public func identify(identify: Identify, options: EventOptions? = nil) -> Amplitude` (:249-250)
    @discardableResult
    public func identify(identify: Identify, options: EventOptions? = nil) -> Amplitude { self }

    /// `@discardableResult public func setUserId(userId: String?) -> Amplitude` (:409-410)
    @discardableResult
    public func setUserId(userId: String?) -> Amplitude { self }

    /// `@discardableResult public func setDeviceId(deviceId: String?) -> Amplitude` (:415-416)
    @discardableResult
    public func setDeviceId(deviceId: String?) -> Amplitude { self }

    /// `@discardableResult public func reset() -> Amplitude` (:461-462): clears the user ID and user
    /// properties, and makes a new device ID.
    @discardableResult
    public func reset() -> Amplitude { self }
}

/// `open class EventOptions` (Events/EventOptions.swift:10): only the members the docs use.
open class EventOptions {
    /// `public var timestamp: Int64?` (:13): milliseconds since 1970; the SDK sets it only when nil
    /// (Sessions.swift:81).
    public var timestamp: Int64?

    /// `public init(userId: String? = nil, deviceId: String? = nil, timestamp: Int64? = nil, …)` (:51):
    /// every parameter has a default; those the docs do not use are left out.
    public init(timestamp: Int64? = nil) {
        self.timestamp = timestamp
    }
}

/// `open class BaseEvent: EventOptions, AnalyticsEvent, Codable` (Events/BaseEvent.swift:15; the
/// protocols are left out)
open class BaseEvent: EventOptions {
    /// `public var eventType: String` (:16)
    public var eventType: String
    /// `public var eventProperties: [String: Any]?` (:17)
    public var eventProperties: [String: Any]?

    /// `public init(userId: String? = nil, deviceId: String? = nil, timestamp: Int64? = nil, …,
    /// eventType: String, eventProperties: [String: Any]? = nil, userProperties: [String: Any]? = nil,
    /// groups: [String: Any]? = nil, groupProperties: [String: Any]? = nil)` (:66-110): the defaulted
    /// parameters the docs do not use are left out.
    public init(timestamp: Int64? = nil, eventType: String, eventProperties: [String: Any]? = nil) {
        self.eventType = eventType
        self.eventProperties = eventProperties
        super.init(timestamp: timestamp)
    }
}

/// `open class Identify` (Events/Identify.swift:10): the `$set` operations (:46-134), every overload, as the
/// one chosen depends on the value's static type.
open class Identify {
    /// `public init()` (:39)
    public init() {}

    /// `@discardableResult public func set(property: String, value: Bool) -> Identify`
    @discardableResult public func set(property: String, value: Bool) -> Identify { self }
    /// `@discardableResult public func set(property: String, value: Int) -> Identify`
    @discardableResult public func set(property: String, value: Int) -> Identify { self }
    /// `@discardableResult public func set(property: String, value: Float) -> Identify`
    @discardableResult public func set(property: String, value: Float) -> Identify { self }
    /// `@discardableResult public func set(property: String, value: Double) -> Identify`
    @discardableResult public func set(property: String, value: Double) -> Identify { self }
    /// `@discardableResult public func set(property: String, value: Int64) -> Identify`
    @discardableResult public func set(property: String, value: Int64) -> Identify { self }
    /// `@discardableResult public func set(property: String, value: String) -> Identify`
    @discardableResult public func set(property: String, value: String) -> Identify { self }
    /// `@discardableResult public func set(property: String, value: [String: Any]) -> Identify`
    @discardableResult public func set(property: String, value: [String: Any]) -> Identify { self }
    /// `@discardableResult public func set(property: String, value: [Any]) -> Identify`
    @discardableResult public func set(property: String, value: [Any]) -> Identify { self }
    /// `@discardableResult public func set(property: String, value: [Bool]) -> Identify`
    @discardableResult public func set(property: String, value: [Bool]) -> Identify { self }
    /// `@discardableResult public func set(property: String, value: [Int]) -> Identify`
    @discardableResult public func set(property: String, value: [Int]) -> Identify { self }
    /// `@discardableResult public func set(property: String, value: [Float]) -> Identify`
    @discardableResult public func set(property: String, value: [Float]) -> Identify { self }
    /// `@discardableResult public func set(property: String, value: [Double]) -> Identify`
    @discardableResult public func set(property: String, value: [Double]) -> Identify { self }
    /// `@discardableResult public func set(property: String, value: [Int64]) -> Identify`
    @discardableResult public func set(property: String, value: [Int64]) -> Identify { self }
    /// `@discardableResult public func set(property: String, value: [String]) -> Identify`
    @discardableResult public func set(property: String, value: [String]) -> Identify { self }
    /// `@discardableResult public func set(property: String, value: Any?) -> Identify`
    @discardableResult public func set(property: String, value: Any?) -> Identify { self }
}
