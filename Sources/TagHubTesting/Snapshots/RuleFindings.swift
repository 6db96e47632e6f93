import TagHub

/// A value whose vendor tags can be checked against their vendors' rules when it is snapshot.
protocol RuleFindingsReporting {
    /// One line per violation: the rule broken, and the tag that breaks it.
    var ruleFindingLines: [String] { get }
}

/// The violations of `vendorTags` that are ``RuleCheckedVendorTag``, each on its own and all
/// together, one line each.
func ruleFindings(in vendorTags: [Any]) -> [String] {
    var findings: [String] = []
    for tag in vendorTags {
        guard let checked = tag as? any RuleCheckedVendorTag else { continue }
        findings += checked.ruleViolations.map { "\($0) (in \(snapshotDescription(of: tag)))" }
    }
    guard let first = vendorTags.first as? any RuleCheckedVendorTag else { return findings }
    return findings + violationsAcross(vendorTags, like: first).map { "\($0)" }
}

/// The violations across those of `tags` that have the type of `example`.
func violationsAcross<Tag: RuleCheckedVendorTag>(_ tags: [Any], like example: Tag) -> [VendorRuleViolation] {
    Tag.ruleViolations(across: tags.compactMap { $0 as? Tag })
}

extension RecordingTagger: RuleFindingsReporting {
    var ruleFindingLines: [String] { ruleFindings(in: vendorTags) }
}

extension RecordingStrategy: RuleFindingsReporting {
    var ruleFindingLines: [String] { ruleFindings(in: vendorTags) }
}

extension Array: RuleFindingsReporting {
    var ruleFindingLines: [String] {
        ruleFindings(in: map { ($0 as? any RecordedVendorTag)?.recordedVendorTag ?? $0 })
    }
}

/// A recorded tag, seen without its generic parameters.
protocol RecordedVendorTag {
    var recordedVendorTag: Any { get }
}

extension RecordedTag: RecordedVendorTag {
    var recordedVendorTag: Any { vendorTag }
}

// The vendor models read in snapshots as their SDK call, as their descriptions write them: keys
// sorted, strings quoted and escaped.

extension FirebaseTag: CustomSnapshotStringConvertible {
    /// The call, as ``FirebaseTag/description`` writes it.
    public var snapshotDescription: String { description }
}

extension MixpanelTag: CustomSnapshotStringConvertible {
    /// The call, as ``MixpanelTag/description`` writes it.
    public var snapshotDescription: String { description }
}

extension AmplitudeTag: CustomSnapshotStringConvertible {
    /// The call, as ``AmplitudeTag/description`` writes it.
    public var snapshotDescription: String { description }
}

extension SegmentTag: CustomSnapshotStringConvertible {
    /// The call, as ``SegmentTag/description`` writes it.
    public var snapshotDescription: String { description }
}

extension BatchTag: CustomSnapshotStringConvertible {
    /// The call, as ``BatchTag/description`` writes it.
    public var snapshotDescription: String { description }
}

extension PianoTag: CustomSnapshotStringConvertible {
    /// The call, as ``PianoTag/description`` writes it.
    public var snapshotDescription: String { description }
}
