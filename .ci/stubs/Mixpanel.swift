// A stub of the Mixpanel API that the docs' taggers use, for type-checking them on Linux
// (.ci/typecheck-stubs). Never shipped, never run: every body does nothing or traps.
//
// Each declaration follows the Swift source of mixpanel-swift 6.5.1
// (https://github.com/mixpanel/mixpanel-swift, Sources/Mixpanel.swift, MixpanelInstance.swift,
// People.swift and MixpanelType.swift), reduced to what type-checking needs.

import Foundation

// MARK: - Property values (Sources/MixpanelType.swift, Sources/MixpanelInstance.swift)

/// `public protocol MixpanelType: Any`: String, Int, UInt, Double, Float, Bool, [MixpanelType],
/// [String: MixpanelType], Date, URL or NSNull. Its requirements (`isValidNestedTypeAndValue()`,
/// `equals(rhs:)`) are left out: the docs call neither.
public protocol MixpanelType: Any {}

extension Optional: MixpanelType {}
extension String: MixpanelType {}
extension NSString: MixpanelType {}
extension NSNumber: MixpanelType {}
extension Int: MixpanelType {}
extension UInt: MixpanelType {}
extension Double: MixpanelType {}
extension Float: MixpanelType {}
extension Bool: MixpanelType {}
extension Date: MixpanelType {}
extension URL: MixpanelType {}
extension NSNull: MixpanelType {}
extension Array: MixpanelType {}
extension NSArray: MixpanelType {}
extension Dictionary: MixpanelType {}

/// `public typealias Properties = [String: MixpanelType]` (MixpanelInstance.swift)
public typealias Properties = [String: MixpanelType]

// MARK: - Instances (Sources/Mixpanel.swift)

/// `open class Mixpanel`: the class methods that create and find instances.
open class Mixpanel {
    /// `open class func mainInstance() -> MixpanelInstance`
    open class func mainInstance() -> MixpanelInstance { fatalError() }
}

/// `open class MixpanelInstance` (MixpanelInstance.swift)
open class MixpanelInstance {
    /// `open var people: People!`
    open var people: People!

    /// `public func track(event: String?, properties: Properties? = nil)`
    public func track(event: String?, properties: Properties? = nil) {}

    /// `public func identify(distinctId: String, usePeople: Bool = true, completion: (() -> Void)? = nil)`
    public func identify(distinctId: String, usePeople: Bool = true, completion: (() -> Void)? = nil) {}

    /// `public func reset(completion: (() -> Void)? = nil)`
    public func reset(completion: (() -> Void)? = nil) {}
}

// MARK: - People (Sources/People.swift)

/// `open class People`
open class People {
    /// `open func set(properties: Properties)`
    open func set(properties: Properties) {}
}
