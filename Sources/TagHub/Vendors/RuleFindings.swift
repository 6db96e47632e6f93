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
        var index: Int

        static func < (left: Position, right: Position) -> Bool {
            (left.group, left.key, left.index) < (right.group, right.key, right.index)
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

    private var rules: [Rule] = []
    /// The findings built as they were made, each once, at its first place.
    private var built: [VendorRuleViolation: Position] = [:]
    private var group = 0
    /// The key being checked by ``forEachKey(of:_:)``, and the number of findings made for it.
    private var key: String?
    private var index = 0

    private mutating func nextPosition() -> Position {
        guard let key else {
            defer { group += 1 }
            return Position(group: group, key: "", index: 0)
        }
        defer { index += 1 }
        return Position(group: group, key: key, index: index)
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
    /// subject names the key in full for a key of at most ``RuleCheck/subjectLength`` bytes: two
    /// keys' findings then never equal, so the subject and limit are built only if the finding
    /// is shown (or the limit, to tell whether the rule's limits are one).
    mutating func appendAboutKey(
        _ rule: String,
        _ subject: @autoclosure () -> String,
        limit: @autoclosure () -> String
    ) {
        guard let key, key.utf8.count <= RuleCheck.subjectLength else {
            append(VendorRuleViolation(rule, subject(), limit: limit()))
            return
        }
        let position = nextPosition()
        add(rule, at: position, limit: limit) { VendorRuleViolation(rule, subject(), limit: limit()) }
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

    /// Calls `check` with each key and value of `properties` (in no order) and the findings, where
    /// the findings it adds take the key's place.
    mutating func forEachKey<Value>(
        of properties: [String: Value],
        _ check: (_ key: String, _ value: Value, _ findings: inout RuleFindings) -> Void
    ) {
        for (key, value) in properties {
            self.key = key
            index = 0
            check(key, value, &self)
        }
        key = nil
        group += 1
    }

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
