import TagHub

/// What the vendor models' checks share: how a finding shows its subject, how a tag's findings are
/// summed up, the tests of text several vendors make. A check's cost is bounded by guards (Vendors.md).
enum Rules {
    /// The most UTF-16 units of a name or value that a finding quotes, whatever the tag holds.
    static let subjectLength = 64
    /// The most findings of one rule that one tag reports one by one; the rest are summed up in one.
    static let findingsPerRule = 3
    /// How many keys past what a vendor accepts are still checked one by one.
    static let extraKeys = 8
    /// The most UTF-8 bytes of text that one check reads (``Findings/reads(_:within:isKey:counting:)``).
    static let bytesPerCheck = 65_536
    /// The most UTF-8 bytes of a name or ID read for blankness, or trimmed, or across tags: a longer one shows something.
    static let nameBytes = 4_096

    /// `number` with its thousands grouped: `1,048,576`.
    static func grouped(_ number: Int) -> String {
        var digits = String(number.magnitude)
        for offset in stride(from: digits.count - 3, to: 0, by: -3) {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: offset))
        }
        return number < 0 ? "-" + digits : digits
    }

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
    /// with its size (`size`, or ``size(of:)``): `"aaaa…" (2,097,152 bytes of UTF-8)`.
    static func quoted(_ text: String, size: @autoclosure () -> String? = nil, showingMarks: Bool = false) -> String {
        let (literal, isWhole) = escapedPrefix(of: text, showingMarks: showingMarks)
        guard isWhole else { return "\"\(literal)…\" (\(size() ?? self.size(of: text)))" }
        return size().map { "\"\(literal)\" (\($0))" } ?? "\"\(literal)\""
    }
    /// `text` quoted with its `length` in characters (``length(of:beyond:)``), or far longer, in bytes (`-length`).
    static func quoted(_ text: String, length: Int) -> String {
        quoted(text, size: length < 0 ? "\(grouped(-length)) bytes of UTF-8" : "\(grouped(length)) characters")
    }
    /// `text`'s size in UTF-16 units; past 4,096 bytes (far longer than any limit sized so), in bytes, not counted.
    static func size(of text: String) -> String {
        isFarLonger(text, than: subjectLength)
            ? "\(grouped(text.utf8.count)) bytes of UTF-8" : "\(grouped(text.utf16.count)) UTF-16 units"
    }

    /// `key` as a finding names it: escaped and cut as by ``quoted(_:size:showingMarks:)``, unquoted.
    static func name(_ key: String, inLiteral: Bool = true) -> String {
        let (literal, isWhole) = escapedPrefix(of: key, showingMarks: false, inLiteral: inLiteral)
        return isWhole ? literal : literal + "…"
    }
    /// `key` as a finding names it: as it is where an ASCII identifier of 64 bytes at most, else quoted: `"a b": nan`.
    static func key(_ key: String) -> String {
        key.utf8.count <= subjectLength && isASCIIIdentifier(key) ? key : "\"\(name(key))\""
    }
    /// `value`'s description as a finding shows it, as ``name(_:inLiteral:)`` would (the quotes
    /// and escapes of its strings are already the description's). Only its start is described.
    static func shown(_ value: AnalyticsValue) -> String {
        name(value.description(upTo: subjectLength), inLiteral: false)
    }

    /// The start of `text` escaped, at most ``subjectLength`` UTF-16 units cut at a character (or a
    /// scalar), and whether it is all of `text`. Reads only the first scalars of `text`.
    private static func escapedPrefix(of text: String, showingMarks: Bool, inLiteral: Bool = true) -> (String, Bool) {
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

    /// Whether `text` is so far beyond `limit` that it is reported by its length: ``isFar(_:beyond:)`` in bytes.
    static func isFarLonger(_ text: String, than limit: Int) -> Bool { isFar(text.utf8.count, beyond: limit) }
    /// Whether `text` has more than `limit` UTF-16 units: far longer (``isFarLonger(_:than:)``) is, not counted.
    static func isLonger(_ text: String, than limit: Int) -> Bool {
        isFarLonger(text, than: limit) || text.utf16.count > limit
    }
    /// Whether `count` (of bytes, or of elements) is more than 4 times `limit` and 4,096: then not read.
    static func isFar(_ count: Int, beyond limit: Int) -> Bool { count > max(4 * limit, 4_096) }
    /// `text`'s characters where more than `limit`, counted once; far longer (``charactersPast(_:_:)``), -its bytes.
    static func length(of text: String, beyond limit: Int) -> Int? {
        let bytes = text.utf8.count
        guard bytes > limit else { return nil }
        guard !isFar(bytes, beyond: limit) else { return charactersPast(text, limit) == false ? nil : -bytes }
        return Optional(text.count).flatMap { $0 > limit ? $0 : nil }
    }
    /// Whether `text` has more than `limit` characters, from its first `16 * (limit + 1)` scalars: `nil`
    /// where they hold no more than `limit` whole characters and `text` goes on (not read further).
    static func charactersPast(_ text: String, _ limit: Int) -> Bool? {
        let window = text.unicodeScalars.prefix(16 * (limit + 1))
        let counted = String(text[..<window.endIndex]).count  // a copy: a Substring's last character reads on past it
        if window.endIndex == text.unicodeScalars.endIndex { return counted > limit }
        return counted - 1 > limit ? true : nil  // the window's last character may go on past it
    }
    /// The size of `text` of `length` (``length(of:beyond:)``) past `limit`: `41 characters`; far longer, `more than
    /// 300 characters (5,000 bytes of UTF-8)`, or `5,000 bytes of UTF-8 in characters of 16 scalars or more`.
    static func size(_ text: String, _ length: Int, _ limit: Int) -> String {
        guard length < 0 else { return "\(grouped(length)) characters" }
        let bytes = "\(grouped(-length)) bytes of UTF-8"
        return charactersPast(text, limit) == nil
            ? "\(bytes) in characters of 16 scalars or more" : "more than \(grouped(limit)) characters (\(bytes))"
    }
    /// Whether `text` is ASCII: as many UTF-16 units as bytes, which an ASCII string knows unread (others are read).
    static func isASCII(_ text: String) -> Bool { text.utf8.count == text.utf16.count }
    /// Whether `name` is ASCII letters, digits and `_`, starting with a letter (or any of them, where not `fromLetter`).
    static func isASCIIIdentifier(_ name: String, fromLetter: Bool = true) -> Bool {
        let isLetter = { (byte: UInt8) in (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        guard let first = name.utf8.first, isLetter(first) || !fromLetter else { return false }
        return name.utf8.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }

    /// The entries of `properties` a check reads one by one, in the order of their keys' bytes (``bytesPrecede``): none
    /// where far more than `accepted` (``isFar(_:beyond:)``: their count is the finding); the first `accepted` and
    /// ``extraKeys`` where no more than twice `accepted` whose keys fit in ``bytesPerCheck``; else the first ``extraKeys``.
    static func checkedEntries<Value>(
        of properties: some Collection<(key: String, value: Value)>,
        accepted: Int
    ) -> [(key: String, value: Value)] {
        guard !isFar(properties.count, beyond: accepted) else { return [] }
        let whole = properties.reduce(0) { $0 + $1.key.utf8.count } <= bytesPerCheck
        if properties.count <= 2 * accepted && whole {
            var sorted = properties.sorted { bytesPrecede($0.key, $1.key, whole: true) }
            sorted.removeLast(max(0, sorted.count - accepted - extraKeys))
            return sorted
        }
        var first: [(key: String, value: Value)] = []  // the first met, in order; an entry past them is left at once
        let precedes = { bytesPrecede($0, $1, whole: whole) }
        for entry in properties where first.count < extraKeys || precedes(entry.key, first[extraKeys - 1].key) {
            first.insert(entry, at: first.firstIndex { precedes(entry.key, $0.key) } ?? first.count)
            if first.count > extraKeys { first.removeLast() }
        }
        return first
    }

    /// Whether `left` comes first by its first 64 bytes, then by its length; where `whole`, by all its bytes where both
    /// lengths are equal. Read in place where both can be (a trick: Architecture.md), else through their iterators.
    static func bytesPrecede(_ left: String, _ right: String, whole: Bool) -> Bool {
        let end = whole && left.utf8.count == right.utf8.count ? Int.max : 64
        let inPlace = left.utf8.withContiguousStorageIfAvailable { lefts in
            right.utf8.withContiguousStorageIfAvailable { rights in
                for index in 0..<min(end, lefts.count, rights.count) where lefts[index] != rights[index] {
                    return lefts[index] < rights[index]
                }
                return lefts.count < rights.count
            }
        }
        if let inPlace = inPlace.flatMap({ $0 }) { return inPlace }
        var (lefts, rights) = (left.utf8.makeIterator(), right.utf8.makeIterator())
        for _ in 0..<end {
            guard let byte = lefts.next(), let other = rights.next() else { break }
            if byte != other { return byte < other }
        }
        return left.utf8.count < right.utf8.count
    }

    /// Whether `scalar` is Unicode's White_Space, or, where `orInvisible`, Default_Ignorable_Code_Point (none in ASCII):
    /// in ASCII (tab to carriage return, and space) told by its value, without a lookup (a trick: Architecture.md).
    static func isBlank(_ scalar: Unicode.Scalar, orInvisible: Bool = true) -> Bool {
        guard !scalar.isASCII else { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace || orInvisible && scalar.properties.isDefaultIgnorableCodePoint
    }

    /// The names `name` gives of `tags` for a check across them, each once by its bytes (as a vendor tells names
    /// apart: ``Findings/appendCaseGroups(_:_:limit:in:)``), but those past ``nameBytes``: not compared.
    static func names<Tag>(of tags: [Tag], _ name: (Tag) -> String?) -> [String] {
        var seen: Set<UTF8Bytes> = []
        return tags.compactMap(name).filter { $0.utf8.count <= nameBytes && seen.insert(UTF8Bytes($0)).inserted }
    }

    /// The limits of names that differ only by case, where a vendor keeps them apart.
    static let differentEvents = "names that differ only by case are different events"
    static let differentProperties = "names that differ only by case are different properties"
    /// The limit of an ID that shows nothing (an advisory finding): the vendor files the user's data under it.
    static let blankID = "an ID that shows something, not empty, white space or invisible scalars"

    /// `text` without the white space around it; past ``nameBytes``, whole (not read).
    static func trimmed(_ text: String) -> Substring {
        guard text.utf8.count <= nameBytes else { return text[...] }
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !isBlank($0, orInvisible: false) }),
            let last = scalars.lastIndex(where: { !isBlank($0, orInvisible: false) })
        else { return "" }
        return text[start...last]
    }
}

/// A text by its UTF-8 bytes, as vendors tell texts apart: a `String` compares and hashes its normal form (`"é"` as
/// `"e\u{301}"`; a run of marks reordered each time, slowly). Its bytes are hashed at once, not one by one as an array's.
struct UTF8Bytes: Hashable {
    let bytes: [UInt8]
    init(_ text: String) { bytes = Array(text.utf8) }
    var text: String { String(decoding: bytes, as: UTF8.self) }
    func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
}

extension Set<String> {
    /// Whether `name` is one of these names, the vendors' reserved and standard ones, ASCII of 36 bytes at most (a test
    /// keeps them so): a longer or non-ASCII name is not hashed (a string hashes a run of marks in its normal form).
    func includes(_ name: String) -> Bool { name.utf8.count <= 36 && Rules.isASCII(name) && contains(name) }
}

/// One tag's findings, in the order made. ``summary`` shows the first three of each rule, then one
/// that counts the rest (`1,000 more`), with their limit or `the same rule`, their subjects unwritten.
struct Findings {
    /// How many more values (at any depth) the check reads: arrays can share storage, a few kilobytes hold billions.
    var valuesLeft = 16_384
    private(set) var bytesLeft = Rules.bytesPerCheck  // of text (``reads(_:within:isKey:counting:)``)
    private var (shown, rest): ([VendorRuleViolation], [(rule: String, count: Int, limit: String?)]) = ([], [])
    /// The key of the value walked, its findings (their rules, sizes or texts), and the last of them.
    private var walked: (key: String, seen: Set<Seen>, last: Seen?) = ("", [], nil)
    private struct Seen: Hashable { let rule: String, id: Int, text: UTF8Bytes }  // text by its bytes: as shown

    /// Whether `text` may be read (scanned, or only `counting` its units), none after one that may not: where its UTF-8
    /// bytes fit in ``bytesLeft``, which loses them (a key's, 24 at least, 6 times where not ASCII; counted, a quarter, 16
    /// at least; far longer, 64 a character of `limit`).
    mutating func reads(_ text: String, within limit: Int, isKey: Bool = false, counting: Bool = false) -> Bool {
        let isFar = Rules.isFarLonger(text, than: limit)  // then ``Rules/charactersPast(_:_:)`` reads it
        let times = isFar || !isKey || Rules.isASCII(text) ? 1 : 6
        let bytes = counting ? text.utf8.count / 4 : text.utf8.count * times
        let cost = isFar ? min(text.utf8.count, 64 * (limit + 1)) : max(counting ? 16 : isKey ? 24 : 0, bytes)
        defer { bytesLeft = cost <= bytesLeft ? bytesLeft - cost : -1 }
        return cost <= bytesLeft
    }
    /// `text`'s characters where more than `limit` (``Rules/length(of:beyond:)``), read within ``bytesLeft``.
    mutating func length(of text: String, beyond limit: Int) -> Int? {
        text.utf8.count > limit && reads(text, within: limit) ? Rules.length(of: text, beyond: limit) : nil
    }
    /// Whether `text` is empty or all blank (``Rules/isBlank(_:orInvisible:)``) scalars, each a key's bytes (past them: no).
    mutating func isBlank(_ text: String, orInvisible: Bool = true) -> Bool {
        text.utf8.count <= Rules.nameBytes
            && text.unicodeScalars.allSatisfy { scalar in
                guard Rules.isBlank(scalar, orInvisible: orInvisible) else { return false }
                bytesLeft -= scalar.isASCII ? 1 : 6 * UTF8.width(scalar)  // the test's cost, charged as it reads
                return bytesLeft >= 0
            }
    }

    /// `text`'s UTF-16 units where more than `limit`, counted where its bytes do not tell (past 3 a unit: its bytes).
    mutating func units(of text: String, beyond limit: Int) -> Int? {
        let bytes = bytesLeft < 0 ? 0 : text.utf8.count  // none left: not even its size is read
        guard bytes > limit, bytes <= 3 * limit else { return bytes > limit ? bytes : nil }
        return reads(text, within: limit, counting: true)
            ? Optional(text.utf16.count).flatMap { $0 > limit ? $0 : nil } : nil
    }

    /// Walks `value` of `key` within ``valuesLeft``: `check` reads each value at its depth, says whether to go inside.
    mutating func walk(_ value: AnalyticsValue, of key: String, _ check: (AnalyticsValue, Int, inout Self) -> Bool) {
        (walked.key, walked.last) = (key, nil)
        walked.seen.removeAll(keepingCapacity: true)
        valuesLeft -= value.walk(limit: valuesLeft) { value, depth in check(value, depth, &self) }
    }

    /// Adds a finding of `rule` about the value walked, unless made for its `id` (a size, a number's bits) or `text`
    /// (64 of ``bytesLeft`` and its own): values shown alike are one. `what` is written for the first three of the rule.
    mutating func add(_ rule: String, _ id: Int, _ what: @autoclosure () -> String, limit: String, text: String = "") {
        if !text.isEmpty { bytesLeft -= 64 + text.utf8.count }  // a text told apart is copied and hashed
        let seen = Seen(rule: rule, id: id, text: UTF8Bytes(text))
        guard seen != walked.last else { return }
        walked.last = seen
        guard walked.seen.insert(seen).inserted else { return }
        let key = walked.key
        append(rule, "\(Rules.key(key)): \(what())", limit: limit)
    }
    /// Adds a finding of `rule` about `number`, not finite (or not written, `limit`), once per value walked.
    mutating func add(_ rule: String, number: Double, limit: String = "a finite number") {
        add(rule, Int(truncatingIfNeeded: (number.isNaN ? .nan : number).bitPattern), "\(number)", limit: limit)
    }

    /// Adds a violation of `rule`, one of the vendor models' rules; `subject` is written only for the first three of it.
    mutating func append(_ rule: String, _ subject: @autoclosure () -> String, limit: String) {
        if let index = rest.firstIndex(where: { $0.rule == rule }) {
            rest[index].count += 1
            if rest[index].limit != limit { rest[index].limit = nil }
        } else if shown.count(where: { $0.rule == rule }) < Rules.findingsPerRule {
            shown.append(VendorRuleViolation(rule, subject(), limit: limit))
        } else {
            rest.append((rule, 1, limit))
        }
    }
    /// Adds a finding of `rule` where `count` of `what` passes `limit`: `30 parameters` breaks `at most 25` (then `note`).
    mutating func appendCount(_ rule: String, _ count: Int, _ what: String, _ limit: Int, _ note: String = "") {
        guard count > limit else { return }
        append(rule, "\(Rules.grouped(count)) \(what)", limit: "at most \(Rules.grouped(limit))" + note)
    }

    /// Adds one finding of `rule` per group of `names` whose `lowercased()` have the same bytes, in the order of their first
    /// names, each quoting at most three of its names after `place`; `rule` and `limit` made only for a group. Names are
    /// compared by their bytes, as vendors compare them (`"é"` and `"e\u{301}"` are two), none past ``Rules/nameBytes``.
    mutating func appendCaseGroups(
        _ names: some Sequence<String>,
        _ rule: @autoclosure () -> String,
        limit: @autoclosure () -> String,
        in place: String = ""
    ) {
        let names = names.lazy.filter { $0.utf8.count <= Rules.nameBytes }
        // Names of ASCII without a capital, the usual ones, each lowercase already: no group.
        guard names.contains(where: { !$0.utf8.allSatisfy { $0 < 0x80 && ($0 < 0x41 || $0 > 0x5A) } }) else { return }
        var groups: [UTF8Bytes: [String]] = [:]
        for name in names { groups[UTF8Bytes(name.lowercased()), default: []].append(name) }
        let first = Rules.findingsPerRule
        let precedes = { Rules.bytesPrecede($0, $1, whole: true) }  // in place: names can share long prefixes
        let found = groups.values.filter { $0.count > 1 }.map { $0.sorted(by: precedes) }
        for group in found.sorted(by: { precedes($0[0], $1[0]) }) {
            let shown = { group.prefix(first).map { Rules.quoted($0) }.joined(separator: ", ") }  // for 3 groups
            let more = group.count > first ? " and \(Rules.grouped(group.count - first)) more" : ""
            append(rule(), place + shown() + more, limit: limit())
        }
    }
    /// Adds the advisory finding of `rule` where `id` reads as `Optional("42")` or `nil`: `"\(id)"` of an optional `id`.
    mutating func appendOptionalID(_ id: String, rule: String) {
        let isOptional = id.utf8.starts(with: "Optional(".utf8) && id.utf8.last == 0x29  // ")"
        guard isOptional || id.utf8.elementsEqual("nil".utf8) else { return }
        append(rule, Rules.quoted(id), limit: "an ID, not an optional's description: unwrap it before interpolating")
    }
    /// Adds a finding of `rule` where `name` (4 KB at most) is blank, which breaks `limit`: not charged (keys were as read).
    mutating func appendBlank(_ name: String, _ rule: String, limit: String = "a name") {
        let isBlank = name.utf8.count <= Rules.nameBytes && name.unicodeScalars.allSatisfy { Rules.isBlank($0) }
        if isBlank { append(rule, Rules.quoted(name), limit: limit) }
    }

    /// The first findings of each rule in the order made, then the counts of the others.
    var summary: [VendorRuleViolation] {
        shown
            + rest.map { rule, count, limit in
                VendorRuleViolation(rule, "\(Rules.grouped(count)) more", limit: limit ?? "the same rule")
            }
    }
}
