#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The slow-changing part of a context, shared by every context taken between two changes: the
/// session, and the states in the order they were last set.
///
/// Immutable: a session that starts, or a state that changes, makes a new record (see "The rest of
/// the context" in Docs/Architecture.md).
///
/// `@unchecked Sendable` is safe: every property is a `let`, and the states and screens it holds
/// are `Sendable` (the schema requires it).
@usableFromInline
final class ContextRecord<Schema: AnalyticsSchema>: @unchecked Sendable {
    /// A state and its key: what a context's states are made of. A class, so that a list of
    /// states holds references (see "The rest of the context" in Docs/Architecture.md).
    @usableFromInline
    final class StateValue {
        @usableFromInline let key: Schema.StateKey
        @usableFromInline let value: Schema.State

        init(key: Schema.StateKey, value: Schema.State) {
            self.key = key
            self.value = value
        }
    }

    /// One state as last set, with what its send knew: a catch-up delivers it with these. A class,
    /// for the same reason as ``StateValue``.
    final class Entry {
        /// When it was sent.
        var time: Date { Date(timeIntervalSinceReferenceDate: seconds) }

        let state: StateValue
        /// The states when it was sent, it included: its context's, when a catch-up delivers it.
        /// States, not entries: an entry holding entries would keep every earlier one alive.
        let statesAtSend: ContiguousArray<AnyObject>
        var key: Schema.StateKey { state.key }
        var value: Schema.State { state.value }
        /// The hub's state version its send made: unique to that send.
        let version: UInt64
        /// The time of its send, in seconds since 2001 (see `AnalyticsSession.startSeconds`).
        let seconds: Double
        let session: AnalyticsSession
        let history: ScreenHistory<Schema.Screen>

        init(
            state: StateValue,
            statesAtSend: ContiguousArray<AnyObject>,
            version: UInt64,
            seconds: Double,
            session: AnalyticsSession,
            history: ScreenHistory<Schema.Screen>
        ) {
            self.state = state
            self.statesAtSend = statesAtSend
            self.version = version
            self.seconds = seconds
            self.session = session
            self.history = history
        }
    }

    /// The delivery scope of the hub that made the record: every envelope whose context holds the
    /// record reports there. Here, not in the envelope: see "Tricks on the send path".
    let scope: DeliveryScope?
    let session: AnalyticsSession
    /// The states (``StateValue``s), oldest set first; one per key. As `AnyObject`s: see "Tricks on
    /// the send path" in Docs/Architecture.md.
    @usableFromInline let values: ContiguousArray<AnyObject>
    /// For the hub's records: the entries of `values`, one for one, with what each send knew. A
    /// catch-up's record has none.
    let entries: ContiguousArray<Entry>
    /// The version of the last state set: 0 before any.
    let version: UInt64
    /// For the record a state's send made: the entry of its key that it replaced, if any.
    let replaced: Entry?

    init(
        scope: DeliveryScope?,
        session: AnalyticsSession,
        values: ContiguousArray<AnyObject> = [],
        entries: ContiguousArray<Entry> = [],
        version: UInt64 = 0,
        replaced: Entry? = nil
    ) {
        self.scope = scope
        self.session = session
        self.values = values
        self.entries = entries
        self.version = version
        self.replaced = replaced
    }

    /// The record of contexts made by hand without states.
    static var empty: ContextRecord { ContextRecord(scope: nil, session: .none) }

    /// This record in `session`.
    func starting(_ session: AnalyticsSession) -> ContextRecord {
        ContextRecord(scope: scope, session: session, values: values, entries: entries, version: version)
    }

    /// This record, reporting to `scope`.
    func reporting(to scope: DeliveryScope?) -> ContextRecord {
        ContextRecord(
            scope: scope,
            session: session,
            values: values,
            entries: entries,
            version: version,
            replaced: replaced
        )
    }

    /// This record with `value` set for `key`, last: the entry for `key` moves to the end.
    func setting(
        _ value: Schema.State,
        for key: Schema.StateKey,
        at seconds: Double,
        history: ScreenHistory<Schema.Screen>
    ) -> ContextRecord {
        var entries = entries
        var values = values
        // `values` and `entries` go one for one in a hub's record; one made by hand has both too.
        let index = values.firstIndex { unsafeDowncast($0, to: StateValue.self).key == key }
        if let index { values.remove(at: index) }
        let replaced = index.flatMap { $0 < entries.count ? entries.remove(at: $0) : nil }
        let state = StateValue(key: key, value: value)
        values.append(state)
        let version = version + 1
        entries.append(
            Entry(
                state: state,
                statesAtSend: values,
                version: version,
                seconds: seconds,
                session: session,
                history: history
            )
        )
        return ContextRecord(
            scope: scope,
            session: session,
            values: values,
            entries: entries,
            version: version,
            replaced: replaced
        )
    }

    /// For the record a state's send made: the states just before that send, which the consent
    /// replay catches up with when that state is the oldest tag kept.
    func beforeLastSet() -> ContextRecord {
        guard !entries.isEmpty else { return self }
        var entries = entries
        entries.removeLast()
        if let replaced {
            entries.insert(replaced, at: entries.firstIndex { $0.version > replaced.version } ?? entries.endIndex)
        }
        return ContextRecord(
            scope: scope,
            session: session,
            values: ContiguousArray(entries.map { $0.state as AnyObject }),
            entries: entries,
            version: entries.map(\.version).max() ?? 0
        )
    }

    /// The state at `index` of ``values``.
    @inlinable
    func state(at index: Int) -> StateValue {
        unsafeDowncast(values[index], to: StateValue.self)
    }

    /// The current value for `key`.
    @inlinable
    func value(for key: Schema.StateKey) -> Schema.State? {
        values.lastIndex { unsafeDowncast($0, to: StateValue.self).key == key }.map { state(at: $0).value }
    }
}
