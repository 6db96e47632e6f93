import Dispatch
import Foundation
import Logging
import TagHub

// One round of `ratio.sh`: `SendRatio <scenario> <count>` builds one scenario's setup, sends
// `count` tags (or log lines) in batches of 1,000, times only the sends (the sending thread's
// processor time), and prints the nanoseconds per send. `ratio.sh` runs the scenarios as separate
// processes, alternating them round after round, so that a slow stretch of the machine, or a
// process that happens to run slow, weighs on both sides of a ratio alike.

/// The app's tags: no heap payloads (as in the benchmarks).
enum RatioAnalytics: AnalyticsSchema {
    enum Screen: Sendable, Hashable { case home, player }
    enum UserAction: Sendable, Hashable { case play(Int) }
    typealias Event = Never
    typealias State = Never
}

/// A vendor's tag.
enum RatioTag: Sendable, Hashable {
    case play(id: Int, fromPlayer: Bool)
}

/// How many tags reached a tagger: printed at the end, so the optimizer cannot drop the sends.
enum Delivered {
    // Written by one thread at a time (the sender, or the background worker between flushes).
    nonisolated(unsafe) static var count = 0
}

/// A tagger with an effect the optimizer must keep.
struct CountingTagger: AnalyticsTagger {
    func send(_ vendorTag: RatioTag) { Delivered.count &+= 1 }
}

/// A log handler that does nothing: the reference, as in the benchmarks.
struct NoOpLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {}
}

func mappingStrategy() -> MappingStrategy<RatioAnalytics, CountingTagger> {
    MappingStrategy(
        for: RatioAnalytics.self,
        tagger: CountingTagger(),
        userAction: { action, context in
            switch action {
            case .play(let id): .play(id: id, fromPlayer: context.current == .player)
            }
        }
    )
}

func makeHub() -> AnalyticsHub<RatioAnalytics> {
    let hub = AnalyticsHub<RatioAnalytics>()
    hub.send(screen: .home)
    hub.send(screen: .player)
    return hub
}

/// The calling thread's processor time, in nanoseconds: unlike the wall clock, it does not count
/// the time the thread waits for a core, which on a shared machine is most of the noise.
func threadNanoseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

/// Runs `batch` for each batch of 1,000 and `between` after it, untimed; the sending thread's
/// processor time per send, in nanoseconds.
func timed(count: Int, _ batch: (Int) -> Void, between: () -> Void = {}) -> Double {
    var total = 0.0
    var sent = 0
    while sent < count {
        let size = min(1_000, count - sent)
        let start = threadNanoseconds()
        batch(size)
        total += threadNanoseconds() - start
        between()
        sent += size
    }
    return total / Double(max(count, 1))
}

let scenarios = ["swift-log", "mapping1", "background", "consentUndecided"]
let arguments = CommandLine.arguments
guard arguments.count == 3, scenarios.contains(arguments[1]), let count = Int(arguments[2]), count > 0 else {
    print("usage: SendRatio <\(scenarios.joined(separator: "|"))> <send count>")
    exit(2)
}

var consent: AnalyticsConsent<RatioAnalytics>?
let nanoseconds: Double
switch arguments[1] {
case "swift-log":
    let logger = Logger(label: "ratio") { _ in NoOpLogHandler() }
    nanoseconds = timed(count: count) { size in
        for _ in 0..<size { logger.info("play") }
    }
case "mapping1":
    let hub = makeHub()
    hub.attach(mappingStrategy())
    nanoseconds = timed(count: count) { size in
        for index in 0..<size { hub.send(userAction: .play(index)) }
    }
case "background":
    // The caller's cost: each batch is flushed, untimed, so the queue never fills.
    let hub = makeHub()
    let background = BackgroundStrategy(wrapping: mappingStrategy(), capacity: 10_000)
    hub.attach(background)
    let flushed = DispatchSemaphore(value: 0)
    nanoseconds = timed(count: count) { size in
        for index in 0..<size { hub.send(userAction: .play(index)) }
    } between: {
        Task.detached {
            await background.flush()
            flushed.signal()
        }
        flushed.wait()
    }
case "consentUndecided":
    // Undecided consent with a full buffer of 1,000: each send keeps the tag and drops the oldest.
    let hub = makeHub()
    let undecided = AnalyticsConsent(hub: hub, bufferCapacity: 1_000)
    undecided.register(mappingStrategy(), for: [.analytics])
    for index in 0..<1_000 { hub.send(userAction: .play(index)) }
    consent = undecided
    nanoseconds = timed(count: count) { size in
        for index in 0..<size { hub.send(userAction: .play(index)) }
    }
default:
    preconditionFailure("unknown scenario \(arguments[1])")
}
withExtendedLifetime(consent) {}
print(String(format: "%.2f", nanoseconds), Delivered.count)
