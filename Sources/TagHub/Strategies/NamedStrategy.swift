/// A strategy with a name for diagnostics, which wrappers and consent find on the chain.
protocol NamedStrategy {
    var name: String { get }
}
