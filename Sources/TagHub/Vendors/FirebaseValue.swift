/// A Firebase parameter value: the SDK takes strings, integers and doubles only.
public enum FirebaseValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, CustomStringConvertible
{
    /// Text, at most 100 characters.
    case string(String)
    /// A whole number.
    case int(Int)
    /// A decimal number.
    case double(Double)

    /// A string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer value.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A decimal value.
    public init(floatLiteral value: Double) { self = .double(value) }

    /// `"text"`, `1800` or `0.5`.
    public var description: String {
        switch self {
        case .string(let string): String(reflecting: string)
        case .int(let int): String(int)
        case .double(let double): String(double)
        }
    }
}
