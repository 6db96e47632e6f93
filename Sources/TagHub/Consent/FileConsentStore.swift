// The lighter FoundationEssentials where it exists (Linux, Swift 6): the file store needs only
// URLs and files. The rewrite in place, which must end with `fsync`, is in Platform.swift.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
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
/// import Foundation
/// import TagHub
///
/// func makeConsentKeptInAFile(for hub: AnalyticsHub<PodcastAnalytics>) throws -> AnalyticsConsent<PodcastAnalytics> {
///     let folder = try FileManager.default.url(
///         for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true
///     )
///     return AnalyticsConsent(hub: hub, store: FileConsentStore(url: folder.appendingPathComponent("consent.json")))
/// }
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
        let saved = ConsentDecisions(decisions).decided
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

    /// Rewrites the file itself: a file can often be written where its folder cannot, and a
    /// read-only one is made writable for it (a withdrawal must not be lost to a read-only bit). A
    /// crash meanwhile leaves a prefix of `contents`, which keeps its denials longest.
    private func rewriteInPlace(_ contents: [UInt8]) throws(WriteFailure) {
        do throws(SystemCallFailure) {
            try rewriteFile(atPath: url.path, with: contents)
        } catch {
            let leftover: WriteFailure.Leftover = error.call == "open" ? .previousContents : .partOfTheNewContents
            throw WriteFailure("failed (\(error.call): \(error.message))", leaving: leftover)
        }
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
        return SystemCallFailure.message(for: posix.code.rawValue)
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
