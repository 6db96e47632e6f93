/// A strategy that delivers some tags after `send` returned, and can say when it is done.
///
/// ``BackgroundStrategy`` adopts it. ``AnalyticsHub/flush()`` flushes every one on the chain of
/// every attached strategy (see ``AnalyticsWrappingStrategy``), outermost first: so a flushable
/// wrapper flushes only what it holds itself, never what it wraps.
public protocol AnalyticsFlushable: AnyObject, Sendable {
    /// Returns once every tag this strategy received before the call has been handed on (to the
    /// strategy it wraps, or to its vendor), or dropped by a bound.
    func flush() async
}
