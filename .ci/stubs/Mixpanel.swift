// Checked against mixpanel/mixpanel-swift 6.5.1 (8399b37f): every declaration below, name, labels, types, defaults and open/public.
//
// A stub of the Mixpanel API that the docs' taggers use, for type-checking them on Linux
// (.ci/typecheck-stubs). Never shipped, never run: every body does nothing or traps.
//
// Each declaration follows the Swift source of mixpanel-swift 6.5.1
// (https://github.com/mixpanel/mixpanel-swift, Sources/Mixpanel.swift, MixpanelInstance.swift,
// People.swift and MixpanelType.swift), reduced to what type-checking needs; the file and line of
// each is given with it. The package is built in the Swift 5 language mode (tools 5.3) and marks
// none of these declarations `Sendable` or isolated.

import Foundation

// MARK: - Property values (Sources/MixpanelType.swift, Sources/MixpanelInstance.swift)

/// `public protocol MixpanelType: Any` (MixpanelType.swift:14): String, Int, UInt, Double, Float, Bool, [MixpanelType],
/// [String: MixpanelType], Date, URL or NSNull. Its requirements (`isValidNestedTypeAndValue()`,
/// `equals(rhs:)`) are left out: the docs call neither.
public protocol MixpanelType: Any {}

// MixpanelType.swift:23-307, one extension each.
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

/// `public typealias Properties = [String: MixpanelType]` (MixpanelInstance.swift:50)
public typealias Properties = [String: MixpanelType]

// MARK: - Instances (Sources/Mixpanel.swift)

/// `open class Mixpanel` (Mixpanel.swift:16): the class methods that create and find instances.
open class Mixpanel {
    /// `open class func mainInstance() -> MixpanelInstance` (Mixpanel.swift:238)
    open class func mainInstance() -> MixpanelInstance { fatalError() }
}

/// `open class MixpanelInstance` (MixpanelInstance.swift:75; its protocols are left out)
open class MixpanelInstance {
    /// `open var people: People!` (:104)
    open var people: People!

    /// `public func track(event: String?, properties: Properties? = nil)` (:1360)
    public func track(event: String?, properties: Properties? = nil) {}

    /// `public func identify(distinctId: String, usePeople: Bool = true, completion: (() -> Void)? = nil)` (:934)
    public func identify(distinctId: String, usePeople: Bool = true, completion: (() -> Void)? = nil) {}

    /// `public func reset(completion: (() -> Void)? = nil)` (:1118)
    public func reset(completion: (() -> Void)? = nil) {}
}

// MARK: - People (Sources/People.swift)

/// `open class People` (People.swift:13)
open class People {
    /// `open func set(properties: Properties)` (People.swift:138)
    open func set(properties: Properties) {}
}
