/// Decides which screen is current from what the app's views report, and sends it to the hub when
/// it changes.
///
/// Views report that a presentation of a screen appeared or disappeared (SwiftUI's `onAppear` and
/// `onDisappear`, UIKit's `viewDidAppear` and `viewDidDisappear`), each presentation with its own
/// ``ScreenPresentationID``. The tracker keeps the presentations on screen and calls
/// ``AnalyticsHub/send(screen:)`` only when another one becomes current:
///
/// - A presentation that appears becomes current, unless a presentation declared inside it is on
///   screen already: the innermost declared screen is current (a screen inside a tab inside a
///   split view).
/// - When the current presentation disappears (a sheet is dismissed), the one that appeared last
///   among those still on screen is current again: a ``ScreenTrackerOptions/sendsScreenViewOnReturn``
///   screen view, and the hub's current screen either way.
/// - A second appearance of a presentation on screen, and the disappearance of one that is not,
///   change nothing: a duplicate `onAppear`, or a disappearance that arrives after the next
///   screen's appearance, loses no screen.
///
/// ```swift
/// let tracker = ScreenTracker(hub: hub)
/// let favorites = ScreenPresentationID()
/// let player = ScreenPresentationID()
/// tracker.appeared(.favorites, as: favorites)  // hub.send(screen: .favorites)
/// tracker.appeared(.favorites, as: favorites)  // onAppear again: nothing
/// tracker.appeared(.podcastPlayer, as: player)  // a sheet: hub.send(screen: .podcastPlayer)
/// tracker.disappeared(player)  // dismissed: hub.send(screen: .favorites)
/// ```
///
/// ## Threads
///
/// Reports may come from any thread. They are applied in the order they take the tracker's lock,
/// and the screens they make current reach the hub in that order. The screen is sent before the
/// call returns, unless another thread is sending the tracker's screens at that moment: that
/// thread then sends it too, right after its own. A strategy may report to the tracker from its
/// `send`: the screen is sent once the current one is delivered. No lock is held while the hub
/// delivers.
public final class ScreenTracker<Schema: AnalyticsSchema>: Sendable {
    /// The hub the current screen is sent to.
    public let hub: AnalyticsHub<Schema>

    /// How reports become screen views.
    public let options: ScreenTrackerOptions

    private let state = ScreenPresence<Schema.Screen>()

    /// A tracker that sends the screens it makes current to `hub`.
    ///
    /// Report every screen through one tracker, and no screen to the hub directly: the tracker
    /// does not know about screens sent around it.
    public init(hub: AnalyticsHub<Schema>, options: ScreenTrackerOptions = ScreenTrackerOptions()) {
        self.hub = hub
        self.options = options
    }

    // MARK: - Reports

    /// Reports that `presentation`, of `screen`, appeared, declared inside `parent` if it is nested
    /// in another declared screen.
    ///
    /// It becomes current, and is sent to the hub, unless it is on screen already (nothing
    /// changes) or a presentation declared inside it is.
    public func appeared(
        _ screen: Schema.Screen,
        as presentation: ScreenPresentationID,
        inside parent: ScreenPresentationID? = nil
    ) {
        state.lock.lock()
        // The common report that changes nothing (a second `onAppear`) is answered here, by code
        // that needs no generic metadata: its cost is a lock round trip and a scan of a few integers.
        guard !state.isOnScreen(presentation) else { return state.lock.unlock() }
        appearLocked(screen, as: presentation, inside: parent)
    }

    /// With the lock held: records a presentation that is not on screen, then sends the current
    /// screen if it changed. Returns with the lock released. Apart from ``appeared(_:as:inside:)``,
    /// whose fast path would otherwise instantiate the metadata this needs on every call.
    @inline(never)
    private func appearLocked(
        _ screen: Schema.Screen,
        as presentation: ScreenPresentationID,
        inside parent: ScreenPresentationID?
    ) {
        _ = state.appear(screen, as: presentation, inside: parent)
        settleAndSend(since: state.nextOrder - 1)
    }

    /// Reports that `presentation` disappeared. When it was current, the presentation it covered
    /// is current again. Nothing changes if it is not on screen.
    public func disappeared(_ presentation: ScreenPresentationID) {
        state.lock.lock()
        // A late or second disappearance changes nothing: answered without generic code.
        guard state.isOnScreen(presentation) else { return state.lock.unlock() }
        let gone = state.disappear(presentation)
        settleAndSend(since: state.nextOrder)
        withExtendedLifetime(gone) {}
    }

    /// Applies `reports` together: only the presentation current after the last one is sent, if
    /// it changed. A push reported as "detail appeared, list disappeared", or a parent and its
    /// child appearing in either order, then make one screen view.
    public func apply(_ reports: [ScreenReport<Schema.Screen>]) {
        var gone: [Schema.Screen] = []
        defer { withExtendedLifetime(gone) {} }
        state.lock.lock()
        let firstOrder = state.nextOrder
        var changed = false
        for report in reports {
            switch report {
            case .appeared(let screen, let presentation, let parent):
                changed = state.appear(screen, as: presentation, inside: parent) || changed
            case .disappeared(let presentation):
                if let presentation = state.disappear(presentation) {
                    gone.append(presentation)
                    changed = true
                }
            }
        }
        guard changed else { return state.lock.unlock() }
        settleAndSend(since: firstOrder)
    }

