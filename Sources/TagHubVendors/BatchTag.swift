import TagHub

/// What Batch (batch.com) records, one case per SDK call, without linking the SDK.
public enum BatchTag: Sendable, Hashable {
    /// `BatchProfile.trackEvent(name:attributes:)`, with the attributes' `$label` and `$tags`.
    case event(name: String, attributes: [String: AnalyticsValue], label: String?, tags: [String])
    /// `BatchProfile.identify(customUserID)`; `nil` logs out.
    case customUserID(String?)

    /// An event named `name`.
    public static func event(
        _ name: String,
        _ attributes: [String: AnalyticsValue] = [:],
        label: String? = nil,
        tags: [String] = []
    ) -> BatchTag {
        .event(name: name, attributes: attributes, label: label, tags: tags)
    }

    /// The event's name, or `identify`: what a tracking plan lists.
    public var name: String {
        switch self {
        case .event(let name, _, _, _): name
        case .customUserID: "identify"
        }
    }
}

extension BatchTag: CustomStringConvertible {
    /// `play_podcast {title: "Swift Talk"} label "…" tags ["a"]`, `identify "42"`.
    public var description: String {
        switch self {
        case .event(let name, let attributes, let label, let tags):
            var text = attributes.isEmpty ? name : "\(name) \(describeProperties(attributes))"
            if let label { text += " label \(String(reflecting: label))" }
            if !tags.isEmpty { text += " tags \(tags)" }
            return text
        case .customUserID(let id):
            return "identify \(id.map { String(reflecting: $0) } ?? "nil")"
        }
    }
}

extension BatchTag: RuleCheckedVendorTag {
    private typealias Limits = VendorLimits.Batch

    private static let finiteRule = "batch.number.finite"

    /// Every rule of Batch's that this tag breaks (see ``VendorLimits/Batch``).
    public var ruleViolations: [VendorRuleViolation] {
        var findings = RuleFindings()
        switch self {
        case .event(let name, let attributes, let label, let tags):
            findings.append(contentsOf: Self.nameViolations(name, rule: "batch.eventName.format"))
            if attributes.count > Limits.attributesPerEvent {
                findings.append(
                    VendorRuleViolation(
                        "batch.attributeCount",
                        "\(RuleCheck.grouped(attributes.count)) attributes",
                        limit: "at most \(Limits.attributesPerEvent)"
                    )
                )
            }
            // What a value breaks is read first: the value is not copied (see `forEachKey`).
            let names = RuleFindings.KeyNameRules(
                caseRule: ("batch.attributeKey.case", "keys that differ only by case are one attribute")
            )
            findings.forEachKey(of: attributes, reading: ValueBreak.self, names: names) { key, broken, read, findings in
                if Self.breaksNameFormat(key) {
                    findings.appendAboutKey("batch.attributeKey.format", RuleCheck.quoted(key), limit: Self.nameLimit)
                }
                switch broken {
                case .none:
                    break
                case .string(let length, let blank, let newline):
                    // The string is looked up again only for the findings shown.
                    func string() -> String {
                        if case .string(let string) = read() { string } else { "" }
                    }
                    if length {
                        findings.appendAboutValue(
                            "batch.stringValue.length",
                            "\(RuleCheck.name(key)): \(RuleCheck.size(of: string(), beyond: Limits.stringValueLength))",
                            limit: Self.stringLengthLimit,
                            detail: nil
                        )
                    }
                    if blank {
                        findings.appendAboutValue(
                            "batch.stringValue.blank",
                            "\(RuleCheck.name(key)): \(RuleCheck.quoted(string()))",
                            limit: "not blank",
                            detail: nil
                        )
                    }
                    if newline {
                        findings.appendAboutValue(
                            "batch.stringValue.newline",
                            "\(RuleCheck.name(key)): \(RuleCheck.quoted(string()))",
                            limit: "no line break",
                            detail: nil
                        )
                    }
                case .nonFinite(let number):
                    RuleCheck.appendNonFinite(Self.finiteRule, number, at: key, depth: 0, into: &findings)
                case .array:
                    Self.checkValue(read(), key: key, into: &findings)
                }
            }
            if let label, RuleCheck.isLonger(label, than: Limits.labelLength) {
                findings.append(
                    VendorRuleViolation(
                        "batch.label.length",
                        RuleCheck.quoted(label, size: RuleCheck.characterSize(of: label)),
                        limit: "at most \(Limits.labelLength) characters"
                    )
                )
            }
            if tags.count > Limits.tagsPerEvent {
                findings.append(
                    VendorRuleViolation(
                        "batch.tagCount",
                        "\(RuleCheck.grouped(tags.count)) tags",
                        limit: "at most \(Limits.tagsPerEvent)"
                    )
                )
            }
            // Each long tag once, in order; only the findings that can be shown are built: 100,000
            // long tags are counted, not quoted. A tag given twice is found by its bytes, not as
            // strings compare: hashing a string normalizes it, which reads a letter with a megabyte
            // of marks whole, and costs the square of the length of alternating marks.
            var longTags: [String] = []
            var seen: Set<RuleCheck.Bytes> = []
            for tag in tags where RuleCheck.isLonger(tag, than: Limits.tagLength) {
                // Sized once, at the first long tag: growing it hashed every tag again, each time.
                if seen.isEmpty { seen.reserveCapacity(tags.count) }
                guard seen.insert(RuleCheck.Bytes(tag)).inserted else { continue }
                longTags.append(tag)
            }
            findings.append(
                "batch.tag.length",
                first: longTags.prefix(RuleCheck.findingsPerRule + 1).map {
                    VendorRuleViolation(
                        "batch.tag.length",
                        RuleCheck.quoted($0, size: RuleCheck.characterSize(of: $0)),
                        limit: Self.tagLengthLimit
                    )
                },
                count: longTags.count
            )
        case .customUserID(let id):
            if let id { RuleCheck.appendOptionalID(id, rule: "batch.customUserID.optional", into: &findings) }
            if let id { RuleCheck.appendBlankID(id, rule: "batch.customUserID.empty", into: &findings) }
            if let id, RuleCheck.isLonger(id, than: Limits.customUserIDLength) {
                findings.append(
                    VendorRuleViolation(
                        "batch.customUserID.length",
                        RuleCheck.size(of: id, beyond: Limits.customUserIDLength),
                        limit: "at most \(RuleCheck.grouped(Limits.customUserIDLength)) characters"
                    )
                )
            }
        }
        return findings.summary
    }

