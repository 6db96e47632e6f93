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
}

/// `let AnalyticsEventScreenView: String` ("screen_view")
public let AnalyticsEventScreenView = "screen_view"
/// `let AnalyticsParameterScreenName: String` ("screen_name")
public let AnalyticsParameterScreenName = "screen_name"
/// `let AnalyticsParameterScreenClass: String` ("screen_class")
public let AnalyticsParameterScreenClass = "screen_class"
