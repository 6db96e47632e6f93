/// A first-in, first-out queue of at most `capacity` elements, stored in a ring that grows by
/// doubling up to that bound: appending and removing the oldest cost O(1), and memory never grows
/// past the bound.
///
/// A class that owns its storage: a buffer whose slots `head..<head + count` (modulo the slot
/// count) are initialized. No slot is an `Optional`: generic `Optional` copies cost more than the
/// rest of a background send. Moving an element in or out is a call, never inlined: the ring's
/// type then gives the element's, which code compiled once for every schema (a background queue's,
/// a consent gate's) would otherwise look up at run time, several times a tag.
///
/// Not thread-safe: its owner guards it with a lock, which is why its `var`s skip the run-time
/// exclusivity checks. `package`, so that its tests reach it without a testable build.
@usableFromInline
package final class RingBuffer<Element> {
    @exclusivity(unchecked) var slots: UnsafeMutablePointer<Element>
    /// How many elements the storage has room for now: 0, then 16, doubling up to `capacity`.
    @exclusivity(unchecked) package private(set) var slotCount = 0
    /// The slot of the oldest element.
    @exclusivity(unchecked) package private(set) var head = 0
    /// How many elements the queue holds.
    @exclusivity(unchecked) package private(set) var count = 0
    /// The most elements the queue holds.
    package let capacity: Int

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

    package var isEmpty: Bool { count == 0 }
    package var isFull: Bool { count == capacity }

    /// Appends `element`; the caller makes room first when the queue is full.
    @usableFromInline
    @inline(never)
    package func append(_ element: consuming Element) {
        precondition(count < capacity, "RingBuffer: append to a full queue")
        if count == slotCount { grow() }
        var slot = head + count
        if slot >= slotCount { slot -= slotCount }
        (slots + slot).initialize(to: element)
        count += 1
    }

    /// The oldest element, or `nil` when the queue is empty.
    @inline(never)
    package var first: Element? {
        count > 0 ? slots[head] : nil
    }

    /// Removes and returns the oldest element; the queue must not be empty.
    @inline(never)
    package func removeFirst() -> Element {
        precondition(count > 0, "RingBuffer: removeFirst from an empty queue")
        let element = (slots + head).move()
        head += 1
        if head == slotCount { head = 0 }
        count -= 1
        return element
    }

    /// Removes the oldest element (the queue must not be empty), calls `body`, and only then
    /// releases the element: an owner that lets go of its lock in `body` releases it outside the
    /// lock, since its `deinit` may be app code.
    @inline(never)
    package func removeFirst(releasingAfter body: () -> Void) {
        let element = removeFirst()
        body()
        withExtendedLifetime(element) {}
    }

    /// Removes and returns the oldest element, or `nil` when the queue is empty.
    @inline(never)
    package func popFirst() -> Element? {
        count > 0 ? removeFirst() : nil
    }

    /// Doubles the slots (from 16, up to `capacity`), moving the elements to the front.
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
