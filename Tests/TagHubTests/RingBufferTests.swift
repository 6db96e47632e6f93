import TagHub
import Testing

/// The bounded first-in, first-out queue behind background queues and consent buffers.
@Suite struct RingBufferTests {
    @Test func itGrowsFrom16ByDoublingUpToItsCapacityAndNeverPastIt() {
        let ring = RingBuffer<Int>(capacity: 100)
        #expect(ring.slotCount == 0)
        var slotCounts: [Int] = []
        for value in 0..<100 {
            ring.append(value)
            if slotCounts.last != ring.slotCount { slotCounts.append(ring.slotCount) }
        }
        #expect(slotCounts == [16, 32, 64, 100])
        #expect(ring.isFull)
        #expect((0..<100).map { _ in ring.popFirst() } == (0..<100).map { $0 })
        #expect(ring.popFirst() == nil)
        #expect(ring.isEmpty)
    }

    @Test func itWrapsAroundTheEndOfItsSlotsAndKeepsTheOrder() {
        let ring = RingBuffer<Int>(capacity: 16)
        for value in 0..<16 { ring.append(value) }
        for expected in 0..<10 { #expect(ring.popFirst() == expected) }
        #expect(ring.head == 10)
        for value in 16..<26 { ring.append(value) }  // slots 10...15, then 0...3
        #expect(ring.slotCount == 16)
        #expect(ring.isFull)
        #expect((0..<16).map { _ in ring.popFirst() } == (10..<26).map { $0 })
        #expect(ring.head == 10)
    }

    @Test func growingWhileWrappedMovesBothPartsToTheFrontInOrder() {
        let ring = RingBuffer<String>(capacity: 40)
        for value in 0..<16 { ring.append("\(value)") }
        for _ in 0..<12 { _ = ring.popFirst() }
        for value in 16..<28 { ring.append("\(value)") }  // wrapped: 12...15 at the end, 16...27 at the front
        #expect(ring.count == 16)
        ring.append("28")  // full slots: grows to 32
        #expect(ring.slotCount == 32)
        #expect(ring.head == 0)
        #expect((0..<17).map { _ in ring.popFirst() } == (12...28).map { "\($0)" })
    }

    @Test func itReleasesWhatItGivesBackAndWhatItStillHoldsWhenItGoes() {
        let released = LockedLog<Int>()
        do {
            let ring = RingBuffer<Releasing>(capacity: 20)
            for value in 0..<20 { ring.append(Releasing(value, log: released)) }  // wraps nothing yet
            for _ in 0..<5 { _ = ring.popFirst() }
            #expect(released.items == [0, 1, 2, 3, 4])
            for value in 20..<25 { ring.append(Releasing(value, log: released)) }  // wrapped now
        }
        #expect(released.items == Array(0..<25))
    }
}

/// Logs its number when it goes.
private final class Releasing {
    let number: Int
    let log: LockedLog<Int>
    init(_ number: Int, log: LockedLog<Int>) {
        self.number = number
        self.log = log
    }
    deinit { log.append(number) }
}
