/// A value that
/// ``assertAnalyticsSnapshot(of:named:record:snapshotDirectory:allowingRules:fileID:filePath:line:column:function:)``
/// can store as text.
///
/// Recorders (``RecordingTagger``, ``RecordingStrategy``), arrays of anything (one line per
/// element) and ``TrackingPlan`` adopt it; a `String` is its own text.
public protocol AnalyticsSnapshotConvertible {
    /// The text stored in the snapshot file. It must be the same on every run for the same value.
    var snapshotText: String { get }
}

extension String: AnalyticsSnapshotConvertible {
    /// The string itself.
    public var snapshotText: String { self }
}

extension Array: AnalyticsSnapshotConvertible {
    /// One line per element, each as ``snapshotDescription(of:)`` writes it, every line ending with
    /// a line break.
    public var snapshotText: String {
        map { snapshotDescription(of: $0) + "\n" }.joined()
    }
}
