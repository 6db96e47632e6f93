// Checked against Apple's documentation of AppTrackingTransparency (developer.apple.com, as stored in 2026): the declaration and availability of each member below; no header or interface could be read.
//
// A stub of the AppTrackingTransparency API that the docs' recipe uses, for type-checking it on
// Linux (.ci/typecheck-stubs). Never shipped, never run: every body does nothing.
//
// Each declaration follows the Swift declaration on its page of Apple's documentation, at the
// address above it, reduced to what type-checking needs; each is quoted above its stub. An
// Objective-C class imports as an `open` class subclassing `NSObject`, its class properties and
// methods as `class var` and `class func`. Availability: iOS 14, iPadOS 14, Mac Catalyst 14,
// macOS 11, tvOS 14, visionOS 1 (all below the package's platforms); not watchOS, which the
// attributes say, as Xcode would (the compiler does not check Apple platforms' availability when
// it compiles for Linux).

import Foundation

/// https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager
/// `class ATTrackingManager` (`@interface ATTrackingManager : NSObject`)
@available(iOS 14.0, macCatalyst 14.0, macOS 11.0, tvOS 14.0, visionOS 1.0, *)
@available(watchOS, unavailable)
open class ATTrackingManager: NSObject {
    /// https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/authorizationstatus
    /// `enum AuthorizationStatus` (`ATTrackingManagerAuthorizationStatus`, an `NSUInteger`
    /// enumeration: notDetermined 0, restricted 1, denied 2, authorized 3).
    public enum AuthorizationStatus: UInt, Sendable {
        case notDetermined = 0
        case restricted = 1
        case denied = 2
        case authorized = 3
    }

    /// https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/trackingauthorizationstatus
    /// `class var trackingAuthorizationStatus: ATTrackingManager.AuthorizationStatus { get }`
    open class var trackingAuthorizationStatus: AuthorizationStatus { .notDetermined }

    /// https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/requesttrackingauthorization(completionhandler:)
    /// `class func requestTrackingAuthorization(completionHandler completion: @escaping @Sendable
    /// (ATTrackingManager.AuthorizationStatus) -> Void)`
    open class func requestTrackingAuthorization(
        completionHandler completion: @escaping @Sendable (AuthorizationStatus) -> Void
    ) {}
}
