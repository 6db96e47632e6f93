import TagHub

/// One tag's findings, collected as its check makes them, with repeats bounded: identical findings
/// once, and past ``RuleCheck/findingsPerRule`` of one rule, one finding that counts the rest
/// (`1,000 more`), whose limit is theirs, or `the same rule` where theirs differ.
///
/// The whole list is never built: per rule, only the findings that can still be among the first
/// shown are built; the others are counted.
///
/// The order is the one of the whole list: findings made outside a key's check in the order they
/// are made, and those of ``forEachKey(of:_:)``'s checks by key (`<`), then in the order made.
/// Sorting is the cost this saves: the keys are read unsorted, and only the few findings shown are
/// sorted.
struct RuleFindings {
    /// Where a finding comes in the whole list.
    private struct Position: Comparable {
        var group: Int
        var key: String
        /// Whether `key`'s scalars are all below U+0300 (see ``RuleCheck/isBelowCombiningMarks(_:)``).
        var isSimpleKey: Bool
        var index: Int

        static func < (left: Position, right: Position) -> Bool {
            guard left.group == right.group else { return left.group < right.group }
            // Keys of scalars below U+0300 are in NFC, so that they compare as their UTF-8 bytes
            // do: without the normalizing comparison that 100,000 keys such as "Élément0" took.
            if left.isSimpleKey && right.isSimpleKey, let order = RuleCheck.utf8Order(left.key, right.key) {
                return order == 0 ? left.index < right.index : order < 0
            }
            return (left.key, left.index) < (right.key, right.index)
        }

        static func == (left: Position, right: Position) -> Bool {
            left.group == right.group && left.key == right.key && left.index == right.index
        }
    }

    /// The limits of a rule's findings past those shown: none yet, all one, or several.
    private enum Limits {
        case none
        case one(String)
        case several
    }

    /// The findings of one rule: how many, the first ones (one more than are shown, for the
    /// summary's place and limit), and the limits of the others.
    private struct Rule {
        let rule: String
        var count = 0
        var first: [(position: Position, violation: VendorRuleViolation)] = []
        var otherLimits = Limits.none

        /// Adds a finding that none of the rule's findings equals; `make` is called only if it
        /// is among the first so far, and `limit` only if the others' limits are still one.
        mutating func add(
            at position: Position,
            limit: () -> String,
            make: () -> VendorRuleViolation
        ) {
            count += 1
            let kept = RuleCheck.findingsPerRule + 1
            if first.count == kept, !(position < first[kept - 1].position) {
                addOther(limit: limit)
                return
            }
            let violation = make()
            let index = first.firstIndex { position < $0.position } ?? first.endIndex
            first.insert((position, violation), at: index)
            if first.count > kept {
                let pushed = first.removeLast()
                addOther(limit: { pushed.violation.limit })
            }
        }

        private mutating func addOther(limit: () -> String) {
            switch otherLimits {
            case .none: otherLimits = .one(limit())
            case .one(let one): if one != limit() { otherLimits = .several }
            case .several: break
            }
        }
    }

    /// What tells a finding about a key's value from the key's other findings of its rule: a
    /// count, a number's bits, a text, or a quote of a text; two findings of one rule about one key
    /// are equal only where their details are.
    enum Detail: Hashable {
        case number(Int)
        case bits(UInt64)
        case text(String)
        case quote(String)
    }

    /// The details of the findings of one rule made for the key being checked: the last one, and
    /// the others (only once a second, different one comes).
    private struct ValueRule {
        let rule: String
        var last: Detail
        var others: Set<Detail> = []
    }

    private var rules: [Rule] = []
    /// Whether each scalar of three or four bytes met in this tag's names is a letter, a digit or
    /// other (Firebase's names), kept for its other names.
    var identifierKinds = ScalarMemo()
    /// Whether lowercasing changes each scalar of three or four bytes met in this tag's keys
    /// (Piano's), kept for its other keys.
    var lowercasingChanges = ScalarMemo()
    /// The findings built as they were made, each once, at its first place.
    private var built: [VendorRuleViolation: Position] = [:]
    private var group = 0
    /// The key being checked by ``forEachKey(of:_:)``, and the number of findings made for it.
    private var key: String?
    private var isSimpleKey = true
    private var index = 0
    /// Per rule, the details of the findings about the key's value made so far.
    private var valueRules: [ValueRule] = []
    /// The bits of the last non-finite number inside the key's value that was added (see
    /// ``appendNonFinite(_:_:limit:subject:depth:)``).
    private var lastNonFinite: UInt64?

