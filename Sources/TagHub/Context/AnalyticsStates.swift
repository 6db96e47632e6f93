/// The app's current states, as kept by the hub: the latest value for each key of the schema
/// (``AnalyticsSchema/stateKey(of:)``), in the order they were last set.
///
/// A converter reads it from its context to add a state to every tag, as Mixpanel's "super
/// properties" do:
///
/// ```swift
/// enum PlayerAnalytics: AnalyticsSchema {
///     typealias Screen = PodcastAnalytics.Screen
///     typealias UserAction = PodcastAnalytics.UserAction
///     typealias Event = Never
///     enum State: Sendable, Hashable { case autoPlay(Bool), loggedIn(userID: String) }
///     enum StateKey: Hashable, Sendable { case autoPlay, user }
///
///     static func stateKey(of state: State) -> StateKey? {
///         switch state {
///         case .autoPlay: .autoPlay
///         case .loggedIn: .user
///         }
///     }
/// }
///
/// let hub = AnalyticsHub<PlayerAnalytics>()
/// hub.send(state: .autoPlay(true))
/// hub.send(state: .loggedIn(userID: "user-42"))
/// hub.send(state: .autoPlay(false))  // replaces autoPlay(true)
/// let states = hub.context.states  // what a tag sent now carries
/// #expect(states[.autoPlay] == .autoPlay(false))
/// #expect(Array(states) == [.loggedIn(userID: "user-42"), .autoPlay(false)])
/// ```
///
/// A value, taken with the context: it never changes, whatever states are sent afterwards. It
/// shares the hub's storage rather than copying it.
public struct AnalyticsStates<Schema: AnalyticsSchema>: Sendable {
    @usableFromInline let record: ContextRecord<Schema>

    @inlinable
    init(record: ContextRecord<Schema>) {
        self.record = record
    }

    /// The current value for `key`, or `nil` when no state of that key was sent.
    @inlinable
    public subscript(key: Schema.StateKey) -> Schema.State? {
        record.value(for: key)
    }
}

extension AnalyticsStates: RandomAccessCollection {
    /// The position of the state set longest ago: always 0.
    @inlinable
    public var startIndex: Int { 0 }

    /// The number of states.
    @inlinable
    public var endIndex: Int { record.values.count }

    /// The state at `position`, 0 being the one set longest ago.
    @inlinable
    public subscript(position: Int) -> Schema.State {
        record.state(at: position).value
    }
}

extension AnalyticsStates: Equatable where Schema.State: Equatable {
    /// Whether both hold the same states in the same order.
    public static func == (left: Self, right: Self) -> Bool {
        left.record === right.record || left.elementsEqual(right)
    }
}

extension AnalyticsStates: Hashable where Schema.State: Hashable {
    /// Hashes the states in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for state in self {
            hasher.combine(state)
        }
    }
}

extension AnalyticsStates: CustomStringConvertible {
    /// The states, set longest ago first, for example `[autoPlay(true), loggedIn(userID: "42")]`.
    public var description: String {
        "[" + map { String(describing: $0) }.joined(separator: ", ") + "]"
    }
}
