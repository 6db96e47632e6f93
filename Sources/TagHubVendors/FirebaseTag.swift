import TagHub

/// What Google Analytics 4 / Firebase Analytics records, one case per SDK call, without linking
/// the SDK: a tagger turns each case into the call (see `Docs/Vendors.md`).
///
/// ```swift
/// let tag = FirebaseTag.event("select_content", ["content_type": "podcast", "item_id": "swift-talk"])
/// #expect(tag.ruleViolations.isEmpty)  // Firebase accepts it
/// ```
public enum FirebaseTag: Sendable, Hashable {
    /// `Analytics.logEvent(name, parameters: parameters)`.
    case event(name: String, parameters: [String: FirebaseValue])
    /// `Analytics.logEvent(AnalyticsEventScreenView, parameters: [screen_name, screen_class])`.
    case screenView(screenName: String, screenClass: String)
    /// `Analytics.setUserProperty(value, forName: name)`; `nil` clears it.
    case userProperty(name: String, value: String?)
    /// `Analytics.setUserID(id)`; `nil` clears it.
    case userID(String?)

    /// An event named `name` with `parameters`.
    public static func event(_ name: String, _ parameters: [String: FirebaseValue] = [:]) -> FirebaseTag {
        .event(name: name, parameters: parameters)
    }

    /// The event's, the user property's name, `screen_view`, or `user_id`: what a tracking plan
    /// lists.
    public var name: String {
        switch self {
        case .event(let name, _), .userProperty(let name, _): name
        case .screenView: "screen_view"
        case .userID: "user_id"
        }
    }
}

extension FirebaseTag: CustomStringConvertible {
    /// The call, in short: `select_content {content_type: "podcast"}`, `screen_view {screen_class: …}`,
    /// `user_property favorites_count = "2"`, `user_id "42"`.
    public var description: String {
        switch self {
        case .event(let name, let parameters):
            parameters.isEmpty ? name : "\(name) \(describeProperties(parameters))"
        case .screenView(let screenName, let screenClass):
            "screen_view \(describeProperties(["screen_name": FirebaseValue.string(screenName), "screen_class": .string(screenClass)]))"
        case .userProperty(let name, let value):
            "user_property \(name) = \(value.map { String(reflecting: $0) } ?? "nil")"
        case .userID(let id):
            "user_id \(id.map { String(reflecting: $0) } ?? "nil")"
        }
    }
}

extension FirebaseTag: RuleCheckedVendorTag {
    private typealias Limits = VendorLimits.Firebase

    /// The prefixes no parameter name may start with: those of every name, and those of parameters.
    private static let reservedParameterNamePrefixes = Limits.reservedPrefixes + Limits.reservedParameterPrefixes

    /// Every rule of Firebase's that this tag breaks (see ``VendorLimits/Firebase``).
    public var ruleViolations: [VendorRuleViolation] {
        var findings = RuleFindings()
        switch self {
        case .event(let name, let parameters):
            Self.checkName(name, .eventName, into: &findings)
            Self.checkParameters(parameters, into: &findings)
        case .screenView(let screenName, let screenClass):
            Self.checkParameters(
                ["screen_name": .string(screenName), "screen_class": .string(screenClass)],
                into: &findings
            )
        case .userProperty(let name, let value):
            Self.checkName(name, .userPropertyName, into: &findings)
            if let value, Self.length(value) > Limits.userPropertyValueLength {
                findings.append(
                    VendorRuleViolation(
                        "firebase.userPropertyValue.length",
                        RuleCheck.quoted(value, size: Self.unitsSize(value)),
                        limit: "at most \(Limits.userPropertyValueLength) UTF-16 units"
                    )
                )
            }
        case .userID(let id):
            if let id { RuleCheck.appendOptionalID(id, rule: "firebase.userID.optional", into: &findings) }
            // An empty ID breaks the length rule already.
            if let id, !id.isEmpty { RuleCheck.appendBlankID(id, rule: "firebase.userID.empty", into: &findings) }
            if let id, id.isEmpty || Self.length(id) > Limits.userIDLength {
                findings.append(
                    VendorRuleViolation(
                        "firebase.userID.length",
                        RuleCheck.quoted(id, size: Self.unitsSize(id)),
                        limit: "1 to \(Limits.userIDLength) UTF-16 units"
                    )
                )
            }
        }
        return findings.summary
    }

