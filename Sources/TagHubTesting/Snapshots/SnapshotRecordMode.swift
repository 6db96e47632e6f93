/// When a snapshot assertion writes the snapshot file.
///
/// Pass one as the `record` parameter, or set the environment variable `TAGHUB_SNAPSHOT_RECORD` to
/// `missing`, `failed`, `all` or `never` for a whole run; the parameter wins. Whenever a file is
/// written, the assertion fails, saying so: a snapshot only passes by matching what was checked
/// in.
///
/// ```sh
/// TAGHUB_SNAPSHOT_RECORD=failed swift test   # accept every changed snapshot, then review the diff
/// ```
public struct SnapshotRecordMode: Sendable, Hashable, CustomStringConvertible {
    private enum Storage: String, Sendable, Hashable {
        case missing, failed, all, never
    }

    private let storage: Storage

    private init(_ storage: Storage) {
        self.storage = storage
    }

    /// Writes a snapshot that does not exist yet; a mismatch fails with a diff. The default.
    public static let missing = SnapshotRecordMode(.missing)

    /// Also rewrites a snapshot that does not match, after reporting the diff.
    public static let failed = SnapshotRecordMode(.failed)

    /// Rewrites every snapshot, matching or not.
    public static let all = SnapshotRecordMode(.all)

    /// Writes nothing: a missing snapshot fails. For CI runs that must never record.
    public static let never = SnapshotRecordMode(.never)

    /// The environment variable a run sets to choose the mode.
    public static let environmentVariable = "TAGHUB_SNAPSHOT_RECORD"

    /// The mode named `name` (`missing`, `failed`, `all` or `never`), or `nil` for another name.
    public init?(name: String) {
        guard let storage = Storage(rawValue: name) else { return nil }
        self.storage = storage
    }

    /// The mode's name: `missing`, `failed`, `all` or `never`.
    public var description: String { storage.rawValue }

    /// Whether a missing snapshot is written.
    var writesMissing: Bool { storage != .never }

    /// Whether a snapshot that does not match is rewritten.
    var writesMismatch: Bool { storage == .failed || storage == .all }

    /// Whether a matching snapshot is rewritten too.
    var writesMatch: Bool { storage == .all }
}
