// The lighter FoundationEssentials where it exists (Linux, Swift 6): the file store needs only
// URLs and files. The C library for the rewrite in place, which must end with `fsync`.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Bionic)
@preconcurrency import Bionic
#endif

/// A store that keeps decisions in a small JSON file, so that they survive a relaunch.
///
/// The file holds one object, purpose to state, denials first:
/// `{"advertising":"denied","analytics":"granted"}`.
///
/// Saving replaces the file atomically. Where that fails (a folder the app cannot write, a full
/// disk), it rewrites the file in place. Either way it reads the file back, and the save counts
/// only if the file then holds exactly the decisions saved; otherwise ``saveDecisions(_:)`` throws
/// a ``SaveError`` and ``lastSaveError`` says why.
///
/// Loading never crashes and never grants anything by accident. A missing file, or one that is
/// not such an object, means "undecided" for every purpose. An entry whose state is not `granted`
/// or `denied` means "undecided" for its purpose and leaves the others. A file cut short keeps
/// every whole entry before the cut, and since denials come first, it loses grants before denials.
///
/// ```swift
/// let url = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
/// let consent = AnalyticsConsent(hub: hub, store: FileConsentStore(url: url.appendingPathComponent("consent.json")))
/// ```
public final class FileConsentStore: ConsentStore {
    /// The file.
    public let url: URL
    /// Why the last save failed. Saves hold its lock throughout, so that two never interleave their
    /// writes to the file.
    private let lastWriteError = LockedValue<String?>(nil)

    /// A store in the file at `url`; the file is created on the first save, with its folder.
    public init(url: URL) {
        self.url = url
    }

    /// Why the last save failed, or `nil` when it succeeded (or none was made): the same text as
    /// the ``SaveError`` it threw.
    public var lastSaveError: String? {
        lastWriteError.withLock { $0 }
    }

    /// The decisions in the file: every whole entry that says `granted` or `denied`, up to where
    /// the file ends or stops being JSON; empty when it is missing or cannot be read.
    public func loadDecisions() -> [ConsentPurpose: ConsentState] {
        guard let data = try? Data(contentsOf: url) else { return [:] }
        return ConsentFileFormat.decisions(in: Array(data))
    }

    /// Writes `decisions` to the file, denials first, and reads it back.
    ///
    /// It replaces the file atomically; if that fails or does not read back as written, it
    /// rewrites the file in place (which works where the folder is read-only but the file is not),
    /// truncating it, writing, and syncing it to storage.
    ///
    /// - Throws: A ``SaveError`` when neither write reads back as `decisions`. The decisions are in
    ///   effect in memory all the same; what the next launch reads is in the error's description.
    public func saveDecisions(_ decisions: [ConsentPurpose: ConsentState]) throws {
        let saved = decisions.filter { $0.value != .undecided }
        let contents = ConsentFileFormat.contents(of: saved)
        try lastWriteError.withLock { lastError in
            var failures: [WriteFailure] = []
            for (attempt, write) in [("replacing it", replaceAtomically), ("rewriting it in place", rewriteInPlace)] {
                do throws(WriteFailure) {
                    try write(contents)
                    try verify(saved)
                    lastError = nil
                    return
                } catch {
                    failures.append(WriteFailure("\(attempt) \(error.reason)", leaving: error.leftover))
                }
            }
            let error = SaveError(url: url, failures: failures)
            lastError = error.description
            throw error
        }
    }

    // MARK: - Writing

    /// How one way of writing failed: why (`failed (…)`, `worked, but …`), and what it left.
    struct WriteFailure: Error {
        /// What the file holds after the failure.
        enum Leftover {
            /// What it held before: the failure came before any change.
            case previousContents
            /// A prefix of the new contents: it was truncated, then a write failed.
            case partOfTheNewContents
            /// The new contents, maybe, but they could not be read back.
            case unreadableContents
            /// Contents that read back as other decisions than those saved.
            case otherContents
        }

        let reason: String
        let leftover: Leftover

        init(_ reason: String, leaving leftover: Leftover) {
            self.reason = reason
            self.leftover = leftover
        }
    }

