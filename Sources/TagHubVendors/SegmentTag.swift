import TagHub

/// What Segment records, one case per call of its spec, without linking the SDK.
public enum SegmentTag: Sendable, Hashable {
    /// `analytics.track(name:properties:)`: an action, named object then past-tense verb in title
    /// case ("Podcast Played").
    case track(event: String, properties: [String: AnalyticsValue])
    /// `analytics.screen(title:properties:)`.
    case screen(name: String, properties: [String: AnalyticsValue])
    /// `analytics.identify(userId:traits:)`; with no user ID, `analytics.identify(traits:)`: the
    /// traits of the anonymous user, whom the SDK knows by its own anonymous ID (the spec:
    /// "every Identify call must have a User ID or an Anonymous ID").
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
        case .track(let event, _): event
        case .screen(let name, _): name
        case .identify: "identify"
        case .group: "group"
        case .alias: "alias"
        case .reset: "reset"
        }
    }
}

extension SegmentTag: CustomStringConvertible {
    /// `track "Podcast Played" {…}`, `screen "Favorites"`, `identify "42" {…}`,
    /// `identify anonymous {…}`, …
    public var description: String {
        func call(_ name: String, _ argument: String, _ properties: [String: AnalyticsValue]) -> String {
            properties.isEmpty
                ? "\(name) \(String(reflecting: argument))"
                : "\(name) \(String(reflecting: argument)) \(describeProperties(properties))"
        }
        switch self {
        case .track(let event, let properties): return call("track", event, properties)
        case .screen(let name, let properties): return call("screen", name, properties)
        case .identify(let userID?, let traits): return call("identify", userID, traits)
        case .identify(nil, let traits):
            return traits.isEmpty ? "identify anonymous" : "identify anonymous \(describeProperties(traits))"
        case .group(let groupID, let traits): return call("group", groupID, traits)
        case .alias(let newID): return call("alias", newID, [:])
        case .reset: return "reset"
        }
    }
}

extension SegmentTag: RuleCheckedVendorTag {
    private typealias Limits = VendorLimits.Segment

    private static let finiteRule = "segment.number.finite"

    /// Every rule of Segment's spec that this tag breaks (see ``VendorLimits/Segment``).
    public var ruleViolations: [VendorRuleViolation] {
        var findings = RuleFindings()
        switch self {
        case .track(let event, let properties):
            if RuleCheck.isEmptyOrBlank(event) {
                findings.append(
                    VendorRuleViolation("segment.track.event.empty", RuleCheck.quoted(event), limit: "an event name")
                )
            } else if !Self.isTitleCase(event) {
                findings.append(
                    VendorRuleViolation(
                        "segment.track.event.titleCase",
                        RuleCheck.quoted(event),
                        limit: "words in title case, object then past-tense verb (\"Podcast Played\")"
                    )
                )
            }
            findings.append(contentsOf: Self.trackPropertyViolations(properties))
            Self.checkDictionary(properties, in: Call(type: "track", ("event", event), "properties"), into: &findings)
        case .screen(let name, let properties):
            if let name = Self.screenNameProperty.find(in: properties)["name"] {
                findings.append(
                    VendorRuleViolation(
                        "segment.screen.name.reserved",
                        "name: \(RuleCheck.shown(name))",
                        limit: "not a property: a screen's name is its own"
                    )
                )
            }
            Self.checkDictionary(properties, in: Call(type: "screen", ("name", name), "properties"), into: &findings)
        case .identify(let userID, let traits):
            if let userID {
                Self.checkID(
                    userID,
                    "segment.identify.userID",
                    limit: "a user ID, or none (anonymous)",
                    into: &findings
                )
            }
            let field = userID.map { (key: "userId", value: $0) }
            Self.checkDictionary(traits, in: Call(type: "identify", field, "traits"), into: &findings)
        case .group(let groupID, let traits):
            Self.checkID(groupID, "segment.group.groupID", limit: "a group ID", into: &findings)
            Self.checkDictionary(traits, in: Call(type: "group", ("groupId", groupID), "traits"), into: &findings)
        case .alias(let newID):
            Self.checkID(newID, "segment.alias.newID", limit: "a user ID", into: &findings)
            Self.checkDictionary([:], in: Call(type: "alias", ("userId", newID), nil), into: &findings)
        case .reset:
            break
        }
        return findings.summary
    }

