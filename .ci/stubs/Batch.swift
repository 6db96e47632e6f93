// A stub of the Batch iOS SDK API (module `Batch`) that the docs' taggers use, for type-checking
// them on Linux (.ci/typecheck-stubs). Never shipped, never run: every body does nothing.
//
// Batch's SDK is Objective-C. Each declaration is the Swift that the compiler imports from the
// headers of Batch-iOS-SDK 3.2.0 (https://github.com/BatchLabs/Batch-iOS-SDK,
// Sources/Batch/BatchEventAttributes.h and BatchProfile.h; `NS_ASSUME_NONNULL`, so only
// `nullable` becomes an optional), reduced to what type-checking needs. The headers' `put…`
// methods have no `NS_SWIFT_NAME` but `putStringArray`, `putObjectArray` and `putObject`; Swift
// drops the type name from the others (`putBool:forKey:` becomes `put(_:forKey:)`, as
// `-[NSUserDefaults setBool:forKey:]` becomes `set(_:forKey:)`), which the SDK's own Swift tests
// call (Sources/batchTests/batchEventAttributesTests.swift: `attributes.put(true, forKey: "bool")`).

import Foundation

/// `@interface BatchEventAttributes : NSObject <NSCopying>` (BatchEventAttributes.h)
open class BatchEventAttributes {
    /// `- (instancetype)init;`
    public init() {}

    /// `- (instancetype)initWithBuilder:(void (^__nonnull)(BatchEventAttributes *))builder;`
    /// (the block is not `NS_NOESCAPE`, so it imports as escaping)
    public init(builder: @escaping (BatchEventAttributes) -> Void) {}

    /// `- (void)putStringArray:(nonnull NSArray<NSString *> *)value forKey:(NSString *)key NS_SWIFT_NAME(put(_:forKey:));`
    open func put(_ value: [String], forKey key: String) {}

    /// `- (void)putObjectArray:(nonnull NSArray<BatchEventAttributes *> *)value forKey:(NSString *)key NS_SWIFT_NAME(put(_:forKey:));`
    open func put(_ value: [BatchEventAttributes], forKey key: String) {}

    /// `- (void)putObject:(nonnull BatchEventAttributes *)value forKey:(NSString *)key NS_SWIFT_NAME(put(_:forKey:));`
    open func put(_ value: BatchEventAttributes, forKey key: String) {}

    /// `- (void)putBool:(BOOL)value forKey:(NSString *)key;`
    open func put(_ value: Bool, forKey key: String) {}

    /// `- (void)putInteger:(NSInteger)value forKey:(NSString *)key;`
    open func put(_ value: Int, forKey key: String) {}

    /// `- (void)putFloat:(float)value forKey:(NSString *)key;`
    open func put(_ value: Float, forKey key: String) {}

    /// `- (void)putDouble:(double)value forKey:(NSString *)key;`
    open func put(_ value: Double, forKey key: String) {}

    /// `- (void)putString:(NSString *)value forKey:(NSString *)key;`: at most 300 characters, not empty.
    open func put(_ value: String, forKey key: String) {}

    /// `- (void)putDate:(NSDate *)value forKey:(NSString *)key;`
    open func put(_ value: Date, forKey key: String) {}

    /// `- (void)putURL:(NSURL *)value forKey:(NSString *)key;`
    open func put(_ value: URL, forKey key: String) {}
}

/// `@interface BatchProfile : NSObject` (BatchProfile.h)
open class BatchProfile {
    /// `+ (void)identify:(nullable NSString *)customID;`
    open class func identify(_ customID: String?) {}

    /// `+ (void)trackEventWithName:(nonnull NSString *)eventName NS_SWIFT_NAME(trackEvent(name:));`
    open class func trackEvent(name eventName: String) {}

    /// `+ (void)trackEventWithName:(nonnull NSString *)eventName attributes:(nullable BatchEventAttributes *)attributes NS_SWIFT_NAME(trackEvent(name:attributes:));`
    open class func trackEvent(name eventName: String, attributes: BatchEventAttributes?) {}
}
