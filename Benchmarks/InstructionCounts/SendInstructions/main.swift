import Dispatch
import Foundation
import TagHub

#if canImport(Darwin)
import Darwin  // exit
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// The program `instruction-counts.sh` runs under callgrind: `SendInstructions <scenario> <count>`
// builds the hub and strategies of one scenario, exactly as SendBenchmarks.swift does, then sends
// `count` tags, and nothing else. The script subtracts a run with `count` 0 from a run with
// 200,000 sends, so that only the sends are counted. The setup does not depend on `count`.

/// The app's tags: no heap payloads, so that a send need not allocate (as in the benchmarks).
enum BenchAnalytics: AnalyticsSchema {
    enum Screen: Sendable, Hashable { case home, player, settings }
    enum UserAction: Sendable, Hashable { case play(Int) }
    enum Event: Sendable, Hashable { case trackEnded(Int) }
    typealias State = Never
}

/// The same tags, with states kept by key (as in the benchmarks).
enum StatefulBenchAnalytics: AnalyticsSchema {
    typealias Screen = BenchAnalytics.Screen
    typealias UserAction = BenchAnalytics.UserAction
    typealias Event = BenchAnalytics.Event
    enum State: Sendable, Hashable { case value(key: Int, Int) }

    static func stateKey(of state: State) -> Int? {
        switch state {
        case .value(let key, _): key
        }
    }
}

/// A clock that reads a date it stores (as in the benchmarks).
struct StoredClock: AnalyticsClock {
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    func now() -> Date { date }
}

/// A vendor's tag.
enum BenchTag: Sendable, Hashable {
    case play(id: Int, fromPlayer: Bool)
    case screen(Int)
}

/// The converter every scenario uses, through a strategy.
@Sendable func convert(
    _ action: BenchAnalytics.UserAction,
    _ context: BenchAnalytics.Context
) -> BenchTag? {
    switch action {
    case .play(let id): .play(id: id, fromPlayer: context.current == .player)
    }
}

/// How many tags reached a tagger: printed at the end, so the optimizer cannot drop the sends.
enum DeliveredTags {
    // Safe: written by one thread at a time (the sender, or the background worker), and read once
    // the sends returned and the background queue is flushed. Unchecked, because a run-time
    // exclusivity check would cost more than the increment it guards.
    @exclusivity(unchecked) nonisolated(unsafe) static var count = 0
}

/// The benchmarks' no-op tagger, with an effect the optimizer must keep instead of `blackHole`:
/// this target depends on TagHub only.
struct CountingTagger: AnalyticsTagger {
    func send(_ vendorTag: BenchTag) { DeliveredTags.count &+= 1 }
}

/// A strategy that takes user actions only.
func mappingStrategy() -> MappingStrategy<BenchAnalytics, CountingTagger> {
    MappingStrategy(for: BenchAnalytics.self, tagger: CountingTagger(), userAction: convert)
}

/// A hub on the player screen with `userActionStrategies` strategies taking user actions and
/// `otherStrategies` that take only screens: the benchmarks' `makeHub`.
func makeHub(
    userActionStrategies: Int,
    otherStrategies: Int = 0,
    historyLimit: Int = 5,
    clock: some AnalyticsClock = SystemClock()
) -> AnalyticsHub<BenchAnalytics> {
    let hub = AnalyticsHub<BenchAnalytics>(screenHistoryLimit: historyLimit, clock: clock)
    for _ in 0..<userActionStrategies { hub.attach(mappingStrategy()) }
    for _ in 0..<otherStrategies {
        hub.attach(MappingStrategy(for: BenchAnalytics.self, tagger: CountingTagger(), screen: { _, _ in .screen(0) }))
    }
    for index in 0..<historyLimit { hub.send(screen: index.isMultiple(of: 2) ? .home : .player) }
    hub.send(screen: .player)
    return hub
}

/// The measured loop of most scenarios: `count` user actions.
func sendUserActions(to hub: AnalyticsHub<BenchAnalytics>, count: Int) {
    for index in 0..<count {
        hub.send(userAction: .play(index))
    }
}

/// The scenarios, by the name the script passes.
let scenarios = [
    "none", "others16", "mapping1", "history1000", "mapping4", "mapping16", "event1", "screen1", "background",
    "consentUndecided", "storedClock", "states0", "states100", "stateChange", "trackerNoChange",
    "trackerNoChangeErased",
    "trackerPush",
]

// The scenario and the number of sends; anything else is a usage error.
let arguments = CommandLine.arguments
guard arguments.count == 3, scenarios.contains(arguments[1]), let count = Int(arguments[2]), count >= 0 else {
    print("usage: SendInstructions <\(scenarios.joined(separator: "|"))> <send count>")
    exit(2)
}

// Kept alive to the end, so that its teardown (it detaches its gates) is the same for every count.
var consent: AnalyticsConsent<BenchAnalytics>?