    /// Across tags: at most 500 distinct event names and 25 user properties per app, and no two
    /// names that differ only by case (Firebase counts them as two).
    public static func ruleViolations(across tags: [FirebaseTag]) -> [VendorRuleViolation] {
        var eventNames: Set<String> = []
        var userProperties: Set<String> = []
        for tag in tags {
            switch tag {
            case .event(let name, _): eventNames.insert(name)
            case .screenView: eventNames.insert("screen_view")
            case .userProperty(let name, _): userProperties.insert(name)
            case .userID: break
            }
        }
        var findings = RuleFindings()
        if eventNames.count > Limits.distinctEventNamesPerApp {
            findings.append(
                VendorRuleViolation(
                    "firebase.distinctEventNames",
                    "\(RuleCheck.grouped(eventNames.count)) event names",
                    limit: "at most \(Limits.distinctEventNamesPerApp) per app"
                )
            )
        }
        if userProperties.count > Limits.userPropertiesPerApp {
            findings.append(
                VendorRuleViolation(
                    "firebase.distinctUserProperties",
                    "\(RuleCheck.grouped(userProperties.count)) user properties",
                    limit: "at most \(Limits.userPropertiesPerApp) per app"
                )
            )
        }
        for names in [eventNames, userProperties] {
            RuleCheck.appendCaseViolations(
                names,
                rule: "firebase.nameCase",
                limit: "names that differ only by case are different names",
                into: &findings
            )
        }
        return findings.summary
    }

    private static let parameterValueLimit = "at most \(Limits.parameterValueLength) UTF-16 units"

    private static func checkParameters(_ parameters: [String: FirebaseValue], into findings: inout RuleFindings) {
        if parameters.count > Limits.parametersPerEvent {
            findings.append(
                VendorRuleViolation(
                    "firebase.parameterCount",
                    "\(RuleCheck.grouped(parameters.count)) parameters",
                    limit: "at most \(Limits.parametersPerEvent)"
                )
            )
        }
        // Items' findings name the item (`items[3].price`), not the key: findings about values are
        // built only if shown where no other key's finding can name the same, that is where no
        // key holds items, or one does and no other key has a `[`.
        var itemsAreOnlyCounted = true
        if parameters.values.contains(where: { if case .items = $0 { true } else { false } }) {
            let itemsKeys = parameters.lazy.filter { if case .items = $0.value { true } else { false } }.count
            itemsAreOnlyCounted =
                itemsKeys == 1
                && !parameters.keys.contains { RuleCheck.contains(UInt8(ascii: "["), in: $0) }
        }
        // What a value breaks is read first: the value is not copied (see `forEachKey`).
        let names = RuleFindings.KeyNameRules(
            caseRule: ("firebase.parameterName.case", "names that differ only by case are different parameters")
        )
        findings.forEachKey(of: parameters, reading: ValueBreak.self, names: names) { key, broken, read, findings in
            checkName(key, .parameterName, aboutKey: true, into: &findings)
            // Otherwise, a key such as `items[0].price` could name what an item's finding names.
            func add(_ rule: String, _ subject: @autoclosure () -> String, limit: String) {
                if itemsAreOnlyCounted {
                    findings.appendAboutValue(rule, subject(), limit: limit, detail: nil)
                } else {
                    findings.append(VendorRuleViolation(rule, subject(), limit: limit))
                }
            }
            switch broken {
            case .none:
                break
            case .nonFinite(let number):
                add("firebase.number.finite", "\(RuleCheck.name(key)): \(number)", limit: "a finite number")
            case .longString:
                // The string is looked up again only if the finding is shown.
                add("firebase.parameterValue.length", longValueSubject(key, read()), limit: parameterValueLimit)
            case .items:
                guard case .items(let items) = read() else { break }
                checkItems(items, key: key, onlyCounted: itemsAreOnlyCounted, into: &findings)
            }
        }
    }

    /// A length as Firebase counts it: in UTF-16 code units, the length of an `NSString`.
    private static func length(_ text: String) -> Int {
        RuleCheck.utf16Count(text)
    }

    /// The size of `text` as a finding states it: `41 UTF-16 units`.
    private static func unitsSize(_ text: String) -> String {
        "\(RuleCheck.grouped(length(text))) UTF-16 units"
    }

