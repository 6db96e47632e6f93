/// Compares two states, when the app's `State` type is `Equatable`: the hub keeps a keyed state
/// equal to the current one of its key from being delivered again.
protocol StateComparison: Sendable {
    /// Whether `left` and `right` are equal.
    func isSame<Value>(_ left: Value, _ right: Value) -> Bool
}

/// `==` of `Compared`, for values of that type.
struct EquatableComparison<Compared: Equatable>: StateComparison {
    func isSame<Value>(_ left: Value, _ right: Value) -> Bool {
        (left as? Compared) == (right as? Compared)
    }
}

/// `==` for values of `type`, when it is `Equatable`.
func equality<Value>(of type: Value.Type) -> (any StateComparison)? {
    guard let equatable = type as? any Equatable.Type else { return nil }
    func comparison<E: Equatable>(_: E.Type) -> any StateComparison { EquatableComparison<E>() }
    return comparison(equatable)
}
