import TagHub

/// One delivery as a strategy saw it: the tag and its screens (the whole context is in
/// `fullContext`, which equality ignores).
struct Delivery: Sendable, Hashable, CustomStringConvertible {
    let tag: AnalyticsTag<SeedAnalytics>
    let context: ScreenHistory<SeedAnalytics.Screen>
    let fullContext: SeedAnalytics.Context

    init(_ tag: AnalyticsTag<SeedAnalytics>, _ context: ScreenHistory<SeedAnalytics.Screen>) {
        self.tag = tag
        self.context = context
        self.fullContext = SeedAnalytics.Context(history: context)
    }

    init(_ tag: AnalyticsTag<SeedAnalytics>, in context: SeedAnalytics.Context) {
        self.tag = tag
        self.context = context.history
        self.fullContext = context
    }

    static func == (left: Self, right: Self) -> Bool {
        left.tag == right.tag && left.context == right.context
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(tag)
        hasher.combine(context)
    }

    var description: String { "\(tag) on \(context)" }
}

/// Records every tag of every channel, in order, and runs `onReceive` (outside its lock) after recording.
final class DeliveryRecorder: AnalyticsScreenStrategy, AnalyticsUserActionStrategy, AnalyticsEventStrategy,
    AnalyticsStateStrategy
{
    typealias Schema = SeedAnalytics

    let name: String
    private let log = LockedLog<Delivery>()
    private let onReceive: @Sendable (Delivery) -> Void

    init(_ name: String = "recorder", onReceive: @escaping @Sendable (Delivery) -> Void = { _ in }) {
        self.name = name
        self.onReceive = onReceive
    }

    var deliveries: [Delivery] { log.items }
    var tags: [AnalyticsTag<SeedAnalytics>] { log.items.map(\.tag) }

    func send(screen: Schema.ScreenEnvelope) { receive(Delivery(.screen(screen.tag), in: screen.context)) }
    func send(userAction: Schema.UserActionEnvelope) {
        receive(Delivery(.userAction(userAction.tag), in: userAction.context))
    }
    func send(event: Schema.EventEnvelope) { receive(Delivery(.event(event.tag), in: event.context)) }
    func send(state: Schema.StateEnvelope) { receive(Delivery(.state(state.tag), in: state.context)) }

    private func receive(_ delivery: Delivery) {
        log.append(delivery)
        onReceive(delivery)
    }
}

/// Adopts only the user-action channel.
final class UserActionOnlyStrategy: AnalyticsUserActionStrategy {
    typealias Schema = SeedAnalytics
    private let log = LockedLog<SeedAnalytics.UserAction>()
    var actions: [SeedAnalytics.UserAction] { log.items }
    func send(userAction: Schema.UserActionEnvelope) { log.append(userAction.tag) }
}

/// Adopts every channel but accepts only those given, and counts how often the hub asks.
final class NarrowStrategy: AnalyticsScreenStrategy, AnalyticsUserActionStrategy, AnalyticsEventStrategy,
    AnalyticsStateStrategy
{
    typealias Schema = SeedAnalytics
    private let accepted: AnalyticsChannelSet
    private let asked = LockedLog<Void>()
    private let log = LockedLog<AnalyticsChannel>()

    init(accepting accepted: AnalyticsChannelSet) { self.accepted = accepted }

    var acceptedChannels: AnalyticsChannelSet {
        asked.append(())
        return accepted
    }
    var timesAsked: Int { asked.items.count }
    var channelsReceived: [AnalyticsChannel] { log.items }

    func send(screen: Schema.ScreenEnvelope) { log.append(.screen) }
    func send(userAction: Schema.UserActionEnvelope) { log.append(.userAction) }
    func send(event: Schema.EventEnvelope) { log.append(.event) }
    func send(state: Schema.StateEnvelope) { log.append(.state) }
}

/// A strategy that adopts no channel at all.
final class SilentStrategy: AnalyticsStrategy {
    typealias Schema = SeedAnalytics
}

/// Runs `callback` when the hub asks for its accepted channels.
final class CallbackStrategy: AnalyticsEventStrategy {
    typealias Schema = SeedAnalytics
    private let callback: @Sendable () -> Void
    init(_ callback: @escaping @Sendable () -> Void) { self.callback = callback }
    var acceptedChannels: AnalyticsChannelSet {
        callback()
        return .all
    }
    func send(event: Schema.EventEnvelope) {}
}
