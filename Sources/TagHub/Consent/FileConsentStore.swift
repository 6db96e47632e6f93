// The lighter FoundationEssentials where it exists (Linux, Swift 6): the file store needs only
// files and JSON.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A store that keeps decisions in a small JSON file, so that they survive a relaunch.
///
/// The file holds one object, purpose to state: `{"advertising":"denied","analytics":"granted"}`.
/// A missing file or a file that is not such an object means "undecided" for every purpose, and an
/// entry whose state is not `granted` or `denied` means "undecided" for its purpose: never a
/// crash, never "granted". Writes
/// replace the file atomically, so a crash while saving leaves the previous decisions.
///
/// ```swift
/// let url = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
/// let consent = AnalyticsConsent(hub: hub, store: FileConsentStore(url: url.appendingPathComponent("consent.json")))
/// ```
public final class FileConsentStore: ConsentStore {
    /// The file.
    public let url: URL
    private let lastWriteError = LockedValue<String?>(nil)

    /// A store in the file at `url`; the file is created on the first save, with its folder.
    public init(url: URL) {
        self.url = url
    }

    /// Why the last save failed, or `nil` when it succeeded (or none was made).
    public var lastSaveError: String? {
        lastWriteError.withLock { $0 }
    }

    /// The decisions in the file; empty when it is missing or cannot be read.
    public func loadDecisions() -> [ConsentPurpose: ConsentState] {
        guard let data = try? Data(contentsOf: url),
            let entries = try? JSONDecoder().decode([String: StoredState].self, from: data)
        else { return [:] }
        var decisions: [ConsentPurpose: ConsentState] = [:]
        for (identifier, stored) in entries {
            guard let state = stored.state, state != .undecided else { continue }
            decisions[ConsentPurpose(identifier)] = state
        }
        return decisions
    }

    /// Writes `decisions` to the file, keys sorted, replacing it atomically.
    public func saveDecisions(_ decisions: [ConsentPurpose: ConsentState]) {
        var entries: [String: String] = [:]
        for (purpose, state) in decisions where state != .undecided {
            entries[purpose.identifier] = state.rawValue
        }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try encoder.encode(entries)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try data.write(to: url, options: .atomic)
            lastWriteError.withLock { $0 = nil }
        } catch {
            lastWriteError.withLock { $0 = "cannot write \(url.path): \(error)" }
        }
    }
}

/// One entry of the file: a state, or `nil` for any value that is not one (a number, `null`, an
/// unknown word), so that one bad entry leaves the others.
private struct StoredState: Decodable {
    let state: ConsentState?

    init(from decoder: any Decoder) throws {
        let name = try? decoder.singleValueContainer().decode(String.self)
        state = name.flatMap(ConsentState.init(rawValue:))
    }
}
