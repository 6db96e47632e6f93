/// What a queue of tags of every channel (a background queue, a consent gate's buffer) cannot do
/// cheaply in TagHub's own code: wrap a tag of one channel as a tag of any channel, and append it
/// to the queue.
///
/// Compiled once for every schema, building an ``AnalyticsTag`` of the app's type looks up the
/// metadata of its generic types at run time, several times a tag. So ``BackgroundStrategy``'s
/// initializer and ``AnalyticsConsent/register(_:name:for:whileDenied:)``, both `@inlinable`,
/// make these closures in the app's module (``makeTagKeepers()``); the rest of the queues stays here.
@usableFromInline
typealias TagKeepers<Schema: AnalyticsSchema> = (
    screen: TagKeeper<Schema, Schema.Screen>, userAction: TagKeeper<Schema, Schema.UserAction>,
    event: TagKeeper<Schema, Schema.Event>, state: TagKeeper<Schema, Schema.State>
)

/// Appends `envelope`, wrapped, to `queue`.
@usableFromInline
typealias TagKeeper<Schema: AnalyticsSchema, Tag> =
    @Sendable (_ queue: RingBuffer<Schema.AnyTagEnvelope>, _ envelope: TagEnvelope<Tag, Schema>) -> Void

/// The keepers, compiled where this is called.
@inlinable
func makeTagKeepers<Schema: AnalyticsSchema>() -> TagKeepers<Schema> {
    (
        { $0.append($1.map { .screen($0) }) },
        { $0.append($1.map { .userAction($0) }) },
        { $0.append($1.map { .event($0) }) },
        { $0.append($1.map { .state($0) }) }
    )
}
