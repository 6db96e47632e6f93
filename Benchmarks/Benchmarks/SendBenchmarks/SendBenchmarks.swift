import Benchmark
import Foundation
import Logging
import TagHub

// What a tag costs the thread that sends it, and how the cost grows. Each benchmark runs its body
// 1,000 times per sample (`scalingFactor: .kilo`), so the figures are per tag. Only the sends are
// measured: each sample builds its hub first, outside the measurement (`startMeasurement()`).
// TAGHUB_BENCHMARK_SMOKE=1 runs each one briefly: CI's check that they still build and run.

/// The app's tags: no heap payloads, so that a send need not allocate.
enum BenchAnalytics: AnalyticsSchema {
    enum Screen: Sendable, Hashable { case home, player, settings }
    enum UserAction: Sendable, Hashable { case play(Int) }
    enum Event: Sendable, Hashable { case trackEnded(Int) }
    typealias State = Never
}

/// The same tags, with states kept by key.
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

/// A clock that reads a date it stores: what a send costs without reading the system's clock.
struct StoredClock: AnalyticsClock {
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    func now() -> Date { date }
}

/// A vendor's tag.
enum BenchTag: Sendable, Hashable {
    case play(id: Int, fromPlayer: Bool)
    case screen(Int)
}

/// The converter every benchmark uses, by hand or through a strategy.
@Sendable func convert(
    _ action: BenchAnalytics.UserAction,
    _ context: BenchAnalytics.Context
) -> BenchTag? {
    switch action {
    case .play(let id): .play(id: id, fromPlayer: context.current == .player)
    }
}

/// A tagger that does nothing but keep the optimizer from removing the call.
struct NoOpTagger: AnalyticsTagger {
    func send(_ vendorTag: BenchTag) { blackHole(vendorTag) }
}

/// A log handler that does nothing.
struct NoOpLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {}
}

let isSmokeRun = ProcessInfo.processInfo.environment["TAGHUB_BENCHMARK_SMOKE"] != nil

func mappingStrategy() -> MappingStrategy<BenchAnalytics, NoOpTagger> {
    MappingStrategy(for: BenchAnalytics.self, tagger: NoOpTagger(), userAction: convert)
}