    /// The subject of the finding about the long string value of `key`.
    private static func longValueSubject(_ key: String, _ value: FirebaseValue) -> String {
        guard case .string(let value) = value else { return RuleCheck.name(key) }
        return "\(RuleCheck.name(key)): \(RuleCheck.quoted(value, size: unitsSize(value)))"
    }

    /// What a parameter's value breaks, of the rules about values.
    private enum ValueBreak: ValueReading {
        case none
        case nonFinite(Double)
        case longString
        case items

        @inline(__always)
        init(reading value: FirebaseValue) {
            switch value {
            case .double(let number) where !number.isFinite: self = .nonFinite(number)
            case .string(let string) where RuleCheck.hasMoreUTF16Units(string, than: Limits.parameterValueLength):
                self = .longString
            case .items: self = .items
            default: self = .none
            }
        }
    }

    /// The rules of an e-commerce event's `items` (GA4's item-scoped parameters). `onlyCounted`:
    /// no finding about an item can equal another key's, so they are built only if shown.
    private static func checkItems(
        _ items: [[String: FirebaseItemValue]],
        key: String,
        onlyCounted: Bool,
        into findings: inout RuleFindings
    ) {
        // Each finding names its item (and its parameter), so the item's findings of a rule are
        // all different.
        func add(_ rule: String, _ subject: @autoclosure () -> String, limit: @autoclosure () -> String) {
            if onlyCounted {
                findings.appendAboutValue(rule, subject(), limit: limit(), detail: nil)
            } else {
                findings.append(VendorRuleViolation(rule, subject(), limit: limit()))
            }
        }
        if key != Limits.itemsParameter {
            findings.append(
                VendorRuleViolation(
                    "firebase.items.parameter",
                    RuleCheck.quoted(key),
                    limit: "items only under \(RuleCheck.quoted(Limits.itemsParameter))"
                )
            )
        }
        if items.count > Limits.itemsPerEvent {
            findings.append(
                VendorRuleViolation(
                    "firebase.items.count",
                    "\(RuleCheck.grouped(items.count)) items",
                    limit: "at most \(Limits.itemsPerEvent) (the rest are dropped)"
                )
            )
        }
        // An item parameter's name is checked once per name: items share their names. A name too
        // long to fit is not hashed (a megabyte of name would be read, and normalized, whole):
        // it is compared with the other long ones, which costs nothing where items share it.
        var namesBroken = BrokenNames()
        for (index, item) in items.enumerated() {
            let subject = { "items[\(index)]" }
            // One pass over the item finds its identity and the parameters that may break a rule,
            // usually none or one: only those are sorted, and looked up again.
            var hasIdentity = false
            var mayChangeCase = false
            // Places in the item, not copies: copying a value retains it, and retaining 100,000
            // strings out of the cache (twice more to sort them) had been most of the check.
            var broken: [Dictionary<String, FirebaseItemValue>.Index] = []
            for position in item.indices {
                let itemKey = item.keys[position]
                let value = item.values[position]
                // Compared only where it could be equal: a comparison normalizes a long key whole.
                if itemKey.utf8.count <= 27, itemKey == "item_id" || itemKey == "item_name", !isEmptyOrBlank(value) {
                    hasIdentity = true
                }
                // A name too long to be read for its case is left to `caseGroups`, which reads it
                // only where the other names are as long.
                mayChangeCase =
                    mayChangeCase || itemKey.utf8.count > 4 * Limits.parameterNameLength
                    || RuleCheck.mayChangeWhenLowercased(itemKey)
                // A name of ASCII letters, digits and _ that fits breaks none of the item
                // parameter names' rules (they have no reserved prefix or name).
                let fits = itemKey.utf8.count <= Limits.parameterNameLength && RuleCheck.isIdentifier(itemKey)
                guard !fits || ItemValueBreak(reading: value) != .none else { continue }
                broken.append(position)
            }
            if !hasIdentity {
                add("firebase.items.identity", subject(), limit: "an item_id or an item_name, not blank")
            }
            if item.count > Limits.customParametersPerItem {
                // A name too long to be a standard one is not hashed.
                let custom = item.keys.count {
                    $0.utf8.count > 4 * longestStandardItemParameter || !Limits.standardItemParameters.contains($0)
                }
                if custom > Limits.customParametersPerItem {
                    add(
                        "firebase.items.customParameterCount",
                        "\(subject()): \(RuleCheck.grouped(custom)) custom parameters",
                        limit: "at most \(Limits.customParametersPerItem)"
                    )
                }
            }
            if broken.count > 1 { broken.sort { item.keys[$0] < item.keys[$1] } }
            for position in broken {
                checkItemParameter(item.keys[position], item.values[position], index: index, namesBroken: &namesBroken)
            }
            if mayChangeCase && item.count > 1 {
                let groups = RuleCheck.caseGroups(item.keys)
                if groups.count > 0 {
                    let first = groups.first.map {
                        let violation = RuleCheck.caseViolation($0, rule: itemCaseRule, limit: itemCaseLimit)
                        return VendorRuleViolation(
                            itemCaseRule,
                            "\(subject()): \(violation.subject)",
                            limit: itemCaseLimit
                        )
                    }
                    findings.append(itemCaseRule, first: first, count: groups.count)
                }
            }
        }

        /// The rules of the item parameter `itemKey`, of value `value`, of the item at `index`.
        func checkItemParameter(
            _ itemKey: String,
            _ value: FirebaseItemValue,
            index: Int,
            namesBroken: inout BrokenNames
        ) {
            let fits = itemKey.utf8.count <= Limits.parameterNameLength && RuleCheck.isIdentifier(itemKey)
            if !fits && namesBroken.insert(itemKey) {
                // Named with the first item that has it: items share their names.
                checkName(itemKey, .itemParameterName, in: "items[\(index)]", into: &findings)
            }
            // Each finding names its item and parameter, which no other finding does (two long names
            // cut alike are still two parameters): built only if shown.
            func add(_ rule: String, _ subject: @autoclosure () -> String, limit: String) {
                if onlyCounted {
                    findings.appendAboutValue(rule, subject(), limit: limit, detail: nil)
                } else {
                    findings.append(VendorRuleViolation(rule, subject(), limit: limit))
                }
            }
            let name = { "items[\(index)].\(RuleCheck.name(itemKey))" }
            switch value {
            case .string(let value) where length(value) > Limits.parameterValueLength:
                add(
                    "firebase.parameterValue.length",
                    "\(name()): \(RuleCheck.quoted(value, size: unitsSize(value)))",
                    limit: parameterValueLimit
                )
            case .double(let number) where !number.isFinite:
                add("firebase.number.finite", "\(name()): \(number)", limit: "a finite number")
            default:
                break
            }
        }
    }

