/// A strategy that holds tags and hands them on after `send` returned (a ``BackgroundStrategy``):
/// what consent finds on a wrapper chain and must stop, or wait for, before it tells the caller
/// that tags no longer flow.
protocol QueuedDelivery: AnyObject {
    /// Drops what is queued, reporting each tag to its hub's diagnostics for `reason`, and waits
    /// for a delivery under way (unless called from inside a delivery); returns how many it
    /// dropped.
    func cancelQueued(reason: DiagnosticReport.Reason, detail: String) -> Int

    /// Waits until every queued tag is delivered (unless called from inside a delivery).
    func waitUntilDelivered()
}
