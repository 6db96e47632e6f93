import TagHub

/// Whether the checks write `scalar` escaped in a finding (`\u{202E}`, `\n`), as `Rules.escaped`
/// (Sources/TagHubVendors/Rules.swift) does: what Swift escapes in a literal, and any control,
/// format (bidirectional, zero-width), separator, private-use, surrogate, unassigned or invisible
/// (Default_Ignorable_Code_Point) scalar. Quotes and backslashes are shown as they are.
func isEscapedInFindings(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == "\"" || scalar == "\\" || scalar == "'" { return false }
    if scalar.escaped(asASCII: false).unicodeScalars.count > 1 { return true }
    switch scalar.properties.generalCategory {
    case .format, .lineSeparator, .paragraphSeparator, .control, .privateUse, .surrogate, .unassigned: return true
    default: return scalar.properties.isDefaultIgnorableCodePoint
    }
}

/// The findings of `violations` that show raw a scalar the checks escape, each written with those
/// scalars as `<U+202E>`, so that printing it forges no line.
func rawFindings(in violations: [VendorRuleViolation]) -> [String] {
    violations.map(\.description).filter { $0.unicodeScalars.contains(where: isEscapedInFindings) }.map { text in
        text.unicodeScalars.map { scalar in
            isEscapedInFindings(scalar) ? "<U+\(String(scalar.value, radix: 16, uppercase: true))>" : String(scalar)
        }.joined()
    }
}

/// Prints the findings of `violations` that show raw a scalar the checks escape, naming `vendor`
/// and the tag (`#123`, or `across`), while `shown` is under 10 (it counts them all): each fails the fuzz.
func reportRawFindings(_ violations: [VendorRuleViolation], vendor: String, tag: String, shown: inout Int) {
    for finding in rawFindings(in: violations) {
        if shown < 10 {
            print("RuleCheckFuzz: \(vendor) tag \(tag): a finding shows raw a scalar the checks escape: \(finding)")
        }
        shown += 1
    }
}
