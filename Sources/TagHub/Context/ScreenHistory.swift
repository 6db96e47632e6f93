/// The screens shown, oldest to newest, as kept by a hub within its bound.
///
/// A value: a history taken from the hub never changes, whatever the hub records afterwards.
/// Taking one costs a reference count, not a copy of the screens.
///
/// ```swift
/// let history: ScreenHistory<PodcastAnalytics.Screen> = [.podcasts, .favorites]
/// #expect(history.last == .favorites)
/// #expect(history.count == 2)
/// ```
public struct ScreenHistory<Screen> {
    @usableFromInline var storage: ScreenLog<Screen>?
    @usableFromInline var start: Int
    @usableFromInline var end: Int

    /// An empty history: no screen shown yet.
    @inlinable
    public init() {
        storage = nil
        start = 0
        end = 0
    }

    /// A history of the slots `start..<end` of `storage`.
    @inlinable
    init(storage: ScreenLog<Screen>?, start: Int, end: Int) {
        self.storage = storage
        self.start = start
        self.end = end
    }

    /// A history holding `screens`, oldest first.
    public init(_ screens: some Sequence<Screen>) {
        let screens = Array(screens)
        self.init()
        guard !screens.isEmpty else { return }
        let storage = ScreenLog<Screen>.make(capacity: screens.count)
        for screen in screens {
            storage.append(screen)
        }
        self.storage = storage
        end = screens.count
    }

    /// This history with `screen` appended, keeping at most `limit` screens. The hub calls it
    /// under its lock.
    ///
    /// Writes in place when this history ends at the storage's first free slot; otherwise (the
    /// storage is full, or another history already appended there) moves the screens that stay
    /// into new storage with room to grow, so that appending is O(1) amortized.
    ///
    /// Not `mutating`, a plain loop: see "Tricks on the send path" in Docs/Architecture.md.
    ///
    /// - Returns: the new history, and the storage it no longer uses, for the caller to release
    ///   after unlocking (the `deinit` of the screens it held is app code).
    func appending(_ screen: Screen, limit: Int) -> (history: ScreenHistory, replaced: AnyObject?) {
        if let storage, storage.canAppend(at: end) {
            storage.append(screen)
            return (ScreenHistory(storage: storage, start: Swift.max(start, end + 1 - limit), end: end + 1), nil)
        }
        let kept = Swift.min(end - start, limit - 1)
        let bound = limit > Int.max / 2 ? Int.max : 2 * limit
        let capacity = Swift.min(bound, Swift.max(8, 2 * (kept + 1)))
        let fresh = ScreenLog<Screen>.make(capacity: capacity)
        var offset = end - kept
        while offset < end {
            fresh.append(storage.unsafelyUnwrapped.element(at: offset))
            offset += 1
        }
        fresh.append(screen)
        return (ScreenHistory(storage: fresh, start: 0, end: kept + 1), storage)
    }
}

extension ScreenHistory: RandomAccessCollection {
    /// The position of the oldest screen: always 0.
    @inlinable
    public var startIndex: Int { 0 }

    /// One past the position of the newest screen: the number of screens.
    @inlinable
    public var endIndex: Int { end - start }

    /// The screen at `position`, 0 being the oldest.
    @inlinable
    public subscript(position: Int) -> Screen {
        precondition(
            position >= 0 && position < end - start,
            "ScreenHistory: index \(position) is out of range 0..<\(end - start)"
        )
        return storage.unsafelyUnwrapped.element(at: start + position)
    }
}

extension ScreenHistory: ExpressibleByArrayLiteral {
    /// A history holding the screens listed, oldest first.
    public init(arrayLiteral screens: Screen...) {
        self.init(screens)
    }
}

// Safe: the slots a history reads (`start..<end`) were written before the history was created and
// are never written again; the hub only writes slots at or after the `end` of its own history, under
// its lock, and publishes each new history under that lock.
extension ScreenHistory: @unchecked Sendable where Screen: Sendable {}

extension ScreenHistory: Equatable where Screen: Equatable {
    /// Whether both histories hold the same screens in the same order.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.elementsEqual(rhs)
    }
}

extension ScreenHistory: Hashable where Screen: Hashable {
    /// Hashes the screens in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for screen in self {
            hasher.combine(screen)
        }
    }
}

extension ScreenHistory: CustomStringConvertible {
    /// The screens, oldest first, for example `[podcasts, favorites]`.
    public var description: String {
        "[" + map { String(describing: $0) }.joined(separator: ", ") + "]"
    }
}
