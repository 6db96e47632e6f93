import Foundation

/// An append-only list that threads share.
final class LockedLog<Item>: @unchecked Sendable {
    // Safe: `storage` is only touched under `lock`.
    private let lock = NSLock()
    private var storage: [Item] = []

    func append(_ item: Item) {
        lock.withLock { storage.append(item) }
    }

    var items: [Item] { lock.withLock { storage } }
}

/// A flag that threads share.
final class LockedFlag: @unchecked Sendable {
    // Safe: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
