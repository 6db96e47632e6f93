import TagHub

/// What Google Analytics 4 / Firebase Analytics records, one case per SDK call, without linking
/// the SDK: a tagger turns each case into the call (see `Docs/Vendors.md`).
///
/// ```swift
/// let tag = FirebaseTag.event("select_content", ["content_type": "podcast", "item_id": "swift-talk"])
/// #expect(tag.ruleViolations.isEmpty)  // Firebase accepts it
/// ```
public enum FirebaseTag: Sendable, Hashable, CustomStringConvertible {
    /// `Analytics.logEvent(name, parameters: parameters)`.
    case event(name: String, parameters: [String: FirebaseValue])
    /// `Analytics.logEvent(AnalyticsEventScreenView, parameters: [screen_name, screen_class])`.
    case screenView(screenName: String, screenClass: String)
    /// `Analytics.setUserProperty(value, forName: name)`; `nil` clears it.
    case userProperty(name: String, value: String?)
    /// `Analytics.setUserID(id)`; `nil` clears it.
    case userID(String?)
    /// `Analytics.setConsent(_:)`: Consent Mode v2's four signals, each granted (`true`) or denied.
    case consent(analyticsStorage: Bool, adStorage: Bool, adUserData: Bool, adPersonalization: Bool)

    /// An event named `name` with `parameters`.
    public static func event(_ name: String, _ parameters: [String: FirebaseValue] = [:]) -> FirebaseTag {
        .event(name: name, parameters: parameters)
    }

    /// The event's or the user property's name, `screen_view`, `user_id` or `consent`: what a tracking plan lists.
    public var name: String {
        switch self {
        case .event(let name, _), .userProperty(let name, _): name
        case .screenView: "screen_view"
        case .userID: "user_id"
        case .consent: "consent"
        }
    }

    /// The call, in short: `select_content {content_type: "podcast"}`, `screen_view {screen_class: …}`,
    /// `user_property favorites_count = "2"`, `user_id "42"`, `consent analytics_storage granted, ad_storage denied, …`.
    public var description: String {
        switch self {
        case .event(let name, let parameters): parameters.isEmpty ? name : "\(name) \(describeProperties(parameters))"
        case .screenView(let screenName, let screenClass):
            "screen_view \(describeProperties(["screen_name": FirebaseValue.string(screenName), "screen_class": .string(screenClass)]))"
        case .userProperty(let name, let value): "user_property \(name) = \(value.map(\.debugDescription) ?? "nil")"
        case .userID(let id): "user_id \(id.map(\.debugDescription) ?? "nil")"
        case .consent(let analytics, let ads, let userData, let personalization):
            "consent analytics_storage \(status(analytics)), ad_storage \(status(ads)), "
                + "ad_user_data \(status(userData)), ad_personalization \(status(personalization))"
        }
    }
}

/// A Consent Mode signal as Firebase names it.
private func status(_ isGranted: Bool) -> String { isGranted ? "granted" : "denied" }

extension FirebaseTag: RuleCheckedVendorTag {
    /// Every rule of Firebase's that this tag breaks (see ``VendorLimits/Firebase``).
    public var ruleViolations: [VendorRuleViolation] { FirebaseCheck(self).findings.summary }

    /// Across tags: at most 500 event names and 25 user properties per app, and no names that differ only by case.
    public static func ruleViolations(across tags: [FirebaseTag]) -> [VendorRuleViolation] {
        FirebaseCheck(across: tags).findings.summary
    }
}

/// Firebase's rules. A tag's findings come in order: its own, each parameter's by key (name, value), then case's.
private struct FirebaseCheck {
    typealias Limits = VendorLimits.Firebase
    static let valueLimit = "at most \(Limits.parameterValueLength) UTF-16 units"
    typealias Index = [String: FirebaseItemValue].Index
    static let customLimit = "at most \(Limits.customParametersPerItem)"
    var findings = Findings()

