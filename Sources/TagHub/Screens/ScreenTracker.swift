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
/// let hub = AnalyticsHub<PodcastAnalytics>()
/// let tracker = ScreenTracker(hub: hub)
/// let favorites = ScreenPresentationID()
/// let player = ScreenPresentationID()
/// tracker.appeared(.favorites, as: favorites)  // hub.send(screen: .favorites)
/// tracker.appeared(.favorites, as: favorites)  // onAppear again: nothing
/// tracker.appeared(.podcastPlayer, as: player)  // a sheet: hub.send(screen: .podcastPlayer)
/// tracker.disappeared(player)  // dismissed: hub.send(screen: .favorites)
/// #expect(Array(hub.context.history) == [.favorites, .podcastPlayer, .favorites])
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
        settleAndSend()
    }

    /// Reports that `presentation` disappeared. When it was current, the presentation it covered
    /// is current again. Nothing changes if it is not on screen.
    public func disappeared(_ presentation: ScreenPresentationID) {
        state.lock.lock()
        guard state.isOnScreen(presentation) else { return state.lock.unlock() }
        let gone = state.disappear(presentation)
        settleAndSend()
        withExtendedLifetime(gone) {}
    }

    /// Applies `reports` together: only the presentation current after the last one is sent, if
    /// it changed. A push reported as "detail appeared, list disappeared", or a parent and its
    /// child appearing in either order, then make one screen view.
    public func apply(_ reports: [ScreenReport<Schema.Screen>]) {
        var gone: [Schema.Screen] = []
        defer { withExtendedLifetime(gone) {} }
        state.lock.lock()
        var changed = false
        for report in reports {
            changed = apply(report, releasingLater: &gone) || changed
        }
        guard changed else { return state.lock.unlock() }
        settleAndSend()
    }

    /// Keeps `report`, to be applied with the others kept, by ``applyKept()``, as one
    /// ``apply(_:)``.
    ///
    /// For UI code that reports events as they come, and applies them once the events of one
    /// transition are likely all in: `TagHubUI` applies what one turn of the main run loop
    /// reported. A transition whose reports span several turns is applied in several parts (see
    /// the Screens guide for what that changes).
    ///
    /// - Returns: `true` for the first report kept since the last ``applyKept()``: the caller
    ///   then arranges for ``applyKept()`` to run (at the end of this turn of the run loop, for
    ///   example).
    public func keep(_ report: ScreenReport<Schema.Screen>) -> Bool {
        keep(report, insideFirstOf: nil)
    }

    /// Keeps the appearance of `presentation`, of `screen`, declared inside the first of
    /// `ancestors` that is on screen, or appears among the reports applied with it: for UI code that
    /// knows which views contain a view (UIKit's parent view controllers) but not which of them
    /// report a screen, nor in which order they report.
    ///
    /// With nothing kept, an appearance of a presentation on screen changes nothing and is not
    /// kept: the check costs what a duplicate ``appeared(_:as:inside:)`` costs, and `ancestors`
    /// is not evaluated.
    ///
    /// - Returns: `true` when the caller must arrange for ``applyKept()`` to run, as ``keep(_:)``.
    public func keepAppearance(
        of screen: Schema.Screen,
        as presentation: ScreenPresentationID,
        insideFirstOf ancestors: @autoclosure () -> [ScreenPresentationID]
    ) -> Bool {
        if changesNothing(presentation, appearing: true) { return false }
        return keep(.appeared(screen, presentation: presentation, parent: nil), insideFirstOf: ancestors())
    }

    /// Keeps the disappearance of `presentation`, as ``keep(_:)`` does. With nothing kept, the
    /// disappearance of a presentation not on screen changes nothing and is not kept.
    ///
    /// - Returns: `true` when the caller must arrange for ``applyKept()`` to run, as ``keep(_:)``.
    public func keepDisappearance(of presentation: ScreenPresentationID) -> Bool {
        if changesNothing(presentation, appearing: false) { return false }
        return keep(.disappeared(presentation), insideFirstOf: nil)
    }

    /// Applies the reports kept since the last call, as one ``apply(_:)``.
    public func applyKept() {
        // Taken and applied under one lock: a report made meanwhile on another thread is kept for
        // the next batch, or applied after this one, never checked against a state in between.
        var reports: [ScreenReport<Schema.Screen>] = []
        var insideFirstOf: [[ScreenPresentationID]?] = []
        var gone: [Schema.Screen] = []
        defer { withExtendedLifetime((reports, gone)) {} }
        state.lock.lock()
        swap(&reports, &state.kept)
        swap(&insideFirstOf, &state.keptInsideFirstOf)
        state.keptCount = 0
        guard apply(reports, insideFirstOf: insideFirstOf, releasingLater: &gone) else { return state.lock.unlock() }
        settleAndSend()
    }

    /// Whether, with nothing kept, an appearance (or a disappearance) of `presentation` would
    /// change nothing: it is on screen (or is not). Non-generic, so that the UI's duplicate reports
    /// cost a lock round trip.
    func changesNothing(_ presentation: ScreenPresentationID, appearing: Bool) -> Bool {
        state.lock.withLock { state.keptCount == 0 && state.isOnScreen(presentation) == appearing }
    }

    /// Keeps `report`, an appearance declared inside the first of `ancestors` if they are given;
    /// `true` for the first since the last ``applyKept()``.
    private func keep(_ report: ScreenReport<Schema.Screen>, insideFirstOf ancestors: [ScreenPresentationID]?) -> Bool {
        state.lock.withLock {
            state.kept.append(report)
            state.keptInsideFirstOf.append(ancestors)
            state.keptCount += 1
            return state.keptCount == 1
        }
    }

    /// With the lock held: applies kept `reports` as one batch, each appearance with ancestors
    /// given in `insideFirstOf` inside the first of them on screen or appearing in the batch;
    /// `true` if they changed what is on screen. Screens that disappear join `gone`, to be
    /// released after the lock.
    private func apply(
        _ reports: [ScreenReport<Schema.Screen>],
        insideFirstOf: [[ScreenPresentationID]?],
        releasingLater gone: inout [Schema.Screen]
    ) -> Bool {
        var changed = false
        for index in reports.indices {
            if let ancestors = insideFirstOf[index], case .appeared(let screen, let presentation, _) = reports[index] {
                let parent = ancestors.first { ancestor in
                    state.isOnScreen(ancestor) || reports.contains { $0.appears(ancestor) }
                }
                changed = state.appear(screen, as: presentation, inside: parent) || changed
            } else {
                changed = apply(reports[index], releasingLater: &gone) || changed
            }
        }
        return changed
    }

    /// With the lock held: applies one report of a batch; `true` if it changed what is on screen.
    /// A screen that disappears joins `gone`, to be released after the lock.
    private func apply(_ report: ScreenReport<Schema.Screen>, releasingLater gone: inout [Schema.Screen]) -> Bool {
        switch report {
        case .appeared(let screen, let presentation, let parent):
            return state.appear(screen, as: presentation, inside: parent)
        case .disappeared(let presentation):
            guard let screen = state.disappear(presentation) else { return false }
            gone.append(screen)
            return true
        }
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
        state.queue(screen, isScreenView: true)
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

    // MARK: - Sending

    /// With the lock held: finds the current presentation after reports were applied, and sends it
    /// if it changed. Returns with the lock released.
    private func settleAndSend() {
        guard state.settleAndQueue(viewOnReturn: options.sendsScreenViewOnReturn) else { return state.lock.unlock() }
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
            do {
                // Scoped, so that the batch (maybe the last reference to a screen, whose `deinit`
                // is app code) is released before the lock is taken again.
                let batch = state.pending
                let isScreenView = state.pendingIsScreenView
                state.pending = []
                state.pendingIsScreenView = []
                state.lock.unlock()
                for index in batch.indices {
                    if isScreenView[index] {
                        hub.send(screen: batch[index])
                    } else {
                        hub.makeCurrent(batch[index])
                    }
                }
            }
            state.lock.lock()
        }
        state.isSending = false
        state.lock.unlock()
    }
}

extension ScreenReport {
    /// Whether this is an appearance of `presentation`.
    func appears(_ presentation: ScreenPresentationID) -> Bool {
        switch self {
        case .appeared(_, let appearing, _): appearing == presentation
        case .disappeared: false
        }
    }
}
