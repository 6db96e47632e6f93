// Checked against Apple's UIKit documentation (developer.apple.com, as stored in 2026): endBackgroundTask(_:), didEnterBackgroundNotification, viewDidAppear(_:), and beginBackgroundTask(withName:expirationHandler:) through its sibling's page; the other members' pages are not stored, and were left as they were.
//
// A stub of the UIKit API that TagHubUI and the docs' UIKit examples use, for type-checking them
// on Linux (.ci/typecheck-stubs). Never shipped, never run: every body traps or does nothing.
//
// Each declaration follows the signature on its page of Apple's documentation, at the address
// above it, reduced to what type-checking needs, with its isolation (`nonisolated` where Apple
// has it) and its unavailability in app extensions (which the compiler does not check when it
// compiles for Linux: see SwiftUI.swift). The classes' `NSObject` superclass is left out: a
// main-actor `init()` could not override `NSObject`'s nonisolated one here, as it does in UIKit.
import Foundation

/// https://developer.apple.com/documentation/uikit/uiresponder
@MainActor @preconcurrency open class UIResponder {
    public init() {}
}

/// https://developer.apple.com/documentation/uikit/uiapplicationdelegate (its requirements are all
/// optional, and none is used here; `NSObjectProtocol`, which it refines, is left out)
@MainActor @preconcurrency public protocol UIApplicationDelegate: AnyObject {}

/// https://developer.apple.com/documentation/uikit/uiviewcontroller
@MainActor @preconcurrency open class UIViewController: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:)
    public required init?(coder: NSCoder) {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidappear(_:)
    open func viewDidAppear(_ animated: Bool) {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdiddisappear(_:)
    open func viewDidDisappear(_ animated: Bool) {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/parent
    open var parent: UIViewController? { nil }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentingviewcontroller
    open var presentingViewController: UIViewController? { nil }
}

/// https://developer.apple.com/documentation/uikit/uibackgroundtaskidentifier
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/uikit/uibackgroundtaskidentifier/invalid
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}

/// https://developer.apple.com/documentation/uikit/uiapplication
@MainActor @preconcurrency open class UIApplication: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiapplication/shared
    @available(iOSApplicationExtension, unavailable, message: "Use view controller based solutions where appropriate instead.")
    @available(tvOSApplicationExtension, unavailable, message: "Use view controller based solutions where appropriate instead.")
    @available(macCatalystApplicationExtension, unavailable, message: "Use view controller based solutions where appropriate instead.")
    @available(visionOSApplicationExtension, unavailable, message: "Use view controller based solutions where appropriate instead.")
    open class var shared: UIApplication { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiapplication/beginbackgroundtask(withname:expirationhandler:)
    /// (as its sibling, beginbackgroundtask(expirationhandler:), declares it: `nonisolated`, the
    /// handler `(@MainActor @Sendable () -> Void)? = nil`)
    nonisolated open func beginBackgroundTask(
        withName taskName: String?,
        expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiapplication/endbackgroundtask(_:)
    nonisolated open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {}

    /// https://developer.apple.com/documentation/uikit/uiapplication/didenterbackgroundnotification
    /// `nonisolated class let`, which a Swift class cannot declare: `static let` reads the same.
    public nonisolated static let didEnterBackgroundNotification = NSNotification.Name(
        "UIApplicationDidEnterBackgroundNotification"
    )

    /// https://developer.apple.com/documentation/uikit/uiapplication/willenterforegroundnotification
    public nonisolated static let willEnterForegroundNotification = NSNotification.Name(
        "UIApplicationWillEnterForegroundNotification"
    )
}
