import Foundation

/// Runs `body` on a new thread with a 512 KiB stack, the default for secondary threads on Apple
/// platforms, and returns what it returns. The caller awaits it without holding a thread: the
/// suite's time limit ends a body that never returns.
func onA512KiBThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 512 * 1024
        thread.start()
    }
}
