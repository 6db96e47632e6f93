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

    /// Queues `tell`, a consent notice, after the tags queued so far.
    func enqueueNotice(_ tell: @escaping @Sendable () -> Void)
}

/// Tells `notice` to each consent observer on `chain`, in order: on this thread up to the first
/// queue; behind it, through it, between the tags queued before and after (each queue in turn).
func tell(
    _ notice: @escaping @Sendable (any AnalyticsConsentObserver) -> Void,
    along chain: ArraySlice<any AnalyticsStrategy>
) {
    for (index, stage) in zip(chain.indices, chain) {
        if let queue = stage as? any QueuedDelivery {
            return queue.enqueueNotice { tell(notice, along: chain[(index + 1)...]) }
        }
        if let observer = stage as? any AnalyticsConsentObserver { notice(observer) }
    }
}
