/// A strategy that holds tags and hands them on after `send` returned (a ``BackgroundStrategy``):
/// what consent finds on a wrapper chain and must stop, or wait for, before it tells the caller
/// that tags no longer flow.
protocol QueuedDelivery: AnyObject {
    /// Drops the queued tags, reported for `reason`, waits for a delivery under way (unless called
    /// from inside a delivery), then tells the notices left, in order; how many tags it dropped.
    func cancelQueued(reason: DiagnosticReport.Reason, detail: String) -> Int

    /// Waits until every queued tag is delivered (unless called from inside a delivery).
    func waitUntilDelivered()

    /// Queues `tell`, a consent notice, after the tags queued so far.
    func enqueueNotice(_ tell: @escaping @Sendable () -> Void)
}

extension ArraySlice<any AnalyticsStrategy> {
    /// Tells `notice` to each consent observer on this chain, in order: on this thread up to the
    /// first queue; behind it, through it, between the tags queued before and after (each in turn).
    func tell(_ notice: @escaping @Sendable (any AnalyticsConsentObserver) -> Void) {
        for (index, stage) in zip(indices, self) {
            if let queue = stage as? any QueuedDelivery {
                return queue.enqueueNotice { self[(index + 1)...].tell(notice) }
            }
            if let observer = stage as? any AnalyticsConsentObserver { notice(observer) }
        }
    }
}
