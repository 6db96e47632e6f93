import TagHub

/// What Batch (batch.com) records, one case per SDK call, without linking the SDK.
public enum BatchTag: Sendable, Hashable, CustomStringConvertible {
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

    /// Every rule of Batch's that this tag breaks (see ``VendorLimits/Batch``; of many attributes or tags, the first).
    public var ruleViolations: [VendorRuleViolation] {
        var findings = Findings()
        switch self {
        case .event(let name, let attributes, let label, let tags):
            Self.checkName(name, "batch.eventName.format", into: &findings)
            findings.appendCount("batch.attributeCount", attributes.count, "attributes", Limits.attributesPerEvent)
            let entries = Rules.checkedEntries(of: attributes, accepted: Limits.attributesPerEvent)
            let keys = entries.map(\.key).prefix { findings.reads($0, within: Limits.nameLength, isKey: true) }
            for (key, value) in entries {
                Self.checkName(key, "batch.attributeKey.format", into: &findings)
                Self.check(value, key: key, into: &findings)
            }
            let limit = "keys that differ only by case are one attribute"
            findings.appendCaseGroups(keys, "batch.attributeKey.case", limit: limit)
            if let label, let length = findings.length(of: label, beyond: Limits.labelLength) {
                let limit = "at most \(Limits.labelLength) characters"
                findings.append("batch.label.length", Rules.quoted(label, length: length), limit: limit)
            }
            findings.appendCount("batch.tagCount", tags.count, "tags", Limits.tagsPerEvent)
            var shown: Set<String> = []  // a tag given twice, or shown alike, is one finding
            for tag in tags.prefix(Limits.tagsPerEvent + Rules.extraKeys) {
                guard let length = findings.length(of: tag, beyond: Limits.tagLength) else { continue }
                let subject = Rules.quoted(tag, length: length)
                guard shown.insert(subject).inserted else { continue }
                findings.append("batch.tag.length", subject, limit: "at most \(Limits.tagLength) characters")
            }
        case .customUserID(let id?):
            let limit = Limits.customUserIDLength
            if !Rules.isFarLonger(id, than: limit) {
                findings.appendOptionalID(id, rule: "batch.customUserID.optional")
                findings.appendBlank(id, "batch.customUserID.empty", limit: Rules.blankID)
            }
            if let length = Rules.length(of: id, beyond: limit) {
                let size = Rules.size(id, length, limit)
                findings.append("batch.customUserID.length", size, limit: "at most \(Rules.grouped(limit)) characters")
            }
        case .customUserID(nil): break
        }
        return findings.summary
    }

    private static let nameLimit = "1 to \(Limits.nameLength) of [a-zA-Z0-9_]"
    /// Adds a finding of `rule` where `name` breaks `^[a-zA-Z0-9_]{1,30}$`: past 30 bytes it does, not read further.
    private static func checkName(_ name: String, _ rule: String, into findings: inout Findings) {
        let breaksFormat = name.utf8.count > Limits.nameLength || !Rules.isASCIIIdentifier(name, fromLetter: false)
        if breaksFormat { findings.append(rule, Rules.quoted(name), limit: nameLimit) }
    }

    private static let textLimit = "1 to \(Limits.stringValueLength) characters"
    private static let arrayLimit = "at most \(Limits.arrayLength)"
    private static let nestingLimit = "at most \(Limits.nestingDepth) levels"
    /// The rules of an attribute's value and of every value inside it, walked without recursion: an array longer
    /// than Batch takes is reported by its length, one nested deeper at the first level too deep, and neither is
    /// walked further (Batch drops the event for either). Texts are read within the tag's bytes.
    private static func check(_ value: AnalyticsValue, key: String, into findings: inout Findings) {
        findings.walk(value, of: key) { value, depth, findings in
            let limit = Limits.stringValueLength  // within it in bytes, a text is only counted and searched for "\n"
            switch value {
            case .string(let text) where findings.reads(text, within: limit, counting: text.utf8.count <= limit):
                if let length = text.isEmpty ? 0 : Rules.length(of: text, beyond: limit) {
                    findings.add("batch.stringValue.length", length, Rules.size(text, length, limit), limit: textLimit)
                }
                guard !Rules.isFarLonger(text, than: limit) else { break }
                if !text.isEmpty && findings.isBlank(text, orInvisible: false) {
                    findings.add("batch.stringValue.blank", 0, Rules.quoted(text), limit: "not blank", text: text)
                }
                if text.utf8.contains(0x0A) {  // a line break
                    findings.add("batch.stringValue.newline", 0, Rules.quoted(text), limit: "no line break", text: text)
                }
            case .double(let number) where !number.isFinite: findings.add("batch.number.finite", number: number)
            case .array(let values):
                let (count, isDeep) = (values.count, depth + 1 > Limits.nestingDepth)
                if count > Limits.arrayLength {
                    findings.add("batch.array.length", count, "\(Rules.grouped(count)) items", limit: arrayLimit)
                }
                if isDeep { findings.add("batch.nesting", depth + 1, "\(depth + 1) levels", limit: nestingLimit) }
                return count <= Limits.arrayLength && !isDeep
            default: break
            }
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
            "batch.eventName.format": .tagDropped, "batch.attributeKey.format": .tagDropped,
            "batch.attributeCount": .tagDropped, "batch.stringValue.length": .tagDropped,
            "batch.stringValue.blank": .tagDropped, "batch.stringValue.newline": .tagDropped,
            "batch.array.length": .tagDropped, "batch.nesting": .tagDropped, "batch.label.length": .tagDropped,
            "batch.tagCount": .tagDropped, "batch.tag.length": .tagDropped, "batch.customUserID.length": .tagDropped,
            "batch.attributeKey.case": .advisory, "batch.number.finite": .dataLost,
            "batch.customUserID.optional": .advisory, "batch.customUserID.empty": .advisory,
        ]
    }
}
