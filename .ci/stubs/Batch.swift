// Checked against BatchLabs/Batch-iOS-SDK 3.2.0 (a543f13e): every declaration below, as Swift imports the header's, and the SDK's own Swift calls of them.
//
// A stub of the Batch iOS SDK API (module `Batch`) that the docs' taggers use, for type-checking
// them on Linux (.ci/typecheck-stubs). Never shipped, never run: every body does nothing.
//
// Batch's SDK is Objective-C. Each declaration is the Swift that the compiler imports from the
// headers of Batch-iOS-SDK 3.2.0 (https://github.com/BatchLabs/Batch-iOS-SDK,
// Sources/Batch/BatchEventAttributes.h and BatchProfile.h, both in `NS_ASSUME_NONNULL`, so only
// `nullable` becomes an optional), reduced to what type-checking needs; each is quoted with its
// line. An Objective-C class imports as an `open` class, its class methods as `class func`s. The
// headers' `put…` methods have no `NS_SWIFT_NAME` but `putStringArray`, `putObjectArray` and
// `putObject`; Swift drops the type name from the others (`putBool:forKey:` becomes
// `put(_:forKey:)`, as `-[NSUserDefaults setBool:forKey:]` becomes `set(_:forKey:)`), which the
// SDK's own Swift tests call (Sources/batchTests/batchEventAttributesTests.swift:18-26:
// `attributes.put(true, forKey: "bool")`). The module map puts these headers in an explicit
// submodule, `Batch.Profile`, which the umbrella header imports: `import Batch` sees them.

import Foundation

/// `@interface BatchEventAttributes : NSObject <NSCopying>` (BatchEventAttributes.h:16)
open class BatchEventAttributes: NSObject, NSCopying {
    /// `- (instancetype)init;` (:19)
    public override init() {}

    /// `- (instancetype)initWithBuilder:(void (^__nonnull)(BatchEventAttributes *))builder;` (:22):
    /// the block is not `NS_NOESCAPE`, so it imports as escaping.
    public init(builder: @escaping (BatchEventAttributes) -> Void) {}

    /// `<NSCopying>`: `- (id)copyWithZone:(nullable NSZone *)zone;`
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// `- (void)putStringArray:(nonnull NSArray<NSString *> *)value forKey:(NSString *)key NS_SWIFT_NAME(put(_:forKey:));` (:38)
    open func put(_ value: [String], forKey key: String) {}

    /// `- (void)putObjectArray:(nonnull NSArray<BatchEventAttributes *> *)value forKey:(NSString *)key NS_SWIFT_NAME(put(_:forKey:));` (:47-48)
    open func put(_ value: [BatchEventAttributes], forKey key: String) {}

    /// `- (void)putObject:(nonnull BatchEventAttributes *)value forKey:(NSString *)key NS_SWIFT_NAME(put(_:forKey:));` (:57)
    open func put(_ value: BatchEventAttributes, forKey key: String) {}

    /// `- (void)putBool:(BOOL)value forKey:(NSString *)key;` (:65)
    open func put(_ value: Bool, forKey key: String) {}

    /// `- (void)putInteger:(NSInteger)value forKey:(NSString *)key;` (:73)
    open func put(_ value: Int, forKey key: String) {}

    /// `- (void)putFloat:(float)value forKey:(NSString *)key;` (:81)
    open func put(_ value: Float, forKey key: String) {}

    /// `- (void)putDouble:(double)value forKey:(NSString *)key;` (:89)
    open func put(_ value: Double, forKey key: String) {}

    /// `- (void)putString:(NSString *)value forKey:(NSString *)key;` (:98): at most 300 characters, not empty.
    open func put(_ value: String, forKey key: String) {}

    /// `- (void)putDate:(NSDate *)value forKey:(NSString *)key;` (:106)
    open func put(_ value: Date, forKey key: String) {}

    /// `- (void)putURL:(NSURL *)value forKey:(NSString *)key;` (:114)
    open func put(_ value: URL, forKey key: String) {}
}

/// `@interface BatchProfile : NSObject` (BatchProfile.h:41)
open class BatchProfile: NSObject {
    /// `+ (void)identify:(nullable NSString *)customID;` (:46)
    open class func identify(_ customID: String?) {}

    /// `+ (void)trackEventWithName:(nonnull NSString *)eventName NS_SWIFT_NAME(trackEvent(name:));` (:56)
    open class func trackEvent(name eventName: String) {}

    /// `+ (void)trackEventWithName:(nonnull NSString *)eventName attributes:(nullable BatchEventAttributes *)attributes NS_SWIFT_NAME(trackEvent(name:attributes:));` (:67-68)
    open class func trackEvent(name eventName: String, attributes: BatchEventAttributes?) {}
}
