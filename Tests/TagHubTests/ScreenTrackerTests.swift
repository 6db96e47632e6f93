import Dispatch
import Foundation
import TagHub
import TagHubTestSupport
import TagHubTesting
import Testing

/// The screen tracker, one scenario per way apps present screens: what the vendors receive, and
/// what the context says, at each step.
@Suite(.timeLimit(.minutes(1)), .onThreadsOfItsOwn) struct ScreenTrackerTests {
    let clock = TestClock()
    let hub: AnalyticsHub<AppScreens>
    /// Every tag the hub delivers, with the screens of its context.
    let sent = RecordingStrategy(for: AppScreens.self)

    init() {
        hub = AnalyticsHub<AppScreens>(screenHistoryLimit: 3, clock: clock)
        hub.attach(sent)
    }

    func tracker(_ options: ScreenTrackerOptions = ScreenTrackerOptions()) -> ScreenTracker<AppScreens> {
        ScreenTracker(hub: hub, options: options)
    }

    /// What the vendors received since the last call, one line per tag, and forgets it.
    func received() -> [String] {
        defer { sent.removeAll() }
        return sent.entries.map(\.snapshotDescription)
    }

    // MARK: - Stacks, tabs, sheets, covers

    @Test func pushAndPopInANavigationStack() {
        let tracker = tracker()
        let library = ScreenPresentationID()
        let first = ScreenPresentationID()
        let second = ScreenPresentationID()

        tracker.appeared(.library, as: library)
        #expect(received() == ["screen library on [library]"])

        // Push: the pushed screen appears, then the one under it disappears.
        tracker.appeared(.podcast(1), as: first)
        tracker.disappeared(library)
        #expect(received() == ["screen podcast(1) on [library, podcast(1)]"])
        tracker.appeared(.podcast(2), as: second)
        tracker.disappeared(first)
        #expect(received() == ["screen podcast(2) on [library, podcast(1), podcast(2)]"])

        // Pop: the screen under it appears again, before or after the top disappears.
        tracker.disappeared(second)
        #expect(received() == [])
        #expect(tracker.currentScreen == nil)
        #expect(hub.currentScreen == .podcast(2))  // the hub keeps the last screen it was sent
        tracker.appeared(.podcast(1), as: first)
        #expect(received() == ["screen podcast(1) on [podcast(1), podcast(2), podcast(1)]"])
        tracker.appeared(.library, as: library)
        tracker.disappeared(first)
        #expect(received() == ["screen library on [podcast(2), podcast(1), library]"])
        #expect(tracker.currentScreen == .library)
        #expect(tracker.currentPresentation == library)
    }

    @Test func aPushOrAPopReportedInOneTransitionIsOneScreenView() {
        let tracker = tracker()
        let library = ScreenPresentationID()
        let podcast = ScreenPresentationID()
        tracker.appeared(.library, as: library)
        tracker.apply([.disappeared(library), .appeared(.podcast(1), presentation: podcast, parent: nil)])
        tracker.apply([.appeared(.library, presentation: library, parent: nil), .disappeared(podcast)])
        #expect(
            received() == [
                "screen library on [library]",
                "screen podcast(1) on [library, podcast(1)]",
                "screen library on [library, podcast(1), library]",
            ]
        )
    }

    @Test func eachTabKeepsItsOwnStackAndTheCurrentScreenIsTheSelectedTabsTop() {
        let tracker = tracker()
        let libraryTab = ScreenPresentationID()
        let searchTab = ScreenPresentationID()
        let library = ScreenPresentationID()
        let podcast = ScreenPresentationID()
        let search = ScreenPresentationID()

        // The library tab is selected at launch; its stack's root is inside it.
        tracker.apply([
            .appeared(.libraryTab, presentation: libraryTab, parent: nil),
            .appeared(.library, presentation: library, parent: libraryTab),
        ])
        tracker.appeared(.podcast(7), as: podcast, inside: libraryTab)
        tracker.disappeared(library)
        #expect(received() == ["screen library on [library]", "screen podcast(7) on [library, podcast(7)]"])

        // Switch to search: the library tab and its top disappear, the search tab appears.
        tracker.apply([
            .disappeared(podcast), .disappeared(libraryTab),
            .appeared(.searchTab, presentation: searchTab, parent: nil),
            .appeared(.search, presentation: search, parent: searchTab),
        ])
        #expect(received() == ["screen search on [library, podcast(7), search]"])

        // Back to the library tab: its stack still has the podcast on top.
        tracker.apply([
            .appeared(.podcast(7), presentation: podcast, parent: libraryTab),
            .appeared(.libraryTab, presentation: libraryTab, parent: nil),
            .disappeared(search), .disappeared(searchTab),
        ])
        #expect(received() == ["screen podcast(7) on [podcast(7), search, podcast(7)]"])
        #expect(hub.context.current == .podcast(7))
    }

    @Test func aDismissedSheetMakesTheScreenUnderItCurrentAgainAndAPlayIsCreditedToIt() {
        let tracker = tracker()
        let favorites = ScreenPresentationID()
        let player = ScreenPresentationID()
        tracker.appeared(.favorites, as: favorites)
        tracker.appeared(.player, as: player)  // a sheet: favorites stays on screen under it
        tracker.disappeared(player)  // dismissed: nothing reports favorites again
        hub.send(userAction: .play(1))
        #expect(
            received() == [
                "screen favorites on [favorites]",
                "screen player on [favorites, player]",
                "screen favorites on [favorites, player, favorites]",
                "userAction play(1) on [favorites, player, favorites]",
            ]
        )
        #expect(tracker.currentScreen == .favorites)
    }

    @Test func aReturnCanUpdateTheContextWithoutAScreenView() {
        let tracker = tracker(ScreenTrackerOptions(sendsScreenViewOnReturn: false))
        let favorites = ScreenPresentationID()
        let player = ScreenPresentationID()
        tracker.appeared(.favorites, as: favorites)
        tracker.appeared(.player, as: player)
        tracker.disappeared(player)
        #expect(hub.currentScreen == .favorites)
        hub.send(userAction: .play(1))
        #expect(
            received() == [
                "screen favorites on [favorites]",
                "screen player on [favorites, player]",
                "userAction play(1) on [favorites, player, favorites]",
            ]
        )
    }

    @Test func aFullScreenCoverHidesWhatItCoversWhichAppearsAgainWhenItIsDismissed() {
        // Unlike a sheet, a full-screen cover makes the screen under it disappear, and appear
        // again when it is dismissed: that is an appearance, a screen view whatever the options.
        let tracker = tracker(ScreenTrackerOptions(sendsScreenViewOnReturn: false))
        let library = ScreenPresentationID()
        let onboarding = ScreenPresentationID()
        tracker.appeared(.library, as: library)
        tracker.appeared(.onboarding, as: onboarding)
        tracker.disappeared(library)
        tracker.appeared(.library, as: library)
        tracker.disappeared(onboarding)
        #expect(
            received() == [
                "screen library on [library]",
                "screen onboarding on [library, onboarding]",
                "screen library on [library, onboarding, library]",
            ]
        )
    }

    @Test func aScreenThatAppearsAgainUnderACoverStillOnScreenIsAnAppearanceWhenTheCoverGoes() {
        // The cover is declared inside the library (SwiftUI passes the presenter down to it), and
        // its disappearance comes after the library's appearance: a return would not be sent.
        let tracker = tracker(ScreenTrackerOptions(sendsScreenViewOnReturn: false))
        let library = ScreenPresentationID()
        let onboarding = ScreenPresentationID()
        tracker.appeared(.library, as: library)
        tracker.appeared(.onboarding, as: onboarding, inside: library)
        tracker.disappeared(library)
        tracker.appeared(.library, as: library)
        #expect(tracker.currentScreen == .onboarding)
        tracker.disappeared(onboarding)
        #expect(
            received() == [
                "screen library on [library]",
                "screen onboarding on [library, onboarding]",
                "screen library on [library, onboarding, library]",
            ]
        )
    }

    @Test func aContainerWhoseChildGoesBeforeTheNextAppearsIsCurrentInBetweenUnlessOneBatchHasBoth() {
        let tracker = tracker()
        let tab = ScreenPresentationID()
        let list = ScreenPresentationID()
        let detail = ScreenPresentationID()
        tracker.apply([
            .appeared(.libraryTab, presentation: tab, parent: nil),
            .appeared(.library, presentation: list, parent: tab),
        ])
        // A push, then a pop, each split over two batches.
        tracker.disappeared(list)
        tracker.appeared(.podcast(1), as: detail, inside: tab)
        tracker.disappeared(detail)
        tracker.appeared(.library, as: list, inside: tab)
        #expect(
            received() == [
                "screen library on [library]",
                "screen libraryTab on [library, libraryTab]",
                "screen podcast(1) on [library, libraryTab, podcast(1)]",
                "screen libraryTab on [libraryTab, podcast(1), libraryTab]",
                "screen library on [podcast(1), libraryTab, library]",
            ]
        )
        // The same push and pop, each in one batch: no screen view of the tab.
        tracker.apply([.disappeared(list), .appeared(.podcast(1), presentation: detail, parent: tab)])
        tracker.apply([.disappeared(detail), .appeared(.library, presentation: list, parent: tab)])
        #expect(
            received() == [
                "screen podcast(1) on [libraryTab, library, podcast(1)]",
                "screen library on [library, podcast(1), library]",
            ]
        )
    }

    // MARK: - Reports that arrive twice, late or out of order

    @Test func onAppearCalledTwiceForOnePresentationIsOneScreenView() {
        let tracker = tracker()
        let favorites = ScreenPresentationID()
        tracker.appeared(.favorites, as: favorites)
        tracker.appeared(.favorites, as: favorites)
        // Even with another screen between: the presentation never left.
        let player = ScreenPresentationID()
        tracker.appeared(.player, as: player)
        tracker.appeared(.favorites, as: favorites)
        #expect(received() == ["screen favorites on [favorites]", "screen player on [favorites, player]"])
        // A second presentation of the same screen is another screen view.
        tracker.appeared(.favorites, as: ScreenPresentationID())
        #expect(received() == ["screen favorites on [favorites, player, favorites]"])
    }

    @Test func aDisappearanceThatArrivesAfterTheNextAppearanceLosesNothing() {
        let tracker = tracker()
        let library = ScreenPresentationID()
        let search = ScreenPresentationID()
        tracker.appeared(.library, as: library)
        tracker.appeared(.search, as: search)  // search's appearance first,
        tracker.disappeared(library)  // library's disappearance late
        tracker.disappeared(library)  // and again
        #expect(received() == ["screen library on [library]", "screen search on [library, search]"])
        #expect(tracker.currentScreen == .search)
        #expect(hub.currentScreen == .search)
        // A disappearance of a presentation never reported changes nothing either.
        tracker.disappeared(ScreenPresentationID())
        #expect(received() == [])
        #expect(tracker.currentScreen == .search)
    }

    // MARK: - Nesting

    @Test(arguments: [false, true])
    func theInnermostDeclaredScreenIsCurrentWhateverTheOrderOfReports(childFirst: Bool) {
        let tracker = tracker()
        let sidebar = ScreenPresentationID()
        let libraryTab = ScreenPresentationID()
        let podcast = ScreenPresentationID()
        // A podcast inside a tab inside a split view, reported in one transition.
        let reports: [ScreenReport<AppScreens.Screen>] = [
            .appeared(.sidebar, presentation: sidebar, parent: nil),
            .appeared(.libraryTab, presentation: libraryTab, parent: sidebar),
            .appeared(.podcast(3), presentation: podcast, parent: libraryTab),
        ]
        tracker.apply(childFirst ? reports.reversed() : reports)
        #expect(received() == ["screen podcast(3) on [podcast(3)]"])
        #expect(tracker.currentPresentation == podcast)

        // The podcast is popped: the tab it was inside is the innermost declared screen left.
        tracker.disappeared(podcast)
        #expect(received() == ["screen libraryTab on [podcast(3), libraryTab]"])
    }

    @Test func reportedOneByOneAParentThenItsChildAreTwoScreenViewsAChildThenItsParentOne() {
        let tracker = tracker()
        let tab = ScreenPresentationID()
        let podcast = ScreenPresentationID()
        tracker.appeared(.libraryTab, as: tab)
        tracker.appeared(.podcast(1), as: podcast, inside: tab)
        #expect(received() == ["screen libraryTab on [libraryTab]", "screen podcast(1) on [libraryTab, podcast(1)]"])

        let otherTab = ScreenPresentationID()
        let search = ScreenPresentationID()
        tracker.appeared(.search, as: search, inside: otherTab)
        tracker.appeared(.searchTab, as: otherTab)
        #expect(received() == ["screen search on [libraryTab, podcast(1), search]"])
    }

    @Test func aPresentationDeclaredInsideItselfIsTakenAsHavingNoParent() {
        let tracker = tracker()
        let favorites = ScreenPresentationID()
        tracker.appeared(.favorites, as: favorites, inside: favorites)
        #expect(received() == ["screen favorites on [favorites]"])
    }

    // MARK: - Batches

    @Test func keptReportsAreAppliedTogetherWhenTheUIAsks() {
        let tracker = tracker()
        let library = ScreenPresentationID()
        let podcast = ScreenPresentationID()
        #expect(tracker.keep(.appeared(.library, presentation: library, parent: nil)))
        tracker.applyKept()
        #expect(received() == ["screen library on [library]"])

        #expect(tracker.keep(.appeared(.podcast(1), presentation: podcast, parent: nil)))
        #expect(!tracker.keep(.disappeared(library)))  // the caller arranged for one applyKept() already
        #expect(received() == [])
        #expect(tracker.currentScreen == .library)
        tracker.applyKept()
        #expect(received() == ["screen podcast(1) on [library, podcast(1)]"])
        tracker.applyKept()  // nothing kept: nothing happens
        #expect(received() == [])
        #expect(tracker.keep(.disappeared(podcast)))
    }

    @Test func anAppearanceKeptInsideTheFirstOfItsAncestorsFindsItsParentWhicheverReportsFirst() {
        let tracker = tracker()
        let tabBar = ScreenPresentationID()  // containers that report no screen
        let navigation = ScreenPresentationID()
        let tab = ScreenPresentationID()
        let podcast = ScreenPresentationID()
        // UIKit calls the child's viewDidAppear before its container's, in one turn.
        #expect(tracker.keepAppearance(of: .podcast(1), as: podcast, insideFirstOf: [navigation, tab, tabBar]))
        #expect(!tracker.keepAppearance(of: .libraryTab, as: tab, insideFirstOf: [tabBar]))
        tracker.applyKept()
        #expect(received() == ["screen podcast(1) on [podcast(1)]"])
        // The podcast was declared inside the tab: once it goes, the tab is current.
        #expect(tracker.keepDisappearance(of: podcast))
        tracker.applyKept()
        #expect(received() == ["screen libraryTab on [podcast(1), libraryTab]"])
        // A parent already on screen is found too; none among the candidates: no parent.
        let search = ScreenPresentationID()
        _ = tracker.keepAppearance(of: .search, as: search, insideFirstOf: [navigation, tab])
        _ = tracker.keepAppearance(of: .player, as: ScreenPresentationID(), insideFirstOf: [navigation])
        tracker.applyKept()
        #expect(received() == ["screen player on [podcast(1), libraryTab, player]"])
        tracker.disappeared(search)  // the tab's child: the player stays current
        #expect(received() == [])
        #expect(tracker.currentScreen == .player)
    }

    @Test func withNothingKeptADuplicateReportIsNotKeptAtAll() {
        let tracker = tracker()
        let library = ScreenPresentationID()
        tracker.appeared(.library, as: library)
        #expect(!tracker.keepAppearance(of: .library, as: library, insideFirstOf: []))
        #expect(!tracker.keepDisappearance(of: ScreenPresentationID()))
        let erased: any AnyScreenTracker = tracker
        #expect(!erased.keepAppearance(ofAny: AppScreens.Screen.library, as: library, inside: nil))
        #expect(!erased.keepDisappearance(of: ScreenPresentationID()))
        // Once something is kept, reports are kept and decided together: the library disappears
        // and appears again in one batch, and stays current.
        #expect(tracker.keepDisappearance(of: library))
        #expect(!tracker.keepAppearance(of: .library, as: library, insideFirstOf: []))
        tracker.applyKept()
        #expect(received() == ["screen library on [library]"])
        #expect(tracker.currentScreen == .library)
    }

    @Test func aPresentationThatGoesAndComesBackInOneBatchStaysCurrentAndItsNextReturnIsAReturn() {
        let tracker = tracker(ScreenTrackerOptions(sendsScreenViewOnReturn: false))
        let library = ScreenPresentationID()
        let player = ScreenPresentationID()
        tracker.appeared(.library, as: library)
        tracker.apply([.disappeared(library), .appeared(.library, presentation: library, parent: nil)])
        tracker.appeared(.player, as: player)
        tracker.disappeared(player)
        #expect(received() == ["screen library on [library]", "screen player on [library, player]"])
        #expect(hub.currentScreen == .library)
    }

    @Test func aBatchThatEndsWhereItStartedSendsNothing() {
        let tracker = tracker()
        let library = ScreenPresentationID()
        let player = ScreenPresentationID()
        tracker.appeared(.library, as: library)
        tracker.apply([.appeared(.player, presentation: player, parent: nil), .disappeared(player)])
        #expect(received() == ["screen library on [library]"])
    }

    @Test func aTrackerOfAnyScreenTypeReportsAScreenOfAnotherTypeToDiagnostics() {
        let reports = LockedLog<String>()
        let hub = AnalyticsHub<AppScreens>(diagnostics: AnalyticsDiagnostics { reports.append("\($0)") })
        let sent = RecordingStrategy(for: AppScreens.self)
        hub.attach(sent)
        let tracker: any AnyScreenTracker = ScreenTracker(hub: hub)
        let favorites = ScreenPresentationID()
        #expect(!tracker.keepAppearance(ofAny: 42, as: favorites, inside: nil))
        #expect(reports.items == ["ScreenTracker: 1 screen tag of the wrong type (Int is not AppScreens.Screen)"])
        #expect(hub.diagnostics.summary == ["ScreenTracker: 1 screen tag of the wrong type"])
        #expect(tracker.keepAppearance(ofAny: AppScreens.Screen.favorites, as: favorites, inside: nil))
        #expect(!tracker.keepDisappearance(of: ScreenPresentationID()))
        tracker.applyKept()
        #expect(sent.entries.map(\.snapshotDescription) == ["screen favorites on [favorites]"])
    }

    // MARK: - Background

    @Test(arguments: [
        (ScreenTrackerOptions.ForegroundResend.never, ["screen library on [library] in session 1 (1700000000000)"]),
        (
            .always,
            [
                "screen library on [library] in session 1 (1700000000000)",
                "screen library on [library, library] in session 1 (1700000000000)",
                "screen library on [library, library, library] in session 2 (1700003600000)",
            ]
        ),
        (
            .whenSessionLapsed,
            [
                "screen library on [library] in session 1 (1700000000000)",
                "screen library on [library, library] in session 2 (1700003600000)",
            ]
        ),
    ])
    func returningFromTheBackgroundSendsTheScreenAgainAsTheOptionSays(
        resend: ScreenTrackerOptions.ForegroundResend,
        expected: [String]
    ) {
        let tracker = tracker(ScreenTrackerOptions(foregroundResend: resend))
        tracker.enteredForeground()  // at launch: not back from the background, nothing is sent
        tracker.appeared(.library, as: ScreenPresentationID())
        tracker.enteredBackground()
        clock.advance(by: .seconds(10 * 60))  // within the 30-minute session
        tracker.enteredForeground()
        tracker.enteredForeground()  // twice: only the first comes back from the background
        tracker.enteredBackground()
        clock.advance(by: .seconds(50 * 60))  // the session lapses
        tracker.enteredForeground()
        #expect(sent.entries.map { $0.snapshotDescription(showing: .session) } == expected)
    }

    @Test func returningFromTheBackgroundWithNothingOnScreenSendsNothing() {
        let tracker = tracker(ScreenTrackerOptions(foregroundResend: .always))
        let library = ScreenPresentationID()
        tracker.appeared(.library, as: library)
        tracker.disappeared(library)
        tracker.enteredBackground()
        tracker.enteredForeground()
        #expect(received() == ["screen library on [library]"])
    }

    // MARK: - Strategies and threads

    @Test func aStrategyThatReportsAScreenFromItsSendHasItSentAfterTheScreenBeingDelivered() {
        let tracker = tracker()
        let search = ScreenPresentationID()
        // Attached before `later`: reports the search screen while the hub delivers the library,
        // to the tracker that is sending the library.
        let reporter = ScreenCallbackStrategy<AppScreens> { screen in
            if screen == .library { tracker.appeared(.search, as: search) }
        }
        let later = RecordingStrategy(for: AppScreens.self)
        hub.detach(sent)
        hub.attach(reporter)
        hub.attach(later)
        tracker.appeared(.library, as: ScreenPresentationID())
        #expect(
            later.entries.map(\.snapshotDescription) == [
                "screen library on [library]", "screen search on [library, search]",
            ]
        )
        #expect(tracker.currentScreen == .search)
        #expect(hub.currentScreen == .search)
    }

    @Test func aReportWhileAnotherThreadSendsTheTrackersScreenIsSentByThatThreadInOrder() {
        let tracker = tracker()
        let gate = Gate()
        defer { gate.release() }
        let held = ScreenCallbackStrategy<AppScreens> { screen in
            if screen == .favorites { gate.block() }
        }
        hub.attach(held)
        let sending = onNewThread { tracker.appeared(.favorites, as: ScreenPresentationID()) }
        guard gate.waitUntilEntered() else { return }
        // Another thread reports while the favorites are being delivered: its screen waits for
        // them, and the report returns without waiting for the held delivery.
        let reporting = onNewThread { tracker.appeared(.player, as: ScreenPresentationID()) }
        guard reporting.waitOrFail("a report while another thread sends the tracker's screens") else { return }
        #expect(tracker.currentScreen == .player)
        #expect(hub.currentScreen == .favorites)
        gate.release()
        guard sending.waitOrFail("the held delivery") else { return }
        #expect(received() == ["screen favorites on [favorites]", "screen player on [favorites, player]"])
        #expect(hub.currentScreen == .player)
    }

    // At a low priority: another thread applies kept reports in a loop all the while.
    @Test(.onLowPriorityThreadsOfItsOwn) func keptReportsAreTakenAndAppliedAtOnceSoADisappearanceMeanwhileIsNotLost() {
        // One thread applies kept reports in a loop; this one keeps an appearance, applies it,
        // and reports the disappearance. Were the reports taken and applied under two locks, the
        // disappearance could fall in between (neither on screen nor kept), and be dropped.
        let tracker = tracker()
        let stop = LockedFlag()
        let applier = onNewThread {
            while !stop.isSet { tracker.applyKept() }
        }
        for _ in 0..<5_000 {
            let presentation = ScreenPresentationID()
            _ = tracker.keepAppearance(of: .library, as: presentation, insideFirstOf: [])
            tracker.applyKept()
            tracker.disappeared(presentation)
        }
        _ = stop.setIfUnset()
        guard applier.waitOrFail("the thread applying kept reports") else { return }
        tracker.applyKept()
        #expect(tracker.currentScreen == nil)
        #expect(tracker.currentPresentation == nil)
    }

    @Test func reportsFromSeveralThreadsKeepTheTrackerAndTheHubInStep() {
        // No resend on a return from the background: every screen sent is then a change.
        let tracker = tracker(ScreenTrackerOptions(foregroundResend: .never))
        let threads = 4
        let reportsPerThread = 300
        let groups = (0..<threads).map { thread in
            onNewThread {
                var onScreen: [ScreenPresentationID] = []
                for step in 0..<reportsPerThread {
                    let screen = AppScreens.Screen.numbered(thread * reportsPerThread + step)
                    switch step % 6 {
                    case 2, 5:
                        if let last = onScreen.popLast() { tracker.disappeared(last) }
                    case 3:
                        // A push as one transition.
                        let presentation = ScreenPresentationID()
                        let covered = onScreen.popLast()
                        onScreen.append(presentation)
                        tracker.apply(
                            [.appeared(screen, presentation: presentation, parent: nil)]
                                + (covered.map { [.disappeared($0)] } ?? [])
                        )
                    case 4:
                        // Kept, then applied by whichever thread gets there.
                        let presentation = ScreenPresentationID()
                        onScreen.append(presentation)
                        _ = tracker.keepAppearance(of: screen, as: presentation, insideFirstOf: [])
                        tracker.applyKept()
                        tracker.enteredBackground()
                        tracker.enteredForeground()
                    default:
                        let presentation = ScreenPresentationID()
                        onScreen.append(presentation)
                        tracker.appeared(screen, as: presentation)
                    }
                }
            }
        }
        for group in groups {
            guard group.waitOrFail("a reporting thread") else { return }
        }
        let screens = sent.entries.compactMap { entry -> AppScreens.Screen? in
            guard case .screen(let screen) = entry.vendorTag else { return nil }
            return screen
        }
        // Every screen sent is a change of the current screen, and the last is the current one.
        #expect(!screens.isEmpty)
        #expect(zip(screens, screens.dropFirst()).allSatisfy { $0 != $1 })
        #expect(tracker.currentScreen != nil)
        #expect(screens.last == tracker.currentScreen)
        #expect(hub.currentScreen == tracker.currentScreen)
    }
}

