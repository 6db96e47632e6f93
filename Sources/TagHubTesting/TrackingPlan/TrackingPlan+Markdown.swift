import TagHub

extension TrackingPlan: AnalyticsSnapshotConvertible {
    /// The plan as a Markdown document: one table per channel (app tag, screen history, one column
    /// per vendor), then the dead tags and the vendor tags nothing produces.
    ///
    /// Every value is written as ``snapshotDescription(of:)`` writes it, so the document is the
    /// same on every run for the same code. Write it to a file for analysts, or snapshot it with
    /// ``assertAnalyticsSnapshot(of:storedAt:record:fileID:filePath:line:column:)``.
    public var markdown: String {
        var lines: [String] = [
            "# \(title)",
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
            lines.append(
                "| App tag | Screen history | " + vendorNames.map(markdownCell).joined(separator: " | ") + " |"
            )
            lines.append("| --- | --- |" + String(repeating: " --- |", count: vendorNames.count))
            for row in channelRows {
                var cells = [markdownCode(TagHubTesting.snapshotDescription(of: row.tag.payload))]
                cells.append(
                    row.contexts.map { $0.map { markdownCode($0.snapshotDescription) }.joined(separator: ", ") }
                        ?? "*any*"
                )
                cells += row.vendorTags.map { $0.map(markdownCode) ?? "*ignored*" }
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
        }

        lines += ["", "## Dead tags", "", "App tags that no vendor receives in any sampled history:", ""]
        lines += deadTags.isEmpty ? ["None."] : deadTags.map { "- " + markdownCode($0.snapshotDescription) }

        lines += ["", "## Vendor tags nothing produces", ""]
        lines += ["Vendor tags a vendor expects that no sample tag produced:", ""]
        lines +=
            unproducedVendorTags.isEmpty
            ? ["None."]
            : unproducedVendorTags.map { "- \($0.vendor): " + $0.names.map(markdownCode).joined(separator: ", ") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The plan's ``markdown``.
    public var snapshotText: String { markdown }
}

private func markdownHeading(for channel: AnalyticsChannel) -> String {
    switch channel {
    case .screen: "Screens"
    case .userAction: "User actions"
    case .event: "Events"
    case .state: "States"
    }
}

/// `text` as a Markdown code span that is safe in a table cell.
private func markdownCode(_ text: String) -> String {
    let escaped = text.replacingOccurrences(of: "|", with: "\\|")
    return escaped.contains("`") ? "`` \(escaped) ``" : "`\(escaped)`"
}

/// `text` as plain text that is safe in a table cell.
private func markdownCell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
}