    /// Writes a new file beside the old one and renames it over it: a crash meanwhile leaves the
    /// old file whole.
    private func replaceAtomically(_ contents: [UInt8]) throws(WriteFailure) {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data(contents).write(to: url, options: .atomic)
        } catch {
            throw WriteFailure("failed (\(Self.reason(for: error)))", leaving: .previousContents)
        }
    }

    /// Rewrites the file itself: a file can often be written where its folder cannot. A crash
    /// meanwhile leaves a prefix of `contents`, which keeps its denials longest.
    ///
    /// A file the app owns but has made read-only is made writable by its owner for the write, and
    /// given its mode back after: a withdrawal must not be lost to a read-only bit.
    private func rewriteInPlace(_ contents: [UInt8]) throws(WriteFailure) {
        func failure(_ call: String, leaving leftover: WriteFailure.Leftover) -> WriteFailure {
            WriteFailure("failed (\(call): \(String(cString: strerror(errno))))", leaving: leftover)
        }
        func openForWriting() -> Int32 { open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666) }
        var descriptor = openForWriting()
        var modeToRestore: mode_t?
        defer { if let modeToRestore { chmod(url.path, modeToRestore) } }
        if descriptor < 0 && errno == EACCES {
            var status = stat()
            if stat(url.path, &status) == 0, status.st_uid == geteuid(),
                chmod(url.path, status.st_mode | S_IWUSR) == 0
            {
                modeToRestore = status.st_mode & 0o7777
                descriptor = openForWriting()
            } else {
                errno = EACCES  // the reason to report, whatever `stat` or `chmod` left
            }
        }
        guard descriptor >= 0 else { throw failure("open", leaving: .previousContents) }
        var written = 0
        while written < contents.count {
            let count = contents.withUnsafeBytes { bytes in
                write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let error = failure("write", leaving: .partOfTheNewContents)
                close(descriptor)
                throw error
            }
            written += count
        }
        guard fsync(descriptor) == 0 else {
            let error = failure("fsync", leaving: .partOfTheNewContents)
            close(descriptor)
            throw error
        }
        // Some file systems (NFS) report a failed write only when the file is closed.
        guard close(descriptor) == 0 else { throw failure("close", leaving: .partOfTheNewContents) }
    }

    /// Reads the file back: the save counts only if the next launch would read `saved` from it.
    private func verify(_ saved: [ConsentPurpose: ConsentState]) throws(WriteFailure) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw WriteFailure(
                "worked, but reading it back failed (\(Self.reason(for: error)))",
                leaving: .unreadableContents
            )
        }
        let read = ConsentFileFormat.decisions(in: Array(data))
        guard read == saved else {
            let contents = String(decoding: ConsentFileFormat.contents(of: read), as: UTF8.self)
            throw WriteFailure("worked, but it reads back as \(contents)", leaving: .otherContents)
        }
    }

    /// The system's words for a Foundation file error ("Permission denied"), else its description.
    private static func reason(for error: any Error) -> String {
        guard let posix = (error as? CocoaError)?.underlying as? POSIXError else { return "\(error)" }
        return String(cString: strerror(posix.code.rawValue))
    }
}

// MARK: - Save error

extension FileConsentStore {
    /// Why ``FileConsentStore/saveDecisions(_:)`` failed: no write to the file read back as the
    /// decisions saved.
    ///
    /// Its description names the file, says why each way of writing failed, what the next launch
    /// will read, and what to do.
    public struct SaveError: Error, Sendable, CustomStringConvertible {
        /// The file that could not be written.
        public let url: URL
        /// What failed, what the next launch will read, and what to do.
        public let description: String

        init(url: URL, failures: [WriteFailure]) {
            self.url = url
            // The last write that changed the file decides what it holds.
            let nextLaunch =
                switch failures.last(where: { $0.leftover != .previousContents })?.leftover ?? .previousContents {
                case .previousContents:
                    "The file still holds what was saved before, and the next launch starts from that: a purpose "
                        + "withdrawn since then is granted again if it was granted there."
                case .partOfTheNewContents:
                    "The file may hold only part of them: the next launch keeps each whole entry in it (denials "
                        + "come first) and treats the other purposes as undecided."
                case .unreadableContents:
                    "If the next launch cannot read the file either, every purpose is undecided there."
                case .otherContents:
                    "The next launch starts from what the file reads back as."
                }
            description =
                "cannot write \(url.path): \(failures.map(\.reason).joined(separator: "; ")). "
                + "The decisions are in effect until the app quits. \(nextLaunch) "
                + "Make the file or its folder writable, or keep the file in a folder the app owns "
                + "(Application Support); each later change saves every decision again."
        }
    }
}

// MARK: - The file's format

