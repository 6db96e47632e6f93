import TagHub

/// The elements of an array ``AnalyticsValue``: what `case .array(let values)` binds. A collection
/// of values, used as an `Array` is (`values.map(\.jsonObject)`, `values.count`, `values[0]`,
/// `values.append(…)`), and turned into one by ``elements``.
///
/// ```swift
/// let value: AnalyticsValue = .array(["swift", "talk"])  // from an `[AnalyticsValue]`, or a literal
/// if case .array(let values) = value {
///     let tags = values.compactMap { if case .string(let tag) = $0 { tag } else { nil } }
///     #expect(tags == ["swift", "talk"])
/// }
/// ```
///
/// Why it is not an `Array`: Swift destroys nested arrays recursively, so that releasing a value
/// nested a few thousand levels deep overflowed a 512 KiB thread's stack. The elements are held in
/// storage that takes the arrays nested inside it apart one level at a time, in a loop, when it
/// is released: a value nested to any depth is released on any thread.
public struct AnalyticsArray: Sendable, Hashable, RandomAccessCollection, MutableCollection,
    RangeReplaceableCollection, ExpressibleByArrayLiteral, CustomStringConvertible
{
    private var storage: Storage

    /// The elements as an array.
    public var elements: [AnalyticsValue] { storage.elements }
    /// The values of `elements`, in order.
    public init(_ elements: [AnalyticsValue]) { storage = Storage(elements) }
    /// No values.
    public init() { storage = Storage([]) }
    /// The values of the literal, in order.
    public init(arrayLiteral elements: AnalyticsValue...) { storage = Storage(elements) }

    /// `0`.
    public var startIndex: Int { 0 }
    /// The number of values.
    public var endIndex: Int { storage.elements.count }

    /// The value at `position`.
    public subscript(position: Int) -> AnalyticsValue {
        get { storage.elements[position] }
        set { makeUnique().elements[position] = newValue }
    }

    /// Replaces the values in `range` with `newElements`.
    public mutating func replaceSubrange(_ range: Range<Int>, with newElements: some Collection<AnalyticsValue>) {
        makeUnique().elements.replaceSubrange(range, with: newElements)
    }

    /// Makes room for `count` values.
    public mutating func reserveCapacity(_ count: Int) { makeUnique().elements.reserveCapacity(count) }
    /// The storage, copied first where another array shares it.
    private mutating func makeUnique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.elements) }
        return storage
    }

    /// Whether both hold the same values, in the same order (compared without recursion).
    public static func == (left: AnalyticsArray, right: AnalyticsArray) -> Bool {
        AnalyticsValue.array(left) == .array(right)
    }

    /// Hashes the values, in order (without recursion).
    public func hash(into hasher: inout Hasher) { hasher.combine(AnalyticsValue.array(self)) }
    /// Whether both are copies of one array, unchanged since: then they are equal.
    func sharesStorage(with other: AnalyticsArray) -> Bool { storage === other.storage }
    /// As JSON would write it: `["Swift Talk", 1800]`.
    public var description: String { AnalyticsValue.array(self).description }

    /// The values, held where releasing them takes the arrays nested inside apart in a loop.
    private final class Storage: @unchecked Sendable {
        // `@unchecked`: `elements` is written only where no other thread can reach the storage:
        // by an `AnalyticsArray` that holds the only reference to it (`isKnownUniquelyReferenced`),
        // as an `Array` copies on write, and in `deinit`, on storages nothing else refers to.
        var elements: [AnalyticsValue]

        init(_ elements: [AnalyticsValue]) { self.elements = elements }

        deinit {
            // The storages of the arrays inside are taken out before `elements` is released, so
            // that releasing it releases no array; each is then taken apart in turn, here. A
            // storage that something else still refers to is left to it.
            guard var nested = Storage.takeNested(from: &elements) else { return }
            while var storage = nested.popLast() {
                guard isKnownUniquelyReferenced(&storage) else { continue }
                if let inner = Storage.takeNested(from: &storage.elements) { nested += inner }
            }
        }

        /// The storages of the arrays among `elements`, which is emptied; `nil`, and `elements`
        /// left as it is, where it holds no array (the usual case, which costs one pass).
        private static func takeNested(from elements: inout [AnalyticsValue]) -> [Storage]? {
            guard elements.contains(where: { if case .array = $0 { true } else { false } }) else { return nil }
            var nested: [Storage] = []
            for case .array(let array) in elements { nested.append(array.storage) }
            elements = []
            return nested
        }
    }
}