    /// The rules of an ID whose rules are named `rule`.empty and `rule`.optional: one that shows
    /// nothing is no ID (the spec requires a user ID, a group ID, a new ID); one that reads as an
    /// optional's description is advised against.
    private static func checkID(_ id: String, _ rule: String, limit: String, into findings: inout RuleFindings) {
        if RuleCheck.isEmptyOrBlank(id) {
            findings.append(VendorRuleViolation("\(rule).empty", RuleCheck.quoted(id), limit: limit))
        }
        RuleCheck.appendOptionalID(id, rule: "\(rule).optional", into: &findings)
    }

    /// Across tags: track event names that differ only by case.
    public static func ruleViolations(across tags: [SegmentTag]) -> [VendorRuleViolation] {
        var names: Set<String> = []
        for case .track(let event, _) in tags { names.insert(event) }
        var findings = RuleFindings()
        RuleCheck.appendNameCaseViolations(names, vendor: "segment", into: &findings)
        return findings.summary
    }

    private static let callBytesLimit = "at most \(RuleCheck.grouped(Limits.callBytes)) bytes per call"

    /// The parts of a call that the size of its JSON counts besides its properties or traits: its
    /// `type`, its name or IDs as strings under their keys, the key of its properties or traits
    /// (`nil` for a call without), and what analytics-swift adds to every call whatever it holds:
    /// a `messageId` and an `anonymousId` (UUIDs, 36 bytes each) and a `timestamp` (ISO 8601 with
    /// milliseconds, 24 bytes). Its `context` (the app, the device, the library…) and
    /// `integrations` are not counted: their size depends on the device.
    private struct Call {
        let type: String
        /// The call's one string field besides its properties, if any: its event name, screen name
        /// or ID, under its key.
        let field: (key: String, value: String)?
        let dictionaryKey: String?

        init(type: String, _ field: (key: String, value: String)?, _ dictionaryKey: String?) {
            self.type = type
            self.field = field
            self.dictionaryKey = dictionaryKey
        }

        /// `{"type":"…","messageId":"…","anonymousId":"…","timestamp":"…"}` and, for the field
        /// and the dictionary's key, `,"key":`; the field's bytes without their escapes.
        var bytesWithoutEscapes: Int {
            154 + type.utf8.count
                + (field.map { $0.key.utf8.count + 4 + $0.value.utf8.count + 2 } ?? 0)
                + (dictionaryKey.map { $0.utf8.count + 4 } ?? 0)
        }
    }

    /// Blank keys and keys that differ only by case, before the keys' own rules.
    private static let keyNameRules = RuleFindings.KeyNameRules(
        blank: "segment.propertyName.empty",
        caseRule: ("segment.propertyName.case", "names that differ only by case are different properties"),
        caseFirst: true
    )

    /// The rules of any properties or traits: keys that differ only by case, and the size of the
    /// `call` that holds them.
    private static func checkDictionary(
        _ properties: [String: AnalyticsValue],
        in call: Call,
        into findings: inout RuleFindings
    ) {
        // {"key":value,…}, with each value's size read as its non-finite numbers are looked for;
        // a scalar value first, so that it is not copied (see `forEachKey`).
        var size = call.bytesWithoutEscapes + (call.dictionaryKey == nil ? 0 : 2 + max(0, properties.count - 1))
        findings.forEachKey(of: properties, reading: ScalarValue.self, names: keyNameRules) {
            key,
            scalar,
            read,
            findings in
            size += 2 + key.utf8.count + 1  // escapes: `jsonEscapes(in:)`
            switch scalar {
            case .sized(let bytes):
                size += bytes
            case .nonFinite(let number):
                size += 1  // analytics-swift writes 0
                RuleCheck.appendNonFinite(finiteRule, number, at: key, depth: 0, into: &findings)
            case .array:
                let value = read()
                value.walk { value, depth in
                    switch value {
                    case .double(let number) where !number.isFinite:
                        RuleCheck.appendNonFinite(finiteRule, number, at: key, depth: depth, into: &findings)
                    case .array(let values):
                        size += 2 + max(0, values.count - 1)  // [,,] and what is inside
                        return true
                    default:
                        break
                    }
                    if case .sized(let bytes) = ScalarValue(reading: value) { size += bytes } else { size += 1 }
                    return true
                }
            }
        }
        // Strings were counted without their escapes, which only add bytes: a total past the limit
        // is past it already, and its strings are not read again. Within it, they are read for
        // their escapes, which may push it past (at most 32,000 bytes of strings).
        if size <= Limits.callBytes {
            size += jsonEscapes(in: properties)
            if let string = call.field?.value { size += jsonSize(of: string) - 2 - string.utf8.count }
        }
        if size > Limits.callBytes {
            findings.append(
                VendorRuleViolation(
                    "segment.payload.size",
                    "at least \(RuleCheck.grouped(size)) bytes",
                    limit: callBytesLimit
                )
            )
        }
    }

