import TagHub

/// A vendor rule broken in a snapshot: the rule's name, and the line that says where.
struct RuleFindingLine: Hashable {
    let rule: String
    let text: String
}

/// A value whose vendor tags can be checked against their vendors' rules when it is snapshot.
protocol RuleFindingsReporting {
    /// One line per violation, each once: the rule broken, and the tag that breaks it.
    var ruleFindingLines: [RuleFindingLine] { get }
}

/// The violations of `vendorTags` that are ``RuleCheckedVendorTag``: each tag on its own (each
/// finding once, in the order first met), then the tags of each type together.
func ruleFindings(in vendorTags: [Any]) -> [RuleFindingLine] {
    var findings: [RuleFindingLine] = []
    var tagsByType: [(example: any RuleCheckedVendorTag, tags: [Any])] = []
    for tag in vendorTags {
        guard let checked = tag as? any RuleCheckedVendorTag else { continue }
        for violation in checked.ruleViolations {
            let finding = RuleFindingLine(
                rule: violation.rule,
                text: "\(violation) (in \(snapshotDescription(of: tag)))"
            )
            if !findings.contains(finding) { findings.append(finding) }
        }
        if let index = tagsByType.firstIndex(where: { type(of: $0.example) == type(of: checked) }) {
            tagsByType[index].tags.append(tag)
        } else {
            tagsByType.append((checked, [tag]))
        }
    }
    for group in tagsByType {
        findings += violationsAcross(group.tags, like: group.example).map {
            RuleFindingLine(rule: $0.rule, text: "\($0)")
        }
    }
    return findings
}

/// The violations across those of `tags` that have the type of `example`.
func violationsAcross<Tag: RuleCheckedVendorTag>(_ tags: [Any], like example: Tag) -> [VendorRuleViolation] {
    Tag.ruleViolations(across: tags.compactMap { $0 as? Tag })
}

extension RecordingTagger: RuleFindingsReporting {
    var ruleFindingLines: [RuleFindingLine] { ruleFindings(in: tags) }
}

extension RecordingStrategy: RuleFindingsReporting {
    var ruleFindingLines: [RuleFindingLine] { ruleFindings(in: tags) }
}

extension Array: RuleFindingsReporting {
    var ruleFindingLines: [RuleFindingLine] {
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