    /// The longest of GA4's standard item parameter names, in bytes of UTF-8.
    private static let longestStandardItemParameter = Limits.standardItemParameters.map(\.utf8.count).max() ?? 0

    /// The item parameter names checked: hashed where they are short, compared otherwise.
    private struct BrokenNames {
        private var short: Set<String> = []
        private var long: [String] = []

        /// Adds `name`; returns whether it is new.
        mutating func insert(_ name: String) -> Bool {
            guard name.utf8.count > 4 * Limits.parameterNameLength else { return short.insert(name).inserted }
            // Equal strings that share their storage compare without being read.
            guard !long.contains(where: { $0.utf8.count == name.utf8.count && $0 == name }) else { return false }
            long.append(name)
            return true
        }
    }

    private static let itemCaseRule = "firebase.itemParameterName.case"
    private static let itemCaseLimit = "names that differ only by case are different item parameters"

    /// Whether `value` is a string that shows nothing (see ``RuleCheck/isEmptyOrBlank(_:)``).
    private static func isEmptyOrBlank(_ value: FirebaseItemValue) -> Bool {
        guard case .string(let string) = value else { return false }
        return RuleCheck.isEmptyOrBlank(string)
    }

    /// What an item parameter's value breaks, read without copying it.
    private enum ItemValueBreak: ValueReading {
        case none
        case some

        @inline(__always)
        init(reading value: FirebaseItemValue) {
            switch value {
            case .string(let string) where RuleCheck.hasMoreUTF16Units(string, than: Limits.parameterValueLength):
                self = .some
            case .double(let number) where !number.isFinite: self = .some
            default: self = .none
            }
        }
    }