    init(_ tag: FirebaseTag) {
        switch tag {
        case .event(let name, let parameters):
            self.name(name, "eventName")
            self.parameters(parameters)
        case .screenView(let screenName, let screenClass):
            parameters(["screen_name": .string(screenName), "screen_class": .string(screenClass)])
        case .userProperty(let name, let value):
            self.name(name, "userPropertyName")
            guard let value, Rules.isLonger(value, than: Limits.userPropertyValueLength) else { break }
            let limit = "at most \(Limits.userPropertyValueLength) UTF-16 units"
            add("userPropertyValue.length", Self.quoted(value), limit)
        case .userID(let id?):  // far longer than its limit, reported by its length only; empty, by the length rule
            if !Rules.isFarLonger(id, than: Limits.userIDLength) {
                findings.appendOptionalID(id, rule: "firebase.userID.optional")
                if !id.isEmpty { findings.appendBlank(id, "firebase.userID.empty", limit: Rules.blankID) }
            }
            guard id.isEmpty || Rules.isLonger(id, than: Limits.userIDLength) else { break }
            add("userID.length", Self.quoted(id), "1 to \(Limits.userIDLength) UTF-16 units")
        case .userID(nil), .consent: break
        }
    }

    init(across tags: [FirebaseTag]) {
        let events = Rules.names(of: tags) { tag in
            if case .event(let name, _) = tag { name } else if case .screenView = tag { tag.name } else { nil }
        }
        let properties = Rules.names(of: tags) { if case .userProperty(let name, _) = $0 { name } else { nil } }
        for (count, limit, rule, what) in [
            (events.count, Limits.distinctEventNamesPerApp, "distinctEventNames", "event names"),
            (properties.count, Limits.userPropertiesPerApp, "distinctUserProperties", "user properties"),
        ] where count > limit { add(rule, "\(Rules.grouped(count)) \(what)", "at most \(limit) per app") }
        for (names, of) in [(events, "events"), (properties, "user properties")] { caseGroups(names, "nameCase", of) }
    }

    /// Adds a finding of `rule`, named without its `firebase.` prefix.
    mutating func add(_ rule: String, _ subject: @autoclosure () -> String, _ limit: String) {
        findings.append("firebase." + rule, subject(), limit: limit)
    }
    /// `text` quoted with its size as Firebase counts it: in UTF-16 units, an `NSString`'s (far longer, in bytes).
    static func quoted(_ text: String) -> String { Rules.quoted(text, size: Rules.size(of: text)) }
    /// Adds a finding of `rule` per group of `names` that differ only by case (``Findings/appendCaseGroups``).
    mutating func caseGroups(_ names: some Sequence<String>, _ rule: String, _ what: String, in place: String = "") {
        let limit = { "names that differ only by case are different " + what }  // made only for a group
        findings.appendCaseGroups(names, "firebase." + rule, limit: limit(), in: place)
    }

    /// Of far more parameters than Firebase takes, only the first few are checked one by one.
    mutating func parameters(_ parameters: [String: FirebaseValue]) {
        findings.appendCount("firebase.parameterCount", parameters.count, "parameters", Limits.parametersPerEvent)
        let checked = Rules.checkedEntries(of: parameters, accepted: Limits.parametersPerEvent)
        let read = checked.map(\.key).prefix { findings.reads($0, within: Limits.parameterNameLength, isKey: true) }
        for (index, (key, value)) in checked.enumerated() {
            if index < read.count { name(key, "parameterName") }
            if case .items(let items) = value { self.items(items, key: key) }
            self.value(value, Rules.key(key))
        }
        caseGroups(read, "parameterName.case", "parameters")
    }

    /// The rules of a string or a number, the value named `key` (`title`, `items[0].price`).
    mutating func value(_ value: FirebaseValue, _ key: @autoclosure () -> String) {
        switch value {
        case .string(let text) where findings.units(of: text, beyond: Limits.parameterValueLength) != nil:
            add("parameterValue.length", "\(key()): \(Self.quoted(text))", Self.valueLimit)
        case .double(let number) where !number.isFinite: add("number.finite", "\(key()): \(number)", "a finite number")
        default: break
        }
    }