    /// Keeps `report`, to be applied with the others kept, by ``applyKept()``, as one
    /// ``apply(_:)``.
    ///
    /// For UI code that reports as events come, and applies them once the events of one
    /// transition are all in: SwiftUI and UIKit report one transition's appearances and
    /// disappearances in one turn of the main run loop, in an order that varies.
    ///
    /// - Returns: `true` for the first report kept since the last ``applyKept()``: the caller
    ///   then arranges for ``applyKept()`` to run (at the end of this turn of the run loop, for
    ///   example).
    public func keep(_ report: ScreenReport<Schema.Screen>) -> Bool {
        state.lock.withLock {
            state.kept.append(report)
            return state.kept.count == 1
        }
    }

    /// Applies the reports kept by ``keep(_:)`` since the last call, as one ``apply(_:)``.
    public func applyKept() {
        let reports = state.lock.withLock {
            defer { state.kept = [] }
            return state.kept
        }
        apply(reports)
    }

    // MARK: - Background

    /// Reports that the app went to the background. Nothing is sent.
    public func enteredBackground() {
        state.lock.withLock { state.isInBackground = true }
    }

    /// Reports that the app came back from the background: sends the current screen again, as
    /// ``ScreenTrackerOptions/foregroundResend`` says. Nothing happens if the app was not in the
    /// background (a launch).
    public func enteredForeground() {
        // Read before the tracker's lock, which is a leaf: the hub's lock and the clock (app code)
        // are never reached while it is held.
        let resends =
            switch options.foregroundResend {
            case .never: false
            case .always: true
            case .whenSessionLapsed: hub.sessionHasLapsed
            }
        state.lock.lock()
        guard state.isInBackground else { return state.lock.unlock() }
        state.isInBackground = false
        guard resends, let screen = state.currentScreen else { return state.lock.unlock() }
        state.pending.append(.screenView(screen))
        sendPending()
    }

    // MARK: - Reading

    /// The screen of the current presentation; `nil` when nothing reported is on screen (the hub
    /// keeps the last screen it was sent).
    public var currentScreen: Schema.Screen? {
        state.lock.withLock { state.currentScreen }
    }

    /// The current presentation, if any.
    public var currentPresentation: ScreenPresentationID? {
        state.lock.withLock { state.current }
    }

    /// Whether `presentation` is on screen: it appeared, and has not disappeared since.
    public func isOnScreen(_ presentation: ScreenPresentationID) -> Bool {
        state.lock.withLock { state.isOnScreen(presentation) }
    }

    /// The first of `ancestors` that is on screen, or whose appearance is kept by ``keep(_:)``:
    /// the presentation a new one is declared inside, for UI code that knows which views contain
    /// it (UIKit's parent view controllers) but not which of them report a screen.
    public func enclosingPresentation(among ancestors: some Sequence<ScreenPresentationID>) -> ScreenPresentationID? {
        // Copied first: iterating the caller's sequence is app code, which never runs under the lock.
        let ancestors = Array(ancestors)
        return state.lock.withLock {
            ancestors.first { ancestor in
                state.isOnScreen(ancestor)
                    || state.kept.contains {
                        if case .appeared(_, ancestor, _) = $0 { true } else { false }
                    }
            }
        }
    }

    // MARK: - Sending

    /// With the lock held: finds the current presentation after reports applied since the
    /// appearance numbered `firstOrder`, and sends it if it changed. Returns with the lock released.
    private func settleAndSend(since firstOrder: UInt64) {
        switch state.settleScreen(since: firstOrder) {
        case nil:
            return state.lock.unlock()
        case .appeared(let screen):
            state.pending.append(.screenView(screen))
        case .returned(let screen):
            state.pending.append(options.sendsScreenViewOnReturn ? .screenView(screen) : .currentOnly(screen))
        }
        sendPending()
    }

    /// With the lock held: hands the pending screens to the hub, in order, with the lock released
    /// during each, unless another call on the stack or on another thread is doing it already.
    /// Returns with the lock released.
    private func sendPending() {
        guard !state.isSending else { return state.lock.unlock() }
        state.isSending = true
        while !state.pending.isEmpty {
            // Taken all at once: screens reported meanwhile, from a strategy or another thread,
            // wait for the next round.
            let batch = state.pending
            state.pending = []
            state.lock.unlock()
            for next in batch {
                switch next {
                case .screenView(let screen): hub.send(screen: screen)
                case .currentOnly(let screen): hub.makeCurrent(screen)
                }
            }
            state.lock.lock()
        }
        state.isSending = false
        state.lock.unlock()
    }
}

/// What a ``ScreenTracker`` hands to its hub.
enum PendingScreen<Screen> {
    /// A screen view: `send(screen:)`.
    case screenView(Screen)
    /// The current screen, not delivered to strategies.
    case currentOnly(Screen)
}
