/// One presentation of a screen: a view or view controller on screen, from the moment it appears
/// until it disappears.
///
/// The same screen can be presented twice at once (a podcast's page pushed over another podcast's
/// page): each presentation has its own identity, so that ``ScreenTracker`` can tell a second
/// appearance of one presentation (ignored) from the appearance of another (a new screen view).
///
/// ```swift
/// let favorites = ScreenPresentationID()  // a new identity, never handed out before
/// #expect(favorites != ScreenPresentationID())
/// ```
public struct ScreenPresentationID: Hashable, Sendable, CustomStringConvertible {
    /// A number from the initializer, shifted left and with its lowest bit set; or an object's
    /// address, whose lowest bit is clear (objects are aligned): the two never meet. One integer,
    /// so that the tracker compares identities as integers.
    let rawValue: UInt64

    /// A new identity, different from every other one made by this initializer.
    public init() {
        let number = Self.counter.withLock { next in
            next += 1
            return next
        }
        rawValue = number << 1 | 1
    }

    /// The identity of `object` (a view controller, for example), for as long as it lives.
    ///
    /// Two identities made from one object are equal. Once the object is freed, its memory may hold
    /// another object with the same identity: report its disappearance first, as UIKit does for a
    /// view controller.
    public init(_ object: AnyObject) {
        rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(object)))
    }

    /// For example `presentation 3`, or `presentation of an object`.
    public var description: String {
        rawValue & 1 == 1 ? "presentation \(rawValue >> 1)" : "presentation of an object"
    }

    /// The identity whose ``rawValue`` is `rawValue`.
    init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// The last number handed out.
    private static let counter = LockedValue<UInt64>(0)
}
