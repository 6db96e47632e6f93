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
            return counting().map { "\(quoted) (\($0))" } ?? quoted
        }
        return "\(String(reflecting: cut + "…")) (\(grouped(text.utf16.count)) UTF-16 units)"
    }

    /// The finding of `vendor`'s rule against non-finite numbers (NaN, infinity), for `number`
    /// under `key` (already as a finding shows it).
    static func nonFinite(_ vendor: String, _ number: Double, at key: String) -> VendorRuleViolation {
        VendorRuleViolation("\(vendor).number.finite", "\(key): \(number)", limit: "a finite number")
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
        string.utf8.count <= 4_096 ? "\(string.count) characters" : "\(grouped(string.utf16.count)) UTF-16 units"
    }

    /// `text` without the white space (and line breaks) around it.
    static func trimmed(_ text: String) -> Substring {
        // ASCII white space on the bytes first: a megabyte of spaces must not be read character
        // by character.
        let utf8 = text.utf8
        var start = utf8.startIndex
        while start != utf8.endIndex, isASCIIWhitespace(utf8[start]) { start = utf8.index(after: start) }
        var end = utf8.endIndex
        while end != start, isASCIIWhitespace(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
        let rest = text[start..<end]
        guard let first = rest.firstIndex(where: { !$0.isWhitespace }),
            let last = rest.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return rest[first...last]
    }

    /// Whether `text` is white space only (and not empty); ASCII white space read on the bytes.
    static func isBlank(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        let isASCIIBlank = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            for byte in bytes where !isASCIIWhitespace(byte) {
                return byte < 0x80 ? false : nil  // not ASCII: characters decide
            }
            return true
        }
        if let isASCIIBlank, let answer = isASCIIBlank { return answer }
        return text.allSatisfy(\.isWhitespace)
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

    /// `violations` with repeats bounded: identical findings once, and past ``findingsPerRule`` of
    /// one rule, one finding that counts the rest (`1,000 more`).
    static func summarised(_ violations: [VendorRuleViolation]) -> [VendorRuleViolation] {
        var seen: Set<VendorRuleViolation> = []
        var perRule: [String: Int] = [:]
        var kept: [VendorRuleViolation] = []
        var more: [(rule: String, limit: String, count: Int)] = []
        for violation in violations where seen.insert(violation).inserted {
            perRule[violation.rule, default: 0] += 1
            if perRule[violation.rule]! <= findingsPerRule {
                kept.append(violation)
            } else if let index = more.firstIndex(where: { $0.rule == violation.rule }) {
                more[index].count += 1
                // A limit that names its subject (Piano's lowercase key) is not the others'.
                if more[index].limit != violation.limit { more[index].limit = "the same rule" }
            } else {
                more.append((violation.rule, violation.limit, 1))
            }
        }
        return kept + more.map { VendorRuleViolation($0.rule, "\(grouped($0.count)) more", limit: $0.limit) }
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

    /// One violation of `rule` per group of `names` that differ only by case.
    static func caseViolations(_ names: some Collection<String>, rule: String, limit: String) -> [VendorRuleViolation] {
        caseCollisions(names).map { group in
            // At most a few names quoted: a group can be as large as the tag.
            let shown = group.prefix(findingsPerRule).map { quoted($0) }.joined(separator: ", ")
            let more = group.count > findingsPerRule ? " and \(grouped(group.count - findingsPerRule)) more" : ""
            return VendorRuleViolation(rule, shown + more, limit: limit)
        }
    }

    /// One violation of `rule` per group of event names among `names` that differ only by case.
    static func nameCaseViolations(_ names: some Collection<String>, vendor: String) -> [VendorRuleViolation] {
        caseViolations(names, rule: "\(vendor).nameCase", limit: "names that differ only by case are different events")
    }

    /// The names in `names` that another differs from only by case, each group once, sorted.
    static func caseCollisions(_ names: some Collection<String>) -> [[String]] {
        // Two names differ only by case only if one of them has a capital letter. Those are few
        // (usually none), so they are found first, in one pass over the bytes; the names without
        // one are looked up only when there are: a check of 100,000 lowercase names makes no copy
        // and no look-up.
        // The first name of each lowercased form; a group only where a second one comes.
        var first: [String: String] = [:]
        var groups: [String: Set<String>] = [:]
        for name in names where !isLowercase(name) {
            let folded = name.lowercased()
            if let earlier = first[folded] {
                if earlier != name { groups[folded, default: [earlier]].insert(name) }
            } else {
                first[folded] = name
            }
        }
        guard !first.isEmpty else { return [] }
        for name in names where isLowercase(name) {
            if let earlier = first[name] { groups[name, default: [earlier]].insert(name) }
        }
        return groups.values.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }

    /// Whether lowercasing `name` leaves it as it is; for ASCII, without a copy.
    static func isLowercase(_ name: String) -> Bool {
        var isASCII = true
        for byte in name.utf8 {
            if byte >= 0x80 {
                isASCII = false
                break
            }
            if byte >= 0x41 && byte <= 0x5A { return false }
        }
        return isASCII || name.lowercased() == name
    }

    /// Whether `name` is made of a to z, digits and `_` only, starting with a to z: a lowercase
    /// ASCII identifier, checked on its bytes.
    static func isLowercaseASCIIIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, first >= 0x61 && first <= 0x7A else { return false }
        return name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }

    /// Whether the UTF-8 of `text` holds `byte`, searched on contiguous storage where there is one.
    static func contains(_ byte: UInt8, in text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.contains(byte) } ?? text.utf8.contains(byte)
    }

    /// The findings `check` makes for each key of `properties`, in the order of the keys, without
    /// sorting every key: only the keys with findings are sorted.
    static func perKey<Value>(
        _ properties: [String: Value],
        _ check: (_ key: String, _ value: Value) -> [VendorRuleViolation]
    ) -> [VendorRuleViolation] {
        var found: [(key: String, violations: [VendorRuleViolation])] = []
        for (key, value) in properties {
            let violations = check(key, value)
            if !violations.isEmpty { found.append((key, violations)) }
        }
        return found.sorted { $0.key < $1.key }.flatMap(\.violations)
    }
}