    /// A value that is not an array, by its bytes as compact JSON (strings without their escapes), as
    /// analytics-swift's `JSONEncoder` writes it, or a non-finite number; or an array.
    private enum ScalarValue: ValueReading {
        case sized(Int)
        case nonFinite(Double)
        case array

        @inline(__always)
        init(reading value: AnalyticsValue) {
            switch value {
            case .string(let string): self = .sized(2 + string.utf8.count)  // escapes: `jsonEscapes(in:)`
            case .int(let int): self = .sized(SegmentTag.digits(of: int))
            case .double(let number) where !number.isFinite: self = .nonFinite(number)
            case .double(let number):
                // As JSONEncoder writes it: a whole number without its ".0" (1.0 is 1).
                let text = number.description
                self = .sized(text.hasSuffix(".0") ? text.utf8.count - 2 : text.utf8.count)
            case .bool(let bool): self = .sized(bool ? 4 : 5)
            case .null: self = .sized(4)
            case .array: self = .array
            }
        }
    }

    /// The characters of `int` written in decimal, its sign included.
    private static func digits(of int: Int) -> Int {
        var count = int < 0 ? 2 : 1
        var rest = int.magnitude
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// The bytes that escaping adds to the strings of `properties`, keys included, nested arrays
    /// included.
    private static func jsonEscapes(in properties: [String: AnalyticsValue]) -> Int {
        var extra = 0
        for (key, value) in properties {
            extra += jsonSize(of: key) - 2 - key.utf8.count
            value.walk { value, _ in
                if case .string(let string) = value { extra += jsonSize(of: string) - 2 - string.utf8.count }
                return true
            }
        }
        return extra
    }

    /// The bytes of `string` as a JSON string: quoted, with `"`, `\` and `/` escaped in two bytes,
    /// control characters in two (`\n`) or six (`\u001f`), and the rest as UTF-8.
    private static func jsonSize(of string: String) -> Int {
        func bytewise(_ bytes: some Sequence<UInt8>) -> Int {
            var extra = 0
            for byte in bytes where byte < 0x30 || byte == 0x5C {
                switch byte {
                case 0x22, 0x5C, 0x2F, 0x08, 0x09, 0x0A, 0x0C, 0x0D: extra += 1
                case 0x00..<0x20: extra += 5
                default: break
                }
            }
            return extra
        }
        func escapes(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            // Eight bytes at a time: most words have no byte below 0x30 and no `\`, and need none.
            var extra = 0
            var offset = 0
            while bytes.count - offset >= 8 {
                let word = RuleCheck.word(bytes, at: offset)
                let hasLow = (word &- 0x3030_3030_3030_3030) & ~word & 0x8080_8080_8080_8080 != 0
                if hasLow || RuleCheck.hasZeroByte(word ^ 0x5C5C_5C5C_5C5C_5C5C) {
                    extra += bytewise(bytes[offset..<(offset + 8)])
                }
                offset += 8
            }
            return extra + bytewise(bytes[offset...])
        }
        let extra = string.utf8.withContiguousStorageIfAvailable(escapes) ?? bytewise(string.utf8)
        return 2 + string.utf8.count + extra
    }

    /// Whether every word (between spaces) starts with a capital letter or a digit.
    private static func isTitleCase(_ event: String) -> Bool {
        // Only the first scalar of each word is read, found on the bytes: a megabyte of name costs
        // a search for its spaces.
        event.utf8.withContiguousStorageIfAvailable { bytes in
            var offset = 0
            var spaces = 0
            while offset < bytes.count {
                if bytes[offset] == 0x20 {
                    offset += 1
                    spaces += 1
                    continue
                }
                let (scalar, length) = RuleCheck.scalar(in: bytes, at: offset)
                // A scalar that joins the space before it makes one character with it, which
                // String.split(separator: " ") does not split at: after one space between words, the
                // word goes on; otherwise a word starts with that space, no capital.
                if spaces > 0 && RuleCheck.extendsCharacter(scalar) {
                    guard spaces == 1 && offset > 1 else { return false }
                } else if !(scalar.properties.isUppercase || RuleCheck.isASCIIDigit(scalar)) {
                    return false
                }
                spaces = 0
                guard let space = RuleCheck.index(of: 0x20, in: bytes, from: offset + length) else { return true }
                offset = space
            }
            return true
        }
            ?? event.split(separator: " ").allSatisfy { word in
                guard let first = word.unicodeScalars.first else { return false }
                return first.properties.isUppercase || RuleCheck.isASCIIDigit(first)
            }
    }

    private static let specialTrackProperties = RuleCheck.PropertyNames(
        Limits.numericTrackProperties.union(["currency"])
    )
    private static let screenNameProperty = RuleCheck.PropertyNames(["name"])

    private static func trackPropertyViolations(_ properties: [String: AnalyticsValue]) -> [VendorRuleViolation] {
        let properties = Self.specialTrackProperties.find(in: properties)
        var violations: [VendorRuleViolation] = []
        for key in Limits.numericTrackProperties.sorted() {
            guard let value = properties[key] else { continue }
            switch value {
            case .int, .double: continue
            default:
                violations.append(
                    VendorRuleViolation(
                        "segment.track.\(key).number",
                        "\(RuleCheck.name(key)): \(RuleCheck.shown(value))",
                        limit: "a number"
                    )
                )
            }
        }
        if let currency = properties["currency"] {
            let isCode: Bool
            if case .string(let code) = currency {
                // Three capital letters A to Z are three bytes: no need to count characters.
                isCode =
                    code.utf8.count == Limits.currencyCodeLength
                    && code.utf8.allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
            } else {
                isCode = false
            }
            if !isCode {
                violations.append(
                    VendorRuleViolation(
                        "segment.track.currency.code",
                        "currency: \(RuleCheck.shown(currency))",
                        limit: "an ISO 4217 code such as \"EUR\""
                    )
                )
            }
        }
        return violations
    }
}

extension VendorLimits {
    /// Segment, and the collectors that accept its spec.
    public enum Segment {
        // Sources: segmentio/segment-docs src/connections/spec/index.md, spec/track.md,
        // spec/screen.md, the HTTP tracking API page.

