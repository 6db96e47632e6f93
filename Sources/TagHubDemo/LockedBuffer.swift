import Foundation

/// A list that strategies and taggers append to while the hub delivers a tag, and that the demo
/// reads once `send` has returned.
///
/// Taggers and strategies must be `Sendable`, and may be called on any thread, so the list sits
/// behind a lock even though this demo sends from one thread only.
///
/// `@unchecked Sendable` is safe: `elements` is private and only touched while `lock` is held.
final class LockedBuffer<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var elements: [Element] = []

    /// Appends `element`; returns how many elements the buffer holds now.
    @discardableResult
    func append(_ element: Element) -> Int {
        lock.lock()
        defer { lock.unlock() }
        elements.append(element)
        return elements.count
    }

    /// Everything appended so far, oldest first.
    var contents: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return elements
    }

    /// Everything appended since the last drain, oldest first; the buffer is empty afterwards.
    func drain() -> [Element] {
        lock.lock()
        defer { lock.unlock() }
        let drained = elements
        elements.removeAll()
        return drained
    }
}
