/// `crashNoteIndex` while `ruleViolations(across:)` runs.
let crashNoteAcross = -2

#if canImport(Glibc)
import Glibc

// Where a check crashes, said before the crash report: which vendor's tag, its index and seed, and
// the command that makes and checks that tag alone. A signal handler writes it (Linux only), then
// hands the signal to the handler that was there before it (Swift's backtracer), or to the
// default action.

/// The vendor's name, and the seed: set once per vendor, before its checks.
nonisolated(unsafe) private var noteVendor: UnsafeMutablePointer<CChar>?
nonisolated(unsafe) private var noteSeed: UnsafeMutablePointer<CChar>?
/// The index of the tag being checked, `crashNoteAcross` while the tags are checked across, or
/// -1 between checks.
nonisolated(unsafe) var crashNoteIndex = -1
/// The handlers that were there before, by signal number.
nonisolated(unsafe) private var previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)

private let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

/// Installs the handler, on a stack of its own (a check that recursed too deep has used its
/// thread's).
func installCrashNote() {
    let stackSize = 1 << 18
    var stack = stack_t()
    stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: stackSize, alignment: 16)
    stack.ss_size = stackSize
    sigaltstack(&stack, nil)
    for signal in crashSignals {
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = noteCrash
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, previousActions + Int(signal))
    }
}

/// Sets what a crash of the next checks writes: the vendor's name, the seed.
func setCrashNote(vendor: String, seed: UInt64) {
    free(noteVendor)
    free(noteSeed)
    noteVendor = strdup(vendor.lowercased())
    noteSeed = strdup(String(seed))
}

private func write(_ text: UnsafePointer<CChar>?) {
    guard let text else { return }
    _ = Glibc.write(2, text, strlen(text))
}

/// Writes `number`'s decimal digits, without allocating.
private func write(_ number: Int) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits in
        var rest = number
        var start = digits.count
        repeat {
            start -= 1
            digits[start] = UInt8(48 + rest % 10)
            rest /= 10
        } while rest > 0
        _ = Glibc.write(2, digits.baseAddress! + start, digits.count - start)
    }
}

private func noteCrash(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    if crashNoteIndex >= 0 {
        write("\nRuleCheckFuzz: crashed checking tag #")
        write(crashNoteIndex)
        write(" of ")
        write(noteVendor)
        write(", seed ")
        write(noteSeed)
        write("; to make and check it alone: --seed ")
        write(noteSeed)
        write(" --vendor ")
        write(noteVendor)
        write(" --tag ")
        write(crashNoteIndex)
        write("\n")
    } else if crashNoteIndex == crashNoteAcross {
        write("\nRuleCheckFuzz: crashed checking the tags of ")
        write(noteVendor)
        write(" across (ruleViolations(across:)), seed ")
        write(noteSeed)
        write("\n")
    }
    let previous = previousActions + Int(signal)
    if previous.pointee.sa_flags & SA_SIGINFO != 0, let handler = previous.pointee.__sigaction_handler.sa_sigaction {
        handler(signal, info, context)
    } else {
        // The default action, or what was there: the fault happens again when the handler returns
        // (abort raises its signal again).
        sigaction(signal, previous, nil)
    }
}
#else
nonisolated(unsafe) var crashNoteIndex = -1
func installCrashNote() {}
func setCrashNote(vendor: String, seed: UInt64) {}
#endif