switch arguments[1] {
case "none":
    sendUserActions(to: makeHub(userActionStrategies: 0), count: count)
case "others16":
    sendUserActions(to: makeHub(userActionStrategies: 0, otherStrategies: 16), count: count)
case "mapping1":
    sendUserActions(to: makeHub(userActionStrategies: 1), count: count)
case "history1000":
    sendUserActions(to: makeHub(userActionStrategies: 1, historyLimit: 1_000), count: count)
case "mapping4":
    sendUserActions(to: makeHub(userActionStrategies: 4), count: count)
case "mapping16":
    sendUserActions(to: makeHub(userActionStrategies: 16), count: count)
case "storedClock":
    sendUserActions(to: makeHub(userActionStrategies: 1, clock: StoredClock()), count: count)
case "states0", "states100", "stateChange":
    let hub = AnalyticsHub<StatefulBenchAnalytics>()
    hub.attach(
        MappingStrategy(
            for: StatefulBenchAnalytics.self,
            tagger: CountingTagger(),
            userAction: { action, context in
                switch action {
                case .play(let id): .play(id: id, fromPlayer: context.states.count > 50)
                }
            },
            state: { state, _ in
                switch state {
                case .value(let key, let value): .play(id: key, fromPlayer: value > 0)
                }
            }
        )
    )
    if arguments[1] != "states0" {
        for key in 0..<100 { hub.send(state: .value(key: key, 0)) }
    }
    for index in 0..<count {
        if arguments[1] != "stateChange" {
            hub.send(userAction: .play(index))
        } else {
            hub.send(state: .value(key: index % 100, index + 1))
        }
    }
case "event1":
    let hub = makeHub(userActionStrategies: 0)
    hub.attach(
        MappingStrategy(
            for: BenchAnalytics.self,
            tagger: CountingTagger(),
            event: { event, _ in
                switch event {
                case .trackEnded(let id): .play(id: id, fromPlayer: false)
                }
            }
        )
    )
    for index in 0..<count {
        hub.send(event: .trackEnded(index))
    }
case "screen1":
    let hub = AnalyticsHub<BenchAnalytics>()
    hub.attach(MappingStrategy(for: BenchAnalytics.self, tagger: CountingTagger(), screen: { _, _ in .screen(1) }))
    for index in 0..<count {
        hub.send(screen: index.isMultiple(of: 2) ? .home : .player)
    }
case "background":
    // The caller's cost and the worker's delivery: the flush waits until every tag is delivered.
    let hub = makeHub(userActionStrategies: 0)
    let background = BackgroundStrategy(wrapping: mappingStrategy(), capacity: 1_000_000)
    hub.attach(background)
    sendUserActions(to: hub, count: count)
    // Waited for with a semaphore, not a top-level `await`: that would end the main thread in
    // `dispatchMain()`, which valgrind 3.19 crashes on. Detached: a task on the main actor would wait
    // for the thread it blocks.
    let flushed = DispatchSemaphore(value: 0)
    Task.detached {
        await background.flush()
        flushed.signal()
    }
    flushed.wait()
    precondition(DeliveredTags.count == count, "\(DeliveredTags.count) delivered of \(count)")
case "consentUndecided":
    // Undecided consent with a full buffer of 1,000: each send keeps the tag and drops the oldest.
    let hub = makeHub(userActionStrategies: 0)
    let undecided = AnalyticsConsent(hub: hub, bufferCapacity: 1_000)
    undecided.register(mappingStrategy(), for: [.analytics])
    sendUserActions(to: hub, count: 1_000)
    consent = undecided
    sendUserActions(to: hub, count: count)
case "trackerNoChange":
    // A second onAppear of the current presentation: the tracker changes nothing, sends nothing.
    let hub = makeHub(userActionStrategies: 1)
    let tracker = ScreenTracker(hub: hub)
    let home = ScreenPresentationID()
    tracker.appeared(.home, as: home)
    for _ in 0..<count {
        tracker.appeared(.home, as: home)
    }
case "trackerNoChangeErased":
    // The same, through `AnyScreenTracker.keepAppearance(ofAny:as:inside:)`, as the SwiftUI modifier reports.
    let tracker: any AnyScreenTracker = ScreenTracker(hub: makeHub(userActionStrategies: 1))
    let home = ScreenPresentationID()
    _ = tracker.keepAppearance(ofAny: BenchAnalytics.Screen.home, as: home, inside: nil)
    tracker.applyKept()
    for _ in 0..<count {
        _ = tracker.keepAppearance(ofAny: BenchAnalytics.Screen.home, as: home, inside: nil)
    }
case "trackerPush":
    // A push reported as one transition (the new screen appears, the old one disappears): one
    // screen view, to one screen strategy. Counted per transition.
    let hub = AnalyticsHub<BenchAnalytics>()
    hub.attach(MappingStrategy(for: BenchAnalytics.self, tagger: CountingTagger(), screen: { _, _ in .screen(1) }))
    let tracker = ScreenTracker(hub: hub)
    let presentations = [ScreenPresentationID(), ScreenPresentationID()]
    tracker.appeared(.home, as: presentations[0])
    for index in 0..<count {
        let shown = presentations[index % 2]
        let next = presentations[(index + 1) % 2]
        tracker.apply([
            .appeared(index.isMultiple(of: 2) ? .player : .home, presentation: next, parent: nil), .disappeared(shown),
        ])
    }
default:
    preconditionFailure("unknown scenario \(arguments[1])")
}

print("\(arguments[1]): \(count) sends, \(DeliveredTags.count) tags delivered")
withExtendedLifetime(consent) {}
