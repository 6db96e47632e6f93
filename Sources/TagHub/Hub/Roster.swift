/// The strategies attached to a hub at one moment, sorted by channel once, at attach.
///
/// Immutable except for `inFlight`: attach and detach build a new roster, so a send that took this
/// one keeps a consistent list while it delivers, without holding the hub's lock.
///
/// `@unchecked Sendable` is safe: every stored property but `inFlight` is a `let` of `Sendable`
/// values, and `inFlight` is only read and written under the owning hub's lock.
@usableFromInline
final class Roster<Schema: AnalyticsSchema>: @unchecked Sendable {
    /// Increases by one with each roster a hub makes; the first is 0.
    @usableFromInline let generation: UInt64
    @usableFromInline let members: [any AnalyticsStrategy<Schema>]
    @usableFromInline let screen: [any AnalyticsScreenStrategy<Schema>]
    @usableFromInline let userAction: [any AnalyticsUserActionStrategy<Schema>]
    @usableFromInline let event: [any AnalyticsEventStrategy<Schema>]
    @usableFromInline let state: [any AnalyticsStateStrategy<Schema>]
    /// The channels at least one member takes.
    @usableFromInline let channels: AnalyticsChannelSet

    /// Per channel, the sends that took this roster and have not finished delivering. Guarded by the
    /// hub's lock. Per channel, so that `detach` waits only for sends that could reach its strategy.
    @usableFromInline @exclusivity(unchecked) var inFlight: (screen: Int, userAction: Int, event: Int, state: Int) = (
        0, 0, 0, 0
    )

    init(
        generation: UInt64 = 0,
        members: [any AnalyticsStrategy<Schema>] = [],
        screen: [any AnalyticsScreenStrategy<Schema>] = [],
        userAction: [any AnalyticsUserActionStrategy<Schema>] = [],
        event: [any AnalyticsEventStrategy<Schema>] = [],
        state: [any AnalyticsStateStrategy<Schema>] = []
    ) {
        self.generation = generation
        self.members = members
        self.screen = screen
        self.userAction = userAction
        self.event = event
        self.state = state
        var channels: AnalyticsChannelSet = []
        if !screen.isEmpty { channels.insert(.screen) }
        if !userAction.isEmpty { channels.insert(.userAction) }
        if !event.isEmpty { channels.insert(.event) }
        if !state.isEmpty { channels.insert(.state) }
        self.channels = channels
    }

    func contains(_ strategy: ObjectIdentifier) -> Bool {
        members.contains { ObjectIdentifier($0) == strategy }
    }

    // MARK: - Sends in flight (under the hub's lock)

    /// Counts one more send of `channel` delivering from this roster.
    @inlinable
    func beginSend(on channel: AnalyticsChannel) {
        switch channel {
        case .screen: inFlight.screen += 1
        case .userAction: inFlight.userAction += 1
        case .event: inFlight.event += 1
        case .state: inFlight.state += 1
        }
    }

    /// Counts one send of `channel` less.
    @inlinable
    func endSend(on channel: AnalyticsChannel) {
        switch channel {
        case .screen: inFlight.screen -= 1
        case .userAction: inFlight.userAction -= 1
        case .event: inFlight.event -= 1
        case .state: inFlight.state -= 1
        }
    }

    /// Whether no send is delivering from this roster.
    @inlinable
    var isIdle: Bool { inFlight == (0, 0, 0, 0) }

    /// Whether a send delivering from this roster could still reach `strategy`.
    func mayStillDeliver(to strategy: ObjectIdentifier) -> Bool {
        (inFlight.screen > 0 && screen.contains { ObjectIdentifier($0) == strategy })
            || (inFlight.userAction > 0 && userAction.contains { ObjectIdentifier($0) == strategy })
            || (inFlight.event > 0 && event.contains { ObjectIdentifier($0) == strategy })
            || (inFlight.state > 0 && state.contains { ObjectIdentifier($0) == strategy })
    }

    // MARK: - New rosters

    /// This roster plus `strategy`, in the channels it was sorted into.
    func adding(_ strategy: Admission<Schema>, generation: UInt64) -> Roster {
        Roster(
            generation: generation,
            members: members + [strategy.member],
            screen: screen + (strategy.screen.map { [$0] } ?? []),
            userAction: userAction + (strategy.userAction.map { [$0] } ?? []),
            event: event + (strategy.event.map { [$0] } ?? []),
            state: state + (strategy.state.map { [$0] } ?? [])
        )
    }

    /// This roster without `strategy`.
    func removing(_ strategy: ObjectIdentifier, generation: UInt64) -> Roster {
        Roster(
            generation: generation,
            members: members.filter { ObjectIdentifier($0) != strategy },
            screen: screen.filter { ObjectIdentifier($0) != strategy },
            userAction: userAction.filter { ObjectIdentifier($0) != strategy },
            event: event.filter { ObjectIdentifier($0) != strategy },
            state: state.filter { ObjectIdentifier($0) != strategy }
        )
    }
}
