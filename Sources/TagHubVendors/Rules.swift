import TagHub

/// What the vendor models' checks share: how a finding shows what it is about, how one tag's
/// findings are summed up, and the tests of text that several vendors' rules make. Each vendor's
/// own rules are in its file.
///
/// The cost of a check is bounded by guards, not by tricks: a text far longer than its limit is
/// reported by its length and not read further (``isFarLonger(_:than:)``), and a tag with more
/// keys than its vendor accepts has only the first few checked one by one (``checkedEntries(of:accepted:)``).
enum Rules {
    /// The most UTF-16 units of a name or value that a finding quotes: a subject stays short
    /// whatever the tag holds.
    static let subjectLength = 64

    /// The most findings of one rule that one tag reports one by one; the rest are summed up in one.
    static let findingsPerRule = 3

    /// How many keys past what a vendor accepts are still checked one by one, and compared with
    /// each other.
    static let extraKeys = 8

    /// `number` with its thousands grouped: `1,048,576`.
    static func grouped(_ number: Int) -> String {
        var digits = String(number.magnitude)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return number < 0 ? "-" + digits : digits
    }

    // MARK: - Subjects

    /// `scalar` as a finding writes it: as Swift escapes it in a literal (`\n`, `\"`, `\u{07}`),
    /// and as `\u{200B}` where it would not show or would move the text around it: a format or
    /// invisible scalar (a zero-width space, a bidirectional override), a line or paragraph
    /// separator, a private or unassigned one; a mark too, where `showingMarks`. No finding holds
    /// such a scalar raw, so that a tag cannot forge or split a finding's line.
    static func escaped(_ scalar: Unicode.Scalar, showingMarks: Bool = false, inLiteral: Bool = true) -> String {
        if scalar == "'" || (!inLiteral && (scalar == "\"" || scalar == "\\")) { return String(scalar) }
        let escaped = scalar.escaped(asASCII: false)
        guard escaped.unicodeScalars.count == 1 else { return escaped }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator, .control, .privateUse, .surrogate, .unassigned:
            break
        case .nonspacingMark, .spacingMark, .enclosingMark:
            guard showingMarks else { return escaped }
        default:
            guard properties.isDefaultIgnorableCodePoint else { return escaped }
        }
        return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }

    /// `text` quoted as a Swift literal would be, every scalar as ``escaped(_:showingMarks:)``
    /// writes it, with its size (`size`, for example `41 characters`) when given. What is inside
    /// the quotes is at most ``subjectLength`` UTF-16 units: text that has more is cut at a
    /// character (at a scalar where its first character has more), and its real size given (`size`,
    /// or in UTF-16 units): `"aaaa…" (1,048,576 UTF-16 units)`. Only that start of the text is read.
    static func quoted(_ text: String, size: @autoclosure () -> String? = nil, showingMarks: Bool = false) -> String {
        let (literal, isWhole) = escapedPrefix(of: text, showingMarks: showingMarks)
        guard isWhole else { return "\"\(literal)…\" (\(size() ?? "\(grouped(text.utf16.count)) UTF-16 units"))" }
        return size().map { "\"\(literal)\" (\($0))" } ?? "\"\(literal)\""
    }

    /// `key` as a finding names it, unquoted: escaped as in ``quoted(_:size:showingMarks:)``, and
    /// cut after ``subjectLength`` UTF-16 units with `…`.
    static func name(_ key: String) -> String {
        let (literal, isWhole) = escapedPrefix(of: key, showingMarks: false)
        return isWhole ? literal : literal + "…"
    }

    /// The start of `text` escaped, at most ``subjectLength`` UTF-16 units of it, cut at a
    /// character (at a scalar where the first character is longer); and whether it is all of
    /// `text`. Reads only the first scalars of `text`, those a subject can show.
    private static func escapedPrefix(
        of text: String,
        showingMarks: Bool,
        inLiteral: Bool = true
    ) -> (literal: String, isWhole: Bool) {
        let window = String(String.UnicodeScalarView(text.unicodeScalars.prefix(subjectLength + 1)))
        var literal = ""
        var units = 0
        for character in window {
            let piece = character.unicodeScalars.map { escaped($0, showingMarks: showingMarks, inLiteral: inLiteral) }
                .joined()
            units += piece.utf16.count
            guard units <= subjectLength else {
                guard literal.isEmpty else { return (literal, false) }
                // A first character too long to show (a letter and its marks) is cut at a scalar.
                for scalar in window.unicodeScalars {
                    let piece = escaped(scalar, showingMarks: showingMarks, inLiteral: inLiteral)
                    guard literal.utf16.count + piece.utf16.count <= subjectLength else { break }
                    literal += piece
                }
                return (literal, false)
            }
            literal += piece
        }
        // All of the window fits: at most 64 units, so at most 64 scalars, all of `text`'s.
        return (literal, true)
    }

    /// `value`'s description as a finding shows it: cut after ``subjectLength`` UTF-16 units,
    /// every scalar that would not show escaped (its strings' quotes and escapes are already the
    /// description's). Only the start of a long value is described.
    static func shown(_ value: AnalyticsValue) -> String {
        let (literal, isWhole) = escapedPrefix(
            of: value.description(upTo: subjectLength),
            showingMarks: false,
            inLiteral: false
        )
        return isWhole ? literal : literal + "…"
    }

    // MARK: - Sizes

    /// Whether `text` is so far beyond `limit` (in characters, scalars or UTF-16 units) that it
    /// is reported by its length and its content is not read: more than 4 bytes of UTF-8 per unit
    /// of the limit, and more than 4 KB.
    static func isFarLonger(_ text: String, than limit: Int) -> Bool {
        text.utf8.count > max(4 * limit, 4_096)
    }

    /// Whether `text` has more than `limit` characters. Text far longer than its limit (see
    /// ``isFarLonger(_:than:)``) is measured in UTF-16 units instead: a character has at least
    /// one, and breaking a megabyte into characters is what the guard saves.
    static func isLonger(_ text: String, than limit: Int) -> Bool {
        guard text.utf8.count > limit else { return false }
        guard !isFarLonger(text, than: limit) else { return text.utf16.count > limit }
        return text.count > limit
    }

    /// The size of `text` against a limit in characters: `41 characters`, or for text far longer
    /// than `limit`, `more than 300 characters (5,000 UTF-16 units)`.
    static func size(of text: String, beyond limit: Int) -> String {
        isFarLonger(text, than: limit)
            ? "more than \(grouped(limit)) characters (\(grouped(text.utf16.count)) UTF-16 units)"
            : "\(grouped(text.count)) characters"
    }

    // MARK: - Keys

    /// The entries of `properties` that a check reads one by one, sorted by key: all of them where
    /// there are at most `accepted` + ``extraKeys``; otherwise that many, the first by the bytes
    /// of their keys' UTF-8, so that the check of a tag of 100,000 keys costs little more than one
    /// of `accepted` keys does (its count is reported, and the vendor drops or cuts it anyway).
    static func checkedEntries<Value>(
        of properties: [String: Value],
        accepted: Int
    ) -> [(key: String, value: Value)] {
        let bound = accepted + extraKeys
        guard properties.count > bound else { return properties.sorted { $0.key < $1.key } }
        // A heap of the first keys met so far, the last of them by bytes on top: a key past it is
        // left at once, any other takes its place.
        var first: [(key: String, value: Value)] = []
        first.reserveCapacity(bound)
        for entry in properties {
            if first.count < bound {
                first.append(entry)
                siftUp(&first, from: first.count - 1)
            } else if bytesPrecede(entry.key, first[0].key) {
                first[0] = entry
                siftDown(&first)
            }
        }
        return first.sorted { $0.key < $1.key }
    }

    /// Moves `heap[index]` up until no parent's key comes after it by bytes.
    private static func siftUp<Value>(_ heap: inout [(key: String, value: Value)], from index: Int) {
        var child = index
        while child > 0, bytesPrecede(heap[(child - 1) / 2].key, heap[child].key) {
            heap.swapAt(child, (child - 1) / 2)
            child = (child - 1) / 2
        }
    }

    /// Moves `heap[0]` down until no child's key comes after it by bytes.
    private static func siftDown<Value>(_ heap: inout [(key: String, value: Value)]) {
        var parent = 0
        while true {
            var last = parent
            for child in [2 * parent + 1, 2 * parent + 2]
            where child < heap.count && bytesPrecede(heap[last].key, heap[child].key) {
                last = child
            }
            guard last != parent else { return }
            heap.swapAt(parent, last)
            parent = last
        }
    }

    private static func bytesPrecede(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }

    // MARK: - Names

    /// Whether `text` shows nothing: empty, or only white space and invisible scalars (Unicode's
    /// Default_Ignorable_Code_Point: a zero-width space, a joiner, a byte order mark). Reading
    /// stops at the first scalar that shows.
    static func isEmptyOrBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint }
    }

    /// Whether `text` is white space only, and not empty.
    static func isBlank(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    /// `text` without the white space around it.
    static func trimmed(_ text: String) -> Substring {
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return text[start...last]
    }

    /// Whether `byte` is an ASCII letter.
    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// The names among `names` (distinct) that differ only by case, grouped: those whose
    /// `lowercased()` are equal strings; each group sorted, the groups in the order of their first
    /// names. A vendor counts them as different names.
    static func caseGroups(_ names: some Sequence<String>) -> [[String]] {
        var groups: [String: [String]] = [:]
        for name in names { groups[name.lowercased(), default: []].append(name) }
        return groups.values.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }

    /// Adds one finding of `rule` per group of `names` (distinct) that differ only by case, in the
    /// order of their first names, each quoting at most three of its names.
    static func appendCaseViolations(
        _ names: some Sequence<String>,
        rule: String,
        limit: String,
        into findings: inout Findings
    ) {
        for group in caseGroups(names) {
            let shown = group.prefix(findingsPerRule).map { quoted($0) }.joined(separator: ", ")
            let more = group.count > findingsPerRule ? " and \(grouped(group.count - findingsPerRule)) more" : ""
            findings.append(VendorRuleViolation(rule, shown + more, limit: limit))
        }
    }

    // MARK: - IDs

    /// The limit of the rules against IDs written as Swift describes an optional.
    static let optionalIDLimit = "an ID, not an optional's description: unwrap it before interpolating"

    /// Adds the advisory finding of `rule` where `id` reads as Swift's description of an optional,
    /// `Optional("42")`, or is `nil`: what `"\(id)"` makes of an `id` that is optional.
    static func appendOptionalID(_ id: String, rule: String, into findings: inout Findings) {
        guard id == "nil" || (id.hasPrefix("Optional(") && id.hasSuffix(")")) else { return }
        findings.append(VendorRuleViolation(rule, quoted(id), limit: optionalIDLimit))
    }

    /// The limit of the advisories against IDs that show nothing.
    static let blankIDLimit = "an ID that shows something, not empty, white space or invisible scalars"

    /// Adds the advisory finding of `rule` where `id` shows nothing: the vendor takes it as an ID,
    /// and files the user's data under it.
    static func appendBlankID(_ id: String, rule: String, into findings: inout Findings) {
        guard isEmptyOrBlank(id) else { return }
        findings.append(VendorRuleViolation(rule, quoted(id), limit: blankIDLimit))
    }
}

