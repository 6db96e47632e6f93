import TagHub

/// A Firebase parameter value: the SDK takes strings, integers and doubles, and under the `items`
/// parameter of an e-commerce event (`purchase`, `add_to_cart`, `view_item`, …), a list of items.
///
/// ```swift
/// let addToCart = FirebaseTag.event("add_to_cart", [
///     "currency": "EUR", "value": 4.99,
///     "items": .items([["item_id": "swift-talk", "item_name": "Swift Talk", "price": 4.99]]),
/// ])
/// #expect(addToCart.ruleViolations.isEmpty)
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
    /// The `items` parameter of an e-commerce event (`AnalyticsParameterItems`, an array of dictionaries in the SDK):
    /// one dictionary per item, each with an `item_id` or an `item_name`, at most 200 items. An item's values are
    /// strings and numbers: the type holds no items inside an item, which Firebase does not take.
    case items([[String: FirebaseItemValue]])

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
        case .items(let items): "[" + items.map { describeProperties($0) }.joined(separator: ", ") + "]"
        }
    }
}

/// The value of one parameter of an item, under ``FirebaseValue/items(_:)``: a string, an integer
/// or a decimal, as the SDK takes them.
///
/// ```swift
/// let item: [String: FirebaseItemValue] = ["item_id": "swift-talk", "quantity": 1, "price": 4.99]
/// #expect(FirebaseTag.event("view_item", ["items": .items([item])]).ruleViolations.isEmpty)
/// ```
public enum FirebaseItemValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
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
    public var description: String { parameterValue.description }
    /// The same value as an event's parameter: an item's values follow the same rules.
    var parameterValue: FirebaseValue {
        switch self {
        case .string(let string): .string(string)
        case .int(let int): .int(int)
        case .double(let double): .double(double)
        }
    }
}
