/// What Google Analytics 4 / Firebase Analytics records, one case per SDK call, without linking
/// the SDK: a tagger turns each case into the call (see `Docs/Vendors.md`).
///
/// ```swift
/// let tag = FirebaseTag.event("select_content", ["content_type": "podcast", "item_id": "swift-talk"])
/// tag.ruleViolations  // [] — Firebase accepts it
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
        RuleCheck.summarised(findings)
    }

    /// Every rule this tag breaks, repeats included.
    private var findings: [VendorRuleViolation] {
        switch self {
        case .event(let name, let parameters):
            return Self.eventNameViolations(name) + Self.parameterViolations(parameters)
        case .screenView(let screenName, let screenClass):
            return Self.parameterViolations(["screen_name": .string(screenName), "screen_class": .string(screenClass)])
        case .userProperty(let name, let value):
            var violations = Self.nameViolations(
                name,
                kind: "userPropertyName",
                maxLength: Limits.userPropertyNameLength,
                reservedPrefixes: Limits.reservedPrefixes,
                reservedNames: Limits.reservedUserPropertyNames
            )
            if let value, Self.length(value) > Limits.userPropertyValueLength {
                violations.append(
                    VendorRuleViolation(
                        "firebase.userPropertyValue.length",
                        RuleCheck.quoted(value, counting: Self.length(value)),
                        limit: "at most \(Limits.userPropertyValueLength) characters"
                    )
                )
            }
            return violations
        case .userID(let id):
            guard let id, id.isEmpty || Self.length(id) > Limits.userIDLength else { return [] }
            return [
                VendorRuleViolation(
                    "firebase.userID.length",
                    RuleCheck.quoted(id, counting: Self.length(id)),
                    limit: "1 to \(Limits.userIDLength) characters"
                )
            ]
        }
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
        var violations: [VendorRuleViolation] = []
        if eventNames.count > Limits.distinctEventNamesPerApp {
            violations.append(
                VendorRuleViolation(
                    "firebase.distinctEventNames",
                    "\(eventNames.count) event names",
                    limit: "at most \(Limits.distinctEventNamesPerApp) per app"
                )
            )
        }
        if userProperties.count > Limits.userPropertiesPerApp {
            violations.append(
                VendorRuleViolation(
                    "firebase.distinctUserProperties",
                    "\(userProperties.count) user properties",
                    limit: "at most \(Limits.userPropertiesPerApp) per app"
                )
            )
        }
        for names in [eventNames, userProperties] {
            violations += RuleCheck.caseViolations(
                names,
                rule: "firebase.nameCase",
                limit: "names that differ only by case are different names"
            )
        }
        return violations
    }

    private static func eventNameViolations(_ name: String) -> [VendorRuleViolation] {
        let violations = nameViolations(
            name,
            kind: "eventName",
            maxLength: Limits.eventNameLength,
            reservedPrefixes: Limits.reservedPrefixes,
            reservedNames: Limits.reservedEventNames
        )
        return violations
    }

    private static func parameterViolations(_ parameters: [String: FirebaseValue]) -> [VendorRuleViolation] {
        var violations: [VendorRuleViolation] = []
        if parameters.count > Limits.parametersPerEvent {
            violations.append(
                VendorRuleViolation(
                    "firebase.parameterCount",
                    "\(parameters.count) parameters",
                    limit: "at most \(Limits.parametersPerEvent)"
                )
            )
        }
        violations += RuleCheck.perKey(parameters) { key, value in
            var violations: [VendorRuleViolation] = []
            violations += nameViolations(
                key,
                kind: "parameterName",
                maxLength: Limits.parameterNameLength,
                reservedPrefixes: Self.reservedParameterNamePrefixes,
                reservedNames: Limits.reservedParameterNames
            )
            if case .double(let number) = value, !number.isFinite {
                violations.append(
                    RuleCheck.nonFinite("firebase", number, at: RuleCheck.name(key))
                )
            }
            if case .string(let value) = value, length(value) > Limits.parameterValueLength {
                violations.append(
                    VendorRuleViolation(
                        "firebase.parameterValue.length",
                        "\(RuleCheck.name(key)): \(RuleCheck.quoted(value, counting: length(value)))",
                        limit: "at most \(Limits.parameterValueLength) characters"
                    )
                )
            }
            if case .items(let items) = value {
                violations += itemsViolations(items, key: key)
            }
            return violations
        }
        return violations
            + RuleCheck.caseViolations(
                parameters.keys,
                rule: "firebase.parameterName.case",
                limit: "names that differ only by case are different parameters"
            )
    }

    /// A length as Firebase counts it: in UTF-16 code units, the length of an `NSString`.
    private static func length(_ text: String) -> Int {
        text.utf16.count
    }

    /// The rules of an e-commerce event's `items` (GA4's item-scoped parameters).
    private static func itemsViolations(_ items: [[String: FirebaseValue]], key: String) -> [VendorRuleViolation] {
        var violations: [VendorRuleViolation] = []
        if key != Limits.itemsParameter {
            violations.append(
                VendorRuleViolation(
                    "firebase.items.parameter",
                    RuleCheck.quoted(key),
                    limit: "items only under \(RuleCheck.quoted(Limits.itemsParameter))"
                )
            )
        }
        if items.count > Limits.itemsPerEvent {
            violations.append(
                VendorRuleViolation(
                    "firebase.items.count",
                    "\(items.count) items",
                    limit: "at most \(Limits.itemsPerEvent) (the rest are dropped)"
                )
            )
        }
        for (index, item) in items.enumerated() {
            let subject = "items[\(index)]"
            if item["item_id"] == nil && item["item_name"] == nil {
                violations.append(
                    VendorRuleViolation("firebase.items.identity", subject, limit: "an item_id or an item_name")
                )
            }
            let custom = item.keys.filter { !Limits.standardItemParameters.contains($0) }
            if custom.count > Limits.customParametersPerItem {
                violations.append(
                    VendorRuleViolation(
                        "firebase.items.customParameterCount",
                        "\(subject): \(custom.count) custom parameters",
                        limit: "at most \(Limits.customParametersPerItem)"
                    )
                )
            }
            for itemKey in item.keys.sorted() {
                violations += nameViolations(
                    itemKey,
                    kind: "itemParameterName",
                    maxLength: Limits.parameterNameLength,
                    reservedPrefixes: [],
                    reservedNames: []
                )
                let name = "\(subject).\(RuleCheck.name(itemKey))"
                switch item[itemKey]! {
                case .string(let value) where length(value) > Limits.parameterValueLength:
                    violations.append(
                        VendorRuleViolation(
                            "firebase.parameterValue.length",
                            "\(name): \(RuleCheck.quoted(value, counting: length(value)))",
                            limit: "at most \(Limits.parameterValueLength) characters"
                        )
                    )
                case .double(let number) where !number.isFinite:
                    violations.append(
                        RuleCheck.nonFinite("firebase", number, at: name)
                    )
                case .items:
                    violations.append(
                        VendorRuleViolation("firebase.items.nested", name, limit: "a string or a number, not items")
                    )
                default:
                    break
                }
            }
        }
        return violations
    }

    /// The rules of event, parameter and user property names: length, characters, prefixes,
    /// reserved words.
    private static func nameViolations(
        _ name: String,
        kind: String,
        maxLength: Int,
        reservedPrefixes: [String],
        reservedNames: Set<String>
    ) -> [VendorRuleViolation] {
        var violations: [VendorRuleViolation] = []
        // Built only for a finding: a check of 100,000 names would otherwise build 100,000 strings.
        var rule: String { "firebase.\(kind)" }
        if name.isEmpty || length(name) > maxLength {
            violations.append(
                VendorRuleViolation(
                    "\(rule).length",
                    RuleCheck.quoted(name, counting: length(name)),
                    limit: "1 to \(maxLength) characters"
                )
            )
        }
        // Past twice the limit (already broken) the characters are not read: a check stays cheap
        // on a megabyte of name.
        if !name.isEmpty && !RuleCheck.isLetterIdentifier(String(name.prefix(2 * maxLength))) {
            violations.append(
                VendorRuleViolation(
                    "\(rule).characters",
                    RuleCheck.quoted(name),
                    limit: "letters, digits and _ only, starting with a letter"
                )
            )
        }
        if let prefix = reservedPrefixes.first(where: { name.hasPrefix($0) }) {
            violations.append(
                VendorRuleViolation(
                    "\(rule).reservedPrefix",
                    RuleCheck.quoted(name),
                    limit: "no \(RuleCheck.quoted(prefix)) prefix"
                )
            )
        }
        if reservedNames.contains(name) {
            violations.append(
                VendorRuleViolation("\(rule).reserved", RuleCheck.quoted(name), limit: "not reserved by Firebase")
            )
        }
        return violations
    }
}