        /// The currency property: an ISO 4217 code, three capital letters (spec/track.md).
        public static let currencyCodeLength = 3
        /// One call: at most 32,000 bytes of JSON. The HTTP tracking API page says "32KB per
        /// event"; the SDKs that check it before sending use 32,000 (analytics-android
        /// `SegmentIntegration.MAX_PAYLOAD_SIZE`, bytes of the serialized JSON; analytics-kotlin,
        /// characters of it). The lower number is used.
        public static let callBytes = 32_000
        /// Properties with a meaning of their own in a track call (spec/track.md).
        public static let numericTrackProperties: Set<String> = ["revenue", "value"]

        /// Each of Segment's rules that the checks know, with what breaking it costs.
        static let consequences: [String: VendorRuleViolation.Consequence] = [
            "segment.track.event.empty": .tagDropped,
            "segment.track.event.titleCase": .advisory,
            "segment.track.revenue.number": .dataLost,
            "segment.track.value.number": .dataLost,
            "segment.track.currency.code": .dataLost,
            "segment.identify.userID.empty": .tagDropped,
            "segment.screen.name.reserved": .dataLost,
            "segment.payload.size": .tagDropped,
            "segment.propertyName.case": .advisory,
            "segment.nameCase": .advisory,
            "segment.number.finite": .dataLost,
            "segment.group.groupID.empty": .tagDropped,
            "segment.alias.newID.empty": .tagDropped,
            "segment.propertyName.empty": .advisory,
            "segment.identify.userID.optional": .advisory,
            "segment.group.groupID.optional": .advisory,
            "segment.alias.newID.optional": .advisory,
        ]
    }
}
