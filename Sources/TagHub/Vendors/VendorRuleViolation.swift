/// A rule of a vendor that a vendor tag breaks: a name too long, a reserved word, too many
/// parameters. The vendor would drop, truncate or rename the data, usually without a word.
///
/// ```swift
/// FirebaseTag.event("select_content_from_the_podcast_favorites_screen").ruleViolations
/// // [firebase.eventName.length: "select_content_from_the_podcast_favorites_screen" (48) breaks at most 40 characters]
/// ```
public struct VendorRuleViolation: Sendable, Hashable, CustomStringConvertible {
    /// The rule, as `vendor.subject.rule`: `firebase.eventName.length`, `batch.attributeCount`.
    public let rule: String
    /// What breaks it: the offending name or value, quoted, with its size where that is the point.
    public let subject: String
    /// The limit, in words: `at most 40 characters`, `not reserved`.
    public let limit: String

    /// A violation of `rule` by `subject`, whose limit is `limit`.
    public init(_ rule: String, _ subject: String, limit: String) {
        self.rule = rule
        self.subject = subject
        self.limit = limit
    }

    /// For example `firebase.eventName.length: "…" (41) breaks at most 40 characters`.
    public var description: String { "\(rule): \(subject) breaks \(limit)" }

    /// What the vendor does with a tag that breaks the rule.
    public var consequence: Consequence {
        Self.catalog[rule] ?? .dataLost
    }

    /// What a vendor does with a tag that breaks one of its rules.
    public enum Consequence: String, Sendable, Hashable, CustomStringConvertible {
        /// The vendor drops the whole tag (an event, a user property change, an identify).
        case tagDropped
        /// The vendor keeps the tag but loses part of it: a parameter dropped, a value cut, a name
        /// replaced, data it cannot query.
        case dataLost
        /// Nothing is lost, but the tag goes against the vendor's advice (naming, case), or against
        /// plain sense where the vendor's documentation says nothing (an empty name).
        case advisory

        /// `tag dropped`, `data lost` or `advisory`.
        public var description: String {
            switch self {
            case .tagDropped: "tag dropped"
            case .dataLost: "data lost"
            case .advisory: "advisory"
            }
        }
    }

