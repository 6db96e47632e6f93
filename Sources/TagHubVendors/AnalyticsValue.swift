import TagHub

/// A property value, in the types vendors' SDKs take (`[String: Any]` there, typed here).
///
/// Literals work: `["title": "Swift Talk", "duration": 1800, "downloaded": true]`.
public enum AnalyticsValue: Sendable, Hashable {
    /// Text.
    case string(String)
    /// A whole number.
    case int(Int)
    /// A decimal number.
    case double(Double)
    /// A Boolean.
    case bool(Bool)
    /// A list of values: `.array(["swift", "talk"])`, or `.array(values)` from an
    /// `[AnalyticsValue]`. `case .array(let values)` binds them as an ``AnalyticsArray``, a
    /// collection used as an `Array` is.
    case array(AnalyticsArray)
    /// No value (`NSNull` in the SDKs).
    case null

    /// A list of `elements`.
    public static func array(_ elements: [AnalyticsValue]) -> AnalyticsValue {
        .array(AnalyticsArray(elements))
    }
}

extension AnalyticsValue: ExpressibleByStringLiteral {
    /// A string value.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension AnalyticsValue: ExpressibleByIntegerLiteral {
    /// An integer value.
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension AnalyticsValue: ExpressibleByFloatLiteral {
    /// A decimal value.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension AnalyticsValue: ExpressibleByBooleanLiteral {
    /// A Boolean value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension AnalyticsValue: ExpressibleByArrayLiteral {
    /// An array value.
    public init(arrayLiteral elements: AnalyticsValue...) { self = .array(AnalyticsArray(elements)) }
}

extension AnalyticsValue {
    /// Whether both are the same value: the same case, with equal contents. As with `Double` and
    /// Swift's arrays, `.double(.nan)` equals no value, not even itself, but an array equals a
    /// copy of itself that shares its storage (unchanged since) without its elements being read,
    /// NaN or not: `let tags: AnalyticsValue = [.double(.nan)]`, then `tags == tags` is `true`,
    /// while `tags == [.double(.nan)]` is `false`.
    ///
    /// Compared without recursion, so that arrays nested to any depth never overflow a thread's
    /// stack.
    public static func == (left: AnalyticsValue, right: AnalyticsValue) -> Bool {
        var pending: [(AnalyticsArray, AnalyticsArray)] = []
        // Compares all but the elements of arrays, which are compared after, level by level.
        func matches(_ left: AnalyticsValue, _ right: AnalyticsValue) -> Bool {
            switch (left, right) {
            case (.string(let left), .string(let right)): return left == right
            case (.int(let left), .int(let right)): return left == right
            case (.double(let left), .double(let right)): return left == right
            case (.bool(let left), .bool(let right)): return left == right
            case (.array(let left), .array(let right)):
                guard left.count == right.count else { return false }
                if !left.sharesStorage(with: right) { pending.append((left, right)) }
                return true
            case (.null, .null): return true
            default: return false
            }
        }
        guard matches(left, right) else { return false }
        while let (left, right) = pending.popLast() {
            for (leftElement, rightElement) in zip(left, right) where !matches(leftElement, rightElement) {
                return false
            }
        }
        return true
    }