    /// The rules of one kind of name, with their names and limits built once.
    private struct NameRules {
        let length: String
        let characters = "letters, digits and _ only, starting with a letter"
        let reservedPrefix: String
        let reserved: String
        let lengthLimit: String
        let maxLength: Int
        let reservedPrefixes: [String]
        let reservedPrefixLimits: [String]
        let reservedNames: Set<String>
        /// The longest reserved name, in bytes of UTF-8.
        let longestReservedName: Int
        /// Per ASCII byte, whether a reserved name or prefix starts with it.
        let reservedFirstBytes: [Bool]
        let charactersRule: String

        init(_ kind: String, maxLength: Int, reservedPrefixes: [String], reservedNames: Set<String>) {
            length = "firebase.\(kind).length"
            charactersRule = "firebase.\(kind).characters"
            reservedPrefix = "firebase.\(kind).reservedPrefix"
            reserved = "firebase.\(kind).reserved"
            lengthLimit = "1 to \(maxLength) UTF-16 units"
            self.maxLength = maxLength
            self.reservedPrefixes = reservedPrefixes
            reservedPrefixLimits = reservedPrefixes.map { "no \(RuleCheck.quoted($0)) prefix" }
            self.reservedNames = reservedNames
            longestReservedName = reservedNames.map(\.utf8.count).max() ?? 0
            var firstBytes = [Bool](repeating: false, count: 128)
            for name in reservedNames + reservedPrefixes {
                if let first = name.utf8.first { firstBytes[Int(first)] = true }
            }
            reservedFirstBytes = firstBytes
        }

        static let eventName = NameRules(
            "eventName",
            maxLength: Limits.eventNameLength,
            reservedPrefixes: Limits.reservedPrefixes,
            reservedNames: Limits.reservedEventNames
        )
        static let parameterName = NameRules(
            "parameterName",
            maxLength: Limits.parameterNameLength,
            reservedPrefixes: FirebaseTag.reservedParameterNamePrefixes,
            reservedNames: Limits.reservedParameterNames
        )
        static let userPropertyName = NameRules(
            "userPropertyName",
            maxLength: Limits.userPropertyNameLength,
            reservedPrefixes: Limits.reservedPrefixes,
            reservedNames: Limits.reservedUserPropertyNames
        )
        static let itemParameterName = NameRules(
            "itemParameterName",
            maxLength: Limits.parameterNameLength,
            reservedPrefixes: [],
            reservedNames: []
        )
    }

    /// The rules of event, parameter, user property and item parameter names: length,
    /// characters, prefixes, reserved words. `aboutKey`: `name` is the key being checked.
    private static func checkName(
        _ name: String,
        _ rules: NameRules,
        aboutKey: Bool = false,
        in place: String? = nil,
        into findings: inout RuleFindings
    ) {
        func add(_ rule: String, _ subject: @autoclosure () -> String, limit: String) {
            if aboutKey {
                findings.appendAboutKey(rule, subject(), limit: limit)
            } else {
                findings.append(
                    VendorRuleViolation(rule, place.map { "\($0): \(subject())" } ?? subject(), limit: limit)
                )
            }
        }
        if name.isEmpty || RuleCheck.hasMoreUTF16Units(name, than: rules.maxLength) {
            add(
                rules.length,
                RuleCheck.quoted(name, size: unitsSize(name)),
                limit: rules.lengthLimit
            )
        }
        // Past twice the limit (already broken) the characters are not read: a check stays cheap
        // on a megabyte of name.
        let isShort = name.utf8.count <= 2 * rules.maxLength
        let isASCIIIdentifier = isShort && RuleCheck.isIdentifier(name)
        let isIdentifier =
            isASCIIIdentifier
            || RuleCheck.isLetterIdentifier(
                isShort ? name : RuleCheck.leadingCharacters(of: name, 2 * rules.maxLength),
                memo: &findings.identifierKinds
            )
        if !name.isEmpty && !isIdentifier {
            add(rules.charactersRule, RuleCheck.quoted(name, showingMarks: true), limit: rules.characters)
        }
        // A name whose first byte is ASCII and starts no reserved name or prefix is neither: the
        // usual case, without a look-up.
        let first = name.utf8.first ?? 0
        guard first >= 0x80 || rules.reservedFirstBytes[Int(first)] else { return }
        // An ASCII identifier has no combining mark to join a prefix's last character: its
        // bytes tell.
        let isASCII = isASCIIIdentifier
        // The prefixes are ASCII, with no other form as strings compare: a name starts with one
        // only if its bytes do, and then, unless a combining mark joins its last character.
        let hasPrefix = { (prefix: String) in
            name.utf8.starts(with: prefix.utf8) && (isASCII || name.hasPrefix(prefix))
        }
        if let index = rules.reservedPrefixes.firstIndex(where: hasPrefix) {
            add(rules.reservedPrefix, RuleCheck.quoted(name), limit: rules.reservedPrefixLimits[index])
        }
        // A name too long to be reserved is not hashed: a string equal to an ASCII name, as
        // strings compare, takes at most 4 bytes per character of it.
        if name.utf8.count <= 4 * rules.longestReservedName && (isASCII || !RuleCheck.cannotEqualASCII(name))
            && rules.reservedNames.contains(name)
        {
            add(rules.reserved, RuleCheck.quoted(name), limit: "not reserved by Firebase")
        }
    }
}

