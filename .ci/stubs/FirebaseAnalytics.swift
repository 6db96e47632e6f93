// A stub of the Firebase Analytics API that the docs' taggers use, for type-checking them on Linux
// (.ci/typecheck-stubs). Never shipped, never run: every body does nothing.
//
// Each declaration follows the Swift signature in Firebase's reference
// (https://firebase.google.com/docs/reference/swift/firebaseanalytics/api/reference/Classes/Analytics
// and .../Constants), reduced to what type-checking needs.

/// `class Analytics: NSObject` in the SDK.
public final class Analytics {
    /// `class func logEvent(_ name: String, parameters: [String : Any]?)`
    public static func logEvent(_ name: String, parameters: [String: Any]?) {}

    /// `class func setUserProperty(_ value: String?, forName name: String)`
    public static func setUserProperty(_ value: String?, forName name: String) {}

    /// `class func setUserID(_ userID: String?)`
    public static func setUserID(_ userID: String?) {}

    /// `class func setAnalyticsCollectionEnabled(_ analyticsCollectionEnabled: Bool)`
    public static func setAnalyticsCollectionEnabled(_ analyticsCollectionEnabled: Bool) {}

    /// `class func setConsent(_ consentSettings: [ConsentType : ConsentStatus])`, from
    /// FIRAnalytics+Consent.h (reference: .../Categories/FIRAnalytics(Consent)). Settings persist
    /// across launches; a type left out keeps its status.
    public static func setConsent(_ consentSettings: [ConsentType: ConsentStatus]) {}
}

/// `struct ConsentType : _ObjectiveCBridgeable, Hashable, Equatable, _SwiftNewtypeWrapper,
/// RawRepresentable, @unchecked Sendable` (reference: .../Type-Definitions), imported from
/// `typedef NSString *FIRConsentType NS_TYPED_ENUM NS_SWIFT_NAME(ConsentType)`. The raw values
/// are the consent keys Firebase logs (`ad_storage`, …).
public struct ConsentType: Hashable, RawRepresentable, @unchecked Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `FIRConsentTypeAdStorage`
    public static let adStorage = ConsentType(rawValue: "ad_storage")
    /// `FIRConsentTypeAnalyticsStorage`
    public static let analyticsStorage = ConsentType(rawValue: "analytics_storage")
    /// `FIRConsentTypeAdUserData`
    public static let adUserData = ConsentType(rawValue: "ad_user_data")
    /// `FIRConsentTypeAdPersonalization`
    public static let adPersonalization = ConsentType(rawValue: "ad_personalization")
}

/// `struct ConsentStatus : _ObjectiveCBridgeable, Hashable, Equatable, _SwiftNewtypeWrapper,
/// RawRepresentable, @unchecked Sendable` (reference: .../Type-Definitions), imported from
/// `typedef NSString *FIRConsentStatus NS_TYPED_ENUM NS_SWIFT_NAME(ConsentStatus)`.
public struct ConsentStatus: Hashable, RawRepresentable, @unchecked Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `FIRConsentStatusDenied`
    public static let denied = ConsentStatus(rawValue: "denied")
    /// `FIRConsentStatusGranted`
    public static let granted = ConsentStatus(rawValue: "granted")
}

/// `let AnalyticsEventScreenView: String` ("screen_view")
public let AnalyticsEventScreenView = "screen_view"
/// `let AnalyticsParameterScreenName: String` ("screen_name")
public let AnalyticsParameterScreenName = "screen_name"
/// `let AnalyticsParameterScreenClass: String` ("screen_class")
public let AnalyticsParameterScreenClass = "screen_class"
