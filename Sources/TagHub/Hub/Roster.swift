internal import _TagHubAtomics

/// The strategies attached to a hub at one moment, sorted by channel once, at attach.
///
/// Immutable except for its counters of sends in flight and its mark of being replaced: attach
/// and detach build a new roster, so a send that took this one keeps a consistent list while it
/// delivers, without holding the hub's lock.
///
/// `@unchecked Sendable` is safe: every stored property is a `let`; all but `counters` hold
/// `Sendable` values, and the words `counters` points to (allocated once, never reassigned) are
/// only read and written through C atomic operations (`_TagHubAtomics`), sequentially
/// consistent.
@usableFromInline
final class Roster<Schema: AnalyticsSchema>: @unchecked Sendable {
    /// Increases by one with each roster a hub makes; the first is 0.
    let generation: UInt64
    let members: [any AnalyticsStrategy<Schema>]
    /// The members that take each channel, in attach order, in memory of the roster's own, not
    /// arrays (see "Tricks on the send path" in Docs/Architecture.md).
    let screen: UnsafeBufferPointer<any AnalyticsScreenStrategy<Schema>>
    let userAction: UnsafeBufferPointer<any AnalyticsUserActionStrategy<Schema>>
    let event: UnsafeBufferPointer<any AnalyticsEventStrategy<Schema>>
    let state: UnsafeBufferPointer<any AnalyticsStateStrategy<Schema>>
    /// The channels at least one member takes.
    let channels: AnalyticsChannelSet

    /// Four words, one per channel (screen, user action, event, state), each read and written
    /// atomically: the sends that took this roster and have not finished delivering, and the bit
    /// ``retiredBit``, set once the hub replaced the roster (see "Atomics" in Docs/Architecture.md).
    private let counters: UnsafeMutablePointer<Int>

    /// The bit of each counter that says the roster is retired: far above any count of sends
    /// (bit 40, or 30 where a word has 32 bits).
    private static var retiredBit: Int { Int.bitWidth == 64 ? 1 << 40 : 1 << 30 }

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
        self.screen = Self.stored(screen)
        self.userAction = Self.stored(userAction)
        self.event = Self.stored(event)
        self.state = Self.stored(state)
        var channels: AnalyticsChannelSet = []
        if !screen.isEmpty { channels.insert(.screen) }
        if !userAction.isEmpty { channels.insert(.userAction) }
        if !event.isEmpty { channels.insert(.event) }
        if !state.isEmpty { channels.insert(.state) }
        self.channels = channels
        counters = .allocate(capacity: AnalyticsChannel.allCases.count)
        counters.initialize(repeating: 0, count: AnalyticsChannel.allCases.count)
    }

    deinit {
        counters.deinitialize(count: AnalyticsChannel.allCases.count)
        counters.deallocate()
        Self.release(screen)
        Self.release(userAction)
        Self.release(event)
        Self.release(state)
    }

    /// A copy of `list` in memory of the roster's own, released by ``release(_:)``.
    private static func stored<Element>(_ list: [Element]) -> UnsafeBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: list.count)
        _ = buffer.initialize(from: list)
        return UnsafeBufferPointer(buffer)
    }

    private static func release<Element>(_ list: UnsafeBufferPointer<Element>) {
        UnsafeMutableBufferPointer(mutating: list).deinitialize().deallocate()
    }

    func contains(_ strategy: ObjectIdentifier) -> Bool {
        members.contains { ObjectIdentifier($0) == strategy }
    }

    // MARK: - Sends in flight

    /// The word that counts the sends of `channel`.
    private func counter(of channel: AnalyticsChannel) -> UnsafeMutablePointer<Int> {
        switch channel {
        case .screen: counters
        case .userAction: counters + 1
        case .event: counters + 2
        case .state: counters + 3
        }
    }

    /// Counts one more send of `channel` delivering from this roster. Called under the hub's lock,
    /// while the roster is the hub's current one: a `detach` that replaces it afterwards sees it.
    func beginSend(on channel: AnalyticsChannel) {
        _ = taghub_atomic_fetch_add(counter(of: channel), 1)
    }

    /// Counts one send of `channel` less, without the hub's lock; returns whether the roster is
    /// retired, in which case the caller takes the lock to let go of retired rosters once idle and
    /// to wake a waiting `detach`. Why this is safe: "Atomics" in Docs/Architecture.md.
    func endSend(on channel: AnalyticsChannel) -> Bool {
        taghub_atomic_fetch_add(counter(of: channel), -1) & Self.retiredBit != 0
    }

    /// Marks the roster replaced by the hub (under its lock): a send that ends from it afterwards
    /// takes the hub's lock.
    func markRetired() {
        for channel in AnalyticsChannel.allCases { _ = taghub_atomic_fetch_or(counter(of: channel), Self.retiredBit) }
    }

    /// The sends of `channel` delivering from this roster.
    private func inFlight(_ channel: AnalyticsChannel) -> Int {
        taghub_atomic_load(counter(of: channel)) & ~Self.retiredBit
    }

    /// Whether no send is delivering from this roster.
    var isIdle: Bool {
        AnalyticsChannel.allCases.allSatisfy { inFlight($0) == 0 }
    }

    /// Whether a send delivering from this roster could still reach `strategy`.
    func mayStillDeliver(to strategy: ObjectIdentifier) -> Bool {
        (inFlight(.screen) > 0 && screen.contains { ObjectIdentifier($0) == strategy })
            || (inFlight(.userAction) > 0 && userAction.contains { ObjectIdentifier($0) == strategy })
            || (inFlight(.event) > 0 && event.contains { ObjectIdentifier($0) == strategy })
            || (inFlight(.state) > 0 && state.contains { ObjectIdentifier($0) == strategy })
    }

    // MARK: - Fan-out

    /// Calls `send` with each of `receivers`, one of this roster's lists, but those `thread`
    /// detached from `hub` while delivering.
    ///
    /// Always inlined, and a plain loop, for the same reason as the lists' storage.
    @inline(__always)
    func fanOut<Receiver>(
        to receivers: UnsafeBufferPointer<Receiver>,
        on thread: DeliveryThread,
        for hub: AnyObject,
        _ send: (Receiver) -> Void
    ) {
        var index = 0
        while index < receivers.count {
            if !thread.hasDetachments || !thread.skips(receivers[index] as AnyObject, of: hub, generation: generation) {
                send(receivers[index])
            }
            index += 1
        }
    }

    // MARK: - New rosters

    /// This roster plus `strategy`, in the channels it was sorted into.
    func adding(_ strategy: Admission<Schema>, generation: UInt64) -> Roster {
        Roster(
            generation: generation,
            members: members + [strategy.member],
            screen: Array(screen) + (strategy.screen.map { [$0] } ?? []),
            userAction: Array(userAction) + (strategy.userAction.map { [$0] } ?? []),
            event: Array(event) + (strategy.event.map { [$0] } ?? []),
            state: Array(state) + (strategy.state.map { [$0] } ?? [])
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
