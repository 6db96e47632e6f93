import TagHub

/// A property value, in the types vendors' SDKs take (`[String: Any]` there, typed here).
///
/// Literals work: `["title": "Swift Talk", "duration": 1800, "downloaded": true]`.
public enum AnalyticsValue: Sendable, Hashable, CustomStringConvertible {
    /// Text.
    case string(String)
    /// A whole number.
    case int(Int)
    /// A decimal number.
    case double(Double)
    /// A Boolean.
    case bool(Bool)
    /// A list of values: `.array(["swift", "talk"])`, or `.array(values)` from an `[AnalyticsValue]`.
    /// `case .array(let values)` binds them as an ``AnalyticsArray``, a collection used as an `Array` is.
    case array(AnalyticsArray)
    /// No value (`NSNull` in the SDKs).
    case null

    /// A list of `elements`.
    public static func array(_ elements: [AnalyticsValue]) -> AnalyticsValue { .array(AnalyticsArray(elements)) }
}

extension AnalyticsValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral
{
    /// A string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer value.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A decimal value.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A Boolean value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array value.
    public init(arrayLiteral elements: AnalyticsValue...) { self = .array(AnalyticsArray(elements)) }
}

/// A walk through a value and the values inside it, depth first and in order, without recursion:
/// equality, hashing, descriptions, ``AnalyticsValue/jsonObject`` and the rule checks walk values
/// with it, so that none overflows a thread's stack (512 KiB on Apple platforms' secondary threads).
struct ValueWalk {
    /// How many arrays ended just before the value ``next()`` returned last (after the last value,
    /// once it returned `nil`), that value's index among its array's elements, and its depth: an
    /// array's elements are one level deeper than the array.
    private(set) var (ended, index) = (0, 0)
    var depth: Int { stack.count }

    private var top: AnalyticsValue?
    /// The array just met, whose elements come next unless skipped.
    private var entering: AnalyticsArray?
    // Each array's elements, fetched once as an `Array`, not read from its storage one by one.
    private var stack: [(elements: [AnalyticsValue], next: Int)] = []

    init(_ value: AnalyticsValue) { top = value }

    /// The next value, or `nil` after the last.
    mutating func next() -> AnalyticsValue? {
        if let array = entering { stack.append((array.elements, 0)) }
        (entering, ended) = (nil, 0)
        if let value = top {
            top = nil
            if case .array(let array) = value { entering = array }
            return value
        }
        while !stack.isEmpty {
            let (last, next) = (stack.count - 1, stack[stack.count - 1].next)
            if next < stack[last].elements.count {
                let value = stack[last].elements[next]
                (stack[last].next, index) = (next + 1, next)
                if case .array(let array) = value { entering = array }
                return value
            }
            stack.removeLast()
            ended += 1
        }
        return nil
    }

    /// Leaves the elements of the array just met unwalked.
    mutating func skipElements() { entering = nil }
}

extension AnalyticsValue {
    /// Calls `visit` with this value (at depth 0) and each value inside it, depth first and in
    /// order, with its depth. `visit` returns whether to go inside the value when it is an array.
    /// At most `limit` values are visited; returns how many were.
    @discardableResult
    func walk(limit: Int = .max, _ visit: (_ value: AnalyticsValue, _ depth: Int) -> Bool) -> Int {
        var walk = ValueWalk(self)
        var visited = 0
        while visited < limit, let value = walk.next() {
            visited += 1
            if !visit(value, walk.depth) { walk.skipElements() }
        }
        return visited
    }

    /// Whether both are the same value: the same case, with equal contents. As with `Double` and
    /// Swift's arrays, `.double(.nan)` equals no value, not even itself, but an array equals its
    /// unchanged copies without its elements being read: `let tags: AnalyticsValue = [.double(.nan)]`,
    /// then `tags == tags` is `true`, while `tags == [.double(.nan)]` is `false`.
    public static func == (left: AnalyticsValue, right: AnalyticsValue) -> Bool {
        var (lefts, rights) = (ValueWalk(left), ValueWalk(right))
        // While every value has matched, both walks are at the same place.
        while let left = lefts.next(), let right = rights.next() {
            guard left.shallow == right.shallow else { return false }
            if case (.array(let left), .array(let right)) = (left, right), left.sharesStorage(with: right) {
                lefts.skipElements()
                rights.skipElements()
            }
        }
        return true
    }

    /// Hashes the value's case and contents.
    public func hash(into hasher: inout Hasher) {
        walk { value, _ in
            hasher.combine(value.shallow)
            return true
        }
    }

    /// The value without the elements of an array, which a walk meets after it.
    private var shallow: Shallow {
        switch self {
        case .string(let string): .string(string)
        case .int(let int): .int(int)
        case .double(let double): .double(double)
        case .bool(let bool): .bool(bool)
        case .array(let values): .array(count: values.count)
        case .null: .null
        }
    }

    private enum Shallow: Hashable {
        case string(String)
        case int(Int)
        case double(Double)
        case bool(Bool)
        case array(count: Int)
        case null
    }

    /// The value as JSON would write it: `"Swift Talk"`, `1800`, `true`, `[1, 2]`, `null`.
    public var description: String { description(upTo: .max) }
    /// The start of ``description``, at least `units` + 1 UTF-16 units of it where it has more
    /// (or all of it): a string is described by its first characters only, and an array up to
    /// there. Cut after `units`, it reads as the whole description would.
    func description(upTo units: Int) -> String {
        var (text, length, walk) = ("", 0, ValueWalk(self))
        func close() {
            for _ in 0..<walk.ended where length <= units {
                text += "]"
                length += 1
            }
        }
        while length <= units, let value = walk.next() {
            close()
            guard length <= units else { break }
            let shown: String =
                switch value {
                // A string's first `units` + 1 characters quoted are more than `units` + 1 units:
                // where it has more, its closing quote comes past them, as the whole one's does.
                case .string(let string) where string.utf8.count - 1 > units:
                    String(reflecting: String(String.UnicodeScalarView(string.unicodeScalars.prefix(units + 1))))
                case .string(let string): String(reflecting: string)
                case .int(let int): String(int)
                case .double(let double): String(double)
                case .bool(let bool): String(bool)
                case .array: "["
                case .null: "null"
                }
            let piece = walk.index > 0 ? ", " + shown : shown
            text += piece
            length += piece.utf16.count
        }
        close()
        return text
    }
}

/// `{key: value, "a key": value, …}` with keys in scalar order (the same text on every run), quoted but identifiers.
func describeProperties(_ properties: [String: some CustomStringConvertible]) -> String {
    let entries = properties.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
    let shown = entries.map { "\(Rules.isASCIIIdentifier($0.key) ? $0.key : String(reflecting: $0.key)): \($0.value)" }
    return "{" + shown.joined(separator: ", ") + "}"
}
