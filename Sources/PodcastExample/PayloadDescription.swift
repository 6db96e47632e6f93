/// `{key: value, …}` with the keys sorted, so that a vendor's line reads the same on every run
/// whatever order its dictionary keeps.
package func describePayload(_ payload: [String: some CustomStringConvertible]) -> String {
    let pairs = payload.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
    return "{" + pairs.joined(separator: ", ") + "}"
}