/// The consent file: one JSON object, purpose to `"granted"` or `"denied"`.
///
/// Written denials first, then grants, each sorted by purpose, so that a file cut short loses
/// grants before denials. Read tolerantly, so that a damaged file keeps what it still says.
private enum ConsentFileFormat {
    /// The file's bytes for `decisions` (undecided purposes left out), without spaces.
    static func contents(of decisions: [ConsentPurpose: ConsentState]) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        for state in [ConsentState.denied, .granted] {
            for purpose in decisions.keys.filter({ decisions[$0] == state }).sorted() {
                if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
                append(purpose.identifier, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                append(state.rawValue, to: &bytes)
            }
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// The decisions in `bytes`: every whole entry up to where they end or stop being JSON.
    static func decisions(in bytes: [UInt8]) -> [ConsentPurpose: ConsentState] {
        var reader = ConsentFileReader(bytes)
        return reader.readDecisions()
    }

    /// Appends `string` as a JSON string, escaping what JSON requires.
    private static func append(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\n"): bytes += Array(#"\n"#.utf8)
            case UInt8(ascii: "\r"): bytes += Array(#"\r"#.utf8)
            case UInt8(ascii: "\t"): bytes += Array(#"\t"#.utf8)
            case 0x08: bytes += Array(#"\b"#.utf8)
            case 0x0C: bytes += Array(#"\f"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// Reads a consent file entry by entry, and stops, keeping what it read, where the file ends or
/// stops being JSON: so a file cut short, or damaged, keeps every whole entry before that point.
///
/// An entry is whole once its value is: for a string, its closing quote. A value that is not the
/// string `granted` or `denied` (another word, a number, `null`, an object) leaves its purpose
/// undecided, and reading goes on with the next entry.
private struct ConsentFileReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func readDecisions() -> [ConsentPurpose: ConsentState] {
        // `undecided` marks a purpose with a bad entry, so that a duplicate grant cannot undo it.
        var states: [String: ConsentState] = [:]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        skipWhitespace()
        guard take("{") else { return [:] }
        while true {
            skipWhitespace()
            guard let key = readString() else { break }
            skipWhitespace()
            guard take(":") else { break }
            skipWhitespace()
            let state: ConsentState
            if peek() == UInt8(ascii: "\"") {
                guard let word = readString() else { break }
                state = ConsentState(rawValue: word) ?? .undecided
            } else {
                guard skipValue() else { break }
                state = .undecided
            }
            // A purpose named twice is granted only if every entry grants it, denied if any denies it.
            states[key] = Self.combined(states[key] ?? state, state)
            skipWhitespace()
            guard take(",") else { break }
        }
        var decisions: [ConsentPurpose: ConsentState] = [:]
        for (identifier, state) in states where state != .undecided {
            decisions[ConsentPurpose(identifier)] = state
        }
        return decisions
    }

    private static func combined(_ first: ConsentState, _ second: ConsentState) -> ConsentState {
        if first == .denied || second == .denied { return .denied }
        return first == .granted && second == .granted ? .granted : .undecided
    }

    // MARK: Bytes

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard peek() == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), [0x20, 0x09, 0x0A, 0x0D].contains(byte) { position += 1 }
    }

    // MARK: Values

    /// A string with its escapes resolved, or `nil` if it is cut short or not valid JSON.
    private mutating func readString() -> String? {
        guard take("\"") else { return nil }
        var utf8: [UInt8] = []
        while let byte = peek() {
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escape = peek() else { return nil }
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = readEscapedScalar() else { return nil }
                    UTF8.encode(scalar) { utf8.append($0) }
                default: return nil
                }
            case 0..<0x20:
                // JSON strings hold no raw control characters: the file is damaged here.
                return nil
            default:
                utf8.append(byte)
            }
        }
        return nil
    }

    /// The scalar of a `\u` escape whose `\u` was just read, joining a surrogate pair; `nil` if it
    /// is cut short, not hexadecimal, or half a pair.
    private mutating func readEscapedScalar() -> Unicode.Scalar? {
        guard let first = readHexadecimalUnit() else { return nil }
        switch first {
        case 0xD800...0xDBFF:
            guard take("\\"), take("u"), let second = readHexadecimalUnit(), (0xDC00...0xDFFF).contains(second)
            else { return nil }
            return Unicode.Scalar(0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00))
        case 0xDC00...0xDFFF:
            return nil
        default:
            return Unicode.Scalar(first)
        }
    }

    private mutating func readHexadecimalUnit() -> UInt16? {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = Self.hexadecimalValue(of: byte) else { return nil }
            unit = unit << 4 | UInt16(digit)
            position += 1
        }
        return unit
    }

    private static func hexadecimalValue(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Skips a value that is not a string: an object or array (whole, strings inside included),
    /// or a bare word or number. `false` if it is cut short or there is none.
    private mutating func skipValue() -> Bool {
        guard let first = peek() else { return false }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            var depth = 0
            while let byte = peek() {
                switch byte {
                case UInt8(ascii: "\""):
                    guard readString() != nil else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                default:
                    break
                }
                position += 1
                if depth == 0 { return true }
            }
            return false
        }
        let start = position
        while let byte = peek(), !Self.endsAWord(byte) { position += 1 }
        // A word that runs to the end of the file may be cut short; it is no entry either way.
        return position > start && position < bytes.count
    }

    /// Whether `byte` is JSON's structure or whitespace, which no bare word or number contains.
    private static func endsAWord(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","),
            UInt8(ascii: ":"), UInt8(ascii: "\""), 0x20, 0x09, 0x0A, 0x0D:
            true
        default:
            false
        }
    }
}