extension VendorLimits {
    /// Google Analytics 4 / Firebase Analytics on iOS.
    public enum Firebase {
        // Sources: the FIRAnalytics reference (firebase.google.com/docs/reference/ios/firebaseanalytics/
        // interface_f_i_r_analytics), FIREventNames.h / FIRAnalytics.h, Google Analytics help
        // articles 9267744 and 13316687, firebase.google.com/docs/analytics/errors.

        // Lengths are counted in UTF-16 code units, as an `NSString`'s length: the SDK is written in
        // Objective-C. An "é" written as e + combining accent counts 2.
        //
        // Names: "alphanumeric characters or underscores", starting with an "alphabetic character"
        // (FIRAnalytics.h). The headers do not say whether that means ASCII, and the SDK's code is
        // not open. The strongest sources say it does not: Android's `logEvent` reference links
        // those two words to Java's `Character.isLetter` and `isLetterOrDigit`, which accept
        // letters of every script, and so does the Firebase lint check in Android Studio; Google
        // Analytics' help (13316687) says event names "can include English and non-English words
        // and letters". Only the C++ and Unity reference gives `[a-zA-Z0-9]`. So the checks accept
        // a letter or a digit of any script, code point by code point, as Java does: a precomposed
        // "é" passes; an "e" followed by a combining accent does not, since the accent is neither.