    /// Hashes the value's case and contents, without recursion.
    public func hash(into hasher: inout Hasher) {
        var pending: [AnalyticsArray] = []
        // Hashes all but the elements of arrays, which are hashed after, level by level: equal
        // values are read in the same order.
        func combine(_ value: AnalyticsValue) {
            switch value {
            case .string(let string):
                hasher.combine(0)
                hasher.combine(string)
            case .int(let int):
                hasher.combine(1)
                hasher.combine(int)
            case .double(let double):
                hasher.combine(2)
                hasher.combine(double)
            case .bool(let bool):
                hasher.combine(3)
                hasher.combine(bool)
            case .array(let values):
                hasher.combine(4)
                hasher.combine(values.count)
                pending.append(values)
            case .null:
                hasher.combine(5)
            }
        }
        combine(self)
        while let values = pending.popLast() {
            for value in values { combine(value) }
        }
    }
}

extension AnalyticsValue: CustomStringConvertible {
    /// The value as JSON would write it: `"Swift Talk"`, `1800`, `true`, `[1, 2]`, `null`.
    ///
    /// Written without recursion, so that arrays nested to any depth never overflow a thread's
    /// stack.
    public var description: String {
        guard case .array(let top) = self else { return scalarDescription }
        var text = "["
        var stack: [(elements: AnalyticsArray, next: Int)] = [(top, 0)]
        while let (elements, next) = stack.last {
            guard next < elements.count else {
                text += "]"
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next = next + 1
            if next > 0 { text += ", " }
            if case .array(let inner) = elements[next] {
                text += "["
                stack.append((inner, 0))
            } else {
                text += elements[next].scalarDescription
            }
        }
        return text
    }

    /// The start of ``description``, at least `units` + 1 UTF-16 units of it where it has more
    /// (or all of it): a string is described by its first characters only, and an array up to
    /// there. Cut after `units`, it reads as the whole description would.
    func description(upTo units: Int) -> String {
        // A string's first `units` + 1 characters quoted are more than `units` + 1 units: where
        // the string has more, its closing quote comes past them, as the whole one's does.
        func described(_ value: AnalyticsValue) -> String {
            guard case .string(let string) = value, string.utf8.count > units + 1 else {
                return value.scalarDescription
            }
            return String(reflecting: String(String.UnicodeScalarView(string.unicodeScalars.prefix(units + 1))))
        }
        guard case .array(let top) = self else { return described(self) }
        var text = "["
        var length = 1
        var stack: [(elements: AnalyticsArray, next: Int)] = [(top, 0)]
        while let (elements, next) = stack.last, length <= units {
            guard next < elements.count else {
                text += "]"
                length += 1
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next = next + 1
            var piece = next > 0 ? ", " : ""
            if case .array(let inner) = elements[next] {
                piece += "["
                stack.append((inner, 0))
            } else {
                piece += described(elements[next])
            }
            text += piece
            length += piece.utf16.count
        }
        return text
    }

    /// The description of a value that is not an array.
    private var scalarDescription: String {
        switch self {
        case .string(let string): String(reflecting: string)
        case .int(let int): String(int)
        case .double(let double): String(double)
        case .bool(let bool): String(bool)
        case .array: "[…]"
        case .null: "null"
        }
    }
}

extension AnalyticsValue {
    /// Calls `visit` with this value (at depth 0) and each value inside it, depth first and in
    /// order, with its depth: an array's elements are one level deeper than the array. `visit`
    /// returns whether to go inside the value when it is an array.
    ///
    /// Without recursion: the rule checks walk values with it, so that arrays nested to any depth
    /// never overflow the stack of the thread that sends (512 KiB on Apple platforms' secondary
    /// threads).
    func walk(_ visit: (_ value: AnalyticsValue, _ depth: Int) -> Bool) {
        guard visit(self, 0), case .array(let top) = self else { return }
        // Each array's elements are read as an `Array`, fetched once: a million elements cost
        // a million reads of an array, not of its storage.
        var stack: [(elements: [AnalyticsValue], next: Int)] = [(top.elements, 0)]
        while let (elements, next) = stack.last {
            guard next < elements.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next = next + 1
            let element = elements[next]
            if visit(element, stack.count), case .array(let inner) = element {
                stack.append((inner.elements, 0))
            }
        }
    }
}

/// `{key: value, …}` with keys in scalar order: the same text on every run.
func describeProperties(_ properties: [String: some CustomStringConvertible]) -> String {
    let keys = properties.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
    return "{" + keys.map { "\($0): \(properties[$0]!)" }.joined(separator: ", ") + "}"
}