    /// Every rule the vendor models check, with what breaking it costs.
    public static let catalog: [String: Consequence] = [
        "firebase.eventName.length": .tagDropped, "firebase.eventName.characters": .tagDropped,
        "firebase.eventName.reservedPrefix": .tagDropped, "firebase.eventName.reserved": .tagDropped,
        "firebase.parameterCount": .dataLost, "firebase.parameterName.length": .dataLost,
        "firebase.parameterName.characters": .dataLost, "firebase.parameterName.reservedPrefix": .dataLost,
        "firebase.parameterName.reserved": .dataLost, "firebase.parameterName.case": .advisory,
        "firebase.parameterValue.length": .dataLost,
        "firebase.userPropertyName.length": .tagDropped, "firebase.userPropertyName.characters": .tagDropped,
        "firebase.userPropertyName.reservedPrefix": .tagDropped, "firebase.userPropertyName.reserved": .tagDropped,
        "firebase.userPropertyValue.length": .tagDropped, "firebase.userID.length": .tagDropped,
        "firebase.distinctEventNames": .tagDropped, "firebase.distinctUserProperties": .tagDropped,
        "firebase.nameCase": .advisory, "firebase.number.finite": .dataLost,
        "firebase.items.parameter": .dataLost, "firebase.items.count": .dataLost, "firebase.items.identity": .dataLost,
        "firebase.items.customParameterCount": .dataLost, "firebase.items.nested": .dataLost,
        "firebase.itemParameterName.length": .dataLost, "firebase.itemParameterName.characters": .dataLost,
        "mixpanel.stringValue.bytes": .dataLost, "mixpanel.propertyName.length": .dataLost,
        "mixpanel.propertyCount": .dataLost, "mixpanel.propertyName.reserved": .dataLost,
        "mixpanel.propertyName.ignore": .tagDropped, "mixpanel.number.finite": .dataLost,
        "mixpanel.array.length": .dataLost, "mixpanel.eventName.empty": .advisory,
        "mixpanel.distinctID.placeholder": .tagDropped, "mixpanel.propertyName.case": .advisory,
        "mixpanel.nameCase": .advisory, "mixpanel.distinctEventNames": .advisory,
        "mixpanel.propertyName.empty": .advisory,
        "amplitude.userID.length": .dataLost, "amplitude.deviceID.length": .dataLost,
        "amplitude.stringValue.length": .dataLost, "amplitude.propertyCount": .dataLost,
        "amplitude.eventType.reservedPrefix": .advisory, "amplitude.eventType.empty": .advisory,
        "amplitude.propertyName.case": .advisory, "amplitude.nameCase": .advisory,
        "amplitude.distinctEventTypes": .dataLost, "amplitude.number.finite": .tagDropped,
        "amplitude.propertyName.empty": .dataLost,
        "segment.track.event.empty": .tagDropped, "segment.track.event.titleCase": .advisory,
        "segment.track.revenue.number": .dataLost, "segment.track.value.number": .dataLost,
        "segment.track.currency.code": .dataLost, "segment.identify.userID.empty": .tagDropped,
        "segment.screen.name.reserved": .dataLost, "segment.payload.size": .tagDropped,
        "segment.propertyName.case": .advisory, "segment.nameCase": .advisory, "segment.number.finite": .dataLost,
        "batch.eventName.format": .tagDropped, "batch.attributeKey.format": .tagDropped,
        "batch.attributeCount": .tagDropped, "batch.stringValue.length": .tagDropped,
        "batch.stringValue.blank": .tagDropped, "batch.stringValue.newline": .tagDropped,
        "batch.array.length": .tagDropped, "batch.nesting": .tagDropped, "batch.label.length": .tagDropped,
        "batch.tagCount": .tagDropped, "batch.tag.length": .tagDropped, "batch.customUserID.length": .tagDropped,
        "batch.attributeKey.case": .advisory, "batch.number.finite": .dataLost,
        "piano.propertyKey.length": .dataLost, "piano.propertyKey.format": .dataLost,
        "piano.propertyKey.reservedPrefix": .dataLost, "piano.propertyKey.lowercased": .advisory,
        "piano.stringValue.length": .dataLost, "piano.array.length": .dataLost, "piano.propertyKey.case": .dataLost,
        "piano.eventName.empty": .advisory, "piano.nameCase": .advisory, "piano.number.finite": .tagDropped,
    ]
}

extension RuleCheckedVendorTag {
    /// None: the vendor has no rule across tags.
    public static func ruleViolations(across tags: [Self]) -> [VendorRuleViolation] { [] }
}

/// Checks shared by the vendors' rules.
enum RuleCheck {
    /// The most UTF-16 units of a name or value that a finding quotes: a subject stays short
    /// whatever the tag holds.
    static let subjectLength = 64

    /// The most findings of one rule that one tag reports one by one; the rest are summed up in one.
    static let findingsPerRule = 3

    /// `text` quoted as a Swift literal would be, with its length (`counting`) when given. Text
    /// longer than ``subjectLength`` is cut, and its real length given in UTF-16 units:
    /// `"aaaa…" (1,048,576 UTF-16 units)`.
    static func quoted(_ text: String, counting: @autoclosure () -> Int? = nil) -> String {
        guard let cut = cut(text) else {
            let quoted = String(reflecting: text)
            return counting().map { "\(quoted) (\(grouped($0)))" } ?? quoted
        }
        return "\(String(reflecting: cut + "…")) (\(grouped(text.utf16.count)) UTF-16 units)"
    }

    /// The finding of `vendor`'s rule against non-finite numbers (NaN, infinity), for `number`
    /// under `key` (already as a finding shows it).
    static func nonFinite(_ vendor: String, _ number: Double, at key: String) -> VendorRuleViolation {
        VendorRuleViolation("\(vendor).number.finite", "\(key): \(number)", limit: "a finite number")
    }

    /// Adds the finding of `vendor`'s rule against non-finite numbers for `number` at `depth` in
    /// the value of `key`, the key being checked (see ``RuleFindings/appendAboutValue(_:_:limit:detail:)``).
    static func appendNonFinite(
        _ vendor: String,
        _ number: Double,
        at key: String,
        depth: Int,
        into findings: inout RuleFindings
    ) {
        findings.appendAboutValue(
            "\(vendor).number.finite",
            "\(name(key)): \(number)",
            limit: "a finite number",
            detail: depth == 0 ? nil : .bits(number.bitPattern)
        )
    }

