import TagHub

extension TrackingPlan: AnalyticsSnapshotConvertible {
    /// The plan as a Markdown document: one table per channel (app tag, screen history, one column
    /// per vendor), then the dead tags and the vendor tags nothing produces.
    ///
    /// Every value is written as ``snapshotDescription(of:)`` writes it, so the document is the
    /// same on every run for the same code. Write it to a file for analysts, or snapshot it with
    /// ``assertAnalyticsSnapshot(of:storedAt:record:allowingRules:fileID:filePath:line:column:)``.
    public var markdown: String {
        var lines: [String] = [
            "# \(markdownLine(title))",
            "",
            "Generated from the code by TagHubTesting's `TrackingPlan`: do not edit by hand.",
            "",
            "Each row is an app tag, the screen history (oldest first) that each vendor's converter saw "
                + "with it, and what each vendor receives: its tag, or *ignored*. The history reads *any* "
                + "when every sampled history gives the same result.",
            "",
            "Sampled screen histories: "
                + sampleContexts.map { markdownCode($0.snapshotDescription) }.joined(separator: ", ")
                + ".",
        ]
        for channel in AnalyticsChannel.allCases {
            let channelRows = rows.filter { $0.tag.channel == channel }
            let isUnsampled = unsampledChannels.contains(channel)
            guard !channelRows.isEmpty || isUnsampled else { continue }
            lines += ["", "## \(markdownHeading(for: channel))", ""]
            guard !isUnsampled else {
                lines.append("No sample tags: nothing is checked on this channel.")
                continue
            }
            let header = ["App tag", "Screen history"] + vendorNames.map(markdownCell)
            lines.append("| " + header.joined(separator: " | ") + " |")
            lines.append("|" + String(repeating: " --- |", count: header.count))
            for row in channelRows {
                var cells = [markdownCode(TagHubTesting.snapshotDescription(of: row.tag.payload))]
                cells.append(
                    row.contexts.map { $0.map { markdownCode($0.snapshotDescription) }.joined(separator: ", ") }
                        ?? "*any*"
                )
                cells += row.vendorTags.map { $0.map { markdownCode($0) } ?? "*ignored*" }
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
        }

        lines += ["", "## Dead tags", "", "App tags that no vendor receives in any sampled history:", ""]
        lines +=
            deadTags.isEmpty ? ["None."] : deadTags.map { "- " + markdownCode($0.snapshotDescription, inTable: false) }

        lines += ["", "## Vendor tags nothing produces", ""]
        lines += ["Vendor tags a vendor expects that no sample tag produced:", ""]
        lines +=
            unproducedVendorTags.isEmpty
            ? ["None."]
            : unproducedVendorTags.map { finding in
                "- \(markdownLine(finding.vendor)): "
                    + finding.names.map { markdownCode($0, inTable: false) }.joined(separator: ", ")
            }
        lines += ["", "## Vendor rule findings", ""]
        lines += ["Rules of the vendors' own that their tags above break (vendor models only):", ""]
        lines +=
            ruleFindings.isEmpty
            ? ["None."]
            : ruleFindings.map { finding in
                "- \(markdownLine(finding.vendor))"
                    + (finding.appTag.map { ", " + markdownCode($0, inTable: false) } ?? "")
                    + ": " + markdownCode(finding.violation.description, inTable: false)
            }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The plan's ``markdown``.
    public var snapshotText: String { markdown }
}

extension TrackingPlan: RuleFindingsReporting {
    var ruleFindingLines: [RuleFindingLine] {
        ruleFindings.map { RuleFindingLine(rule: $0.violation.rule, text: $0.description) }
    }
}

private func markdownHeading(for channel: AnalyticsChannel) -> String {
    switch channel {
    case .screen: "Screens"
    case .userAction: "User actions"
    case .event: "Events"
    case .state: "States"
    }
}

/// `text` as a Markdown code span on one line (line breaks escaped), safe in a table cell when
/// `inTable`.
///
/// The fence is one backtick longer than the longest run of backticks in the text, so the text
/// can hold any.
private func markdownCode(_ text: String, inTable: Bool = true) -> String {
    let line = SnapshotTextWriter.oneLine(text)
    let content = inTable ? line.replacingOccurrences(of: "|", with: "\\|") : line
    var longestRun = 0
    var run = 0
    for character in content {
        run = character == "`" ? run + 1 : 0
        longestRun = max(longestRun, run)
    }
    guard longestRun > 0 else { return "`\(content)`" }
    let fence = String(repeating: "`", count: longestRun + 1)
    return "\(fence) \(content) \(fence)"
}

/// `text` as plain text that is safe in a table cell.
private func markdownCell(_ text: String) -> String {
    markdownLine(text).replacingOccurrences(of: "|", with: "\\|")
}

/// `text` on one line: line breaks become spaces.
private func markdownLine(_ text: String) -> String {
    text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " ")
}