    /// The group that findings made outside a key's check take instead of a new one each, while
    /// ``inGroup(_:_:)`` runs; and the index of the next.
    private var pinnedGroup: Int?
    private var pinnedIndex = 0

    private mutating func nextPosition() -> Position {
        if let pinnedGroup {
            defer { pinnedIndex += 1 }
            return Position(group: pinnedGroup, key: "", isSimpleKey: true, index: pinnedIndex)
        }
        guard let key else {
            defer { group += 1 }
            return Position(group: group, key: "", isSimpleKey: true, index: 0)
        }
        defer { index += 1 }
        return Position(group: group, key: key, isSimpleKey: isSimpleKey, index: index)
    }

    /// Adds `violation`.
    mutating func append(_ violation: VendorRuleViolation) {
        let position = nextPosition()
        if let earlier = built[violation], earlier < position { return }
        built[violation] = position
    }

    /// Adds `violations`, in order.
    mutating func append(contentsOf violations: [VendorRuleViolation]) {
        for violation in violations { append(violation) }
    }

    /// Adds a finding of `rule` about the key being checked, made at most once per key, whose
    /// subject names the key. Findings about two keys are two findings, even where both keys are
    /// cut after the same ``RuleCheck/subjectLength`` UTF-16 units and their subjects read alike:
    /// so the subject and limit are built only if the finding is shown (or the limit, to tell
    /// whether the rule's limits are one), and 100,000 long keys cost what short ones do.
    mutating func appendAboutKey(
        _ rule: String,
        _ subject: @autoclosure () -> String,
        limit: @autoclosure () -> String
    ) {
        guard key != nil else {
            append(VendorRuleViolation(rule, subject(), limit: limit()))
            return
        }
        let position = nextPosition()
        add(rule, at: position, limit: limit) { VendorRuleViolation(rule, subject(), limit: limit()) }
    }

    /// Adds a finding of `rule` about the value of the key being checked, whose subject starts
    /// with the key: as in ``appendAboutKey(_:_:limit:)``, no other key's finding is the same
    /// finding, so it is built only if it is shown. Among the key's own findings of `rule`, it is
    /// told apart by `detail`; `nil` where none of them can equal it (the only value of the key, or
    /// an item's own parameter). A repeat of the key's last finding of the rule, the usual one (a
    /// million NaN in one array), costs a comparison.
    mutating func appendAboutValue(
        _ rule: String,
        _ subject: @autoclosure () -> String,
        limit: @autoclosure () -> String,
        detail: @autoclosure () -> Detail?
    ) {
        guard key != nil else {
            append(VendorRuleViolation(rule, subject(), limit: limit()))
            return
        }
        if let detail = detail() {
            if let index = valueRules.firstIndex(where: { $0.rule == rule }) {
                let last = valueRules[index].last
                guard detail != last, !valueRules[index].others.contains(detail) else { return }
                valueRules[index].others.insert(last)
                valueRules[index].last = detail
            } else {
                valueRules.append(ValueRule(rule: rule, last: detail))
            }
        }
        let position = nextPosition()
        add(rule, at: position, limit: limit) { VendorRuleViolation(rule, subject(), limit: limit()) }
    }

    /// Adds the finding of `rule`, the vendor's only rule against non-finite numbers, about
    /// `number` at `depth` in the value of the key being checked: as
    /// ``appendAboutValue(_:_:limit:detail:)`` with its bits as the detail, where the same number
    /// just before (a million NaN in one array) costs one comparison.
    mutating func appendNonFinite(
        _ rule: String,
        _ number: Double,
        limit: String,
        subject: @autoclosure () -> String,
        depth: Int
    ) {
        guard depth > 0 else {
            appendAboutValue(rule, subject(), limit: limit, detail: nil)
            return
        }
        let bits = number.bitPattern
        guard bits != lastNonFinite else { return }
        lastNonFinite = bits
        appendAboutValue(rule, subject(), limit: limit, detail: .bits(bits))
    }

    /// Adds `count` findings of `rule`, none equal to another finding, of which `first` are the
    /// first ones in order (at least ``RuleCheck/findingsPerRule`` + 1 where there are more):
    /// the others are only counted. Their limits are the one of the last of `first`.
    mutating func append(_ rule: String, first: [VendorRuleViolation], count: Int) {
        for violation in first {
            let position = nextPosition()
            add(rule, at: position, limit: { violation.limit }, make: { violation })
        }
        guard let last = first.last, count > first.count else { return }
        for _ in first.count..<count {
            let position = nextPosition()
            add(rule, at: position, limit: { last.limit }, make: { last })
        }
    }

