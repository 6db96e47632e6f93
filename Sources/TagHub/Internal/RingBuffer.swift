/// A first-in, first-out queue of at most `capacity` elements, stored in a ring that grows by
/// doubling up to that bound: appending and removing the oldest cost O(1), and memory never grows
/// past the bound.
///
/// A class that owns its storage: a buffer whose slots `head..<head + count` (modulo the slot
/// count) are initialized, which it moves elements in and out of. No slot is an `Optional`, so
/// appending and removing copy only the element: generic `Optional` copies, which the compiler did
/// not specialize, cost more than the rest of a background send.
///
/// Not thread-safe: its owner guards it with a lock, which is why its `var`s skip the run-time
/// exclusivity checks. `package`, so that its tests reach it without a testable build.
@usableFromInline
package final class RingBuffer<Element> {
    @usableFromInline @exclusivity(unchecked) var slots: UnsafeMutablePointer<Element>
    /// How many elements the storage has room for now: 0, then 16, doubling up to `capacity`.
    @usableFromInline @exclusivity(unchecked) package private(set) var slotCount = 0
    /// The slot of the oldest element.
    @usableFromInline @exclusivity(unchecked) package private(set) var head = 0
    /// How many elements the queue holds.
    @usableFromInline @exclusivity(unchecked) package private(set) var count = 0
    /// The most elements the queue holds.
    @usableFromInline package let capacity: Int

    @inlinable
    package init(capacity: Int) {
        precondition(capacity >= 1, "RingBuffer: capacity must be at least 1, got \(capacity)")
        self.capacity = capacity
        self.slots = .allocate(capacity: 0)
    }

    deinit {
        for offset in 0..<count {
            (slots + (head + offset) % slotCount).deinitialize(count: 1)
        }
        slots.deallocate()
    }

    @inlinable
    package var isEmpty: Bool { count == 0 }
    @inlinable
    package var isFull: Bool { count == capacity }

    /// Appends `element`; the caller makes room first when the queue is full.
    @inlinable
    package func append(_ element: consuming Element) {
        precondition(count < capacity, "RingBuffer: append to a full queue")
        if count == slotCount { grow() }
        var slot = head + count
        if slot >= slotCount { slot -= slotCount }
        (slots + slot).initialize(to: element)
        count += 1
    }

    /// The oldest element, or `nil` when the queue is empty.
    @inlinable
    package var first: Element? {
        count > 0 ? slots[head] : nil
    }

    /// Removes and returns the oldest element; the queue must not be empty.
    @inlinable
    package func removeFirst() -> Element {
        precondition(count > 0, "RingBuffer: removeFirst from an empty queue")
        let element = (slots + head).move()
        head += 1
        if head == slotCount { head = 0 }
        count -= 1
        return element
    }

    /// Removes and returns the oldest element, or `nil` when the queue is empty.
    @inlinable
    package func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = (slots + head).move()
        head += 1
        if head == slotCount { head = 0 }
        count -= 1
        return element
    }

    /// Doubles the slots (from 16, up to `capacity`), moving the elements to the front.
    @inlinable
    func grow() {
        let newCount = min(capacity, max(16, slotCount * 2))
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCount)
        let firstPart = min(count, slotCount - head)
        grown.moveInitialize(from: slots + head, count: firstPart)
        (grown + firstPart).moveInitialize(from: slots, count: count - firstPart)
        slots.deallocate()
        slots = grown
        slotCount = newCount
        head = 0
    }
}
