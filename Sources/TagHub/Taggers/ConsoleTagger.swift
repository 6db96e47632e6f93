#if canImport(os)
import os
#elseif canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Bionic)
@preconcurrency import Bionic
#endif

/// A tagger that writes one readable line per vendor tag: the vendor's label, then the tag.
///
/// On Apple platforms the line goes to the unified log through `os.Logger` (subsystem `TagHub`,
/// category the label, level info, the line marked private as any analytics payload may hold
/// personal data: Xcode's console shows it while debugging); elsewhere to standard error, one
/// `write` per line, so that lines from several threads do not interleave (for lines up to the
/// system's atomic write size, 4 KiB on Linux).
///
/// ```swift
/// let console = ConsoleTagger<TrackerTag>(label: "tracker")
/// console.send(.screen(name: "show_podcasts"))
/// // [TagHub] tracker: screen(name: "show_podcasts")
/// #expect(console.line(for: .screen(name: "show_podcasts")) == #"[TagHub] tracker: screen(name: "show_podcasts")"#)
/// ```
///
/// Use it to watch what a vendor would receive during development, or give it your own `write` to
/// send the lines anywhere.
public struct ConsoleTagger<VendorTag: Sendable>: AnalyticsTagger {
    /// The vendor's name at the start of each line.
    public let label: String

    private let write: @Sendable (String) -> Void

    /// A tagger that writes to the platform's console: `os.Logger` on Apple platforms, standard
    /// error elsewhere.
    public init(label: String) {
        #if canImport(os)
        let logger = Logger(subsystem: "TagHub", category: label)
        self.init(label: label) { line in logger.info("\(line, privacy: .private)") }
        #else
        self.init(label: label, write: writeLineToStandardError)
        #endif
    }

    /// A tagger that hands each line, without a trailing newline, to `write`.
    public init(label: String, write: @escaping @Sendable (String) -> Void) {
        self.label = label
        self.write = write
    }

    /// Writes the line for `vendorTag`.
    public func send(_ vendorTag: VendorTag) {
        write(line(for: vendorTag))
    }

    /// The line written for `vendorTag`: `[TagHub] <label>: <tag>`, with line breaks in the tag's
    /// description escaped so that one tag is always one line.
    public func line(for vendorTag: VendorTag) -> String {
        var description = ""
        for character in String(describing: vendorTag).unicodeScalars {
            switch character {
            case "\n": description += "\\n"
            case "\r": description += "\\r"
            default: description.unicodeScalars.append(character)
            }
        }
        return "[TagHub] \(label): \(description)"
    }
}

#if !canImport(os)
/// Writes `line` and a newline to standard error in one `write` when it can, so that concurrent
/// lines do not mix; retries when interrupted or when only part was written.
@Sendable
private func writeLineToStandardError(_ line: String) {
    var bytes = Array(line.utf8)
    bytes.append(UInt8(ascii: "\n"))
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeBytes { buffer in
            write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
        }
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return }  // nothing sensible to do when standard error is gone
        offset += written
    }
}
#endif