    private mutating func add(
        _ rule: String,
        at position: Position,
        limit: () -> String,
        make: () -> VendorRuleViolation
    ) {
        // A tag breaks few rules: a search is cheaper than hashing the rule's name.
        if let index = rules.firstIndex(where: { $0.rule == rule }) {
            rules[index].add(at: position, limit: limit, make: make)
        } else {
            var found = Rule(rule: rule)
            found.add(at: position, limit: limit, make: make)
            rules.append(found)
        }
    }

    /// A place in the list taken now, for findings made later: ``inGroup(_:_:)``.
    private mutating func reserveGroup() -> Int {
        defer { group += 1 }
        return group
    }

    /// Runs `body`, whose findings (made outside a key's check) take the `reserved` place, in the
    /// order made.
    private mutating func inGroup(_ reserved: Int, _ body: (inout RuleFindings) -> Void) {
        pinnedGroup = reserved
        pinnedIndex = 0
        body(&self)
        pinnedGroup = nil
    }

    /// What ``forEachKey(of:reading:names:_:)`` checks of the keys themselves, in its one pass over
    /// them: each key is read there while it is at hand (read again in a pass of its own, 100,000
    /// keys of 70 bytes cost a fetch from memory each, pass after pass).
    struct KeyNameRules {
        /// The rule broken by a key that shows nothing (empty or blank); its findings come before
        /// those of the keys' checks, in key order.
        var blank: String?
        /// The rule broken by keys that differ only by case, and its limit; its findings come after
        /// those of the keys' checks, or before them (after the blank keys') where `caseFirst`.
        var caseRule: (rule: String, limit: String)?
        var caseFirst = false
    }

    /// Calls `check` with each key and value of `properties` (in no order) and the findings, where
    /// the findings it adds take the key's place.
    mutating func forEachKey<Value>(
        of properties: [String: Value],
        names: KeyNameRules = KeyNameRules(),
        _ check: (_ key: String, _ value: Value, _ findings: inout RuleFindings) -> Void
    ) {
        forEachKey(of: properties, reading: Whole<Value>.self, names: names) { key, whole, _, findings in
            check(key, whole.value, &findings)
        }
    }

    /// A value read whole.
    private struct Whole<Value>: ValueReading {
        let value: Value
        init(reading value: Value) { self.value = value }
    }

    /// Calls `check` with each key of `properties` (in no order), what `Facts` reads of its value,
    /// a function that reads the whole value, and the findings, where the findings it adds take the
    /// key's place. The function reads the value in place: looking it up by its key would hash the
    /// key, and hashing a letter with a megabyte of marks normalizes the megabyte.
    ///
    /// The value is read first, and by `Facts` only, so that a value of which nothing is needed
    /// past that is not copied: copying a string retains it, and retaining 100,000 strings out of
    /// the cache cost more than checking them.
    @inline(__always)
    mutating func forEachKey<Facts: ValueReading>(
        of properties: [String: Facts.Value],
        reading: Facts.Type,
        names: KeyNameRules = KeyNameRules(),
        _ check: (_ key: String, _ facts: Facts, _ read: () -> Facts.Value, _ findings: inout RuleFindings) -> Void
    ) {
        let blankGroup = names.blank == nil ? nil : reserveGroup()
        let caseGroup = names.caseRule != nil && names.caseFirst ? reserveGroup() : nil
        var blankKeys: [String] = []
        var cases = names.caseRule == nil ? nil : RuleCheck.CaseScan<Dictionary<String, Facts.Value>.Index>()
        let keys = properties.keys
        let values = properties.values
        var position = keys.startIndex
        var touched: UInt8 = 0
        while position != keys.endIndex {
            // The bytes `Facts` reads of the next values, and the next keys' first bytes, are
            // touched first, one load per cache line, so that the memory fetches them together:
            // read one after the other, 100,000 strings out of the cache cost a fetch each, in turn.
            var blockEnd = position
            for _ in 0..<Self.touchedPerBlock where blockEnd != keys.endIndex {
                touched |= Facts.touch(values[blockEnd])
                // A key of more than 15 bytes is on the heap too (a shorter one is held inline).
                let key = keys[blockEnd]
                if key.utf8.count > 15 { touched |= RuleCheck.touch(key, bytes: 1) }
                keys.formIndex(after: &blockEnd)
            }
            while position != blockEnd {
                let facts = Facts(reading: values[position])
                let key = keys[position]
                self.key = key
                // Not read past a few hundred bytes: a megabyte of key is compared as strings are.
                isSimpleKey = key.utf8.count <= 256 && RuleCheck.isBelowCombiningMarks(key)
                index = 0
                if !valueRules.isEmpty { valueRules.removeAll(keepingCapacity: true) }
                lastNonFinite = nil
                check(key, facts, { values[position] }, &self)
                if names.blank != nil && RuleCheck.isEmptyOrBlank(key) { blankKeys.append(key) }
                cases?.add(key, at: position, of: properties.count)
                keys.formIndex(after: &position)
            }
        }
        // Kept, so that the loads are not taken out.
        self.touched = touched
        key = nil
        group += 1
        if let blankGroup, let rule = names.blank, !blankKeys.isEmpty {
            inGroup(blankGroup) { findings in
                for key in blankKeys.sorted() {
                    findings.append(VendorRuleViolation(rule, RuleCheck.quoted(key), limit: "a name"))
                }
            }
        }
        if let cases, let (rule, limit) = names.caseRule {
            let groups = cases.groups { keys[$0] }
            if let caseGroup {
                inGroup(caseGroup) { RuleCheck.appendCaseViolations(groups, rule: rule, limit: limit, into: &$0) }
            } else {
                RuleCheck.appendCaseViolations(groups, rule: rule, limit: limit, into: &self)
            }
        }
    }

