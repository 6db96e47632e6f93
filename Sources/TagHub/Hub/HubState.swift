/// Everything about a hub that changes, with the lock that guards it.
///
/// `@unchecked Sendable` is safe: every `var` is read and written only while `lock` is held, and
/// the type is private to the hub, which follows that rule in each of its few critical sections.
final class HubState<Schema: AnalyticsSchema>: @unchecked Sendable {
    let lock = ConditionLock()

    /// The screens shown, within the hub's bound; contexts are snapshots of it.
    var history = ScreenHistory<Schema.Screen>()

    /// The strategies attached now.
    var roster = Roster<Schema>()

    /// Rosters replaced by attach or detach while sends were still delivering from them.
    /// `detach` waits until none could still deliver to its strategy.
    var retired: [Roster<Schema>] = []

    /// Calls to `detach` waiting for `retired` to drain, so that finishing sends know to wake them.
    var waitingDetaches = 0

    /// Nested sends dropped because too many were queued on one thread's delivery.
    var droppedTagCount = 0

    /// The generation for the next roster.
    func nextGeneration() -> UInt64 {
        roster.generation + 1
    }
}
