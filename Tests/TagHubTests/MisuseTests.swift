import TagHub
import TagHubTestSupport
import Testing

@Suite(.timeLimit(.minutes(1))) struct MisuseTests {
    #if compiler(>=6.2) && (os(macOS) || os(Linux))
    @Test(.onLowPriorityThreadsOfItsOwn)
    func aHistoryBoundOfZeroStopsWithAMessageThatNamesTheValueAndTheFix() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = AnalyticsHub<SeedAnalytics>(screenHistoryLimit: 0)
        }
        #expect(Self.message(in: result.standardErrorContent, for: 0))
    }

    @Test(.onLowPriorityThreadsOfItsOwn)
    func aNegativeHistoryBoundStopsWithAMessageThatNamesTheValueAndTheFix() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = AnalyticsHub<SeedAnalytics>(screenHistoryLimit: -3)
        }
        #expect(Self.message(in: result.standardErrorContent, for: -3))
    }

    static func message(in standardError: [UInt8], for limit: Int) -> Bool {
        String(decoding: standardError, as: UTF8.self).contains(
            "AnalyticsHub: screenHistoryLimit must be at least 1, got \(limit). Pass 1 to keep only the "
                + "current screen, or leave out the argument for the default of 5."
        )
    }
    #endif

    @Test func aBoundOfOneIsTheSmallestAccepted() {
        #expect(AnalyticsHub<SeedAnalytics>(screenHistoryLimit: 1).screenHistoryLimit == 1)
    }
}