/// Calls `body` with each screen it receives.
final class ScreenCallbackStrategy<Schema: AnalyticsSchema>: AnalyticsScreenStrategy {
    let body: @Sendable (Schema.Screen) -> Void

    init(_ body: @escaping @Sendable (Schema.Screen) -> Void) {
        self.body = body
    }

    func send(screen: Schema.ScreenEnvelope) {
        body(screen.tag)
    }
}

/// App code the tracker calls into, a clock and a screen's `deinit`, may call the tracker back:
/// none of it runs under the tracker's lock.
@Suite(.timeLimit(.minutes(1)), .onThreadsOfItsOwn) struct ScreenTrackerReentrancyTests {
    /// Screens with a payload whose `deinit` is app code.
    enum PayloadScreens: AnalyticsSchema {
        enum Screen: Sendable { case page(Payload) }
        typealias UserAction = Never
        typealias Event = Never
        typealias State = Never
    }

    /// Calls `onDeinit` when freed.
    final class Payload: Sendable {
        let onDeinit: @Sendable () -> Void
        init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    /// A clock that calls `onRead` each time it is read.
    final class CallingClock: AnalyticsClock, @unchecked Sendable {
        var onRead: @Sendable () -> Void = {}
        func now() -> Date {
            onRead()
            return Date(timeIntervalSince1970: 1_700_000_000)
        }
    }

    @Test func aClockThatReadsTheTrackerDoesNotDeadlockAForegroundReport() {
        let clock = CallingClock()
        let hub = AnalyticsHub<AppScreens>(clock: clock)
        let tracker = ScreenTracker(hub: hub, options: ScreenTrackerOptions(foregroundResend: .whenSessionLapsed))
        let reads = LockedLog<AppScreens.Screen?>()
        clock.onRead = { reads.append(tracker.currentScreen) }
        let done = onNewThread {
            tracker.appeared(.library, as: ScreenPresentationID())
            tracker.enteredBackground()
            tracker.enteredForeground()
        }
        guard done.waitOrFail("the reports, which a clock reading the tracker must not deadlock") else { return }
        #expect(reads.items.contains(.library))
    }

    @Test func aScreenHeldLastByTheScreensBeingSentIsFreedOutsideTheLock() {
        // The hub keeps one screen; a strategy reports a screen that appears and disappears while
        // the first is delivered. Once sent and replaced, that screen is held only by the tracker's
        // screens being sent.
        let hub = AnalyticsHub<PayloadScreens>(screenHistoryLimit: 1)
        let box = LockedLog<ScreenTracker<PayloadScreens>>()
        let readsInDeinit = LockedLog<Bool>()
        let reported = LockedFlag()
        let reporter = ScreenCallbackStrategy<PayloadScreens> { _ in
            guard reported.setIfUnset() else { return }
            let tracker = box.items[0]
            let page = ScreenPresentationID()
            tracker.appeared(.page(Payload { readsInDeinit.append(box.items[0].isOnScreen(page)) }), as: page)
            tracker.disappeared(page)
        }
        hub.attach(reporter)
        let done = onNewThread {
            let tracker = ScreenTracker(hub: hub)
            box.append(tracker)
            tracker.appeared(.page(Payload {}), as: ScreenPresentationID())
        }
        guard done.waitOrFail("the reports, which a screen's deinit reading the tracker must not deadlock") else {
            return
        }
        #expect(readsInDeinit.items == [false])
    }

    @Test func aScreenWhoseDeinitReadsTheTrackerIsFreedOutsideItsLock() {
        let hub = AnalyticsHub<PayloadScreens>()
        let box = LockedLog<ScreenTracker<PayloadScreens>>()
        let readsInDeinit = LockedLog<Bool>()
        let done = onNewThread {
            let tracker = ScreenTracker(hub: hub)
            box.append(tracker)
            // Parents that are never current, so never sent: only the tracker holds their screens.
            let child = ScreenPresentationID()
            let parent = ScreenPresentationID()
            let otherParent = ScreenPresentationID()
            tracker.appeared(.page(Payload {}), as: child, inside: parent)
            tracker.appeared(.page(Payload { readsInDeinit.append(box.items[0].isOnScreen(parent)) }), as: parent)
            tracker.disappeared(parent)
            tracker.appeared(.page(Payload {}), as: ScreenPresentationID(), inside: otherParent)
            tracker.appeared(
                .page(Payload { readsInDeinit.append(box.items[0].isOnScreen(otherParent)) }),
                as: otherParent
            )
            tracker.apply([.disappeared(otherParent)])
        }
        guard done.waitOrFail("the reports, which a screen's deinit reading the tracker must not deadlock") else {
            return
        }
        #expect(readsInDeinit.items == [false, false])
    }
}
