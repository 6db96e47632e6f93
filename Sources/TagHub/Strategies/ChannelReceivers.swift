/// The channel protocols a strategy adopts, found once by casting: what a wrapper that holds tags
/// of every channel (a background queue, a consent buffer) hands each one to.
@usableFromInline
struct ChannelReceivers<Schema: AnalyticsSchema>: Sendable {
    @usableFromInline let screen: (any AnalyticsScreenStrategy<Schema>)?
    @usableFromInline let userAction: (any AnalyticsUserActionStrategy<Schema>)?
    @usableFromInline let event: (any AnalyticsEventStrategy<Schema>)?
    @usableFromInline let state: (any AnalyticsStateStrategy<Schema>)?

    init(_ strategy: any AnalyticsStrategy<Schema>) {
        screen = strategy as? any AnalyticsScreenStrategy<Schema>
        userAction = strategy as? any AnalyticsUserActionStrategy<Schema>
        event = strategy as? any AnalyticsEventStrategy<Schema>
        state = strategy as? any AnalyticsStateStrategy<Schema>
    }

    /// Hands `envelope` to the strategy, through the requirement of its channel.
    ///
    /// Strategy code, run by a wrapper (a consent replay, a background worker): the caller runs it
    /// inside the delivery scope of the hub that sent the tag.
    @inlinable
    func deliver(_ envelope: Schema.AnyTagEnvelope) {
        switch envelope.tag {
        case .screen(let tag): screen?.send(screen: envelope.map { _ in tag })
        case .userAction(let tag): userAction?.send(userAction: envelope.map { _ in tag })
        case .event(let tag): event?.send(event: envelope.map { _ in tag })
        case .state(let tag): state?.send(state: envelope.map { _ in tag })
        }
    }
}
