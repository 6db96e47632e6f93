import TagHubTesting
import TagHubVendors

// The vendor models read in snapshots as their SDK call, as their descriptions write them: keys
// sorted, strings quoted and escaped.

extension FirebaseTag: CustomSnapshotStringConvertible {
    /// The call, as ``/TagHubVendors/FirebaseTag/description`` writes it.
    public var snapshotDescription: String { description }
}

extension MixpanelTag: CustomSnapshotStringConvertible {
    /// The call, as ``/TagHubVendors/MixpanelTag/description`` writes it.
    public var snapshotDescription: String { description }
}

extension AmplitudeTag: CustomSnapshotStringConvertible {
    /// The call, as ``/TagHubVendors/AmplitudeTag/description`` writes it.
    public var snapshotDescription: String { description }
}

extension SegmentTag: CustomSnapshotStringConvertible {
    /// The call, as ``/TagHubVendors/SegmentTag/description`` writes it.
    public var snapshotDescription: String { description }
}

extension BatchTag: CustomSnapshotStringConvertible {
    /// The call, as ``/TagHubVendors/BatchTag/description`` writes it.
    public var snapshotDescription: String { description }
}

extension PianoTag: CustomSnapshotStringConvertible {
    /// The call, as ``/TagHubVendors/PianoTag/description`` writes it.
    public var snapshotDescription: String { description }
}
