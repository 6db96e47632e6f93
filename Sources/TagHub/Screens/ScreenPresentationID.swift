/// One presentation of a screen: a view or view controller on screen, from the moment it appears
/// until it disappears.
///
/// The same screen can be presented twice at once (a podcast's page pushed over another podcast's
/// page): each presentation has its own identity, so that ``ScreenTracker`` can tell a second
/// appearance of one presentation (ignored) from the appearance of another (a new screen view).
///
/// ```swift
/// let favorites = ScreenPresentationID()  // a new identity, never handed out before
/// ```
public struct ScreenPresentationID: Hashable, Sendable, CustomStringConvertible {
    private enum Storage: Hashable {
        case number(UInt64)
        case object(ObjectIdentifier)
    }

    private let storage: Storage

    /// A new identity, different from every other one made by this initializer.
    public init() {
        storage = .number(
            Self.counter.withLock { next in
                next += 1
                return next
            }
        )
    }

    /// The identity of `object` (a view controller, for example), for as long as it lives.
    ///
    /// Two identities made from one object are equal. Once the object is freed, its memory may hold
    /// another object with the same identity: report its disappearance first, as UIKit does for a
    /// view controller.
    public init(_ object: AnyObject) {
        storage = .object(ObjectIdentifier(object))
    }

    /// For example `presentation 3`, or `presentation of an object`.
    public var description: String {
        switch storage {
        case .number(let number): "presentation \(number)"
        case .object(let identifier): "presentation of object \(identifier.hashValue)"
        }
    }

    /// The last number handed out.
    private static let counter = LockedValue<UInt64>(0)
}
