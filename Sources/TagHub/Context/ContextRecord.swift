#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The slow-changing part of a context, shared by every context taken between two changes: the
/// session, and the states in the order they were last set.
///
/// Immutable: a session that starts, or a state that changes, makes a new record (the states are
/// copied then, once per change, not per tag). A context holds one reference, so taking one costs
/// the same whatever the number of states.
///
/// `@unchecked Sendable` is safe: every property is a `let`, and the states and screens it holds
/// are `Sendable` (the schema requires it).
@usableFromInline
final class ContextRecord<Schema: AnalyticsSchema>: @unchecked Sendable {
    /// One state as last set, with what its send knew: a catch-up delivers it with these.
    @usableFromInline
    struct Entry {
        @usableFromInline let key: Schema.StateKey
        @usableFromInline let value: Schema.State
        /// The hub's state version its send made: unique to that send.
        @usableFromInline let version: UInt64
        @usableFromInline let time: Date
        @usableFromInline let session: AnalyticsSession
        @usableFromInline let history: ScreenHistory<Schema.Screen>
    }

    @usableFromInline let session: AnalyticsSession
    /// The states, oldest set first; one per key.
    @usableFromInline let entries: ContiguousArray<Entry>
    /// The version of the last state set: 0 before any.
    @usableFromInline let version: UInt64
    /// For the record a state's send made: the entry of its key that it replaced, if any.
    let replaced: Entry?

    @usableFromInline
    init(session: AnalyticsSession, entries: ContiguousArray<Entry> = [], version: UInt64 = 0, replaced: Entry? = nil) {
        self.session = session
        self.entries = entries
        self.version = version
        self.replaced = replaced
    }

    /// The record of a hub that has sent nothing, and of contexts made by hand without states.
    @usableFromInline static var empty: ContextRecord { ContextRecord(session: .none) }

    /// This record in `session`.
    func starting(_ session: AnalyticsSession) -> ContextRecord {
        ContextRecord(session: session, entries: entries, version: version)
    }

    /// This record with `value` set for `key`, last: the entry for `key` moves to the end.
    func setting(
        _ value: Schema.State,
        for key: Schema.StateKey,
        at time: Date,
        history: ScreenHistory<Schema.Screen>
    ) -> ContextRecord {
        var entries = entries
        let replaced = entries.firstIndex { $0.key == key }.map { entries.remove(at: $0) }
        let version = version + 1
        entries.append(
            Entry(key: key, value: value, version: version, time: time, session: session, history: history)
        )
        return ContextRecord(session: session, entries: entries, version: version, replaced: replaced)
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
        return ContextRecord(session: session, entries: entries, version: entries.map(\.version).max() ?? 0)
    }

    /// The current value for `key`.
    @inlinable
    func value(for key: Schema.StateKey) -> Schema.State? {
        entries.last { $0.key == key }?.value
    }
}
