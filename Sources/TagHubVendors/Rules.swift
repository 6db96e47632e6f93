import TagHub

/// What the vendor models' checks share: how a finding shows its subject, how a tag's findings are
/// summed up, the tests of text several vendors make. A check's cost is bounded by guards (Vendors.md).
enum Rules {
    /// The most UTF-16 units of a name or value that a finding quotes, whatever the tag holds.
    static let subjectLength = 64
    /// The most findings of one rule that one tag reports one by one; the rest are summed up in one.
    static let findingsPerRule = 3
    /// The most values a tag's check reads (see ``Findings/valuesLeft``).
    static let valuesRead = 65_536
    /// How many keys past what a vendor accepts are still checked one by one.
    static let extraKeys = 8

    /// `number` with its thousands grouped: `1,048,576`.
    static func grouped(_ number: Int) -> String {
        var digits = String(number.magnitude)
        for offset in stride(from: digits.count - 3, to: 0, by: -3) {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: offset))
        }
        return number < 0 ? "-" + digits : digits
    }

    // MARK: - Subjects
    /// `scalar` as a finding writes it: as Swift escapes it in a literal (`\n`, `\u{07}`), and as
    /// `\u{200B}` where it would not show or would move the text around it (a format, invisible,
    /// separator, private or unassigned scalar; a mark where `showingMarks`): no forged lines.
    static func escaped(_ scalar: Unicode.Scalar, showingMarks: Bool = false, inLiteral: Bool = true) -> String {
        if scalar == "'" || (!inLiteral && (scalar == "\"" || scalar == "\\")) { return String(scalar) }
        let escaped = scalar.escaped(asASCII: false)
        guard escaped.unicodeScalars.count == 1 else { return escaped }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator, .control, .privateUse, .surrogate, .unassigned:
            break
        case .nonspacingMark, .spacingMark, .enclosingMark:
            guard showingMarks || properties.isDefaultIgnorableCodePoint else { return escaped }
        default:
            guard properties.isDefaultIgnorableCodePoint else { return escaped }
        }
        return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }

    /// `text` quoted and escaped, with its `size` (`41 characters`) when given; cut past 64 units,
    /// with its size (`size`, or in UTF-16 units): `"aaaa…" (1,048,576 UTF-16 units)`.
    static func quoted(_ text: String, size: @autoclosure () -> String? = nil, showingMarks: Bool = false) -> String {
        let (literal, isWhole) = escapedPrefix(of: text, showingMarks: showingMarks)
        guard isWhole else { return "\"\(literal)…\" (\(size() ?? "\(grouped(text.utf16.count)) UTF-16 units"))" }
        return size().map { "\"\(literal)\" (\($0))" } ?? "\"\(literal)\""
    }

    /// `text` quoted with its size in characters, or, far longer than `limit`, in UTF-16 units:
    /// its characters are then not counted.
    static func quoted(_ text: String, beyond limit: Int) -> String {
        quoted(text, size: isFarLonger(text, than: limit) ? nil : "\(grouped(text.count)) characters")
    }

    /// `key` as a finding names it: escaped and cut as by ``quoted(_:size:showingMarks:)``, unquoted.
    static func name(_ key: String, inLiteral: Bool = true) -> String {
        let (literal, isWhole) = escapedPrefix(of: key, showingMarks: false, inLiteral: inLiteral)
        return isWhole ? literal : literal + "…"
    }

    /// `value`'s description as a finding shows it, as ``name(_:inLiteral:)`` would (the quotes
    /// and escapes of its strings are already the description's). Only its start is described.
    static func shown(_ value: AnalyticsValue) -> String {
        name(value.description(upTo: subjectLength), inLiteral: false)
    }

    /// The start of `text` escaped, at most ``subjectLength`` UTF-16 units cut at a character (or a
    /// scalar), and whether it is all of `text`. Reads only the first scalars of `text`.
    private static func escapedPrefix(of text: String, showingMarks: Bool, inLiteral: Bool = true) -> (String, Bool) {
        // Short printable ASCII, the usual name, is its own escape.
        let isPlain =
            text.utf8.count <= subjectLength
            && allBytes(of: text) { $0 >= 0x20 && $0 < 0x7F && (!inLiteral || ($0 != 0x22 && $0 != 0x5C)) }
        if isPlain { return (text, true) }
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

    // MARK: - Sizes
    /// Whether `text` is so far beyond `limit` that it is reported by its length: ``isFar(_:beyond:)`` in bytes.
    static func isFarLonger(_ text: String, than limit: Int) -> Bool { isFar(text.utf8.count, beyond: limit) }
    /// Whether `count` (of bytes, or of elements) is more than 4 times `limit` and 4,096: then not read.
    static func isFar(_ count: Int, beyond limit: Int) -> Bool { count > max(4 * limit, 4_096) }

    /// Whether `text` has more than `limit` characters; far longer, as ``charactersPast(_:_:)`` says.
    static func isLonger(_ text: String, than limit: Int) -> Bool {
        guard text.utf8.count > limit else { return false }
        return isFarLonger(text, than: limit) ? charactersPast(text, limit) != false : text.count > limit
    }

    /// Whether `text` has more than `limit` characters, from its first `16 * (limit + 1)` scalars: `nil`
    /// where they hold no more than `limit` whole characters and `text` goes on (not read further).
    static func charactersPast(_ text: String, _ limit: Int) -> Bool? {
        let window = text.unicodeScalars.prefix(16 * (limit + 1))
        let counted = Substring(window).count
        if window.endIndex == text.unicodeScalars.endIndex { return counted > limit }
        return counted - 1 > limit ? true : nil  // the window's last character may go on past it
    }

    /// The size of `text` against a limit in characters: `41 characters`; far longer, `more than 300
    /// characters (5,000 UTF-16 units)`, or `5,000 UTF-16 units in characters of 16 scalars or more`.
    static func size(of text: String, beyond limit: Int) -> String {
        guard isFarLonger(text, than: limit) else { return "\(grouped(text.count)) characters" }
        let units = "\(grouped(text.utf16.count)) UTF-16 units"
        return charactersPast(text, limit) == nil
            ? "\(units) in characters of 16 scalars or more" : "more than \(grouped(limit)) characters (\(units))"
    }

    /// Whether every UTF-8 byte of `text` passes `test`, read in place where it can be (several times faster).
    static func allBytes(of text: String, _ test: (UInt8) -> Bool) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(test) } ?? text.utf8.allSatisfy(test)
    }

    /// Whether `name` is ASCII letters, digits and `_`, starting with a letter.
    static func isASCIIIdentifier(_ name: String) -> Bool {
        let isLetter = { (byte: UInt8) in (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        guard let first = name.utf8.first, isLetter(first) else { return false }
        return allBytes(of: name) { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }

    // MARK: - Keys
    /// The entries of `properties` that a check reads one by one, in the order of their keys'
    /// bytes: at most `accepted` + ``extraKeys``, the first by the bytes of their keys, or only
    /// ``extraKeys`` where they are far more than `accepted` (``isFar(_:beyond:)``).
    static func checkedEntries<Value>(of properties: [String: Value], accepted: Int) -> [(key: String, value: Value)] {
        let bound = isFar(properties.count, beyond: accepted) ? extraKeys : accepted + extraKeys
        guard properties.count > bound else { return properties.sorted { bytesPrecede($0.key, $1.key) } }
        // A heap of the first entries met, the last of them by the bytes of its key on top: an
        // entry past it is left at once, any other takes its place.
        var heap: [(key: String, value: Value)] = []
        for entry in properties {
            if heap.count < bound {
                heap.append(entry)
                guard heap.count == bound else { continue }
                for index in stride(from: bound / 2 - 1, through: 0, by: -1) { siftDown(&heap, from: index) }
            } else if bytesPrecede(entry.key, heap[0].key) {
                heap[0] = entry
                siftDown(&heap, from: 0)
            }
        }
        return heap.sorted { bytesPrecede($0.key, $1.key) }
    }

    /// Moves `heap[index]` down until no child's key comes after it by bytes.
    private static func siftDown<Value>(_ heap: inout [(key: String, value: Value)], from index: Int) {
        var parent = index
        while true {
            let (left, right) = (2 * parent + 1, 2 * parent + 2)
            var last = parent
            if left < heap.count && bytesPrecede(heap[last].key, heap[left].key) { last = left }
            if right < heap.count && bytesPrecede(heap[last].key, heap[right].key) { last = right }
            guard last != parent else { return }
            heap.swapAt(parent, last)
            parent = last
        }
    }

    /// Compared in place where both can be, as ``allBytes(of:_:)`` reads.
    private static func bytesPrecede(_ left: String, _ right: String) -> Bool {
        let inPlace = left.utf8.withContiguousStorageIfAvailable { l in
            right.utf8.withContiguousStorageIfAvailable { l.lexicographicallyPrecedes($0) }
        }
        return inPlace.flatMap { $0 } ?? left.utf8.lexicographicallyPrecedes(right.utf8)
    }

    // MARK: - Names
    /// Whether `text` shows nothing: empty, or only white space and invisible scalars (Unicode's
    /// Default_Ignorable_Code_Point: a zero-width space, a joiner, a byte order mark).
    static func isEmptyOrBlank(_ text: String) -> Bool {
        // Text that starts with a printable ASCII character, the usual one, shows it.
        if let first = text.utf8.first, first > 0x20 && first < 0x7F { return false }
        return text.unicodeScalars.allSatisfy {
            $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint
        }
    }

    /// `text` without the white space around it.
    static func trimmed(_ text: String) -> Substring {
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return text[start...last]
    }

    /// Adds one finding of `rule` per group of `names` whose `lowercased()` are equal, in the order
    /// of their first names, each quoting at most three of its names after `place`.
    static func appendCaseViolations(
        _ names: some Sequence<String>,
        rule: String,
        limit: String,
        in place: String = "",
        into findings: inout Findings
    ) {
        // Names of ASCII without a capital, the usual ones, each lowercase already: no group.
        let mayDifferByCase = names.contains { !allBytes(of: $0) { $0 < 0x80 && ($0 < 0x41 || $0 > 0x5A) } }
        guard mayDifferByCase else { return }
        var groups: [String: [String]] = [:]
        for name in names { groups[name.lowercased(), default: []].append(name) }
        for group in groups.values.filter({ $0.count > 1 }).map({ $0.sorted() }).sorted(by: { $0[0] < $1[0] }) {
            let shown = group.prefix(findingsPerRule).map { quoted($0) }.joined(separator: ", ")
            let more = group.count > findingsPerRule ? " and \(grouped(group.count - findingsPerRule)) more" : ""
            findings.append(rule, place + shown + more, limit: limit)
        }
    }

    /// Adds the advisory finding of `rule` where `id` reads as Swift's description of an optional,
    /// `Optional("42")`, or is `nil`: what `"\(id)"` makes of an `id` that is optional.
    static func appendOptionalID(_ id: String, rule: String, into findings: inout Findings) {
        guard id == "nil" || (id.hasPrefix("Optional(") && id.hasSuffix(")")) else { return }
        findings.append(rule, quoted(id), limit: "an ID, not an optional's description: unwrap it before interpolating")
    }

    /// Adds the advisory finding of `rule` where `id` shows nothing: the vendor takes it as an ID,
    /// and files the user's data under it.
    static func appendBlankID(_ id: String, rule: String, into findings: inout Findings) {
        guard isEmptyOrBlank(id) else { return }
        let limit = "an ID that shows something, not empty, white space or invisible scalars"
        findings.append(rule, quoted(id), limit: limit)
    }
}

/// One tag's findings, in the order made. ``summary`` shows the first three of each rule, then one
/// that counts the rest (`1,000 more`), with their limit or `the same rule`, their subjects unwritten.
struct Findings {
    /// How many more values (properties' values, and every element inside them) the check reads:
    /// arrays within their limits can share storage, so that a few kilobytes hold billions.
    var valuesLeft = Rules.valuesRead
    private var shown: [VendorRuleViolation] = []
    private var counts: [String: Int] = [:]
    private var rest: [(rule: String, count: Int, limit: String?)] = []

    /// Walks `value`, the value of `key`, within ``valuesLeft``: `check` gives each value's finding,
    /// if any, and whether to walk inside it. A text shown is one finding, however many values.
    mutating func walk(
        _ value: AnalyticsValue,
        of key: String,
        _ check: (AnalyticsValue) -> (finding: (rule: String, shown: String, limit: String)?, goInside: Bool)
    ) {
        var shown: Set<String> = []
        let read = value.walk(limit: valuesLeft) { value, _ in
            let (finding, goInside) = check(value)
            if let (rule, what, limit) = finding, shown.insert(what).inserted {
                append(rule, "\(Rules.name(key)): \(what)", limit: limit)
            }
            return goInside
        }
        valuesLeft -= read
    }

    /// Adds a violation of `rule`, one of the vendor models' rules; `subject` is written only for
    /// the first three of the rule.
    mutating func append(_ rule: String, _ subject: @autoclosure () -> String, limit: String) {
        let count = counts[rule, default: 0] + 1
        counts[rule] = count
        if count <= Rules.findingsPerRule {
            shown.append(VendorRuleViolation(rule, subject(), limit: limit))
        } else if let index = rest.firstIndex(where: { $0.rule == rule }) {
            rest[index].count += 1
            if rest[index].limit != limit { rest[index].limit = nil }
        } else {
            rest.append((rule, 1, limit))
        }
    }

    /// The first findings of each rule in the order made, then the counts of the others.
    var summary: [VendorRuleViolation] {
        shown
            + rest.map { rule, count, limit in
                VendorRuleViolation(rule, "\(Rules.grouped(count)) more", limit: limit ?? "the same rule")
            }
    }
}