    /// What tells apart the findings that quote `text` (``quoted(_:counting:)`` without a count):
    /// the text itself where it is quoted whole, or the quote.
    static func quotedDetail(_ text: String) -> RuleFindings.Detail {
        text.utf8.count <= subjectLength ? .text(text) : .quote(quoted(text))
    }

    /// `name` as a finding shows it: cut after ``subjectLength`` UTF-16 units, with `…`.
    static func name(_ name: String) -> String {
        cut(name).map { $0 + "…" } ?? name
    }

    /// `value`'s description as a finding shows it: cut after ``subjectLength`` UTF-16 units.
    static func shown(_ value: some CustomStringConvertible) -> String {
        name(value.description)
    }

    /// The size of `string` as a finding states it: in characters, or for a string too long to
    /// count them cheaply, in UTF-16 units.
    static func size(of string: String) -> String {
        string.utf8.count <= 4_096
            ? "\(grouped(string.count)) characters" : "\(grouped(string.utf16.count)) UTF-16 units"
    }

    /// `text` without the white space (and line breaks) around it.
    static func trimmed(_ text: String) -> Substring {
        // ASCII white space on the bytes first: a megabyte of spaces must not be read character
        // by character.
        let (start, end) = asciiTrimmedOffsets(text)
        let utf8 = text.utf8
        let rest = text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
        guard let first = rest.firstIndex(where: { !$0.isWhitespace }),
            let last = rest.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return rest[first...last]
    }

    /// The offsets in `text`'s UTF-8 of its first byte that is not ASCII white space, and of the
    /// end of its last one; equal when there is none.
    static func asciiTrimmedOffsets(_ text: String) -> (start: Int, end: Int) {
        func offsets(_ bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, end: Int) {
            // Spaces, the usual blank, eight at a time.
            let spaces: UInt64 = 0x2020_2020_2020_2020
            var end = bytes.count
            while end > 0 {
                if end >= 8, word(bytes, at: end - 8) == spaces {
                    end -= 8
                } else if isASCIIWhitespace(bytes[end - 1]) {
                    end -= 1
                } else {
                    break
                }
            }
            var start = 0
            while start < end {
                if end - start >= 8, word(bytes, at: start) == spaces {
                    start += 8
                } else if isASCIIWhitespace(bytes[start]) {
                    start += 1
                } else {
                    break
                }
            }
            return (start, end)
        }
        return text.utf8.withContiguousStorageIfAvailable(offsets)
            ?? Array(text.utf8).withUnsafeBufferPointer(offsets)
    }

    /// Whether `text` is white space only (and not empty); ASCII white space read on the bytes.
    static func isBlank(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        let (start, end) = asciiTrimmedOffsets(text)
        guard start != end else { return true }
        let utf8 = text.utf8
        let rest = utf8.index(utf8.startIndex, offsetBy: start)
        // What is left starts with a byte that is not ASCII white space: ASCII, it is no blank;
        // otherwise the characters decide.
        return utf8[rest] >= 0x80 && text.allSatisfy(\.isWhitespace)
    }

