/// The part of a ``ScreenTracker``'s state that does not depend on the screen type, with the lock
/// that guards all of it: what a report that changes nothing reads.
///
/// Not generic, so that its fields sit at fixed offsets: the duplicate check costs a lock round
/// trip and a scan of a few integers, whatever the app's schema.
///
/// `@unchecked Sendable` is safe: every `var` here and in ``ScreenPresence`` is read and written
/// only while `lock` is held. The `var`s skip the run-time exclusivity checks: the lock already
/// makes every access exclusive.
class ScreenPresenceBase: @unchecked Sendable {
    let lock = ConditionLock()

    /// The presentations on screen, by ``ScreenPresentationID/rawValue``, in the order they appeared.
    @exclusivity(unchecked) final var onScreen: [UInt64] = []

    /// For each presentation of ``onScreen``, the one it is declared inside, or 0 for none (no
    /// identity is 0).
    @exclusivity(unchecked) final var parents: [UInt64] = []

    /// For each presentation of ``onScreen``, whether it has been current since it appeared: the
    /// first time it becomes current is an appearance (a screen view), any later time a return.
    @exclusivity(unchecked) final var wasCurrent: [Bool] = []

    /// The current presentation, as of the last ``settle()``.
    @exclusivity(unchecked) final var current: ScreenPresentationID?

    /// Whether a call is handing the pending screens to the hub.
    @exclusivity(unchecked) final var isSending = false

    /// Whether the app is in the background.
    @exclusivity(unchecked) final var isInBackground = false

    /// How many reports are kept for the next batch: the count of the subclass's `kept`, stored
    /// here because reading that generic array's count from the UI's duplicate check would look up
    /// its metadata on every report. Changed only with `kept`.
    @exclusivity(unchecked) final var keptCount = 0

    /// Whether `presentation` is on screen.
    final func isOnScreen(_ presentation: ScreenPresentationID) -> Bool {
        onScreen.contains(presentation.rawValue)
    }

    /// Records a presentation that is not on screen.
    final func appendPresentation(_ presentation: ScreenPresentationID, inside parent: ScreenPresentationID?) {
        onScreen.append(presentation.rawValue)
        // A presentation declared inside itself would hide itself: it is taken as having no parent.
        parents.append(parent == presentation ? 0 : parent?.rawValue ?? 0)
        wasCurrent.append(false)
    }

    /// Removes the presentation at `index` of ``onScreen``.
    final func removePresentation(at index: Int) {
        onScreen.remove(at: index)
        parents.remove(at: index)
        wasCurrent.remove(at: index)
    }

    /// Finds the current presentation again: returns its index in ``onScreen``, and whether this is
    /// the first time it is current since it appeared, if it is another one than before.
    ///
    /// Scans from the newest appearance back for one that no presentation on screen is declared
    /// inside: quadratic in the presentations on screen, which are few, and only when a report
    /// changed them.
    final func settle() -> (index: Int, appeared: Bool)? {
        var index = onScreen.count - 1
        while index >= 0, parents.contains(onScreen[index]) {
            index -= 1
        }
        guard index >= 0 else {
            // Nothing on screen: the hub keeps the last screen it was shown.
            current = nil
            return nil
        }
        let id = ScreenPresentationID(rawValue: onScreen[index])
        let appeared = !wasCurrent[index]
        // Also when it is current already: it may have disappeared and appeared again in the same
        // batch, and its next time as current is then a return.
        wasCurrent[index] = true
        guard id != current else { return nil }
        current = id
        return (index, appeared)
    }
}

/// The presentations on screen, as a ``ScreenTracker`` keeps them, and which one is current, with
/// the screens the tracker has yet to hand to its hub.
///
/// The current presentation is the one that appeared last among those with no declared child on
/// screen: the innermost declared screen wins over the screens it is inside, and what appeared
/// last (a sheet, a pushed screen) wins over what it covers. When it disappears, the one it
/// covered becomes current again.
final class ScreenPresence<Screen: Sendable>: ScreenPresenceBase, @unchecked Sendable {
    /// The screen of each presentation of ``ScreenPresenceBase/onScreen``.
    @exclusivity(unchecked) var screens: [Screen] = []

    // The pending screens and the kept reports are each two arrays: see "Shapes kept for bytes" in
    // Docs/Architecture.md.

    /// Screens decided but not handed to the hub yet, oldest first.
    @exclusivity(unchecked) var pending: [Screen] = []
    /// For each of `pending`: whether it is a screen view (`send(screen:)`), rather than only the
    /// current screen, not delivered to strategies.
    @exclusivity(unchecked) var pendingIsScreenView: [Bool] = []

    /// Reports kept by `keep(_:)`, oldest first.
    @exclusivity(unchecked) var kept: [ScreenReport<Screen>] = []
    /// For each of `kept`: for an appearance declared inside the first of some presentations that
    /// is on screen, or appears in the same batch, those presentations (the report's own parent is
    /// then unused); `nil` for the others.
    @exclusivity(unchecked) var keptInsideFirstOf: [[ScreenPresentationID]?] = []

    /// Records that `presentation` appeared; `false` when it was on screen already (a duplicate,
    /// ignored).
    func appear(_ screen: Screen, as presentation: ScreenPresentationID, inside parent: ScreenPresentationID?) -> Bool {
        guard !isOnScreen(presentation) else { return false }
        appendPresentation(presentation, inside: parent)
        screens.append(screen)
        return true
    }

    /// Records that `presentation` disappeared and returns its screen, for the caller to release
    /// after unlocking (its `deinit` is app code); `nil` when it was not on screen (a late or a
    /// second report, ignored).
    func disappear(_ presentation: ScreenPresentationID) -> Screen? {
        guard let index = onScreen.firstIndex(of: presentation.rawValue) else { return nil }
        removePresentation(at: index)
        return screens.remove(at: index)
    }

    /// ``ScreenPresenceBase/settle()``, and queues the screen that became current: as a screen view
    /// when its presentation appeared, or when `viewOnReturn` (it was on screen already, and became
    /// current again). `false` when the current presentation did not change.
    func settleAndQueue(viewOnReturn: Bool) -> Bool {
        guard let (index, appeared) = settle() else { return false }
        queue(screens[index], isScreenView: appeared || viewOnReturn)
        return true
    }

    /// Queues `screen` to be handed to the hub.
    func queue(_ screen: Screen, isScreenView: Bool) {
        pending.append(screen)
        pendingIsScreenView.append(isScreenView)
    }

    /// The screen of the current presentation, if any.
    var currentScreen: Screen? {
        guard let current, let index = onScreen.firstIndex(of: current.rawValue) else { return nil }
        return screens[index]
    }
}
