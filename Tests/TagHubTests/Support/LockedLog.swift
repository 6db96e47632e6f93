import Foundation

// `NSLock.withLock` needs macOS 14 and iOS 17: these use lock() and unlock() to build on older systems.

/// An append-only list that threads share.
final class LockedLog<Item>: @unchecked Sendable {
    // Safe: `storage` is only touched under `lock`.
    private let lock = NSLock()
    private var storage: [Item] = []

    func append(_ item: Item) {
        lock.lock()
        defer { lock.unlock() }
        storage.append(item)
    }

    var items: [Item] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        storage.removeAll()
    }
}

/// A flag that threads share.
final class LockedFlag: @unchecked Sendable {
    // Safe: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value = false

    func set() {
        lock.lock()
        defer { lock.unlock() }
        value = true
    }

    func clear() {
        lock.lock()
        defer { lock.unlock() }
        value = false
    }

    /// Sets the flag; `true` for the one caller that found it unset.
    func setIfUnset() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !value else { return false }
        value = true
        return true
    }

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
