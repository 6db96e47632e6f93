import TagHub

/// What Segment records, one case per call of its spec, without linking the SDK.
public enum SegmentTag: Sendable, Hashable, CustomStringConvertible {
    /// `analytics.track(name:properties:)`: an action, named object then past-tense verb in title
    /// case ("Podcast Played").
    case track(event: String, properties: [String: AnalyticsValue])
    /// `analytics.screen(title:properties:)`.
    case screen(name: String, properties: [String: AnalyticsValue])
    /// `analytics.identify(userId:traits:)`; with no user ID, `analytics.identify(traits:)`: the
    /// traits of whoever the SDK knows, the anonymous user before a login, but the logged-in user
    /// after one, whose user ID analytics-swift adds and whose stored traits these replace.
    case identify(userID: String?, traits: [String: AnalyticsValue])
    /// `analytics.group(groupId:traits:)`.
    case group(groupID: String, traits: [String: AnalyticsValue])
    /// `analytics.alias(newId:)`.
    case alias(newID: String)
    /// `analytics.reset()`, at logout: forgets the user ID and traits, and makes a new anonymous
    /// ID, so that the next user's calls are not joined to this one's.
    case reset

    /// The event's or screen's name, or the call's: what a tracking plan lists.
    public var name: String {
        switch self {
        case .track(let name, _), .screen(let name, _): name
        case .identify: "identify"
        case .group: "group"
        case .alias: "alias"
        case .reset: "reset"
        }
    }

    /// `track "Podcast Played" {…}`, `screen "Favorites"`, `identify anonymous {…}`, …
    public var description: String {
        let (call, values): (String, [String: AnalyticsValue]) =
            switch self {
            case .track(let event, let properties): ("track \(String(reflecting: event))", properties)
            case .screen(let name, let properties): ("screen \(String(reflecting: name))", properties)
            case .identify(let userID, let traits):
                ("identify \(userID.map { String(reflecting: $0) } ?? "anonymous")", traits)
            case .group(let groupID, let traits): ("group \(String(reflecting: groupID))", traits)
            case .alias(let newID): ("alias \(String(reflecting: newID))", [:])
            case .reset: ("reset", [:])
            }
        return values.isEmpty ? call : "\(call) \(describeProperties(values))"
    }
}

extension SegmentTag: RuleCheckedVendorTag {
    private typealias Limits = VendorLimits.Segment
    /// A call's `type`; its event name, screen name or ID, under its key; its properties' key.
    private typealias Call = (type: String, field: (key: String, value: String)?, key: String?)

    /// Every rule of Segment's spec that this tag breaks, and every number analytics-swift cannot
    /// write (see ``VendorLimits/Segment``). A name, ID or key of more than 128,000 bytes (four
    /// times the call's limit) is reported by the call's size only.
    public var ruleViolations: [VendorRuleViolation] {
        var findings = Findings()
        switch self {
        case .track(let event, let properties):
            if findings.isBlank(event) {  // not read past 4,096 bytes, nor below past 128,000
                findings.append("segment.track.event.empty", Rules.quoted(event), limit: "an event name")
            } else if event.utf8.count <= Limits.callBytes && !Self.isTitleCase(event) {  // past the call, not read
                let limit = "words in title case, object then past-tense verb (\"Podcast Played\")"
                findings.append("segment.track.event.titleCase", Rules.quoted(event), limit: limit)
            }
            let named = properties.count > Self.maxKeys ? [:] : properties.filter { Self.trackNames.includes($0.key) }
            for key in Limits.numericTrackProperties.sorted() {
                guard let value = named[key] else { continue }
                if case .int = value { continue } else if case .double = value { continue }
                findings.append("segment.track.\(key).number", "\(key): \(Rules.shown(value))", limit: "a number")
            }
            if let currency = named["currency"], !Self.isCurrencyCode(currency) {
                let limit = "an ISO 4217 code such as \"EUR\""
                findings.append("segment.track.currency.code", "currency: \(Rules.shown(currency))", limit: limit)
            }
            Self.check(properties, in: ("track", ("event", event), "properties"), &findings)
        case .screen(let name, let properties):
            let named =
                properties.count > Self.maxKeys ? nil : properties.first { $0.key.utf8.elementsEqual("name".utf8) }
            if let value = named?.value {
                let limit = "not a property: a screen's name is its own"
                findings.append("segment.screen.name.reserved", "name: \(Rules.shown(value))", limit: limit)
            }
            Self.check(properties, in: ("screen", ("name", name), "properties"), &findings)
        case .identify(let userID, let traits):
            Self.checkID(userID, "segment.identify.userID", "a user ID, or none (anonymous)", &findings)
            Self.check(traits, in: ("identify", userID.map { ("userId", $0) }, "traits"), &findings)
        case .group(let groupID, let traits):
            Self.checkID(groupID, "segment.group.groupID", "a group ID", &findings)
            Self.check(traits, in: ("group", ("groupId", groupID), "traits"), &findings)
        case .alias(let newID):
            Self.checkID(newID, "segment.alias.newID", "a user ID", &findings)
            Self.check([:], in: ("alias", ("userId", newID), nil), &findings)
        case .reset: break
        }
        return findings.summary
    }

