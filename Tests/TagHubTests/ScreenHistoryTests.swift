import Foundation
import TagHub
import TagHubTestSupport
import Testing

@Suite(.serialized, .onLowPriorityThreadsOfItsOwn) struct ScreenHistoryTests {
    typealias Screen = SeedAnalytics.Screen

    @Test func afterSevenScreensWithABoundOfFiveTheHistoryHoldsTheLastFive() {
        let hub = AnalyticsHub<SeedAnalytics>(screenHistoryLimit: 5)
        let screens: [Screen] = [
            .podcasts, .podcastPlayer, .favorites, .downloads, .podcasts, .favorites, .podcastPlayer,
        ]
        for screen in screens {
            hub.send(screen: screen)
        }
        #expect(Array(hub.context.history) == [.favorites, .downloads, .podcasts, .favorites, .podcastPlayer])
        #expect(hub.currentScreen == .podcastPlayer)
        #expect(hub.context.previous == .favorites)
    }

    @Test func theDefaultBoundIsFive() {
        let hub = AnalyticsHub<SeedAnalytics>()
        #expect(hub.screenHistoryLimit == 5)
        for _ in 0..<3 {
            hub.send(screen: .podcasts)
            hub.send(screen: .favorites)
        }
        #expect(hub.context.history == [.favorites, .podcasts, .favorites, .podcasts, .favorites])
    }

    @Test func aBoundOfOneKeepsOnlyTheCurrentScreen() {
        let hub = AnalyticsHub<SeedAnalytics>(screenHistoryLimit: 1)
        hub.send(screen: .podcasts)
        hub.send(screen: .downloads)
        #expect(hub.context.history == [.downloads])
        #expect(hub.context.previous == nil)
    }

    @Test func beforeAnyScreenTheContextIsEmpty() {
        let hub = AnalyticsHub<SeedAnalytics>()
        #expect(hub.context.history == [])
        #expect(hub.currentScreen == nil)
        #expect(hub.context.previous == nil)
        #expect(hub.context.history.isEmpty)
    }

    @Test func aContextTakenEarlierNeverChanges() {
        let hub = AnalyticsHub<SeedAnalytics>(screenHistoryLimit: 3)
        hub.send(screen: .podcasts)
        hub.send(screen: .favorites)
        let early = hub.context
        // Enough screens to fill and replace the storage several times over.
        for index in 0..<50 {
            hub.send(screen: index.isMultiple(of: 2) ? .downloads : .podcastPlayer)
        }
        #expect(early.history == [.podcasts, .favorites])
        #expect(early.current == .favorites)
        #expect(early.previous == .podcasts)
        #expect(hub.context.history == [.podcastPlayer, .downloads, .podcastPlayer])
    }

    /// Compares the hub's history with a plain array after every screen, for bounds around the
    /// storage's growth steps, keeping every context taken so that sharing storage is exercised.
    /// The largest bound is 100, 1,000 in CI's full-scale step (`TestScale`).
    @Test(arguments: [1, 2, 3, 4, 5, 7, 8, 9, 16, TestScale.count(100, fullScale: 1_000)])
    func matchesAPlainArrayForEveryBound(limit: Int) {
        let hub = AnalyticsHub<SeedAnalytics>(screenHistoryLimit: limit)
        let all: [Screen] = [.podcasts, .podcastPlayer, .favorites, .downloads]
        var generator = SplitMix64(seed: UInt64(limit))
        var model: [Screen] = []
        var kept: [(SeedAnalytics.Context, [Screen])] = []
        for step in 0..<(2 * limit + 40) {
            let screen = all[Int(generator.next() % 4)]
            hub.send(screen: screen)
            model.append(screen)
            if model.count > limit { model.removeFirst() }
            let context = hub.context
            #expect(Array(context.history) == model, "step \(step)")
            #expect(context.current == model.last)
            #expect(context.previous == (model.count >= 2 ? model[model.count - 2] : nil))
            kept.append((context, model))
        }
        for (context, expected) in kept {
            #expect(Array(context.history) == expected)
        }
    }

    @Test func theLargestBoundIsAcceptedAndWorks() {
        let hub = AnalyticsHub<SeedAnalytics>(screenHistoryLimit: .max)
        for _ in 0..<20 {
            hub.send(screen: .podcasts)
        }
        hub.send(screen: .favorites)
        #expect(hub.context.history.count == 21)
        #expect(hub.context.previous == .podcasts)
    }

    @Test func historiesBuiltByHandBehaveAsValues() {
        let history: ScreenHistory<Screen> = [.podcasts, .favorites]
        #expect(history.count == 2)
        #expect(history[0] == .podcasts)
        #expect(history.last == .favorites)
        #expect(history == ScreenHistory([.podcasts, .favorites]))
        #expect(history != [.favorites, .podcasts])
        #expect(history.description == "[podcasts, favorites]")
        #expect(ScreenHistory<Screen>().description == "[]")
        #expect(Set([history, ScreenHistory([.podcasts, .favorites])]).count == 1)

        let context = SeedAnalytics.Context(history: history)
        #expect(context.current == .favorites)
        #expect(context.previous == .podcasts)
        #expect(context.description == "[podcasts, favorites] at 1970-01-01T00:00:00.000Z")
        let session = AnalyticsSession(id: 7, start: Date(timeIntervalSince1970: 1_700_000_000), number: 2)
        let full = ProfileAnalytics.Context(
            history: [.home, .player],
            time: Date(timeIntervalSince1970: 1_700_000_000.25),
            session: session,
            states: [.autoPlay(true)]
        )
        // What equality compares, so that a failed comparison shows where two contexts differ.
        #expect(
            full.description
                == "[home, player] at 2023-11-14T22:13:20.250Z, session 2 (7) from 2023-11-14T22:13:20Z, states [autoPlay(true)]"
        )
    }
}
