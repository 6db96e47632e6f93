// A stub of the AppTrackingTransparency API that the docs' recipe uses, for type-checking it on
// Linux (.ci/typecheck-stubs). Never shipped, never run: every body does nothing.
//
// Each declaration follows the Swift declaration in Apple's documentation
// (https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager, and the
// pages of its members linked there), reduced to what type-checking needs; each is quoted above
// its stub. Availability (iOS 14, macOS 11, tvOS 14) is left out, as in the other stubs.

/// `class ATTrackingManager : NSObject`
public final class ATTrackingManager {
    /// `enum AuthorizationStatus` (`ATTrackingManagerAuthorizationStatus`, an `NSUInteger`
    /// enumeration: notDetermined 0, restricted 1, denied 2, authorized 3).
    public enum AuthorizationStatus: UInt, Sendable {
        case notDetermined = 0
        case restricted = 1
        case denied = 2
        case authorized = 3
    }

    /// `class var trackingAuthorizationStatus: ATTrackingManager.AuthorizationStatus { get }`
    public static var trackingAuthorizationStatus: AuthorizationStatus { .notDetermined }

    /// `class func requestTrackingAuthorization(completionHandler completion: @escaping @Sendable
    /// (ATTrackingManager.AuthorizationStatus) -> Void)`
    public static func requestTrackingAuthorization(
        completionHandler completion: @escaping @Sendable (AuthorizationStatus) -> Void
    ) {}
}