    private static let nameLimit = "1 to \(Limits.nameLength) of [a-zA-Z0-9_]"
    private static let tagLengthLimit = "at most \(Limits.tagLength) characters"

    /// Whether `name` breaks `^[a-zA-Z0-9_]{1,30}$`.
    private static func breaksNameFormat(_ name: String) -> Bool {
        // The length first, in bytes: a megabyte of name is not read. More than 30 bytes breaks
        // the format either way (more than 30 characters, or one outside ASCII), so no character
        // is counted.
        name.utf8.count > Limits.nameLength || !RuleCheck.isWord(name)
    }

    /// `^[a-zA-Z0-9_]{1,30}$`.
    private static func nameViolations(_ name: String, rule: String) -> [VendorRuleViolation] {
        guard breaksNameFormat(name) else { return [] }
        return [VendorRuleViolation(rule, RuleCheck.quoted(name), limit: nameLimit)]
    }

    /// What an attribute's value breaks, read without copying it; an array is walked after.
    private enum ValueBreak: ValueReading {
        case none
        case string(length: Bool, blank: Bool, newline: Bool)
        case nonFinite(Double)
        case array

        /// A string is read whole: a line break may be anywhere.
        static func touch(_ value: AnalyticsValue) -> UInt8 {
            guard case .string(let string) = value else { return 0 }
            return RuleCheck.touch(string, bytes: string.utf8.count)
        }

        @inline(__always)
        init(reading value: AnalyticsValue) {
            switch value {
            case .string(let string): self = Self.reading(string)
            case .double(let number) where !number.isFinite: self = .nonFinite(number)
            case .array: self = .array
            default: self = .none
            }
        }

        /// What `string` breaks, read in one call, on one pass over its bytes where it can: 100,000
        /// strings cost a pass each, without copies of the string between the rules.
        @inline(never)
        private static func reading(_ string: String) -> ValueBreak {
            let limit = Limits.stringValueLength
            let count = string.utf8.count
            let scan = string.utf8.withContiguousStorageIfAvailable {
                RuleCheck.scanForLineFeed($0, plainPrefix: limit + 1)
            }
            let length: Bool
            let newline: Bool
            if let scan {
                // Where its first `limit + 1` bytes are ASCII without a CR, each starts a character.
                length =
                    count == 0 || (count > limit && (scan.isPlainPrefix || RuleCheck.isLonger(string, than: limit)))
                newline = scan.hasLineFeed
            } else {
                length = count == 0 || RuleCheck.isLonger(string, than: limit)
                newline = RuleCheck.contains(UInt8(ascii: "\n"), in: string)
            }
            // A string that starts with a byte that shows (ASCII, not white space) is not blank.
            let first = string.utf8.first ?? 0
            let blank = count > 0 && (first <= 0x20 || first >= 0x7F) && RuleCheck.isBlank(string)
            return length || blank || newline ? .string(length: length, blank: blank, newline: newline) : .none
        }
    }

