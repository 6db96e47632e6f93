import TagHub
import Testing

/// What the hub keeps alive. Serialized: `Counted` counts instances across the whole process, so
/// no other test may create them meanwhile.
@Suite(.serialized) struct MemoryTests {
    @Test func theHistoryHoldsAtMostTwiceItsBoundAndReleasesEverythingWithTheHub() {
        do {
            let hub = AnalyticsHub<CountedSchema>(screenHistoryLimit: 5)
            var kept: [CountedSchema.Context] = []
            var peak = 0
            for index in 0..<10_000 {
                hub.send(screen: Counted())
                if index.isMultiple(of: 1_000) { kept.append(hub.context) }
                // Each kept context keeps its storage (at most 10 screens) alive, and nothing more.
                peak = max(peak, Counted.live - 10 * kept.count)
            }
            #expect(peak <= 10)
            kept.removeAll()
            #expect(Counted.live <= 10)
            #expect(hub.context.history.count == 5)
        }
        #expect(Counted.live == 0)
    }

    @Test func aLongChainOfNestedSendsKeepsOnlyTheDeliveriesStillWaiting() {
        do {
            let hub = AnalyticsHub<CountedSchema>()
            let peak = LockedLog<Int>()
            let chain = CountingChain(hub: hub, length: 5_000) { peak.append(Counted.live) }
            hub.attach(chain)
            hub.send(event: Counted())
            #expect(chain.received == 5_000)
            // One tag waits at a time: the finished ones are released as the chain goes on.
            #expect(peak.items.max() ?? 0 <= 4)
        }
        #expect(Counted.live == 0)
    }
}
