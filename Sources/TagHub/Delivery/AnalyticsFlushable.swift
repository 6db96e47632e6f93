/// A strategy that delivers some tags after `send` returned, and can say when it is done.
///
/// ``BackgroundStrategy`` adopts it. ``AnalyticsHub/flush()`` flushes every attached strategy
/// that does.
public protocol AnalyticsFlushable: AnyObject, Sendable {
    /// Returns once every tag this strategy received before the call has been delivered, or
    /// dropped by a bound.
    func flush() async
}
