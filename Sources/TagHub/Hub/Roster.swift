/// The strategies attached to a hub at one moment, sorted by channel once, at attach.
///
/// Immutable except for `inFlight`: attach and detach build a new roster, so a send that took this
/// one keeps a consistent list while it delivers, without holding the hub's lock.
///
/// `@unchecked Sendable` is safe: every stored property but `inFlight` is a `let` of `Sendable`
/// values, and `inFlight` is only read and written under the owning hub's lock.
final class Roster<Schema: AnalyticsSchema>: @unchecked Sendable {
    let members: [any AnalyticsStrategy<Schema>]
    let screen: [any AnalyticsScreenStrategy<Schema>]
    let userAction: [any AnalyticsUserActionStrategy<Schema>]
    let event: [any AnalyticsEventStrategy<Schema>]
    let state: [any AnalyticsStateStrategy<Schema>]
    /// The channels at least one member takes.
    let channels: AnalyticsChannels

    /// Sends that took this roster and have not finished delivering. Guarded by the hub's lock.
    var inFlight = 0

    init(
        members: [any AnalyticsStrategy<Schema>] = [],
        screen: [any AnalyticsScreenStrategy<Schema>] = [],
        userAction: [any AnalyticsUserActionStrategy<Schema>] = [],
        event: [any AnalyticsEventStrategy<Schema>] = [],
        state: [any AnalyticsStateStrategy<Schema>] = []
    ) {
        self.members = members
        self.screen = screen
        self.userAction = userAction
        self.event = event
        self.state = state
        var channels: AnalyticsChannels = []
        if !screen.isEmpty { channels.insert(.screen) }
        if !userAction.isEmpty { channels.insert(.userAction) }
        if !event.isEmpty { channels.insert(.event) }
        if !state.isEmpty { channels.insert(.state) }
        self.channels = channels
    }

    func contains(_ strategy: ObjectIdentifier) -> Bool {
        members.contains { ObjectIdentifier($0) == strategy }
    }

    /// This roster plus `strategy`, in the channels it was sorted into.
    func adding(_ strategy: Admission<Schema>) -> Roster {
        Roster(
            members: members + [strategy.member],
            screen: screen + (strategy.screen.map { [$0] } ?? []),
            userAction: userAction + (strategy.userAction.map { [$0] } ?? []),
            event: event + (strategy.event.map { [$0] } ?? []),
            state: state + (strategy.state.map { [$0] } ?? [])
        )
    }

    /// This roster without `strategy`.
    func removing(_ strategy: ObjectIdentifier) -> Roster {
        Roster(
            members: members.filter { ObjectIdentifier($0) != strategy },
            screen: screen.filter { ObjectIdentifier($0) != strategy },
            userAction: userAction.filter { ObjectIdentifier($0) != strategy },
            event: event.filter { ObjectIdentifier($0) != strategy },
            state: state.filter { ObjectIdentifier($0) != strategy }
        )
    }
}

/// A strategy sorted into the channels it adopts and accepts, before it joins a roster.
///
/// Built outside the hub's lock: it reads the strategy's `acceptedChannels`, which is app code.
struct Admission<Schema: AnalyticsSchema> {
    let member: any AnalyticsStrategy<Schema>
    let screen: (any AnalyticsScreenStrategy<Schema>)?
    let userAction: (any AnalyticsUserActionStrategy<Schema>)?
    let event: (any AnalyticsEventStrategy<Schema>)?
    let state: (any AnalyticsStateStrategy<Schema>)?

    init(_ strategy: some AnalyticsStrategy<Schema>) {
        let delivered = strategy.deliveredChannels
        member = strategy
        screen = delivered.contains(.screen) ? strategy as? any AnalyticsScreenStrategy<Schema> : nil
        userAction = delivered.contains(.userAction) ? strategy as? any AnalyticsUserActionStrategy<Schema> : nil
        event = delivered.contains(.event) ? strategy as? any AnalyticsEventStrategy<Schema> : nil
        state = delivered.contains(.state) ? strategy as? any AnalyticsStateStrategy<Schema> : nil
    }
}