        /// Event names: 1 to 40 characters (FIRAnalytics.h, `logEventWithName:`).
        public static let eventNameLength = 40
        /// Parameters per event (help article 9267744).
        public static let parametersPerEvent = 25
        /// Parameter names: 1 to 40 characters (FIRAnalytics.h).
        public static let parameterNameLength = 40
        /// String parameter values: at most 100 characters (FIRAnalytics.h; 500 on GA360).
        public static let parameterValueLength = 100
        /// User property names: 1 to 24 characters (FIRAnalytics.h, `setUserPropertyString:forName:`).
        public static let userPropertyNameLength = 24
        /// User property values: at most 36 characters (FIRAnalytics.h).
        public static let userPropertyValueLength = 36
        /// User properties per app (help article 9267744).
        public static let userPropertiesPerApp = 25
        /// Distinct event names per app, automatically collected ones excluded (help article 9267744).
        public static let distinctEventNamesPerApp = 500
        /// User IDs: at most 256 characters (FIRAnalytics.h, `setUserID:`).
        public static let userIDLength = 256
        /// The parameter that holds an e-commerce event's items (`kFIRParameterItems`,
        /// FIRParameterNames.h, as copied in firebase/firebase-cpp-sdk `analytics/ios_headers`).
        public static let itemsParameter = "items"
        /// Items per event: "up to 200"; the items past 200 are dropped (firebase.google.com/docs/
        /// analytics/measure-ecommerce).
        public static let itemsPerEvent = 200
        /// Custom parameters per item: "up to 27" (the same page, and the GA4 item-scoped
        /// e-commerce guide, developers.google.com/analytics/devguides/collection/ga4/
        /// item-scoped-ecommerce).
        public static let customParametersPerItem = 27
        /// The item parameters GA4 defines; every other one is custom. Each item needs an `item_id`
        /// or an `item_name` ("One of item_id or item_name is required", the GA4 events reference);
        /// an empty or blank one is taken as missing, as it identifies nothing. Item parameter
        /// names that differ only by case are reported as event parameter names are
        /// (`firebase.parameterName.case`): an advisory, with no rule in the documentation.
        public static let standardItemParameters: Set<String> = [
            "item_id", "item_name", "affiliation", "coupon", "discount", "index", "item_brand", "item_category",
            "item_category2", "item_category3", "item_category4", "item_category5", "item_list_id",
            "item_list_name", "item_variant", "location_id", "price", "quantity", "creative_name", "creative_slot",
            "promotion_id", "promotion_name",
        ]
        /// Prefixes no event, parameter or user property name may start with (FIRAnalytics.h).
        public static let reservedPrefixes = ["firebase_", "google_", "ga_"]
        /// More prefixes no parameter name may start with (help article 13316687).
        public static let reservedParameterPrefixes = ["_", "gtag."]
        /// Event names the SDK reserves: the event is dropped and an error event logged
        /// (FIREventNames.h and firebase.google.com/docs/analytics/errors, union of the lists).
        public static let reservedEventNames: Set<String> = [
            "ad_activeview", "ad_click", "ad_exposure", "ad_impression", "ad_query", "ad_reward", "adunit_exposure",
            "app_background", "app_clear_data", "app_exception", "app_install", "app_remove", "app_store_refund",
            "app_store_subscription_cancel", "app_store_subscription_convert", "app_store_subscription_renew",
            "app_update", "app_upgrade", "dynamic_link_app_open", "dynamic_link_app_update", "dynamic_link_first_open",
            "error", "firebase_campaign", "firebase_in_app_message_action", "firebase_in_app_message_dismiss",
            "firebase_in_app_message_impression", "first_open", "first_visit", "in_app_purchase",
            "notification_dismiss", "notification_foreground", "notification_open", "notification_receive",
            "os_update", "session_start", "session_start_with_rollout", "user_engagement",
        ]
        /// Parameter names the SDK reserves (help article 13316687).
        public static let reservedParameterNames: Set<String> = [
            "engagement_time_msec", "gclid", "session_id", "session_number",
        ]
        /// User property names the SDK reserves (FIRAnalytics.h).
        public static let reservedUserPropertyNames: Set<String> = [
            "first_open_time", "first_visit_time", "first_open_after_install", "last_deep_link_referrer", "user_id",
        ]

        /// Each of Firebase's rules that the checks know, with what breaking it costs.
        static let consequences: [String: VendorRuleViolation.Consequence] = [
            "firebase.eventName.length": .tagDropped,
            "firebase.eventName.characters": .tagDropped,
            "firebase.eventName.reservedPrefix": .tagDropped,
            "firebase.eventName.reserved": .tagDropped,
            "firebase.parameterCount": .dataLost,
            "firebase.parameterName.length": .dataLost,
            "firebase.parameterName.characters": .dataLost,
            "firebase.parameterName.reservedPrefix": .dataLost,
            "firebase.parameterName.reserved": .dataLost,
            "firebase.parameterName.case": .advisory,
            "firebase.parameterValue.length": .dataLost,
            "firebase.userPropertyName.length": .tagDropped,
            "firebase.userPropertyName.characters": .tagDropped,
            "firebase.userPropertyName.reservedPrefix": .tagDropped,
            "firebase.userPropertyName.reserved": .tagDropped,
            "firebase.userPropertyValue.length": .tagDropped,
            "firebase.userID.length": .tagDropped,
            "firebase.distinctEventNames": .tagDropped,
            "firebase.distinctUserProperties": .tagDropped,
            "firebase.nameCase": .advisory,
            "firebase.number.finite": .dataLost,
            "firebase.items.parameter": .dataLost,
            "firebase.items.count": .dataLost,
            "firebase.items.identity": .dataLost,
            "firebase.items.customParameterCount": .dataLost,
            "firebase.itemParameterName.length": .dataLost,
            "firebase.itemParameterName.characters": .dataLost,
            "firebase.itemParameterName.case": .advisory,
            "firebase.userID.optional": .advisory,
            "firebase.userID.empty": .advisory,
        ]
    }
}
