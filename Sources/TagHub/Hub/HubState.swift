#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything about a hub that changes, with the lock that guards it.
///
/// `@unchecked Sendable` is safe: every `var` is read and written only while `lock` is held, and
/// the type is private to the hub, which follows that rule in each of its few critical sections.
/// For the same reason the `var`s skip the run-time exclusivity checks: the lock already makes
/// every access exclusive, and each check is a call on every send (what they cost: the table of
/// tricks in Docs/Architecture.md).

final class HubState<Schema: AnalyticsSchema>: @unchecked Sendable {
    let lock = ConditionLock()

    /// The screens shown, within the hub's bound; contexts are snapshots of it.
    @exclusivity(unchecked) var history = ScreenHistory<Schema.Screen>()

    /// The session and the states that the next context carries.
    @exclusivity(unchecked) var record = ContextRecord<Schema>.empty

    /// When the last tag was sent (the clock's latest reading), in seconds since 2001, or minus
    /// infinity before the first: what the session timeout counts from. Not a `Date?`: see "The
    /// rest of the context" in Docs/Architecture.md.
    @exclusivity(unchecked) var lastActivity = -Double.infinity

    /// Strategies being caught up by `attach`, before they join the roster: `true` once a
    /// `detach` asked that they do not join.
    @exclusivity(unchecked) var joining: [ObjectIdentifier: Bool] = [:]

    /// The strategies attached now.
    @exclusivity(unchecked) var roster = Roster<Schema>()

    /// Rosters replaced by attach or detach while sends were still delivering from them.
    /// `detach` waits until none could still deliver to its strategy.
    @exclusivity(unchecked) var retired: [Roster<Schema>] = []

    /// Strategies registered with an `AnalyticsConsent` of this hub, and every strategy on their
    /// chains, each with the one registered: consent attaches them (behind a gate), `attach` does
    /// not, alone or wrapped. An array of a few, read by attaching and registering, not by sends (see
    /// "Shapes kept for bytes" in Docs/Architecture.md).
    @exclusivity(unchecked) var registeredWithConsent: [(stage: ObjectIdentifier, owner: ObjectIdentifier)] = []

    /// Calls to `detach` waiting for `retired` to drain, so that finishing sends know to wake them.
    @exclusivity(unchecked) var waitingDetaches = 0

    /// Whether a tag sent at `now` (seconds since 2001) starts a new session: the first tag does,
    /// and so does one sent `timeout` seconds or more after the last (never when `timeout` is
    /// infinite, but for the first).
    func sessionLapses(at now: Double, timeout: Double) -> Bool {
        // Written so that "not a number" (a clock that reads nonsense) takes the slow path,
        // which decides with ``sessionHasLapsed(at:timeout:)``.
        !(now - lastActivity < timeout)
    }

    /// ``sessionLapses(at:timeout:)``, checked again where a session would start: no session yet,
    /// or one whose last tag had a time (a clock that read "not a number" for every tag so far
    /// gives none), `timeout` or more before `now`.
    func sessionHasLapsed(at now: Double, timeout: Double) -> Bool {
        record.session.number == 0 || (lastActivity > -.infinity && now - lastActivity >= timeout)
    }

    /// The generation for the next roster.
    func nextGeneration() -> UInt64 {
        roster.generation + 1
    }
}
