/// The header of a ``ScreenLog``: how many slots are initialized, and how many there are.
@usableFromInline
struct ScreenLogHeader {
    @usableFromInline var count: Int
    @usableFromInline let capacity: Int

    @inlinable
    init(count: Int, capacity: Int) {
        self.count = count
        self.capacity = capacity
    }
}

/// Append-only storage for screens, shared by the hub's history and every snapshot taken of it.
///
/// Slots are written once, in order, and never changed: a snapshot that covers slots `start..<end`
/// can be read on any thread while the hub keeps appending after `end` (see "The screen history"
/// in Docs/Architecture.md).
@usableFromInline
final class ScreenLog<Screen>: ManagedBuffer<ScreenLogHeader, Screen> {
    @inlinable
    static func make(capacity: Int) -> ScreenLog<Screen> {
        let buffer = create(minimumCapacity: capacity) { _ in ScreenLogHeader(count: 0, capacity: capacity) }
        return unsafeDowncast(buffer, to: ScreenLog<Screen>.self)
    }

    deinit {
        _ = withUnsafeMutablePointers { header, elements in
            elements.deinitialize(count: header.pointee.count)
        }
    }

    /// Whether `slot` is the next free slot, so a history ending there may append in place.
    @inlinable
    func canAppend(at slot: Int) -> Bool {
        withUnsafeMutablePointerToHeader { $0.pointee.count == slot && slot < $0.pointee.capacity }
    }

    /// Writes the next free slot. Only the owner of the history ending at `count` may call it.
    @inlinable
    func append(_ screen: Screen) {
        withUnsafeMutablePointers { header, elements in
            (elements + header.pointee.count).initialize(to: screen)
            header.pointee.count += 1
        }
    }

    /// Reads a slot that was written before the snapshot reading it was taken.
    @inlinable
    func element(at slot: Int) -> Screen {
        withUnsafeMutablePointerToElements { $0[slot] }
    }
}
