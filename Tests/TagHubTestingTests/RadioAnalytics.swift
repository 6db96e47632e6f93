import Foundation
import TagHub
import TagHubTesting

/// A small app for the testing product's own tests: a radio with three screens.
enum RadioAnalytics: AnalyticsSchema {
    enum Screen: Sendable, Hashable, CaseIterable { case home, player, settings }
    enum UserAction: Sendable, Hashable {
        case play(Station)
        case stop
    }
    typealias Event = Never
    enum State: Sendable, Hashable { case darkMode(Bool) }
}

struct Station: Sendable, Hashable {
    var name: String
    var frequency: Double
}

let jazz = Station(name: "Jazz FM", frequency: 102.2)

/// A vendor's tags: a screen name, or an event with a dictionary payload.
enum MeterTag: Sendable, Hashable {
    case page(String)
    case event(String, properties: [String: String])
}

func meterTag(for action: RadioAnalytics.UserAction, in context: RadioAnalytics.Context) -> MeterTag? {
    switch (action, context.current) {
    case (.play(let station), .home?): .event("play_from_home", properties: ["station": station.name, "band": "fm"])
    case (.play(let station), _): .event("play", properties: ["station": station.name])
    case (.stop, _): nil
    }
}

func makeMeter<Tagger: AnalyticsTagger<MeterTag>>(tagger: Tagger) -> MappingStrategy<RadioAnalytics, Tagger> {
    MappingStrategy(
        for: RadioAnalytics.self,
        tagger: tagger,
        screen: { screen, _ in screen == .settings ? nil : .page("\(screen)") },
        userAction: meterTag
    )
}

/// A tagger that only counts: proves that a recorder wrapping a strategy never calls its tagger.
final class CountingTagger<VendorTag: Sendable>: AnalyticsTagger, Sendable {
    private let count = LockedValue(0)

    var sendCount: Int { count.withLock { $0 } }

    func send(_ vendorTag: VendorTag) {
        count.withLock { $0 += 1 }
    }
}

/// A new empty folder under the system's temporary folder, removed by `cleanUp`.
struct TemporaryFolder {
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "TagHubTestingTests-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    func file(_ name: String) -> String {
        URL(fileURLWithPath: path).appendingPathComponent(name).path
    }

    func contents(of name: String) -> String? {
        FileManager.default.contents(atPath: file(name)).map { String(decoding: $0, as: UTF8.self) }
    }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
    }

    func cleanUp() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
