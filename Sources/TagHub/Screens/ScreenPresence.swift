/// The presentations on screen, as a ``ScreenTracker`` keeps them, and which one is current.
///
/// The current presentation is the one that appeared last among those with no declared child on
/// screen: the innermost declared screen wins over the screens it is inside, and what appeared
/// last (a sheet, a pushed screen) wins over what it covers. When it disappears, the one it
/// covered becomes current again.
struct ScreenPresence<Screen> {
    /// A presentation on screen.
    struct Presentation {
        var screen: Screen
        /// The presentation it is declared inside, if any.
        var parent: ScreenPresentationID?
        /// When it appeared, counted in appearances: what appeared later covers what appeared before.
        var order: UInt64
    }

    /// What becomes of the screens once some reports are applied.
    enum Change {
        /// A presentation that appeared became current: a screen view.
        case appeared(Screen)
        /// A presentation that was on screen already became current again.
        case returned(Screen)
    }

    /// The presentations on screen.
    private(set) var presentations: [ScreenPresentationID: Presentation] = [:]
    /// For each presentation, how many on screen are declared inside it (it may not have appeared
    /// yet: SwiftUI may report a child first).
    private var childCounts: [ScreenPresentationID: Int] = [:]
    /// The order the next appearance gets.
    private(set) var nextOrder: UInt64 = 0
    /// The current presentation, as of the last ``settle(since:)``.
    private(set) var current: ScreenPresentationID?

    /// Records that `presentation` appeared; `false` when it was on screen already (a duplicate,
    /// ignored).
    mutating func appear(
        _ screen: Screen,
        as presentation: ScreenPresentationID,
        inside parent: ScreenPresentationID?
    )
        -> Bool
    {
        guard presentations[presentation] == nil else { return false }
        // A presentation declared inside itself would hide itself: it is taken as having no parent.
        let parent = parent == presentation ? nil : parent
        presentations[presentation] = Presentation(screen: screen, parent: parent, order: nextOrder)
        nextOrder += 1
        if let parent {
            childCounts[parent, default: 0] += 1
        }
        return true
    }

    /// Records that `presentation` disappeared and returns it, for the caller to release after
    /// unlocking (its screen's `deinit` is app code); `nil` when it was not on screen (a late or
    /// a second report, ignored).
    mutating func disappear(_ presentation: ScreenPresentationID) -> Presentation? {
        guard let gone = presentations.removeValue(forKey: presentation) else { return nil }
        if let parent = gone.parent {
            let remaining = childCounts[parent, default: 1] - 1
            childCounts[parent] = remaining > 0 ? remaining : nil
        }
        return gone
    }

    /// Finds the current presentation again, after reports applied since the appearance numbered
    /// `firstOrder`; returns the change, if the current presentation is another one.
    mutating func settle(since firstOrder: UInt64) -> Change? {
        var newest: (id: ScreenPresentationID, presentation: Presentation)?
        for (id, presentation) in presentations where childCounts[id] == nil {
            if newest.map({ presentation.order > $0.presentation.order }) ?? true {
                newest = (id, presentation)
            }
        }
        guard let newest, newest.id != current else {
            // Nothing on screen: the hub keeps the last screen it was shown.
            if newest == nil { current = nil }
            return nil
        }
        current = newest.id
        return newest.presentation.order >= firstOrder
            ? .appeared(newest.presentation.screen) : .returned(newest.presentation.screen)
    }

    /// The screen of the current presentation, if any.
    var currentScreen: Screen? {
        current.flatMap { presentations[$0]?.screen }
    }
}