    /// Across tags: track event names that differ only by case.
    public static func ruleViolations(across tags: [SegmentTag]) -> [VendorRuleViolation] {
        let names = Rules.names(of: tags) { if case .track(let event, _) = $0 { event } else { nil } }
        var findings = Findings()
        findings.appendCaseGroups(names, "segment.nameCase", limit: Rules.differentEvents)
        return findings.summary
    }

    /// An ID that shows nothing breaks `rule`.empty (the spec requires it); one that reads as an
    /// optional's description, `rule`.optional (advice).
    private static func checkID(_ id: String?, _ rule: String, _ limit: String, _ findings: inout Findings) {
        guard let id, !Rules.isFarLonger(id, than: Limits.callBytes) else { return }
        findings.appendBlank(id, "\(rule).empty", limit: limit)
        findings.appendOptionalID(id, rule: "\(rule).optional")
    }

    /// Whether every word (characters between spaces, as `split(separator: " ")` cuts) starts with a capital or a digit.
    private static func isTitleCase(_ event: String) -> Bool {
        var afterSpace = true  // a space told by its length first: a long character compared whole reorders its marks
        for character in event {
            let isSpace = character.utf8.count == 1 && character == " "
            defer { afterSpace = isSpace }
            guard afterSpace && !isSpace, let first = character.unicodeScalars.first else { continue }
            if !first.properties.isUppercase && !("0"..."9").contains(first) { return false }
        }
        return true
    }

    private static func isCurrencyCode(_ value: AnalyticsValue) -> Bool {
        guard case .string(let code) = value, code.utf8.count == Limits.currencyCodeLength else { return false }
        return code.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }

    /// The most elements of an array within 32,000 bytes (`n` take at least `2n + 1`). A longer one
    /// counts so, not walked; so does any array met past the limit: the walk of any depth is bounded.
    private static let elementsWithinCall = Limits.callBytes / 2
    /// The most keys of a call within 32,000 bytes (`"k":0,` each): of more, `revenue`, `currency`… are not looked for.
    private static let maxKeys = Limits.callBytes / 6
    /// `revenue` and `value` are numbers, `currency` an ISO 4217 code (spec/track.md).
    private static let trackNames: Set<String> = ["currency", "revenue", "value"]
    private static let rangeLimit = "0, or a magnitude in 1e-100..<1e150, as analytics-swift writes numbers"
    /// The rules of properties or traits (blank keys, keys that differ only by case, numbers), and
    /// the size of the `call` that holds them: `{"type":…,"messageId":…,"anonymousId":…,
    /// "timestamp":…}` (154 bytes and the type: analytics-swift adds two UUIDs and an ISO 8601
    /// time), its field, its properties; not `context` and `integrations`, which depend on the
    /// device. Escapes are read while the count is within the limit: at most 32,000 bytes.
    private static func check(_ properties: [String: AnalyticsValue], in call: Call, _ findings: inout Findings) {
        var size = 154 + call.type.utf8.count + (call.key.map { $0.utf8.count + 4 } ?? 0)  // `,"key":`
        func add(_ text: String, _ bytes: Int) {
            size += text.utf8.count + bytes
            guard size <= Limits.callBytes else { return }
            // `\"`, `\\`, `\/`, `\b`, `\t`, `\n`, `\f`, `\r`, and `\u001f` for the other control characters.
            for byte in text.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x2F || byte == 0x5C {
                size += byte >= 0x20 || [8, 9, 10, 12, 13].contains(byte) ? 1 : 5
            }
        }
        if let field = call.field { add(field.value, field.key.utf8.count + 6) }  // `,"key":"value"`
        // Braces and commas; each key is `"key":0` at least. A call past 32,000 bytes by these alone is
        // past it whatever its values: its first ``Rules/extraKeys`` keys are read, as examples.
        size += call.key == nil ? 0 : 1 + max(1, properties.count)
        let keyBytes = properties.keys.reduce(0) { $0 + $1.utf8.count + 4 }
        let isPast = size + keyBytes > Limits.callBytes
        let entries = Rules.checkedEntries(of: properties, accepted: isPast ? 0 : properties.count)
        if isPast { size += keyBytes - entries.reduce(0) { $0 + $1.key.utf8.count + 4 } }  // the keys not read
        let keys = entries.map(\.key).prefix { findings.reads($0, within: Limits.callBytes, isKey: true) }
        for key in keys { findings.appendBlank(key, "segment.propertyName.empty") }
        findings.appendCaseGroups(keys, "segment.propertyName.case", limit: Rules.differentProperties)
        for (key, value) in entries {
            add(key, 3)
            findings.walk(value, of: key) { value, _, findings in
                switch value {
                case .string(let string): add(string, 2)
                case .int(let int): size += String(int).utf8.count
                case .double(let number):
                    size += 1
                    guard !isWritable(number) else { break }
                    let rule = number.isFinite ? "segment.number.range" : "segment.number.finite"
                    findings.add(rule, number: number, limit: number.isFinite ? rangeLimit : "a finite number")
                case .bool(let bool): size += bool ? 4 : 5
                case .null: size += 4
                case .array(let values):
                    guard size <= Limits.callBytes, values.count <= elementsWithinCall else {
                        size += 1 + max(1, 2 * values.count)
                        return false
                    }
                    size += 1 + max(1, values.count)
                }
                return true
            }
        }
        guard size > Limits.callBytes else { return }
        let limit = "at most \(Rules.grouped(Limits.callBytes)) bytes per call"
        findings.append("segment.payload.size", "at least \(Rules.grouped(size)) bytes", limit: limit)
    }