    /// The rules of a value and of every value inside it, walked without recursion, down to the
    /// nesting Batch accepts.
    private static func checkValue(_ value: AnalyticsValue, key: String, into findings: inout RuleFindings) {
        value.walk { value, depth in
            checkNode(value, key: key, depth: depth, into: &findings)
        }
    }

    private static let stringLengthLimit = "1 to \(Limits.stringValueLength) characters"
    private static let arrayLimit = "at most \(Limits.arrayLength)"
    private static let nestingLimit = "at most \(Limits.nestingDepth) levels"

    /// The rules of one value at `depth` (0 for a property's value); returns whether to check what
    /// is inside it.
    private static func checkNode(
        _ value: AnalyticsValue,
        key: String,
        depth: Int,
        into findings: inout RuleFindings
    ) -> Bool {
        switch value {
        case .string(let string):
            if string.isEmpty || RuleCheck.isLonger(string, than: Limits.stringValueLength) {
                findings.appendAboutValue(
                    "batch.stringValue.length",
                    "\(RuleCheck.name(key)): \(RuleCheck.size(of: string, beyond: Limits.stringValueLength))",
                    limit: stringLengthLimit,
                    detail: depth == 0 ? nil : .text(RuleCheck.size(of: string, beyond: Limits.stringValueLength))
                )
            }
            if RuleCheck.isBlank(string) {
                findings.appendAboutValue(
                    "batch.stringValue.blank",
                    "\(RuleCheck.name(key)): \(RuleCheck.quoted(string))",
                    limit: "not blank",
                    detail: depth == 0 ? nil : RuleCheck.quotedDetail(string)
                )
            }
            if RuleCheck.contains(UInt8(ascii: "\n"), in: string) {
                findings.appendAboutValue(
                    "batch.stringValue.newline",
                    "\(RuleCheck.name(key)): \(RuleCheck.quoted(string))",
                    limit: "no line break",
                    detail: depth == 0 ? nil : RuleCheck.quotedDetail(string)
                )
            }
            return true
        case .double(let number) where !number.isFinite:
            RuleCheck.appendNonFinite(finiteRule, number, at: key, depth: depth, into: &findings)
            return true
        case .array(let values):
            if values.count > Limits.arrayLength {
                findings.appendAboutValue(
                    "batch.array.length",
                    "\(RuleCheck.name(key)): \(RuleCheck.grouped(values.count)) items",
                    limit: arrayLimit,
                    detail: .number(values.count)
                )
            }
            if depth + 1 > Limits.nestingDepth {
                findings.appendAboutValue(
                    "batch.nesting",
                    "\(RuleCheck.name(key)): \(depth + 1) levels",
                    limit: nestingLimit,
                    detail: .number(depth + 1)
                )
                return false
            }
            return true
        default:
            return true
        }
    }
}

extension VendorLimits {
    /// Batch (batch.com).
    public enum Batch {
        // Source: BatchLabs/Batch-iOS-SDK Sources/Batch/Modules/Profile/BAProfileCenter.swift and
        // BATEventAttributesValidator.swift.

        /// Event names and attribute keys: `[a-zA-Z0-9_]`, 1 to 30 characters.
        public static let nameLength = 30
        /// Attributes per event.
        public static let attributesPerEvent = 20
        /// String attribute values: 1 to 300 characters (grapheme clusters: the validator uses
        /// `String.count`), not blank, no line break. Older SDKs allowed 200.
        public static let stringValueLength = 300
        /// Array attribute values: at most 25 items.
        public static let arrayLength = 25
        /// Arrays within arrays: at most 3 levels.
        public static let nestingDepth = 3
        /// The `$label` of an event: at most 200 characters.
        public static let labelLength = 200
        /// The `$tags` of an event: at most 10.
        public static let tagsPerEvent = 10
        /// Each tag: at most 64 characters.
        public static let tagLength = 64
        /// Custom user IDs: at most 1024 characters; longer ones are logged and ignored.
        public static let customUserIDLength = 1024

        /// Each of Batch's rules that the checks know, with what breaking it costs.
        static let consequences: [String: VendorRuleViolation.Consequence] = [
            "batch.eventName.format": .tagDropped,
            "batch.attributeKey.format": .tagDropped,
            "batch.attributeCount": .tagDropped,
            "batch.stringValue.length": .tagDropped,
            "batch.stringValue.blank": .tagDropped,
            "batch.stringValue.newline": .tagDropped,
            "batch.array.length": .tagDropped,
            "batch.nesting": .tagDropped,
            "batch.label.length": .tagDropped,
            "batch.tagCount": .tagDropped,
            "batch.tag.length": .tagDropped,
            "batch.customUserID.length": .tagDropped,
            "batch.attributeKey.case": .advisory,
            "batch.number.finite": .dataLost,
            "batch.customUserID.optional": .advisory,
            "batch.customUserID.empty": .advisory,
        ]
    }
}
