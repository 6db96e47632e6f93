/// A first-in, first-out queue of at most `capacity` elements, stored in a ring that grows by
/// doubling up to that bound: appending and removing the oldest cost O(1), and memory never grows
/// past the bound.
struct RingBuffer<Element> {
    private var slots: ContiguousArray<Element?> = []
    private var head = 0
    private(set) var count = 0
    /// The most elements the queue holds.
    let capacity: Int

    init(capacity: Int) {
        precondition(capacity >= 1, "RingBuffer: capacity must be at least 1, got \(capacity)")
        self.capacity = capacity
    }

    var isEmpty: Bool { count == 0 }
    var isFull: Bool { count == capacity }

    /// Appends `element`; the caller makes room first when the queue is full.
    mutating func append(_ element: Element) {
        precondition(count < capacity, "RingBuffer: append to a full queue")
        if count == slots.count { grow() }
        slots[(head + count) % slots.count] = element
        count += 1
    }

    /// Removes and returns the oldest element, or `nil` when the queue is empty.
    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = slots[head]
        slots[head] = nil
        head = (head + 1) % slots.count
        count -= 1
        return element
    }

    private mutating func grow() {
        let newSize = min(capacity, max(16, slots.count * 2))
        var grown = ContiguousArray<Element?>(repeating: nil, count: newSize)
        for offset in 0..<count {
            grown[offset] = slots[(head + offset) % slots.count]
        }
        slots = grown
        head = 0
    }
}
