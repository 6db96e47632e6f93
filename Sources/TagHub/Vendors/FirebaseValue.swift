/// A Firebase parameter value: the SDK takes strings, integers and doubles, and under the `items`
/// parameter of an e-commerce event (`purchase`, `add_to_cart`, `view_item`, …), a list of items.
///
/// ```swift
/// FirebaseTag.event("add_to_cart", [
///     "currency": "EUR", "value": 4.99,
///     "items": .items([["item_id": "swift-talk", "item_name": "Swift Talk", "price": 4.99]]),
/// ])
/// ```
public enum FirebaseValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, CustomStringConvertible
{
    /// Text, at most 100 characters.
    case string(String)
    /// A whole number.
    case int(Int)
    /// A decimal number.
    case double(Double)
    /// The `items` parameter of an e-commerce event (`AnalyticsParameterItems`, an array of
    /// dictionaries in the SDK): one dictionary per item, each with an `item_id` or an
    /// `item_name`, at most 200 items.
    case items([[String: FirebaseValue]])

    /// A string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer value.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A decimal value.
    public init(floatLiteral value: Double) { self = .double(value) }

    /// `"text"`, `1800`, `0.5` or `[{item_id: "swift-talk"}, …]`.
    public var description: String {
        switch self {
        case .string(let string): String(reflecting: string)
        case .int(let int): String(int)
        case .double(let double): String(double)
        case .items(let items):
            // Items inside an item (which Firebase does not take) are only counted: no recursion.
            "["
                + items.map { item in
                    describeProperties(
                        item.mapValues { value in
                            if case .items(let inner) = value { return "[\(inner.count) items]" }
                            return value.description
                        }
                    )
                }.joined(separator: ", ") + "]"
        }
    }
}
