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
    /// A list of values.
    case array([AnalyticsValue])
    /// No value (`NSNull` in the SDKs).
    case null
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
    public init(arrayLiteral elements: AnalyticsValue...) { self = .array(elements) }
}

extension AnalyticsValue: CustomStringConvertible {
    /// The value as JSON would write it: `"Swift Talk"`, `1800`, `true`, `[1, 2]`, `null`.
    ///
    /// Written without recursion, so that arrays nested to any depth never overflow a thread's
    /// stack.
    public var description: String {
        guard case .array(let top) = self else { return scalarDescription }
        var text = "["
        var stack: [(elements: [AnalyticsValue], next: Int)] = [(top, 0)]
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
            return String(reflecting: String(string.prefix(units + 1)))
        }
        guard case .array(let top) = self else { return described(self) }
        var text = "["
        var length = 1
        var stack: [(elements: [AnalyticsValue], next: Int)] = [(top, 0)]
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
        var stack: [(elements: [AnalyticsValue], next: Int)] = [(top, 0)]
        while let (elements, next) = stack.last {
            guard next < elements.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next = next + 1
            let element = elements[next]
            if visit(element, stack.count), case .array(let inner) = element {
                stack.append((inner, 0))
            }
        }
    }
}

/// `{key: value, …}` with keys in scalar order: the same text on every run.
func describeProperties(_ properties: [String: some CustomStringConvertible]) -> String {
    let keys = properties.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
    return "{" + keys.map { "\($0): \(properties[$0]!)" }.joined(separator: ", ") + "}"
}