    /// The rules of `items` (only), as Vendors.md's guards say; names are found by index: a value read is a cache miss.
    mutating func items(_ items: [[String: FirebaseItemValue]], key: String) {
        let isItems = key.utf8.elementsEqual(Limits.itemsParameter.utf8)
        if !isItems { add("items.parameter", Rules.quoted(key), "items only under \"items\"") }
        let dropped = " (the rest are dropped)"
        findings.appendCount("firebase.items.count", items.count, "items", Limits.itemsPerEvent, dropped)
        guard isItems else { return }  // Firebase takes no other list of items
        var ranks: [UTF8Bytes: Int] = [:]  // the names read, by their bytes (as Firebase tells them apart), in order
        let most = Limits.parameterNameLength
        let checked = Limits.customParametersPerItem + Limits.standardItemParameters.count + Rules.extraKeys
        for (offset, item) in items.prefix(Limits.itemsPerEvent).enumerated() {
            guard findings.valuesLeft > item.count else { break }
            findings.valuesLeft -= 1 + item.count
            let place = "items[\(offset)]"
            let fits = item.count <= checked && item.keys.reduce(0) { $0 + $1.utf8.count } <= 3_500  // a valid item's
            var (standard, known, rest) = ([Index](), [(rank: Int, at: Index)](), [(key: String, value: Index)]())
            for at in item.indices {
                let name = item.keys[at]
                if Limits.standardItemParameters.includes(name) { standard.append(at) }
                let rank = fits && name.utf8.count <= 3 * most ? ranks[UTF8Bytes(name)] : nil
                if let rank { known.append((rank, at)) } else { rest.append((name, at)) }
            }
            let ids = ["item_id", "item_name"].compactMap { id in standard.first { item.keys[$0] == id } }  // in order
            let shown = ids.contains { if case .string(let i) = item.values[$0] { !findings.isBlank(i) } else { true } }
            if !shown { add("items.identity", place, "an item_id or an item_name, not blank") }
            if case let custom = item.count - standard.count, custom > Limits.customParametersPerItem {
                add("items.customParameterCount", "\(place): \(custom) custom parameters", Self.customLimit)
            }
            let order = known.sorted { $0.rank < $1.rank }.map { (item.keys[$0.at], $0.at) }
            let new = findings.bytesLeft < 0 ? [] : Rules.checkedEntries(of: rest, accepted: checked - Rules.extraKeys)
            for (read, (name, at)) in (order + new).enumerated() {
                if read >= order.count, findings.reads(name, within: most, isKey: true) {
                    let bytes = Rules.isFarLonger(name, than: most) ? nil : UTF8Bytes(name)  // far longer: every item
                    if bytes.map({ ranks[$0] == nil }) ?? true { self.name(name, "itemParameterName", in: place) }
                    if let bytes, ranks[bytes] == nil { ranks[bytes] = ranks.count }
                }
                self.value(item.values[at].parameterValue, "\(place).\(Rules.key(name))")
            }
        }
        let first = ranks.compactMap { $0.value < checked ? $0.key.text : nil }
        caseGroups(first, "itemParameterName.case", "item parameters", in: "items: ")
    }

    static let parameterPrefixes = Limits.reservedPrefixes + Limits.reservedParameterPrefixes  // a parameter's
    /// The rules of a name of `kind` (`eventName`), subjects after `place` (`items[0]`) where given: its length,
    /// characters, reserved prefixes and names; or, far longer than its limit, only its length.
    mutating func name(_ name: String, _ kind: String, in place: String? = nil) {
        let prefixes = Limits.reservedPrefixes
        let (maxLength, reservedPrefixes, reserved): (Int, [String], Set<String>) =
            switch kind {
            case "eventName": (Limits.eventNameLength, prefixes, Limits.reservedEventNames)
            case "parameterName":
                (Limits.parameterNameLength, Self.parameterPrefixes, Limits.reservedParameterNames)
            case "userPropertyName": (Limits.userPropertyNameLength, prefixes, Limits.reservedUserPropertyNames)
            default: (Limits.parameterNameLength, [], [])
            }
        var at: String { place.map { "\($0): " } ?? "" }
        if name.isEmpty || Rules.isLonger(name, than: maxLength) {
            add(kind + ".length", at + Self.quoted(name), "1 to \(maxLength) UTF-16 units")
        }
        guard !name.isEmpty, !Rules.isFarLonger(name, than: maxLength) else { return }
        // Letters and digits of any script as Java's `isLetterOrDigit` takes them: no mark, no letter number ("Ⅻ").
        let isIdentifier =
            Rules.isASCIIIdentifier(name)
            || !Rules.isASCII(name)
                && name.unicodeScalars.enumerated().allSatisfy { index, scalar in
                    switch scalar.properties.generalCategory {
                    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
                    case .decimalNumber: index > 0
                    default: index > 0 && scalar == "_"
                    }
                }
        if !isIdentifier {
            let limit = "letters, digits and _ only, starting with a letter"
            add(kind + ".characters", at + Rules.quoted(name, showingMarks: true), limit)
        }
        let first = name.utf8.first
        if let prefix = reservedPrefixes.first(where: { first == $0.utf8.first && name.utf8.starts(with: $0.utf8) }) {
            add(kind + ".reservedPrefix", at + Rules.quoted(name), "no \(Rules.quoted(prefix)) prefix")
        }
        if reserved.includes(name) { add(kind + ".reserved", at + Rules.quoted(name), "not reserved by Firebase") }
    }
}

