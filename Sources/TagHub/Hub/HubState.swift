/// Everything about a hub that changes, with the lock that guards it.
///
/// `@unchecked Sendable` is safe: every `var` is read and written only while `lock` is held, and
/// the type is private to the hub, which follows that rule in each of its few critical sections.
/// For the same reason the `var`s skip the run-time exclusivity checks: the lock already makes
/// every access exclusive, and each check costs instructions on every send (the checks of
/// `DeliveryThread` alone cost about 600 of a send's 890: Docs/Performance.md).
@usableFromInline
final class HubState<Schema: AnalyticsSchema>: @unchecked Sendable {
    @usableFromInline let lock = ConditionLock()

    /// The screens shown, within the hub's bound; contexts are snapshots of it.
    @usableFromInline @exclusivity(unchecked) var history = ScreenHistory<Schema.Screen>()

    /// The strategies attached now.
    @usableFromInline @exclusivity(unchecked) var roster = Roster<Schema>()

    /// Rosters replaced by attach or detach while sends were still delivering from them.
    /// `detach` waits until none could still deliver to its strategy.
    @usableFromInline @exclusivity(unchecked) var retired: [Roster<Schema>] = []

    /// Strategies registered with an `AnalyticsConsent` of this hub: consent attaches them (behind
    /// a gate), `attach` does not.
    @exclusivity(unchecked) var registeredWithConsent: Set<ObjectIdentifier> = []

    /// Calls to `detach` waiting for `retired` to drain, so that finishing sends know to wake them.
    @usableFromInline @exclusivity(unchecked) var waitingDetaches = 0

    /// The generation for the next roster.
    func nextGeneration() -> UInt64 {
        roster.generation + 1
    }
}
