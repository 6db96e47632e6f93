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
    public var description: String {
        switch self {
        case .string(let string): String(reflecting: string)
        case .int(let int): String(int)
        case .double(let double): String(double)
        case .bool(let bool): String(bool)
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .null: "null"
        }
    }
}

/// `{key: value, …}` with keys in scalar order: the same text on every run.
func describeProperties(_ properties: [String: some CustomStringConvertible]) -> String {
    let keys = properties.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
    return "{" + keys.map { "\($0): \(properties[$0]!)" }.joined(separator: ", ") + "}"
}