extension VendorLimits {
    /// Google Analytics 4 / Firebase Analytics on iOS.
    public enum Firebase {
        // Sources: FIRAnalytics.h, FIREventNames.h, the FIRAnalytics reference; help articles 9267744 and 13316687;
        // firebase.google.com/docs/analytics/errors. Lengths are in UTF-16 code units, an `NSString`'s. Names take
        // letters and digits of any script, code point by code point: FIRAnalytics.h says "alphanumeric", which
        // Android's `logEvent` reference links to Java's `Character.isLetterOrDigit`, and article 13316687 allows
        // "non-English words and letters"; only the C++ and Unity reference says `[a-zA-Z0-9]`.

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
        /// The parameter of an e-commerce event's items (`kFIRParameterItems`, FIRParameterNames.h).
        public static let itemsParameter = "items"
        /// Items per event: "up to 200", the rest dropped (firebase.google.com/docs/analytics/measure-ecommerce).
        public static let itemsPerEvent = 200
        /// Custom parameters per item: "up to 27" (the same page, and GA4's item-scoped e-commerce guide).
        public static let customParametersPerItem = 27
        /// The item parameters GA4 defines; the others are custom. An item needs an `item_id` or an `item_name`.
        public static let standardItemParameters: Set<String> = [
            "item_id", "item_name", "affiliation", "coupon", "discount", "index", "item_brand", "item_category",
            "item_category2", "item_category3", "item_category4", "item_category5", "item_list_id", "item_list_name",
            "item_variant", "location_id", "price", "quantity", "creative_name", "creative_slot", "promotion_id",
            "promotion_name",
        ]
        /// Prefixes no event, parameter or user property name may start with (FIRAnalytics.h).
        public static let reservedPrefixes = ["firebase_", "google_", "ga_"]
        /// More prefixes no parameter name may start with (help article 13316687).
        public static let reservedParameterPrefixes = ["_", "gtag."]
        /// Event names the SDK reserves, dropped with an error event (FIREventNames.h and the errors page, united).
        public static let reservedEventNames: Set<String> = [
            "ad_activeview", "ad_click", "ad_exposure", "ad_impression", "ad_query", "ad_reward", "adunit_exposure",
            "app_background", "app_clear_data", "app_exception", "app_install", "app_remove", "app_store_refund",
            "app_store_subscription_cancel", "app_store_subscription_convert", "app_store_subscription_renew",
            "app_update", "app_upgrade", "dynamic_link_app_open", "dynamic_link_app_update", "dynamic_link_first_open",
            "error", "firebase_campaign", "firebase_in_app_message_action", "firebase_in_app_message_dismiss",
            "firebase_in_app_message_impression", "first_open", "first_visit", "in_app_purchase",
            "notification_dismiss", "notification_foreground", "notification_open", "notification_receive", "os_update",
            "session_start", "session_start_with_rollout", "user_engagement",
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
            "firebase.eventName.length": .tagDropped, "firebase.eventName.characters": .tagDropped,
            "firebase.eventName.reservedPrefix": .tagDropped, "firebase.eventName.reserved": .tagDropped,
            "firebase.userPropertyName.length": .tagDropped, "firebase.userPropertyName.characters": .tagDropped,
            "firebase.userPropertyName.reservedPrefix": .tagDropped, "firebase.userPropertyName.reserved": .tagDropped,
            "firebase.userPropertyValue.length": .tagDropped, "firebase.userID.length": .tagDropped,
            "firebase.distinctEventNames": .tagDropped, "firebase.distinctUserProperties": .tagDropped,
            "firebase.parameterCount": .dataLost, "firebase.number.finite": .dataLost,
            "firebase.parameterName.length": .dataLost, "firebase.parameterName.characters": .dataLost,
            "firebase.parameterName.reservedPrefix": .dataLost, "firebase.parameterName.reserved": .dataLost,
            "firebase.parameterValue.length": .dataLost, "firebase.items.customParameterCount": .dataLost,
            "firebase.items.parameter": .dataLost, "firebase.items.count": .dataLost,
            "firebase.items.identity": .dataLost, "firebase.itemParameterName.length": .dataLost,
            "firebase.itemParameterName.characters": .dataLost, "firebase.parameterName.case": .advisory,
            "firebase.itemParameterName.case": .advisory, "firebase.userID.optional": .advisory,
            "firebase.userID.empty": .advisory, "firebase.nameCase": .advisory,
        ]
    }
}