/// A hub on the player screen with `userActionStrategies` strategies taking user actions and
/// `otherStrategies` that take only screens.
func makeHub(
    userActionStrategies: Int,
    otherStrategies: Int = 0,
    historyLimit: Int = 5,
    clock: some AnalyticsClock = SystemClock()
) -> AnalyticsHub<BenchAnalytics> {
    let hub = AnalyticsHub<BenchAnalytics>(screenHistoryLimit: historyLimit, clock: clock)
    for _ in 0..<userActionStrategies { hub.attach(mappingStrategy()) }
    for _ in 0..<otherStrategies {
        hub.attach(MappingStrategy(for: BenchAnalytics.self, tagger: NoOpTagger(), screen: { _, _ in .screen(0) }))
    }
    for index in 0..<historyLimit { hub.send(screen: index.isMultiple(of: 2) ? .home : .player) }
    hub.send(screen: .player)
    return hub
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        warmupIterations: isSmokeRun ? 0 : 3,
        scalingFactor: .kilo,
        maxDuration: isSmokeRun ? .milliseconds(20) : .seconds(2),
        maxIterations: isSmokeRun ? 2 : 2_000
    )

    // MARK: - References

    Benchmark("Baseline: converter and no-op tagger by hand") { benchmark in
        let context: BenchAnalytics.Context = [.home, .player]
        let tagger = NoOpTagger()
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            if let tag = convert(.play(index), context) { tagger.send(tag) }
        }
    }

    Benchmark("Reference: swift-log Logger.info to a no-op handler") { benchmark in
        let logger = Logger(label: "bench") { _ in NoOpLogHandler() }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            logger.info("play")
        }
    }

    // What reading the system clock costs, back to back, as a hub with the default `SystemClock`
    // reads it for each tag (`Date.timeIntervalSinceReferenceDate`); inside a send it overlaps other
    // work and costs less.
    Benchmark("Clock: the system clock read back to back, as a send reads it") { benchmark in
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(Date.timeIntervalSinceReferenceDate)
        }
    }

    // MARK: - The hub

    for count in [1, 4, 16] {
        Benchmark("send(userAction:) to \(count) mapping strateg\(count == 1 ? "y" : "ies")") { benchmark in
            let hub = makeHub(userActionStrategies: count)
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations {
                hub.send(userAction: .play(index))
            }
        }
    }

    Benchmark("send(userAction:) with no strategy") { benchmark in
        let hub = makeHub(userActionStrategies: 0)
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            hub.send(userAction: .play(index))
        }
    }

    // MARK: - The screen tracker

    Benchmark("ScreenTracker: a report that changes nothing (onAppear again)") { benchmark in
        let tracker = ScreenTracker(hub: makeHub(userActionStrategies: 1))
        let home = ScreenPresentationID()
        tracker.appeared(.home, as: home)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            tracker.appeared(.home, as: home)
        }
    }

    Benchmark("ScreenTracker: a duplicate appearance through AnyScreenTracker (the SwiftUI modifier's path)") {
        benchmark in
        let tracker: any AnyScreenTracker = ScreenTracker(hub: makeHub(userActionStrategies: 1))
        let home = ScreenPresentationID()
        _ = tracker.keepAppearance(ofAny: BenchAnalytics.Screen.home, as: home, inside: nil)
        tracker.applyKept()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(tracker.keepAppearance(ofAny: BenchAnalytics.Screen.home, as: home, inside: nil))
        }
    }

    Benchmark("ScreenTracker: a push as one transition, to 1 screen strategy") { benchmark in
        let hub = AnalyticsHub<BenchAnalytics>()
        hub.attach(MappingStrategy(for: BenchAnalytics.self, tagger: NoOpTagger(), screen: { _, _ in .screen(1) }))
        let tracker = ScreenTracker(hub: hub)
        let presentations = [ScreenPresentationID(), ScreenPresentationID()]
        tracker.appeared(.home, as: presentations[0])
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            let next: BenchAnalytics.Screen = index.isMultiple(of: 2) ? .player : .home
            tracker.apply([
                .appeared(next, presentation: presentations[(index + 1) % 2], parent: nil),
                .disappeared(presentations[index % 2]),
            ])
        }
    }

    Benchmark("send(userAction:) with 16 strategies that do not take it") { benchmark in
        let hub = makeHub(userActionStrategies: 0, otherStrategies: 16)
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            hub.send(userAction: .play(index))
        }
    }

    for limit in [5, 1_000] {
        Benchmark("send(userAction:), history bound \(limit)") { benchmark in
            let hub = makeHub(userActionStrategies: 1, historyLimit: limit)
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations {
                hub.send(userAction: .play(index))
            }
        }
    }

    // MARK: - The context: clock and states

    Benchmark("send(userAction:) to 1 mapping strategy, a clock that reads a stored date") { benchmark in
        let hub = makeHub(userActionStrategies: 1, clock: StoredClock())
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            hub.send(userAction: .play(index))
        }
    }

    for count in [0, 100] {
        Benchmark("send(userAction:) to 1 mapping strategy, \(count) states kept") { benchmark in
            let hub = AnalyticsHub<StatefulBenchAnalytics>()
            hub.attach(
                MappingStrategy(
                    for: StatefulBenchAnalytics.self,
                    tagger: NoOpTagger(),
                    userAction: { action, context in
                        switch action {
                        case .play(let id): .play(id: id, fromPlayer: context.states.count > 50)
                        }
                    }
                )
            )
            for key in 0..<count { hub.send(state: .value(key: key, 1)) }
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations {
                hub.send(userAction: .play(index))
            }
        }
    }

    Benchmark("send(state:) that changes 1 of 100 states, to 1 strategy") { benchmark in
        let hub = AnalyticsHub<StatefulBenchAnalytics>()
        hub.attach(
            MappingStrategy(
                for: StatefulBenchAnalytics.self,
                tagger: NoOpTagger(),
                state: { state, _ in
                    switch state {
                    case .value(let key, let value): .play(id: key, fromPlayer: value > 0)
                    }
                }
            )
        )
        for key in 0..<100 { hub.send(state: .value(key: key, 0)) }
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            hub.send(state: .value(key: index % 100, index + 1))
        }
    }

    Benchmark("send(screen:) to 1 strategy") { benchmark in
        let hub = AnalyticsHub<BenchAnalytics>()
        hub.attach(MappingStrategy(for: BenchAnalytics.self, tagger: NoOpTagger(), screen: { _, _ in .screen(1) }))
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            hub.send(screen: index.isMultiple(of: 2) ? .home : .player)
        }
    }

    Benchmark("send(event:) to 1 strategy") { benchmark in
        let hub = makeHub(userActionStrategies: 0)
        hub.attach(
            MappingStrategy(
                for: BenchAnalytics.self,
                tagger: NoOpTagger(),
                event: { event, _ in
                    switch event {
                    case .trackEnded(let id): .play(id: id, fromPlayer: false)
                    }
                }
            )
        )
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            hub.send(event: .trackEnded(index))
        }
    }

    // MARK: - Background delivery and consent

    Benchmark("Background: the caller's cost of send(userAction:)") { benchmark in
        let hub = makeHub(userActionStrategies: 0)
        let background = BackgroundStrategy(wrapping: mappingStrategy(), capacity: 1_000_000)
        hub.attach(background)
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            hub.send(userAction: .play(index))
        }
        benchmark.stopMeasurement()
        await background.flush()
    }

    Benchmark("Background: tags delivered to a no-op strategy, send to flush") { benchmark in
        let hub = makeHub(userActionStrategies: 0)
        let background = BackgroundStrategy(wrapping: mappingStrategy(), capacity: 1_000_000)
        hub.attach(background)
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            hub.send(userAction: .play(index))
        }
        await background.flush()
    }

    let burst = isSmokeRun ? 100_000 : 10_000_000
    Benchmark(
        "Background: a burst of \(burst) tags into a queue of 10,000",
        configuration: .init(
            metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal],
            warmupIterations: 0,
            scalingFactor: .one,
            maxDuration: .seconds(60),
            maxIterations: 1
        )
    ) { benchmark in
        let hub = makeHub(userActionStrategies: 0)
        let delivered = DeliveryCounter()
        let background = BackgroundStrategy(wrapping: CountingStrategy(counter: delivered), capacity: 10_000)
        hub.attach(background)
        for index in 0..<burst {
            hub.send(userAction: .play(index))
        }
        await background.flush()
        // Every tag is delivered or dropped, and every drop counted: none is lost silently.
        let dropped = hub.diagnostics.count(of: .droppedByBound, source: background.name)
        precondition(
            delivered.value + dropped == burst,
            "\(delivered.value) delivered + \(dropped) dropped != \(burst)"
        )
    }

    Benchmark("Consent undecided: send(userAction:) kept in a full buffer of 1,000") { benchmark in
        let hub = makeHub(userActionStrategies: 0)
        let consent = AnalyticsConsent(hub: hub, bufferCapacity: 1_000)
        consent.register(mappingStrategy(), for: [.analytics])
        for index in 0..<1_000 { hub.send(userAction: .play(index)) }
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            hub.send(userAction: .play(index))
        }
        benchmark.stopMeasurement()
        blackHole(consent)
    }

    // MARK: - Vendor rule checks (RuleCheckBenchmarks.swift)

    ruleCheckBenchmarks()
}

/// Counts deliveries; one thread writes, the benchmark reads once the queue is flushed.
final class DeliveryCounter: @unchecked Sendable {
    // Safe: written on the strategy's serial queue only, and read after `flush()` returned.
    var value = 0
}

/// A strategy that counts what it receives.
final class CountingStrategy: AnalyticsUserActionStrategy {
    typealias Schema = BenchAnalytics
    let counter: DeliveryCounter
    init(counter: DeliveryCounter) { self.counter = counter }
    func send(userAction: Schema.UserActionEnvelope) { counter.value += 1 }
}
