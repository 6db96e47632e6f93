/// Which tag a full bounded queue drops: a background strategy's queue, or the buffer that keeps
/// tags while consent is undecided.
///
/// Every dropped tag is counted, never silently lost.
public struct OverflowPolicy: Sendable, Hashable, CustomStringConvertible {
    /// Whether the oldest tag makes room: `dropOldest`. A flag rather than a private enum: every
    /// type adds its metadata, value witnesses and conformances to the app.
    let dropsOldest: Bool

    private init(dropsOldest: Bool) {
        self.dropsOldest = dropsOldest
    }

    /// The oldest waiting tag makes room for the new one: what is kept is the most recent.
    public static let dropOldest = OverflowPolicy(dropsOldest: true)

    /// The new tag is dropped: what is kept is the start of a burst.
    public static let dropNewest = OverflowPolicy(dropsOldest: false)

    /// `dropOldest` or `dropNewest`.
    public var description: String {
        dropsOldest ? "dropOldest" : "dropNewest"
    }
}
