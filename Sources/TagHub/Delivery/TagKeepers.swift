/// What a queue of tags of every channel (a background queue, a consent gate's buffer) cannot do
/// cheaply in TagHub's own code: wrap a tag of one channel as a tag of any channel, and append it.
///
/// The queues are compiled once, in TagHub, for every schema: there, building an
/// ``AnalyticsTag`` of the app's type looks up the metadata of its generic types at run time,
/// several times a tag. These closures are written in `@inlinable` code, so compiled in the app's
/// module, where the types are known: ``BackgroundStrategy``'s initializer and
/// ``AnalyticsConsent/register(_:name:for:whileDenied:)`` build them with ``make()``. Everything
/// else the queues do (their locks, tickets, workers, replays) stays here.
@usableFromInline
struct TagKeepers<Schema: AnalyticsSchema>: Sendable {
    /// Appends `envelope`, wrapped, to the queue.
    @usableFromInline typealias Keep<Tag> =
        @Sendable (_ queue: RingBuffer<Schema.AnyTagEnvelope>, _ envelope: TagEnvelope<Tag, Schema>) -> Void

    let screen: Keep<Schema.Screen>
    let userAction: Keep<Schema.UserAction>
    let event: Keep<Schema.Event>
    let state: Keep<Schema.State>

    @usableFromInline
    init(
        screen: @escaping Keep<Schema.Screen>,
        userAction: @escaping Keep<Schema.UserAction>,
        event: @escaping Keep<Schema.Event>,
        state: @escaping Keep<Schema.State>
    ) {
        self.screen = screen
        self.userAction = userAction
        self.event = event
        self.state = state
    }

    /// The keepers, compiled where this is called.
    @inlinable
    static func make() -> TagKeepers {
        TagKeepers(
            screen: { $0.append($1.map { .screen($0) }) },
            userAction: { $0.append($1.map { .userAction($0) }) },
            event: { $0.append($1.map { .event($0) }) },
            state: { $0.append($1.map { .state($0) }) }
        )
    }
}
