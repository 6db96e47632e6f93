/// One hub's delivery scope, as every envelope it sends carries it: the hub's diagnostics, and the
/// identity that the per-thread delivery frames (`DeliveryThread`) are keyed by.
///
/// A separate object rather than the hub itself, so that a tag waiting in a queue keeps no hub
/// alive; one reference for both (see "Tricks on the send path" in Docs/Architecture.md).
final class DeliveryScope: Sendable {
    /// Where whatever handles the hub's tags reports what it does not deliver.
    let diagnostics: AnalyticsDiagnostics

    init(diagnostics: AnalyticsDiagnostics) {
        self.diagnostics = diagnostics
    }

    /// What the frames are keyed by.
    var identity: ObjectIdentifier { ObjectIdentifier(self) }
}