/// One tag's findings, in the order its check makes them, each once. Its ``summary`` shows the
/// first ``Rules/findingsPerRule`` of each rule, then for each rule with more one finding that
/// counts the rest (`1,000 more`), with their limit, or `the same rule` where theirs differ.
struct Findings {
    private var list: [VendorRuleViolation] = []
    private var seen: Set<VendorRuleViolation> = []

    /// Adds `violation`, unless it was added already.
    mutating func append(_ violation: VendorRuleViolation) {
        if seen.insert(violation).inserted { list.append(violation) }
    }

    /// Adds a violation of `rule`, one of the vendor models' rules.
    mutating func append(_ rule: String, _ subject: String, limit: String) {
        append(VendorRuleViolation(rule, subject, limit: limit))
    }

    /// The findings shown: the first of each rule in the order they were made, then the counts of
    /// the others, in the order of the first of those each counts.
    var summary: [VendorRuleViolation] {
        var shown: [VendorRuleViolation] = []
        var counts: [String: Int] = [:]
        var rest: [(first: VendorRuleViolation, count: Int, limit: String?)] = []
        for violation in list {
            let count = counts[violation.rule, default: 0] + 1
            counts[violation.rule] = count
            if count <= Rules.findingsPerRule {
                shown.append(violation)
            } else if let index = rest.firstIndex(where: { $0.first.rule == violation.rule }) {
                rest[index].count += 1
                if rest[index].limit != violation.limit { rest[index].limit = nil }
            } else {
                rest.append((violation, 1, violation.limit))
            }
        }
        return shown
            + rest.map {
                VendorRuleViolation(
                    $0.first.rule,
                    "\(Rules.grouped($0.count)) more",
                    limit: $0.limit ?? "the same rule",
                    consequence: $0.first.consequence
                )
            }
    }
}
