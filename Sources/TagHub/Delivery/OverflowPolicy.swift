/// Which tag a full bounded queue drops: a background strategy's queue, or the buffer that keeps
/// tags while consent is undecided.
///
/// Every dropped tag is counted, never silently lost.
public struct OverflowPolicy: Sendable, Hashable, CustomStringConvertible {
    private enum Storage: Sendable, Hashable { case dropOldest, dropNewest }
    private let storage: Storage

    private init(_ storage: Storage) {
        self.storage = storage
    }

    /// The oldest waiting tag makes room for the new one: what is kept is the most recent.
    public static let dropOldest = OverflowPolicy(.dropOldest)

    /// The new tag is dropped: what is kept is the start of a burst.
    public static let dropNewest = OverflowPolicy(.dropNewest)

    /// `dropOldest` or `dropNewest`.
    public var description: String {
        switch storage {
        case .dropOldest: "dropOldest"
        case .dropNewest: "dropNewest"
        }
    }

    var dropsOldest: Bool { storage == .dropOldest }
}
