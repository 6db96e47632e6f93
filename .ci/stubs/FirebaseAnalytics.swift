// Checked against firebase/firebase-ios-sdk 12.19.0 (eed63a35) and FirebaseAnalytics 11.1.0's headers (commit 75697bf8): every declaration below, as Swift imports it.
//
// A stub of the Firebase Analytics API that the docs' taggers use, for type-checking them on Linux
// (.ci/typecheck-stubs). Never shipped, never run: every body does nothing.
//
// Firebase Analytics is a closed-source Objective-C framework: its headers ship in the binary
// FirebaseAnalytics.xcframework, not in firebase-ios-sdk's sources. The headers compared are those of
// FirebaseAnalytics 11.1.0 (its Info.plist's version), which firebase-ios-sdk committed once, at
// 75697bf8 (FirebaseVertexAI/Sample/Frameworks/FirebaseAnalytics.xcframework/…/Headers:
// FIRAnalytics.h, FIRAnalytics+Consent.h, FIREventNames.h, FIRParameterNames.h). At 12.19.0,
// FirebaseAnalytics/Tests/SwiftUnit/AnalyticsAPITests.swift and Tests/ObjCAPI/ObjCAPITests.m still
// call each of them with these names, labels and types. The headers are in
// `NS_ASSUME_NONNULL_BEGIN`, so only `nullable` becomes an optional; each stub below is quoted with
// its header's declaration, and the Swift that declaration imports as.

import Foundation

/// `NS_SWIFT_NAME(Analytics) @interface FIRAnalytics : NSObject` (FIRAnalytics.h:16-17): Swift
/// sees `open class Analytics: NSObject`, whose class methods are `class func`s.
open class Analytics: NSObject {
    /// `- (instancetype)init NS_UNAVAILABLE;` (FIRAnalytics.h:151)
    @available(*, unavailable)
    public override init() { fatalError() }

    /// `+ (void)logEventWithName:(NSString *)name parameters:(nullable NSDictionary<NSString *, id> *)parameters
    /// NS_SWIFT_NAME(logEvent(_:parameters:));` (FIRAnalytics.h:71-73)
    open class func logEvent(_ name: String, parameters: [String: Any]?) {}

    /// `+ (void)setUserPropertyString:(nullable NSString *)value forName:(NSString *)name
    /// NS_SWIFT_NAME(setUserProperty(_:forName:));` (FIRAnalytics.h:90-91)
    open class func setUserProperty(_ value: String?, forName name: String) {}

    /// `+ (void)setUserID:(nullable NSString *)userID;` (FIRAnalytics.h:98)
    open class func setUserID(_ userID: String?) {}

    /// `+ (void)setAnalyticsCollectionEnabled:(BOOL)analyticsCollectionEnabled;` (FIRAnalytics.h:104)
    open class func setAnalyticsCollectionEnabled(_ analyticsCollectionEnabled: Bool) {}

    /// `@interface FIRAnalytics (Consent)`: `+ (void)setConsent:(NSDictionary<FIRConsentType,
    /// FIRConsentStatus> *)consentSettings;` (FIRAnalytics+Consent.h:37-47). Declared in a
    /// category, which Swift imports as members of the class; here in the class itself, as Swift
    /// lets no extension declare an overridable `class func` that is not `@objc`. Settings persist
    /// across launches; a type left out keeps its status.
    open class func setConsent(_ consentSettings: [ConsentType: ConsentStatus]) {}
}

/// `typedef NSString *FIRConsentType NS_TYPED_ENUM NS_SWIFT_NAME(ConsentType);`
/// (FIRAnalytics+Consent.h:10): a struct wrapping a `String`, `Hashable`, `RawRepresentable` and
/// `@unchecked Sendable` (so Firebase's Swift reference declares it). Its constants are `extern`:
/// their values are in the binary, not the header, so the raw values here are placeholders.
public struct ConsentType: Hashable, RawRepresentable, @unchecked Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `extern FIRConsentType const FIRConsentTypeAdStorage;` (:13)
    public static let adStorage = ConsentType(rawValue: "adStorage")
    /// `extern FIRConsentType const FIRConsentTypeAnalyticsStorage;` (:16)
    public static let analyticsStorage = ConsentType(rawValue: "analyticsStorage")
    /// `extern FIRConsentType const FIRConsentTypeAdUserData;` (:19)
    public static let adUserData = ConsentType(rawValue: "adUserData")
    /// `extern FIRConsentType const FIRConsentTypeAdPersonalization;` (:22)
    public static let adPersonalization = ConsentType(rawValue: "adPersonalization")
}

/// `typedef NSString *FIRConsentStatus NS_TYPED_ENUM NS_SWIFT_NAME(ConsentStatus);`
/// (FIRAnalytics+Consent.h:26), imported as `ConsentType` is; its raw values are placeholders too.
public struct ConsentStatus: Hashable, RawRepresentable, @unchecked Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `extern FIRConsentStatus const FIRConsentStatusDenied;` (:31)
    public static let denied = ConsentStatus(rawValue: "denied")
    /// `extern FIRConsentStatus const FIRConsentStatusGranted;` (:34)
    public static let granted = ConsentStatus(rawValue: "granted")
}

/// `static NSString *const kFIREventScreenView NS_SWIFT_NAME(AnalyticsEventScreenView) = @"screen_view";`
/// (FIREventNames.h:254): a global `let` of type `String`.
public let AnalyticsEventScreenView = "screen_view"
/// `static NSString *const kFIRParameterScreenName NS_SWIFT_NAME(AnalyticsParameterScreenName) = @"screen_name";`
/// (FIRParameterNames.h:576-577)
public let AnalyticsParameterScreenName = "screen_name"
/// `static NSString *const kFIRParameterScreenClass NS_SWIFT_NAME(AnalyticsParameterScreenClass) = @"screen_class";`
/// (FIRParameterNames.h:565-566)
public let AnalyticsParameterScreenClass = "screen_class"