    /// Whether analytics-swift writes `number` as a number (``VendorLimits/Segment/numberMagnitudes``).
    static func isWritable(_ number: Double) -> Bool {
        number == 0 || Limits.numberMagnitudes.contains(number.magnitude)
    }
}

#if canImport(Foundation)
import Foundation
extension SegmentTag {
    /// The properties or traits (empty for alias and reset) as ``AnalyticsValue/jsonObject`` makes
    /// them, with `NSNull()` for each number analytics-swift cannot write, which the checks report:
    /// passed to the SDK, they keep those numbers from it whatever the rule-check policy
    /// (`analytics.track(name: event, properties: tag.sdkProperties)`).
    public var sdkProperties: [String: Any] {
        switch self {
        case .track(_, let values), .screen(_, let values), .identify(_, let values), .group(_, let values):
            values.mapValues { $0.jsonObject(leaf: Self.sdkObject) }
        case .alias, .reset: [:]
        }
    }

    /// A value that is not an array as ``sdkProperties`` holds it.
    private static func sdkObject(_ value: AnalyticsValue) -> Any {
        if case .double(let number) = value, !isWritable(number) { NSNull() } else { value.scalarJSONObject }
    }
}
#endif

extension VendorLimits {
    /// Segment, and the collectors that accept its spec.
    public enum Segment {
        // Sources: segmentio/segment-docs src/connections/spec/index.md, spec/track.md,
        // spec/screen.md, the HTTP tracking API page; segmentio/analytics-swift 1.10.0.

        /// The currency property: an ISO 4217 code, three capital letters (spec/track.md).
        public static let currencyCodeLength = 3
        /// One call: at most 32,000 bytes of JSON ("32KB per event", the HTTP API page; 32,000 in
        /// analytics-android and -kotlin). analytics-swift does not check it: the server refuses the
        /// call, and a 4xx drops the whole batch. `segment.payload.size` finds "at least N bytes" of
        /// what analytics-swift writes: strings, escapes, booleans, nulls and structure exactly, an
        /// `Int` by its digits (`Decimal` holds it exactly), a `Double` as 1, the fewest it writes.
        public static let callBytes = 32_000
        /// Properties with a meaning of their own in a track call (spec/track.md).
        public static let numericTrackProperties: Set<String> = ["revenue", "value"]
        /// The magnitudes of the numbers but 0 that analytics-swift writes, a margin inside those
        /// seen on Linux: its `NSNumber.decimalValue` (`JSON.swift:94`) makes NaN of 1.5e150 and
        /// up, and 1.5e-110 and down, and writes it as a bare `NaN`, after which the batch file is
        /// not JSON and is lost; it crashes the app on an infinity (`Decimal.init(_: Double)`).
        public static let numberMagnitudes = 1e-100..<1e150

        /// Each of Segment's rules that the checks know, with what breaking it costs.
        static let consequences: [String: VendorRuleViolation.Consequence] = [
            "segment.track.event.empty": .tagDropped, "segment.track.event.titleCase": .advisory,
            "segment.track.revenue.number": .dataLost, "segment.track.value.number": .dataLost,
            "segment.track.currency.code": .dataLost, "segment.identify.userID.empty": .tagDropped,
            "segment.screen.name.reserved": .dataLost, "segment.payload.size": .tagDropped,
            "segment.propertyName.case": .advisory, "segment.nameCase": .advisory,
            "segment.number.finite": .dataLost, "segment.number.range": .dataLost,
            "segment.group.groupID.empty": .tagDropped, "segment.alias.newID.empty": .tagDropped,
            "segment.propertyName.empty": .advisory, "segment.identify.userID.optional": .advisory,
            "segment.group.groupID.optional": .advisory, "segment.alias.newID.optional": .advisory,
        ]
    }
}