    /// How many values' bytes ``forEachKey(of:reading:_:)`` touches before reading them: as many
    /// cache lines as a core fetches at once (a string of 300 bytes spans 5 or 6).
    private static let touchedPerBlock = 8
    /// What the touches read (see ``forEachKey(of:reading:_:)``).
    private var touched: UInt8 = 0

    /// The findings shown: per rule, the first ones, in order, then the findings that count the
    /// rest, in the order of the first of those they count.
    var summary: [VendorRuleViolation] {
        var rules = rules
        for (violation, position) in built {
            if let index = rules.firstIndex(where: { $0.rule == violation.rule }) {
                rules[index].add(at: position, limit: { violation.limit }, make: { violation })
            } else {
                var found = Rule(rule: violation.rule)
                found.add(at: position, limit: { violation.limit }, make: { violation })
                rules.append(found)
            }
        }
        var shown: [(position: Position, violation: VendorRuleViolation)] = []
        var more: [(position: Position, violation: VendorRuleViolation)] = []
        let perRule = RuleCheck.findingsPerRule
        for rule in rules {
            shown += rule.first.prefix(perRule)
            guard rule.count > perRule else { continue }
            let next = rule.first[perRule]
            let limit: String
            switch rule.otherLimits {
            case .none: limit = next.violation.limit
            case .one(let one) where one == next.violation.limit: limit = one
            default: limit = "the same rule"
            }
            more.append(
                (
                    next.position,
                    VendorRuleViolation(rule.rule, "\(RuleCheck.grouped(rule.count - perRule)) more", limit: limit)
                )
            )
        }
        return (shown.sorted { $0.position < $1.position } + more.sorted { $0.position < $1.position }).map(\.violation)
    }
}

/// What a rule check reads of a value before anything else (see
/// ``RuleFindings/forEachKey(of:reading:_:)``).
protocol ValueReading {
    associatedtype Value
    init(reading value: Value)
    /// Loads one byte of each cache line of the bytes of `value` that ``init(reading:)`` reads, so
    /// that they are fetched ahead (see ``RuleFindings/forEachKey(of:reading:_:)``); returns them
    /// OR-ed.
    static func touch(_ value: Value) -> UInt8
}

extension ValueReading {
    /// Nothing: a reading of no bytes.
    static func touch(_ value: Value) -> UInt8 { 0 }
}

/// What a property's value breaks, for a vendor whose rules on a scalar are a string's length and
/// a number's finiteness, read without copying the value; an array is walked after.
enum LengthAndFinitenessBreak<Limit: StringLengthLimit>: ValueReading {
    case none
    case longString
    case nonFinite(Double)
    case array

    static func touch(_ value: AnalyticsValue) -> UInt8 {
        guard case .string(let string) = value else { return 0 }
        return RuleCheck.touch(string, bytes: Limit.bytesRead(of: string))
    }

    @inline(__always)
    init(reading value: AnalyticsValue) {
        switch value {
        case .string(let string) where Limit.isTooLong(string): self = .longString
        case .double(let number) where !number.isFinite: self = .nonFinite(number)
        case .array: self = .array
        default: self = .none
        }
    }
}

/// A vendor's limit on the length of a string value, as ``LengthAndFinitenessBreak`` reads it.
protocol StringLengthLimit {
    /// Whether `string` is longer than the vendor takes.
    static func isTooLong(_ string: String) -> Bool
    /// How many bytes of `string`'s UTF-8 ``isTooLong(_:)`` reads, from the start.
    static func bytesRead(of string: String) -> Int
}