    /// The eight bytes of `bytes` from `offset`, as one number.
    static func word(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self)
    }

    /// Whether one of the eight bytes of `word` is 0.
    static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
    }

    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Whether `text` has more than `limit` characters, counting no further than `limit + 1`.
    static func isLonger(_ text: String, than limit: Int) -> Bool {
        // A character takes at least one byte: a string of at most `limit` bytes fits.
        text.utf8.count > limit && text.prefix(limit + 1).count > limit
    }

    /// The first ``subjectLength`` UTF-16 units of `text`, at a character boundary; `nil` when it
    /// has no more.
    private static func cut(_ text: String) -> String? {
        guard text.utf8.count > subjectLength, text.utf16.count > subjectLength else { return nil }
        var prefix = ""
        var units = 0
        for character in text {
            units += character.utf16.count
            guard units <= subjectLength else { break }
            prefix.append(character)
        }
        return prefix
    }

    /// `number` with a comma every three digits: `1,048,576`.
    static func grouped(_ number: Int) -> String {
        var digits = String(number.magnitude)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return number < 0 ? "-" + digits : digits
    }

    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    /// Letters, digits and underscores only, starting with a letter, where a letter and a digit are
    /// what Java's `Character.isLetter` and `isLetterOrDigit` accept, code point by code point
    /// (letters of any script; a combining accent is neither): Firebase's rule for names.
    static func isLetterIdentifier(_ name: String) -> Bool {
        func isLetter(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
            default: false
            }
        }
        if isIdentifier(name) { return true }  // ASCII, the common case, without property look-ups
        guard let first = name.unicodeScalars.first, isLetter(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            isLetter($0) || $0.properties.generalCategory == .decimalNumber || $0 == "_"
        }
    }

    /// Letters, digits and underscores only, starting with a letter (ASCII).
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, isASCIILetter(Unicode.Scalar(first)) else { return false }
        return name.utf8.allSatisfy { byte in
            let scalar = Unicode.Scalar(byte)
            return isASCIILetter(scalar) || isASCIIDigit(scalar) || byte == UInt8(ascii: "_")
        }
    }

    /// Letters, digits and underscores only, at least one (ASCII).
    static func isWord(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { isASCIILetter($0) || isASCIIDigit($0) || $0 == "_" }
    }

    /// The violation of `rule` by `group`, names that differ only by case, sorted.
    static func caseViolation(_ group: [String], rule: String, limit: String) -> VendorRuleViolation {
        // At most a few names quoted: a group can be as large as the tag.
        let shown = group.prefix(findingsPerRule).map { quoted($0) }.joined(separator: ", ")
        let more = group.count > findingsPerRule ? " and \(grouped(group.count - findingsPerRule)) more" : ""
        return VendorRuleViolation(rule, shown + more, limit: limit)
    }

    /// Adds one violation of `rule` per group of `names` (distinct) that differ only by case, in
    /// the order of their first names; only those that can be shown are built, the others are
    /// counted.
    static func appendCaseViolations(
        _ names: some Collection<String>,
        rule: String,
        limit: String,
        into findings: inout RuleFindings
    ) {
        let groups = caseGroups(names)
        guard groups.count > 0 else { return }
        let first = groups.first.map { caseViolation($0, rule: rule, limit: limit) }
        findings.append(rule, first: first, count: groups.count)
    }

    /// Adds one violation of `vendor`'s name case rule per group of event names among `names`
    /// (distinct) that differ only by case.
    static func appendNameCaseViolations(
        _ names: some Collection<String>,
        vendor: String,
        into findings: inout RuleFindings
    ) {
        appendCaseViolations(
            names,
            rule: "\(vendor).nameCase",
            limit: "names that differ only by case are different events",
            into: &findings
        )
    }

    /// The groups of names that differ only by case: how many, and the first ones (one more than
    /// are shown), each sorted, in the order of their first names.
    struct CaseGroups {
        var count = 0
        var first: [[String]] = []
    }

    /// The groups of `names` (distinct) that differ only by case. Each name is read once on its
    /// bytes, and lowercased at most once.
    static func caseGroups(_ names: some Collection<String>) -> CaseGroups {
        guard names.count > 1 else { return CaseGroups() }
        // Lowercasing and canonical equivalence change a name's UTF-8 by a few times at most (3
        // bytes for 1, 1 for 3): a name more than 16 times as long as any other equals none of
        // them once lowercased, and is not read (a megabyte of key among short ones).
        var longest = 0
        var second = 0
        for name in names {
            let count = name.utf8.count
            if count > longest {
                second = longest
                longest = count
            } else if count > second {
                second = count
            }
        }
        let readable = longest > 16 * max(second, 1) ? 16 * max(second, 1) : longest
        // Two names differ only by case only if one of them changes when lowercased. Those are few
        // (usually none), so they are found first, on the bytes: a check of 100,000 lowercase
        // names makes no copy and no look-up. Where all names are ASCII, the capitalized ones are
        // hashed as lowercased, on their bytes, and only the names whose hash meets another's are
        // lowercased and compared. Text outside ASCII, whose equal forms can differ in their
        // bytes, is compared as strings, each changing name lowercased once.
        var capitalized: [(name: String, hash: UInt64)] = []
        var hashes: Set<UInt64> = []
        var repeated: Set<UInt64> = []
        var changing: [(name: String, lowered: String)] = []
        var hasLowercase = false
        var isASCII = true
        for name in names where name.utf8.count <= readable {
            switch caseAndHash(of: name) {
            case .asciiLowercase: hasLowercase = true
            case .asciiCapitalized(let hash):
                if hashes.isEmpty { hashes.reserveCapacity(names.count) }
                if !hashes.insert(hash).inserted { repeated.insert(hash) }
                capitalized.append((name, hash))
            case .otherLowercase:
                hasLowercase = true
                isASCII = false
            case .otherChanging(let lowered):
                isASCII = false
                changing.append((name, lowered))
            }
        }
        guard !capitalized.isEmpty || !changing.isEmpty else { return CaseGroups() }
        // The lowercased form of each group, with its first name; groups where a second one comes.
        var groupOf: [String: Int] = [:]
        var groups: [[String]] = []
        func add(_ name: String, as lowered: String, isLowercase: Bool) {
            if let index = groupOf[lowered] {
                groups[index].append(name)
            } else if !isLowercase {
                groupOf[lowered] = groups.count
                groups.append([name])
            }
        }
        if isASCII {
            var met = repeated
            var lowercaseMet: [String] = []
            if hasLowercase {
                for name in names where name.utf8.count <= readable {
                    let (nameCase, hasCapital, hash) = caseAndHash(ofBytes: name)
                    if case .asciiLowercase = nameCase, !hasCapital, hashes.contains(hash) {
                        met.insert(hash)
                        lowercaseMet.append(name)
                    }
                }
            }
            guard !met.isEmpty else { return CaseGroups() }
            for (name, hash) in capitalized where met.contains(hash) {
                add(name, as: name.lowercased(), isLowercase: false)
            }
            for name in lowercaseMet { add(name, as: name, isLowercase: true) }
        } else {
            for (name, _) in capitalized { add(name, as: name.lowercased(), isLowercase: false) }
            for (name, lowered) in changing { add(name, as: lowered, isLowercase: false) }
            if hasLowercase && !groupOf.isEmpty {
                for name in names where name.utf8.count <= readable && isLowercase(name) {
                    add(name, as: name, isLowercase: true)
                }
            }
        }
        // The first groups by their first name, without sorting them all.
        var result = CaseGroups()
        var firstNames: [String] = []
        let kept = findingsPerRule + 1
        for group in groups where group.count > 1 {
            result.count += 1
            let name = group.min()!
            guard firstNames.count < kept || name < firstNames[kept - 1] else { continue }
            let index = firstNames.firstIndex { name < $0 } ?? firstNames.endIndex
            firstNames.insert(name, at: index)
            result.first.insert(group.sorted(), at: index)
            if firstNames.count > kept {
                firstNames.removeLast()
                result.first.removeLast()
            }
        }
        return result
    }

    /// What lowercasing does to a name.
    enum NameCase {
        /// ASCII, left as it is.
        case asciiLowercase
        /// ASCII, with a capital from A to Z; the hash of its bytes lowercased.
        case asciiCapitalized(hash: UInt64)
        /// Not ASCII, left as it is.
        case otherLowercase
        /// Not ASCII, changed: lowercased.
        case otherChanging(lowered: String)
    }

    /// What lowercasing does to `name`, read on its bytes: only a name with a letter that
    /// lowercasing changes (by Unicode's Changes_When_Lowercased) is lowercased; and for an ASCII
    /// name with a capital, the FNV-1a hash of its bytes with A to Z as a to z: the same for ASCII
    /// names that differ only by case.
    static func caseAndHash(of name: String) -> NameCase {
        let (found, hasCapital, hash) = caseAndHash(ofBytes: name)
        switch found {
        case .asciiLowercase?: return hasCapital ? .asciiCapitalized(hash: hash) : .asciiLowercase
        case let found?: return found
        case nil: return .otherChanging(lowered: name.lowercased())
        }
    }

    /// Whether lowercasing leaves `name` as it is, read on its bytes (see ``caseAndHash(of:)``):
    /// a scalar that Changes_When_Lowercased changes it, with no lowercased copy.
    static func isLowercase(_ name: String) -> Bool {
        let (found, hasCapital, _) = caseAndHash(ofBytes: name)
        return found != nil && !hasCapital
    }

    /// ``caseAndHash(of:changes:)`` on `name`'s UTF-8; for a string without contiguous UTF-8
    /// (bridged), from its lowercased copy.
    private static func caseAndHash(ofBytes name: String) -> (case: NameCase?, hasCapital: Bool, hash: UInt64) {
        let read = name.utf8.withContiguousStorageIfAvailable { bytes in
            lowercasingChanges.withUnsafeBufferPointer { changes in caseAndHash(of: bytes, changes: changes) }
        }
        return read ?? (name.lowercased() == name ? .otherLowercase : nil, false, 0)
    }

    /// What lowercasing does to the UTF-8 `bytes`: `.asciiLowercase` for ASCII (with
    /// `hasCapital`), `.otherLowercase` for other text that does not change, `nil` where a scalar
    /// changes; and for ASCII, the hash of the bytes lowercased.
    private static func caseAndHash(
        of bytes: UnsafeBufferPointer<UInt8>,
        changes: UnsafeBufferPointer<Bool>
    ) -> (case: NameCase?, hasCapital: Bool, hash: UInt64) {
        let prime: UInt64 = 0x100_0000_01b3
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var hasCapital = false
        var offset = 0
        let count = bytes.count
        // Eight ASCII bytes at a time: a byte from A to Z is one whose 7 low bits plus 0x3F reach
        // 0x80 and plus 0x25 do not; its lowercase sets 0x20. ASCII names equal once lowercased
        // have one length, so they are read in the same words.
        while count - offset >= 8 {
            let word = word(bytes, at: offset)
            guard word & 0x8080_8080_8080_8080 == 0 else { break }
            let capitals = (word &+ 0x3F3F_3F3F_3F3F_3F3F) & ~(word &+ 0x2525_2525_2525_2525) & 0x8080_8080_8080_8080
            if capitals != 0 { hasCapital = true }
            hash = (hash ^ (word | capitals >> 2)) &* prime
            offset += 8
        }
        var isASCII = true
        while offset < count {
            let byte = bytes[offset]
            if byte < 0x80 {
                let isCapital = byte >= 0x41 && byte <= 0x5A
                hasCapital = hasCapital || isCapital
                hash = (hash ^ UInt64(isCapital ? byte | 0x20 : byte)) &* prime
                offset += 1
                continue
            }
            isASCII = false
            // Scalars below U+0800 (two bytes: Latin, Greek, Cyrillic…) are looked up in a
            // table, the others in Unicode's properties.
            if byte < 0xE0 {
                if changes[Int(byte & 0x1F) << 6 | Int(bytes[offset + 1] & 0x3F)] { return (nil, false, 0) }
                offset += 2
                continue
            }
            let length = byte >= 0xF0 ? 4 : 3
            var value = UInt32(byte) & (length == 3 ? 0x0F : 0x07)
            for next in 1..<length { value = value << 6 | UInt32(bytes[offset + next] & 0x3F) }
            if Unicode.Scalar(value)?.properties.changesWhenLowercased ?? true { return (nil, false, 0) }
            offset += length
        }
        if isASCII { return (.asciiLowercase, hasCapital, hash) }
        return (hasCapital ? nil : .otherLowercase, hasCapital, 0)
    }

    /// Whether lowercasing changes each scalar below U+0800.
    private static let lowercasingChanges: [Bool] = (0..<0x800).map {
        Unicode.Scalar(UInt32($0))?.properties.changesWhenLowercased ?? false
    }

    /// Whether `name` is made of a to z, digits and `_` only, starting with a to z: a lowercase
    /// ASCII identifier, checked on its bytes.
    static func isLowercaseASCIIIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, first >= 0x61 && first <= 0x7A else { return false }
        return name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }

    /// Whether the UTF-8 of `text` holds `byte`, searched on contiguous storage where there is one.
    static func contains(_ byte: UInt8, in text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            // Eight bytes at a time: a word holds `byte` where its XOR with eight of them has a 0.
            let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
            var offset = 0
            while bytes.count - offset >= 8 {
                if hasZeroByte(word(bytes, at: offset) ^ pattern) { return true }
                offset += 8
            }
            return bytes[offset...].contains(byte)
        } ?? text.utf8.contains(byte)
    }
}
