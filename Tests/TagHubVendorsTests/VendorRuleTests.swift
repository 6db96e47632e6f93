import TagHub
import Testing

@testable import TagHubVendors

/// One vendor tag and exactly the violations its vendor's rules find in it.
struct RuleCase: Sendable, CustomTestStringConvertible {
    let label: String
    let tag: any RuleCheckedVendorTag
    let expected: [VendorRuleViolation]

    init(_ label: String, _ tag: any RuleCheckedVendorTag, _ expected: [VendorRuleViolation] = []) {
        self.label = label
        self.tag = tag
        self.expected = expected
    }

    var testDescription: String { label }
    var isValid: Bool { expected.isEmpty }
}

private func text(_ count: Int, _ character: Character = "a") -> String {
    String(repeating: character, count: count)
}

private func quoted(_ string: String, _ count: Int? = nil) -> String {
    count.map { "\(String(reflecting: string)) (\($0))" } ?? String(reflecting: string)
}

/// `string` quoted, with its length in UTF-16 units, as Firebase's findings show it.
private func quoted(_ string: String, units: Int) -> String {
    "\(String(reflecting: string)) (\(units) UTF-16 units)"
}

/// `string` quoted, with its length in characters, as the findings of limits in characters show it.
private func quoted(_ string: String, characters: Int) -> String {
    "\(String(reflecting: string)) (\(characters) characters)"
}

/// A subject cut to its first 64 UTF-16 units, `prefix`, with its real length in characters.
private func cut(_ prefix: String, characters: Int) -> String {
    "\(String(reflecting: prefix + "…")) (\(characters) characters)"
}

/// A subject cut to its first 64 UTF-16 units, `prefix`, with its real length.
private func cut(_ prefix: String, units: Int) -> String {
    "\(String(reflecting: prefix + "…")) (\(units) UTF-16 units)"
}

private let blankIDLimit = "an ID that shows something, not empty, white space or invisible scalars"

private func properties(_ count: Int) -> [String: AnalyticsValue] {
    Dictionary(uniqueKeysWithValues: (0..<count).map { ("p\($0)", AnalyticsValue.int($0)) })
}

private func firebaseParameters(_ count: Int) -> [String: FirebaseValue] {
    Dictionary(uniqueKeysWithValues: (0..<count).map { ("p\($0)", FirebaseValue.int($0)) })
}

private let identifierRule = "letters, digits and _ only, starting with a letter"

let firebaseCases: [RuleCase] = [
    // At the limits: accepted.
    RuleCase("event name of 40 characters", FirebaseTag.event(text(40))),
    RuleCase(
        "select_content with its parameters",
        FirebaseTag.event("select_content", ["content_type": "podcast", "item_id": "st"])
    ),
    RuleCase("25 parameters", FirebaseTag.event("play", firebaseParameters(25))),
    RuleCase("parameter name of 40 characters", FirebaseTag.event("play", [text(40): 1])),
    RuleCase("parameter value of 100 characters", FirebaseTag.event("play", ["title": .string(text(100))])),
    RuleCase("int and double values", FirebaseTag.event("play", ["duration": 1800, "progress": 0.5])),
    RuleCase(
        "screen_view with screen_name and screen_class",
        FirebaseTag.screenView(screenName: "podcasts", screenClass: "PodcastListView")
    ),
    RuleCase("user property of 24 and 36 characters", FirebaseTag.userProperty(name: text(24), value: text(36))),
    RuleCase("user property cleared", FirebaseTag.userProperty(name: "favorites_count", value: nil)),
    RuleCase("user ID of 256 characters", FirebaseTag.userID(text(256))),
    RuleCase("user ID cleared", FirebaseTag.userID(nil)),
    RuleCase(
        "screen_view as a plain event, as the documentation allows",
        FirebaseTag.event("screen_view", ["screen_name": "home", "screen_class": "HomeView"])
    ),
    RuleCase(
        "parameter value of 100 UTF-16 units: 50 accented letters written with combining accents",
        FirebaseTag.event("play", ["title": .string(String(repeating: "e\u{301}", count: 50))])
    ),
    // Broken.
    RuleCase(
        "event name of 41 characters",
        FirebaseTag.event(text(41)),
        [VendorRuleViolation("firebase.eventName.length", quoted(text(41), units: 41), limit: "1 to 40 UTF-16 units")]
    ),
    RuleCase(
        "empty event name",
        FirebaseTag.event(""),
        [VendorRuleViolation("firebase.eventName.length", quoted("", units: 0), limit: "1 to 40 UTF-16 units")]
    ),
    RuleCase(
        "event name starting with a digit",
        FirebaseTag.event("1play"),
        [VendorRuleViolation("firebase.eventName.characters", quoted("1play"), limit: identifierRule)]
    ),
    RuleCase(
        "event name with a dash",
        FirebaseTag.event("play-podcast"),
        [VendorRuleViolation("firebase.eventName.characters", quoted("play-podcast"), limit: identifierRule)]
    ),
    RuleCase(
        "event name with the firebase_ prefix",
        FirebaseTag.event("firebase_play"),
        [
            VendorRuleViolation(
                "firebase.eventName.reservedPrefix",
                quoted("firebase_play"),
                limit: "no \"firebase_\" prefix"
            )
        ]
    ),
    RuleCase(
        "event name with the ga_ prefix",
        FirebaseTag.event("ga_play"),
        [VendorRuleViolation("firebase.eventName.reservedPrefix", quoted("ga_play"), limit: "no \"ga_\" prefix")]
    ),
    RuleCase(
        "reserved event session_start",
        FirebaseTag.event("session_start"),
        [VendorRuleViolation("firebase.eventName.reserved", quoted("session_start"), limit: "not reserved by Firebase")]
    ),
    RuleCase(
        "26 parameters",
        FirebaseTag.event("play", firebaseParameters(26)),
        [VendorRuleViolation("firebase.parameterCount", "26 parameters", limit: "at most 25")]
    ),
    RuleCase(
        "parameter name of 41 characters",
        FirebaseTag.event("play", [text(41): 1]),
        [
            VendorRuleViolation(
                "firebase.parameterName.length",
                quoted(text(41), units: 41),
                limit: "1 to 40 UTF-16 units"
            )
        ]
    ),
    RuleCase(
        "parameter name starting with _",
        FirebaseTag.event("play", ["_private": 1]),
        [
            VendorRuleViolation("firebase.parameterName.characters", quoted("_private"), limit: identifierRule),
            VendorRuleViolation("firebase.parameterName.reservedPrefix", quoted("_private"), limit: "no \"_\" prefix"),
        ]
    ),
    RuleCase(
        "reserved parameter gclid",
        FirebaseTag.event("play", ["gclid": "x"]),
        [VendorRuleViolation("firebase.parameterName.reserved", quoted("gclid"), limit: "not reserved by Firebase")]
    ),
    RuleCase(
        "parameter value of 101 characters",
        FirebaseTag.event("play", ["title": .string(text(101))]),
        [
            VendorRuleViolation(
                "firebase.parameterValue.length",
                "title: \(cut(text(64), units: 101))",
                limit: "at most 100 UTF-16 units"
            )
        ]
    ),
    RuleCase(
        "screen name of 101 characters",
        FirebaseTag.screenView(screenName: text(101), screenClass: "View"),
        [
            VendorRuleViolation(
                "firebase.parameterValue.length",
                "screen_name: \(cut(text(64), units: 101))",
                limit: "at most 100 UTF-16 units"
            )
        ]
    ),
    RuleCase(
        "parameter value of 100 characters but 200 UTF-16 units",
        FirebaseTag.event("play", ["title": .string(String(repeating: "e\u{301}", count: 100))]),
        [
            VendorRuleViolation(
                "firebase.parameterValue.length",
                "title: \(cut(String(repeating: "e\u{301}", count: 32), units: 200))",
                limit: "at most 100 UTF-16 units"
            )
        ]
    ),
    RuleCase(
        "parameters that differ only by case",
        FirebaseTag.event("play", ["Title": "a", "title": "a"]),
        [
            VendorRuleViolation(
                "firebase.parameterName.case",
                "\"Title\", \"title\"",
                limit: "names that differ only by case are different parameters"
            )
        ]
    ),
    RuleCase(
        "user property name with a space",
        FirebaseTag.userProperty(name: "favorite count", value: "2"),
        [VendorRuleViolation("firebase.userPropertyName.characters", quoted("favorite count"), limit: identifierRule)]
    ),
    RuleCase(
        "user property name of 25 characters",
        FirebaseTag.userProperty(name: text(25), value: "1"),
        [
            VendorRuleViolation(
                "firebase.userPropertyName.length",
                quoted(text(25), units: 25),
                limit: "1 to 24 UTF-16 units"
            )
        ]
    ),
    RuleCase(
        "reserved user property user_id",
        FirebaseTag.userProperty(name: "user_id", value: "42"),
        [
            VendorRuleViolation(
                "firebase.userPropertyName.reserved",
                quoted("user_id"),
                limit: "not reserved by Firebase"
            )
        ]
    ),
    RuleCase(
        "user property with the google_ prefix",
        FirebaseTag.userProperty(name: "google_ads", value: "on"),
        [
            VendorRuleViolation(
                "firebase.userPropertyName.reservedPrefix",
                quoted("google_ads"),
                limit: "no \"google_\" prefix"
            )
        ]
    ),
    RuleCase(
        "user property value of 37 characters",
        FirebaseTag.userProperty(name: "plan", value: text(37)),
        [
            VendorRuleViolation(
                "firebase.userPropertyValue.length",
                quoted(text(37), units: 37),
                limit: "at most 36 UTF-16 units"
            )
        ]
    ),
    RuleCase(
        "empty user ID",
        FirebaseTag.userID(""),
        [VendorRuleViolation("firebase.userID.length", quoted("", units: 0), limit: "1 to 256 UTF-16 units")]
    ),
    RuleCase(
        "user ID of 257 characters",
        FirebaseTag.userID(text(257)),
        [VendorRuleViolation("firebase.userID.length", cut(text(64), units: 257), limit: "1 to 256 UTF-16 units")]
    ),
    RuleCase(
        "event name with a letter outside ASCII, as Android's Character.isLetter accepts",
        FirebaseTag.event("écouter_podcast")
    ),
    RuleCase(
        "event name with a combining accent, which is neither a letter nor a digit",
        FirebaseTag.event("e\u{301}couter_podcast"),
        // The accent is written as an escape: shown as it is, the name looks like "écouter_podcast".
        [VendorRuleViolation("firebase.eventName.characters", #""e\u{301}couter_podcast""#, limit: identifierRule)]
    ),
    RuleCase(
        "a long event name with a combining accent, cut",
        FirebaseTag.event("e\u{301}" + text(70)),
        [
            VendorRuleViolation(
                "firebase.eventName.length",
                cut("e\u{301}" + text(62), units: 72),
                limit: "1 to 40 UTF-16 units"
            ),
            VendorRuleViolation(
                "firebase.eventName.characters",
                // The escape counts in the 64 UTF-16 units quoted: 8 for the accent.
                #""e\u{301}"# + text(56) + #"…" (72 UTF-16 units)"#,
                limit: identifierRule
            ),
        ]
    ),
    RuleCase(
        "a user ID written from an optional",
        FirebaseTag.userID("Optional(\"42\")"),
        [
            VendorRuleViolation(
                "firebase.userID.optional",
                #""Optional(\"42\")""#,
                limit: "an ID, not an optional's description: unwrap it before interpolating"
            )
        ]
    ),
    RuleCase(
        "a user ID written from an optional that was nil",
        FirebaseTag.userID("nil"),
        [
            VendorRuleViolation(
                "firebase.userID.optional",
                #""nil""#,
                limit: "an ID, not an optional's description: unwrap it before interpolating"
            )
        ]
    ),
    RuleCase(
        "a user ID of spaces",
        FirebaseTag.userID("   "),
        [VendorRuleViolation("firebase.userID.empty", quoted("   "), limit: blankIDLimit)]
    ),
    RuleCase(
        "a value of infinity",
        FirebaseTag.event("purchase", ["value": .double(.infinity)]),
        [VendorRuleViolation("firebase.number.finite", "value: inf", limit: "a finite number")]
    ),
    RuleCase(
        "a purchase with two items",
        FirebaseTag.event(
            "purchase",
            [
                "currency": "EUR", "value": 9.98,
                "items": .items([
                    ["item_id": "swift-talk", "price": 4.99, "quantity": 1],
                    ["item_name": "Swift by Sundell", "price": 4.99, "season": "3"],
                ]),
            ]
        )
    ),
    RuleCase(
        "items under another parameter",
        FirebaseTag.event("purchase", ["products": .items([["item_id": "a"]])]),
        [VendorRuleViolation("firebase.items.parameter", quoted("products"), limit: "items only under \"items\"")]
    ),
    RuleCase(
        "201 items",
        FirebaseTag.event("view_item_list", ["items": .items((0...200).map { ["item_id": .string("item\($0)")] })]),
        [VendorRuleViolation("firebase.items.count", "201 items", limit: "at most 200 (the rest are dropped)")]
    ),
    RuleCase(
        "an item with neither item_id nor item_name",
        FirebaseTag.event("add_to_cart", ["items": .items([["price": 4.99]])]),
        [VendorRuleViolation("firebase.items.identity", "items[0]", limit: "an item_id or an item_name, not blank")]
    ),
    RuleCase(
        "an item whose item_id is empty and item_name blank",
        FirebaseTag.event("add_to_cart", ["items": .items([["item_id": "", "item_name": " \n"]])]),
        [VendorRuleViolation("firebase.items.identity", "items[0]", limit: "an item_id or an item_name, not blank")]
    ),
    RuleCase(
        "an item with a blank item_id and an item_name",
        FirebaseTag.event("add_to_cart", ["items": .items([["item_id": " ", "item_name": "Swift Talk"]])])
    ),
    RuleCase(
        "items with parameters that differ only by case, in one item and across items",
        FirebaseTag.event(
            "add_to_cart",
            [
                "items": .items([
                    ["item_id": "a", "Size": "S"], ["item_id": "b", "Color": "red", "color": "blue", "size": "M"],
                ])
            ]
        ),
        [
            VendorRuleViolation(
                "firebase.itemParameterName.case",
                #"items: "Color", "color""#,
                limit: "names that differ only by case are different item parameters"
            ),
            VendorRuleViolation(
                "firebase.itemParameterName.case",
                #"items: "Size", "size""#,
                limit: "names that differ only by case are different item parameters"
            ),
        ]
    ),
    RuleCase(
        "an item with 28 custom parameters",
        FirebaseTag.event(
            "add_to_cart",
            [
                "items": .items([
                    ["item_id": "a"].merging((0..<28).map { ("custom\($0)", FirebaseItemValue.int($0)) }) { $1 }
                ])
            ]
        ),
        [
            VendorRuleViolation(
                "firebase.items.customParameterCount",
                "items[0]: 28 custom parameters",
                limit: "at most 27"
            )
        ]
    ),
    RuleCase(
        "an item parameter name of 41 characters, and one with a hyphen, named with the first item that has each",
        FirebaseTag.event(
            "add_to_cart",
            [
                "items": .items([
                    ["item_id": "a", .init(text(41)): 1],
                    ["item_id": "b", "item-kind": "b"],
                    ["item_id": "c", "item-kind": "c"],
                ])
            ]
        ),
        [
            VendorRuleViolation(
                "firebase.itemParameterName.length",
                "items[0]: \(quoted(text(41), units: 41))",
                limit: "1 to 40 UTF-16 units"
            ),
            VendorRuleViolation(
                "firebase.itemParameterName.characters",
                "items[1]: \(quoted("item-kind"))",
                limit: identifierRule
            ),
        ]
    ),
    RuleCase(
        "a price of NaN in an item",
        FirebaseTag.event(
            "add_to_cart",
            ["items": .items([["item_id": "a", "price": .double(.nan)]])]
        ),
        [
            VendorRuleViolation("firebase.number.finite", "items[0].price: nan", limit: "a finite number")
        ]
    ),
]

let mixpanelCases: [RuleCase] = [
    RuleCase(
        "string value of 255 bytes",
        MixpanelTag.track(event: "song_played", properties: ["title": .string(text(255))])
    ),
    RuleCase("254 properties", MixpanelTag.track(event: "song_played", properties: properties(254))),
    RuleCase("property name of 255 characters", MixpanelTag.track(event: "song_played", properties: [text(255): 1])),
    RuleCase(
        "array of 254 elements",
        MixpanelTag.track(event: "song_played", properties: ["ids": .array(Array(repeating: 1, count: 254))])
    ),
    RuleCase(
        "a finite double and a Boolean",
        MixpanelTag.track(event: "song_played", properties: ["progress": 0.5, "liked": true])
    ),
    RuleCase("identify with a real ID", MixpanelTag.identify(distinctID: "user-42")),
    RuleCase("reset", MixpanelTag.reset),
    RuleCase("people properties", MixpanelTag.setPeopleProperties(["plan": "premium"])),
    RuleCase("people properties may use event-reserved names", MixpanelTag.setPeopleProperties(["time": 1])),
    RuleCase(
        "string value of 256 bytes, in 128 characters",
        MixpanelTag.track(event: "song_played", properties: ["title": .string(text(128, "é"))]),
        [VendorRuleViolation("mixpanel.stringValue.bytes", "title: 256 bytes", limit: "at most 255 bytes of UTF-8")]
    ),
    RuleCase(
        "255 properties",
        MixpanelTag.track(event: "song_played", properties: properties(255)),
        [VendorRuleViolation("mixpanel.propertyCount", "255 properties", limit: "at most 254")]
    ),
    RuleCase(
        "property name of 256 characters",
        MixpanelTag.track(event: "song_played", properties: [text(256): 1]),
        [
            VendorRuleViolation(
                "mixpanel.propertyName.length",
                cut(text(64), characters: 256),
                limit: "at most 255 characters"
            )
        ]
    ),
    RuleCase(
        "reserved property token",
        MixpanelTag.track(event: "song_played", properties: ["token": "x"]),
        [VendorRuleViolation("mixpanel.propertyName.reserved", quoted("token"), limit: "not reserved by Mixpanel")]
    ),
    RuleCase(
        "reserved property $ignore, which drops the event",
        MixpanelTag.track(event: "song_played", properties: ["$ignore": true]),
        [
            VendorRuleViolation(
                "mixpanel.propertyName.ignore",
                quoted("$ignore"),
                limit: "not $ignore, which drops the event"
            )
        ]
    ),
    RuleCase(
        "not a number",
        MixpanelTag.track(event: "song_played", properties: ["progress": .double(.nan)]),
        [VendorRuleViolation("mixpanel.number.finite", "progress: nan", limit: "a finite number")]
    ),
    RuleCase(
        "array of 255 elements",
        MixpanelTag.track(event: "song_played", properties: ["ids": .array(Array(repeating: 1, count: 255))]),
        [VendorRuleViolation("mixpanel.array.length", "ids: 255 elements", limit: "at most 254")]
    ),
    RuleCase(
        "empty event name",
        MixpanelTag.track(event: "", properties: [:]),
        [VendorRuleViolation("mixpanel.eventName.empty", "\"\"", limit: "a name")]
    ),
    RuleCase(
        "blank event name and property names",
        MixpanelTag.track(event: " \u{200B}", properties: [" ": 1, "": 2, "title": 3]),
        [
            VendorRuleViolation("mixpanel.eventName.empty", #"" \u{200B}""#, limit: "a name"),
            VendorRuleViolation("mixpanel.propertyName.empty", "\"\"", limit: "a name"),
            VendorRuleViolation("mixpanel.propertyName.empty", "\" \"", limit: "a name"),
        ]
    ),
    RuleCase(
        "identify with an ID written from an optional",
        MixpanelTag.identify(distinctID: "Optional(42)"),
        [
            VendorRuleViolation(
                "mixpanel.distinctID.optional",
                quoted("Optional(42)"),
                limit: "an ID, not an optional's description: unwrap it before interpolating"
            )
        ]
    ),
    RuleCase(
        "properties that differ only by case",
        MixpanelTag.track(event: "song_played", properties: ["Title": "a", "title": "a"]),
        [
            VendorRuleViolation(
                "mixpanel.propertyName.case",
                "\"Title\", \"title\"",
                limit: "names that differ only by case are different properties"
            )
        ]
    ),
    RuleCase(
        "placeholder ID anon",
        MixpanelTag.identify(distinctID: "anon"),
        [
            VendorRuleViolation(
                "mixpanel.distinctID.placeholder",
                quoted("anon"),
                limit: "a real user ID, not empty or a placeholder"
            )
        ]
    ),
    RuleCase(
        "placeholder ID N/A, whatever its case",
        MixpanelTag.identify(distinctID: "N/A"),
        [
            VendorRuleViolation(
                "mixpanel.distinctID.placeholder",
                quoted("N/A"),
                limit: "a real user ID, not empty or a placeholder"
            )
        ]
    ),
    RuleCase(
        "the all-zero UUID",
        MixpanelTag.identify(distinctID: "00000000-0000-0000-0000-000000000000"),
        [
            VendorRuleViolation(
                "mixpanel.distinctID.placeholder",
                quoted("00000000-0000-0000-0000-000000000000"),
                limit: "a real user ID, not empty or a placeholder"
            )
        ]
    ),
    RuleCase(
        "placeholder ID with spaces around it",
        MixpanelTag.identify(distinctID: " null"),
        [
            VendorRuleViolation(
                "mixpanel.distinctID.placeholder",
                quoted(" null"),
                limit: "a real user ID, not empty or a placeholder"
            )
        ]
    ),
    RuleCase(
        "placeholder ID undefined",
        MixpanelTag.identify(distinctID: "undefined"),
        [
            VendorRuleViolation(
                "mixpanel.distinctID.placeholder",
                quoted("undefined"),
                limit: "a real user ID, not empty or a placeholder"
            )
        ]
    ),
    RuleCase(
        "a distinct ID of a zero-width space, which trimming leaves",
        MixpanelTag.identify(distinctID: " \u{200B} "),
        [VendorRuleViolation("mixpanel.distinctID.empty", #"" \u{200B} ""#, limit: blankIDLimit)]
    ),
    RuleCase(
        "empty property name",
        MixpanelTag.track(event: "song_played", properties: ["": 1]),
        [VendorRuleViolation("mixpanel.propertyName.empty", "\"\"", limit: "a name")]
    ),
]

let amplitudeCases: [RuleCase] = [
    RuleCase(
        "an array longer than an event of 1 MB can hold",
        AmplitudeTag.track(
            eventType: "Podcast Played",
            eventProperties: ["ids": .array(Array(repeating: 1, count: 524_289))]
        ),
        [
            VendorRuleViolation(
                "amplitude.array.length",
                "ids: 524,289 elements",
                limit: "at most 524,288 (an event over 1 MB is dropped)"
            )
        ]
    ),
    RuleCase("user ID of 5 characters", AmplitudeTag.setUserID("12345")),
    RuleCase("device ID of 5 characters", AmplitudeTag.setDeviceID("abcde")),
    RuleCase(
        "string value of 1024 characters",
        AmplitudeTag.track(eventType: "Podcast Played", eventProperties: ["title": .string(text(1024))])
    ),
    RuleCase("1000 properties", AmplitudeTag.track(eventType: "Podcast Played", eventProperties: properties(1000))),
    RuleCase("user properties", AmplitudeTag.setUserProperties(["plan": "premium"])),
    RuleCase(
        "user ID of 4 characters",
        AmplitudeTag.setUserID("1234"),
        [VendorRuleViolation("amplitude.userID.length", quoted("1234", units: 4), limit: "at least 5 UTF-16 units")]
    ),
    RuleCase(
        "device ID of 4 characters",
        AmplitudeTag.setDeviceID("abcd"),
        [VendorRuleViolation("amplitude.deviceID.length", quoted("abcd", units: 4), limit: "at least 5 UTF-16 units")]
    ),
    RuleCase(
        "string value of 1025 characters",
        AmplitudeTag.track(eventType: "Podcast Played", eventProperties: ["title": .string(text(1025))]),
        [
            VendorRuleViolation(
                "amplitude.stringValue.length",
                "title: 1,025 UTF-16 units",
                limit: "at most 1,024 UTF-16 units"
            )
        ]
    ),
    RuleCase(
        "a string of 1025 characters inside an array",
        AmplitudeTag.track(eventType: "Podcast Played", eventProperties: ["titles": ["a", .string(text(1025))]]),
        [
            VendorRuleViolation(
                "amplitude.stringValue.length",
                "titles: 1,025 UTF-16 units",
                limit: "at most 1,024 UTF-16 units"
            )
        ]
    ),
    RuleCase(
        "1001 properties",
        AmplitudeTag.setUserProperties(properties(1001)),
        [VendorRuleViolation("amplitude.propertyCount", "1,001 properties", limit: "at most 1,000")]
    ),
    RuleCase(
        "the SDK's own prefix",
        AmplitudeTag.track(eventType: "[Amplitude] Session Start", eventProperties: [:]),
        [
            VendorRuleViolation(
                "amplitude.eventType.reservedPrefix",
                quoted("[Amplitude] Session Start"),
                limit: "no \"[Amplitude] \" prefix"
            )
        ]
    ),
    RuleCase(
        "properties that differ only by case",
        AmplitudeTag.track(eventType: "Podcast Played", eventProperties: ["Title": "a", "title": "a"]),
        [
            VendorRuleViolation(
                "amplitude.propertyName.case",
                "\"Title\", \"title\"",
                limit: "names that differ only by case are different properties"
            )
        ]
    ),
    RuleCase(
        "empty event type",
        AmplitudeTag.track(eventType: "", eventProperties: [:]),
        [VendorRuleViolation("amplitude.eventType.empty", "\"\"", limit: "an event type")]
    ),
    RuleCase(
        "blank event type and property name",
        AmplitudeTag.track(eventType: "\t", eventProperties: ["  ": 1]),
        [
            VendorRuleViolation("amplitude.eventType.empty", quoted("\t"), limit: "an event type"),
            VendorRuleViolation("amplitude.propertyName.empty", quoted("  "), limit: "a name"),
        ]
    ),
    RuleCase(
        "a user ID of 5 spaces, long enough",
        AmplitudeTag.setUserID("     "),
        [VendorRuleViolation("amplitude.userID.empty", quoted("     "), limit: blankIDLimit)]
    ),
    RuleCase(
        "a device ID of 5 ideographic spaces",
        AmplitudeTag.setDeviceID(String(repeating: "\u{3000}", count: 5)),
        [
            VendorRuleViolation(
                "amplitude.deviceID.empty",
                quoted(String(repeating: "\u{3000}", count: 5)),
                limit: blankIDLimit
            )
        ]
    ),
    RuleCase(
        "user and device IDs written from optionals",
        AmplitudeTag.setUserID("Optional(\"user-42\")"),
        [
            VendorRuleViolation(
                "amplitude.userID.optional",
                quoted("Optional(\"user-42\")"),
                limit: "an ID, not an optional's description: unwrap it before interpolating"
            )
        ]
    ),
    RuleCase(
        "a device ID written from an optional",
        AmplitudeTag.setDeviceID("Optional(\"device-1\")"),
        [
            VendorRuleViolation(
                "amplitude.deviceID.optional",
                quoted("Optional(\"device-1\")"),
                limit: "an ID, not an optional's description: unwrap it before interpolating"
            )
        ]
    ),
    RuleCase(
        "user ID of 4 UTF-16 units that look like 2 characters",
        AmplitudeTag.setUserID("e\u{301}e\u{301}"),
        [
            VendorRuleViolation(
                "amplitude.userID.length",
                quoted("e\u{301}e\u{301}", units: 4),
                limit: "at least 5 UTF-16 units"
            )
        ]
    ),
    RuleCase("user ID of 5 UTF-16 units in 3 characters", AmplitudeTag.setUserID("e\u{301}e\u{301}a")),
    RuleCase(
        "empty property name",
        AmplitudeTag.track(eventType: "Podcast Played", eventProperties: ["": 1]),
        [VendorRuleViolation("amplitude.propertyName.empty", "\"\"", limit: "a name")]
    ),
    RuleCase(
        "empty user property name",
        AmplitudeTag.setUserProperties(["": 1, "plan": "pro"]),
        [VendorRuleViolation("amplitude.userPropertyName.empty", "\"\"", limit: "a name")]
    ),
    RuleCase(
        "a value of NaN in an array",
        AmplitudeTag.track(eventType: "Podcast Played", eventProperties: ["ratings": [4.5, .double(.nan)]]),
        [VendorRuleViolation("amplitude.number.finite", "ratings: nan", limit: "a finite number")]
    ),
]

let segmentCases: [RuleCase] = [
    RuleCase(
        "a number too large for analytics-swift's Decimal",
        SegmentTag.track(event: "Order Completed", properties: ["revenue": 1e151]),
        [
            VendorRuleViolation(
                "segment.number.range",
                "revenue: 1e+151",
                limit: "0, or a magnitude in 1e-100..<1e150, as analytics-swift writes numbers"
            )
        ]
    ),
    RuleCase(
        "a track in title case with revenue and currency",
        SegmentTag.track(event: "Podcast Played", properties: ["revenue": 9.99, "currency": "EUR"])
    ),
    RuleCase("a title with a number", SegmentTag.track(event: "Episode 2 Played", properties: [:])),
    RuleCase("a screen", SegmentTag.screen(name: "Favorites", properties: [:])),
    RuleCase("an identify", SegmentTag.identify(userID: "42", traits: ["plan": "premium"])),
    RuleCase("a group", SegmentTag.group(groupID: "team-1", traits: [:])),
    RuleCase("an alias", SegmentTag.alias(newID: "user-42")),
    RuleCase(
        "a call just under 32,000 bytes: its properties, event name and type, and the IDs and time analytics-swift adds",
        SegmentTag.track(event: "Podcast Played", properties: ["notes": .string(text(31_790))])
    ),
    RuleCase(
        "a track of 32,001 bytes by its event name: the name counts, escapes included",
        SegmentTag.track(event: "Podcast \"" + text(31_805), properties: [:]),
        [
            VendorRuleViolation(
                "segment.track.event.titleCase",
                #""Podcast \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…" (31,814 bytes of UTF-8)"#,
                limit: "words in title case, object then past-tense verb (\"Podcast Played\")"
            ),
            VendorRuleViolation(
                "segment.payload.size",
                "at least 32,001 bytes",
                limit: "at most 32,000 bytes per call"
            ),
        ]
    ),
    RuleCase(
        "an identify past 32,000 bytes by its user ID",
        SegmentTag.identify(userID: text(40_000), traits: [:]),
        [VendorRuleViolation("segment.payload.size", "at least 40,186 bytes", limit: "at most 32,000 bytes per call")]
    ),
    RuleCase(
        "a group past 32,000 bytes by its group ID",
        SegmentTag.group(groupID: text(40_000), traits: [:]),
        [VendorRuleViolation("segment.payload.size", "at least 40,184 bytes", limit: "at most 32,000 bytes per call")]
    ),
    RuleCase(
        "an alias past 32,000 bytes by its new ID",
        SegmentTag.alias(newID: text(40_000)),
        [VendorRuleViolation("segment.payload.size", "at least 40,171 bytes", limit: "at most 32,000 bytes per call")]
    ),
    RuleCase(
        "an anonymous identify: traits without a user ID",
        SegmentTag.identify(userID: nil, traits: ["plan": "free"])
    ),
    RuleCase(
        "20,000 quotes: 20,002 bytes of text, 40,002 once escaped",
        SegmentTag.track(
            event: "Podcast Played",
            properties: ["quote": .string(String(repeating: "\"", count: 20_000))]
        ),
        [VendorRuleViolation("segment.payload.size", "at least 40,210 bytes", limit: "at most 32,000 bytes per call")]
    ),
    RuleCase(
        "40,000 quotes: past the limit before their escapes, which are then not read (a lower bound)",
        SegmentTag.track(
            event: "Podcast Played",
            properties: ["quote": .string(String(repeating: "\"", count: 40_000))]
        ),
        [VendorRuleViolation("segment.payload.size", "at least 40,210 bytes", limit: "at most 32,000 bytes per call")]
    ),
    RuleCase(
        "escapes in a nested array and in a key push a call past the limit",
        SegmentTag.track(
            event: "Podcast Played",
            properties: [
                "\"\"": .array([.string(String(repeating: "/", count: 15_990)), .string("")]),
                "title": .string(String(repeating: "a", count: 10)),
            ]
        ),
        [VendorRuleViolation("segment.payload.size", "at least 32,215 bytes", limit: "at most 32,000 bytes per call")]
    ),
    RuleCase(
        "empty event",
        SegmentTag.track(event: "", properties: [:]),
        [VendorRuleViolation("segment.track.event.empty", "\"\"", limit: "an event name")]
    ),
    RuleCase(
        "event not in title case",
        SegmentTag.track(event: "podcast played", properties: [:]),
        [
            VendorRuleViolation(
                "segment.track.event.titleCase",
                quoted("podcast played"),
                limit: "words in title case, object then past-tense verb (\"Podcast Played\")"
            )
        ]
    ),
    RuleCase(
        "revenue as text",
        SegmentTag.track(event: "Order Completed", properties: ["revenue": "9.99"]),
        [VendorRuleViolation("segment.track.revenue.number", "revenue: \"9.99\"", limit: "a number")]
    ),
    RuleCase(
        "value as text",
        SegmentTag.track(event: "Order Completed", properties: ["value": "10"]),
        [VendorRuleViolation("segment.track.value.number", "value: \"10\"", limit: "a number")]
    ),
    RuleCase(
        "a name property on a screen",
        SegmentTag.screen(name: "Favorites", properties: ["name": "Favorites"]),
        [
            VendorRuleViolation(
                "segment.screen.name.reserved",
                "name: \"Favorites\"",
                limit: "not a property: a screen's name is its own"
            )
        ]
    ),
    RuleCase(
        "a call of 32,001 bytes",
        SegmentTag.track(event: "Podcast Played", properties: ["notes": .string(text(31_791))]),
        [VendorRuleViolation("segment.payload.size", "at least 32,001 bytes", limit: "at most 32,000 bytes per call")]
    ),
    RuleCase(
        "currency in lowercase",
        SegmentTag.track(event: "Order Completed", properties: ["currency": "eur"]),
        [
            VendorRuleViolation(
                "segment.track.currency.code",
                "currency: \"eur\"",
                limit: "an ISO 4217 code such as \"EUR\""
            )
        ]
    ),
    RuleCase(
        "currency of four letters",
        SegmentTag.track(event: "Order Completed", properties: ["currency": "EURO"]),
        [
            VendorRuleViolation(
                "segment.track.currency.code",
                "currency: \"EURO\"",
                limit: "an ISO 4217 code such as \"EUR\""
            )
        ]
    ),
    RuleCase(
        "properties that differ only by case",
        SegmentTag.screen(name: "Favorites", properties: ["Title": "a", "title": "a"]),
        [
            VendorRuleViolation(
                "segment.propertyName.case",
                "\"Title\", \"title\"",
                limit: "names that differ only by case are different properties"
            )
        ]
    ),
    RuleCase(
        "identify with an empty user ID",
        SegmentTag.identify(userID: "", traits: [:]),
        [VendorRuleViolation("segment.identify.userID.empty", "\"\"", limit: "a user ID, or none (anonymous)")]
    ),
    RuleCase(
        "identify with a blank user ID",
        SegmentTag.identify(userID: " ", traits: [:]),
        [VendorRuleViolation("segment.identify.userID.empty", quoted(" "), limit: "a user ID, or none (anonymous)")]
    ),
    RuleCase(
        "identify, group and alias with IDs written from optionals",
        SegmentTag.identify(userID: "Optional(\"42\")", traits: [:]),
        [
            VendorRuleViolation(
                "segment.identify.userID.optional",
                quoted("Optional(\"42\")"),
                limit: "an ID, not an optional's description: unwrap it before interpolating"
            )
        ]
    ),
    RuleCase(
        "group with an empty group ID and a blank trait name",
        SegmentTag.group(groupID: "", traits: ["\u{FEFF}": 1]),
        [
            VendorRuleViolation("segment.group.groupID.empty", "\"\"", limit: "a group ID"),
            VendorRuleViolation("segment.propertyName.empty", #""\u{FEFF}""#, limit: "a name"),
        ]
    ),
    RuleCase(
        "group with an ID written from an optional",
        SegmentTag.group(groupID: "Optional(\"team\")", traits: [:]),
        [
            VendorRuleViolation(
                "segment.group.groupID.optional",
                quoted("Optional(\"team\")"),
                limit: "an ID, not an optional's description: unwrap it before interpolating"
            )
        ]
    ),
    RuleCase(
        "alias with an empty new ID",
        SegmentTag.alias(newID: ""),
        [VendorRuleViolation("segment.alias.newID.empty", "\"\"", limit: "a user ID")]
    ),
    RuleCase(
        "alias with an ID written from an optional",
        SegmentTag.alias(newID: "Optional(42)"),
        [
            VendorRuleViolation(
                "segment.alias.newID.optional",
                quoted("Optional(42)"),
                limit: "an ID, not an optional's description: unwrap it before interpolating"
            )
        ]
    ),
    RuleCase(
        "event name of a zero-width space",
        SegmentTag.track(event: "\u{200B}", properties: [:]),
        [VendorRuleViolation("segment.track.event.empty", #""\u{200B}""#, limit: "an event name")]
    ),
    RuleCase(
        "event name of one space",
        SegmentTag.track(event: " ", properties: [:]),
        [VendorRuleViolation("segment.track.event.empty", quoted(" "), limit: "an event name")]
    ),
    RuleCase(
        "revenue of infinity",
        SegmentTag.track(event: "Order Completed", properties: ["revenue": .double(-.infinity)]),
        [VendorRuleViolation("segment.number.finite", "revenue: -inf", limit: "a finite number")]
    ),
]

private let batchNameRule = "1 to 30 of [a-zA-Z0-9_]"

let batchCases: [RuleCase] = [
    RuleCase("event name of 30 characters", BatchTag.event(text(30))),
    RuleCase("20 attributes", BatchTag.event("play_podcast", properties(20))),
    RuleCase("string value of 300 characters", BatchTag.event("play_podcast", ["title": .string(text(300))])),
    RuleCase(
        "label of 200 characters and 10 tags of 64",
        BatchTag.event("play_podcast", label: text(200), tags: Array(repeating: text(64), count: 10))
    ),
    RuleCase("array of 25 items", BatchTag.event("play_podcast", ["ids": .array(Array(repeating: "x", count: 25))])),
    RuleCase("arrays nested 3 levels", BatchTag.event("play_podcast", ["ids": [[["x"]]]])),
    RuleCase("a carriage return, which Batch does not check", BatchTag.event("play_podcast", ["title": "a\rb"])),
    RuleCase("custom user ID of 1024 characters", BatchTag.customUserID(text(1024))),
    RuleCase("logout", BatchTag.customUserID(nil)),
    RuleCase(
        "event name of 31 characters",
        BatchTag.event(text(31)),
        [VendorRuleViolation("batch.eventName.format", quoted(text(31)), limit: batchNameRule)]
    ),
    RuleCase(
        "event name with a dash",
        BatchTag.event("play-podcast"),
        [VendorRuleViolation("batch.eventName.format", quoted("play-podcast"), limit: batchNameRule)]
    ),
    RuleCase(
        "empty event name",
        BatchTag.event(""),
        [VendorRuleViolation("batch.eventName.format", quoted(""), limit: batchNameRule)]
    ),
    RuleCase(
        "attribute key with a space",
        BatchTag.event("play_podcast", ["podcast title": "x"]),
        [VendorRuleViolation("batch.attributeKey.format", quoted("podcast title"), limit: batchNameRule)]
    ),
    RuleCase(
        "attribute keys that differ only by case",
        BatchTag.event("play_podcast", ["Title": "a", "title": "a"]),
        [
            VendorRuleViolation(
                "batch.attributeKey.case",
                "\"Title\", \"title\"",
                limit: "keys that differ only by case are one attribute"
            )
        ]
    ),
    RuleCase(
        "21 attributes",
        BatchTag.event("play_podcast", properties(21)),
        [VendorRuleViolation("batch.attributeCount", "21 attributes", limit: "at most 20")]
    ),
    RuleCase(
        "empty string value",
        BatchTag.event("play_podcast", ["title": ""]),
        [VendorRuleViolation("batch.stringValue.length", "title: 0 characters", limit: "1 to 300 characters")]
    ),
    RuleCase(
        "string value of 301 characters",
        BatchTag.event("play_podcast", ["title": .string(text(301))]),
        [VendorRuleViolation("batch.stringValue.length", "title: 301 characters", limit: "1 to 300 characters")]
    ),
    RuleCase(
        "blank string value",
        BatchTag.event("play_podcast", ["title": "   "]),
        [VendorRuleViolation("batch.stringValue.blank", "title: \"   \"", limit: "not blank")]
    ),
    RuleCase(
        "301 spaces: too long, and blank",
        BatchTag.event("play_podcast", ["title": .string(text(301, " "))]),
        [
            VendorRuleViolation("batch.stringValue.length", "title: 301 characters", limit: "1 to 300 characters"),
            VendorRuleViolation(
                "batch.stringValue.blank",
                "title: \(cut(text(64, " "), units: 301))",
                limit: "not blank"
            ),
        ]
    ),
    RuleCase(
        "arrays nested 4 levels",
        BatchTag.event("play_podcast", ["ids": [[[["x"]]]]]),
        [VendorRuleViolation("batch.nesting", "ids: 4 levels", limit: "at most 3 levels")]
    ),
    RuleCase(
        "string value with a line break",
        BatchTag.event("play_podcast", ["title": "a\nb"]),
        [VendorRuleViolation("batch.stringValue.newline", "title: \"a\\nb\"", limit: "no line break")]
    ),
    RuleCase(
        "label of 201 characters",
        BatchTag.event("play_podcast", label: text(201)),
        [VendorRuleViolation("batch.label.length", cut(text(64), characters: 201), limit: "at most 200 characters")]
    ),
    RuleCase(
        "11 tags",
        BatchTag.event("play_podcast", tags: Array(repeating: "t", count: 11)),
        [VendorRuleViolation("batch.tagCount", "11 tags", limit: "at most 10")]
    ),
    RuleCase(
        "tag of 65 characters",
        BatchTag.event("play_podcast", tags: [text(65)]),
        [VendorRuleViolation("batch.tag.length", cut(text(64), characters: 65), limit: "at most 64 characters")]
    ),
    RuleCase(
        "array of 26 items",
        BatchTag.event("play_podcast", ["ids": .array(Array(repeating: "x", count: 26))]),
        [VendorRuleViolation("batch.array.length", "ids: 26 items", limit: "at most 25")]
    ),
    RuleCase(
        "custom user ID of 1025 characters",
        BatchTag.customUserID(text(1025)),
        [VendorRuleViolation("batch.customUserID.length", "1,025 characters", limit: "at most 1,024 characters")]
    ),
    RuleCase(
        "a value of NaN",
        BatchTag.event("play_podcast", ["rating": .double(.nan)]),
        [VendorRuleViolation("batch.number.finite", "rating: nan", limit: "a finite number")]
    ),
    RuleCase(
        "an empty custom user ID",
        BatchTag.customUserID(""),
        [VendorRuleViolation("batch.customUserID.empty", "\"\"", limit: blankIDLimit)]
    ),
    RuleCase(
        "a custom user ID written from an optional",
        BatchTag.customUserID("Optional(\"42\")"),
        [
            VendorRuleViolation(
                "batch.customUserID.optional",
                quoted("Optional(\"42\")"),
                limit: "an ID, not an optional's description: unwrap it before interpolating"
            )
        ]
    ),
]

private let pianoKeyRule = "letters, digits and _, starting with a letter from a to z"

let pianoCases: [RuleCase] = [
    RuleCase("key of 40 characters", PianoTag.event("click.action", [text(40): "x"])),
    RuleCase("string value of 255 characters", PianoTag.event("click.action", ["podcast_title": .string(text(255))])),
    RuleCase("array of 20 items", PianoTag.event("click.action", ["ids": .array(Array(repeating: "x", count: 20))])),
    RuleCase("a key with an accented letter, as the SDK's \\w allows", PianoTag.event("click.action", ["prix_é": 1])),
    RuleCase(
        "key of 41 characters",
        PianoTag.event("click.action", [text(41): "x"]),
        [
            VendorRuleViolation(
                "piano.propertyKey.length",
                quoted(text(41), characters: 41),
                limit: "at most 40 characters"
            )
        ]
    ),
    RuleCase(
        "key with a capital, which Piano lowercases",
        PianoTag.event("click.action", ["podcastTitle": "x"]),
        [
            VendorRuleViolation(
                "piano.propertyKey.lowercased",
                quoted("podcastTitle"),
                limit: "lowercase, as Piano stores it (\"podcasttitle\")"
            )
        ]
    ),
    RuleCase(
        "key with a dot",
        PianoTag.event("click.action", ["podcast.title": "x"]),
        [VendorRuleViolation("piano.propertyKey.format", quoted("podcast.title"), limit: pianoKeyRule)]
    ),
    RuleCase(
        "key starting with a digit",
        PianoTag.event("click.action", ["1st_play": "x"]),
        [VendorRuleViolation("piano.propertyKey.format", quoted("1st_play"), limit: pianoKeyRule)]
    ),
    RuleCase(
        "key with the m_ prefix",
        PianoTag.event("click.action", ["m_title": "x"]),
        [VendorRuleViolation("piano.propertyKey.reservedPrefix", quoted("m_title"), limit: "no \"m_\" prefix")]
    ),
    RuleCase(
        "key with the visit_ prefix",
        PianoTag.event("click.action", ["visit_id": "x"]),
        [VendorRuleViolation("piano.propertyKey.reservedPrefix", quoted("visit_id"), limit: "no \"visit_\" prefix")]
    ),
    RuleCase(
        "string value of 256 characters",
        PianoTag.event("click.action", ["podcast_title": .string(text(256))]),
        [
            VendorRuleViolation(
                "piano.stringValue.length",
                "podcast_title: 256 characters",
                limit: "at most 255 characters"
            )
        ]
    ),
    RuleCase(
        "array of 21 items",
        PianoTag.event("click.action", ["ids": .array(Array(repeating: "x", count: 21))]),
        [VendorRuleViolation("piano.array.length", "ids: 21 items", limit: "at most 20")]
    ),
    RuleCase(
        "keys that differ only by case",
        PianoTag.event("click.action", ["title": "a", "Title": "b"]),
        [
            VendorRuleViolation(
                "piano.propertyKey.lowercased",
                quoted("Title"),
                limit: "lowercase, as Piano stores it (\"title\")"
            ),
            VendorRuleViolation(
                "piano.propertyKey.case",
                "\"Title\", \"title\"",
                limit: "keys that differ only by case are one property"
            ),
        ]
    ),
    RuleCase(
        "empty event name",
        PianoTag.event(""),
        [VendorRuleViolation("piano.eventName.empty", "\"\"", limit: "an event name")]
    ),
    RuleCase(
        "blank event name",
        PianoTag.event("  "),
        [VendorRuleViolation("piano.eventName.empty", quoted("  "), limit: "an event name")]
    ),
    RuleCase(
        "a user ID written from an optional",
        PianoTag.setUser(id: "Optional(\"42\")", category: nil),
        [
            VendorRuleViolation(
                "piano.userID.optional",
                quoted("Optional(\"42\")"),
                limit: "an ID, not an optional's description: unwrap it before interpolating"
            )
        ]
    ),
    RuleCase(
        "a user ID of a no-break space",
        PianoTag.setUser(id: "\u{A0}", category: nil),
        [VendorRuleViolation("piano.userID.empty", quoted("\u{A0}"), limit: blankIDLimit)]
    ),
    RuleCase("a user ID that only looks like one", PianoTag.setUser(id: "Optional", category: nil)),
    RuleCase(
        "a value of NaN",
        PianoTag.event("click.action", ["rating": .double(.nan)]),
        [VendorRuleViolation("piano.number.finite", "rating: nan", limit: "a finite number")]
    ),
]

let allRuleCases = firebaseCases + mixpanelCases + amplitudeCases + segmentCases + batchCases + pianoCases

@Suite struct VendorRuleTests {
    @Test(arguments: allRuleCases)
    func eachTagBreaksExactlyTheRulesExpected(_ ruleCase: RuleCase) {
        #expect(ruleCase.tag.ruleViolations == ruleCase.expected)
    }

    /// White space told in ASCII by its value is Unicode's (tab to carriage return, and space), and no ASCII scalar
    /// is invisible: the blank tests agree with the scalars' properties.
    @Test func asciiWhiteSpaceToldByItsValueIsUnicodes() {
        for scalar in (0..<128).map({ Unicode.Scalar(UInt8($0)) }) {
            let properties = scalar.properties
            #expect(Rules.isBlank(scalar, orInvisible: false) == properties.isWhitespace, "\(scalar.value)")
            #expect(Rules.isBlank(scalar) == (properties.isWhitespace || properties.isDefaultIgnorableCodePoint))
        }
    }

    @Test func thereAreAtLeastFortyValidAndFortyInvalidTagsCoveringEveryVendor() {
        #expect(allRuleCases.filter(\.isValid).count >= 40)
        #expect(allRuleCases.filter { !$0.isValid }.count >= 40)
        for cases in [firebaseCases, mixpanelCases, amplitudeCases, segmentCases, batchCases, pianoCases] {
            let valid = cases.filter(\.isValid).count
            #expect(valid > 0 && valid < cases.count)
        }
    }

    /// Rules that only a set of tags can break, each with the test that breaks it.
    static let rulesAcrossTags: Set<String> = [
        "firebase.distinctEventNames", "firebase.distinctUserProperties", "firebase.nameCase",
        "mixpanel.nameCase", "mixpanel.distinctEventNames", "amplitude.distinctEventTypes", "amplitude.nameCase",
        "segment.nameCase", "piano.nameCase",
    ]

    @Test func everyRuleInTheCatalogHasATagThatBreaksIt() {
        let catalog = Set(VendorLimits.consequences.keys)
        let broken = Set(allRuleCases.flatMap { $0.expected.map(\.rule) }).union(Self.rulesAcrossTags)
        #expect(catalog.subtracting(broken).sorted() == [])
        #expect(broken.subtracting(catalog).sorted() == [])
    }

    @Test func firebaseCountsDistinctEventNamesAndUserPropertiesAcrossTags() {
        let fiveHundred = (0..<500).map { FirebaseTag.event("event_\($0)") }
        let twentyFive = (0..<25).map { FirebaseTag.userProperty(name: "property_\($0)", value: "1") }
        #expect(FirebaseTag.ruleViolations(across: fiveHundred + twentyFive + fiveHundred) == [])

        let more = fiveHundred + [.event("event_500")] + twentyFive + [.userProperty(name: "property_25", value: nil)]
        #expect(
            FirebaseTag.ruleViolations(across: more) == [
                VendorRuleViolation("firebase.distinctEventNames", "501 event names", limit: "at most 500 per app"),
                VendorRuleViolation(
                    "firebase.distinctUserProperties",
                    "26 user properties",
                    limit: "at most 25 per app"
                ),
            ]
        )
    }

    /// Firebase's event names and user properties are told apart: two findings, not one shown twice.
    @Test func firebaseEventsAndUserPropertiesThatDifferOnlyByCaseAreTwoFindings() {
        let tags: [FirebaseTag] = [
            .event("Foo"), .event("foo"),
            .userProperty(name: "Foo", value: "1"), .userProperty(name: "foo", value: "1"),
        ]
        #expect(
            FirebaseTag.ruleViolations(across: tags).map(\.description) == [
                #"firebase.nameCase: "Foo", "foo" breaks names that differ only by case are different events"#,
                #"firebase.nameCase: "Foo", "foo" breaks names that differ only by case are different user properties"#,
            ]
        )
    }

    @Test func namesThatDifferOnlyByCaseAreFoundAcrossTags() {
        #expect(
            FirebaseTag.ruleViolations(across: [.event("podcast_played"), .event("Podcast_Played"), .event("paused")])
                == [
                    VendorRuleViolation(
                        "firebase.nameCase",
                        "\"Podcast_Played\", \"podcast_played\"",
                        limit: "names that differ only by case are different events"
                    )
                ]
        )
        #expect(
            MixpanelTag.ruleViolations(across: [
                .track(event: "Played", properties: [:]), .track(event: "played", properties: [:]),
            ]) == [
                VendorRuleViolation(
                    "mixpanel.nameCase",
                    "\"Played\", \"played\"",
                    limit: "names that differ only by case are different events"
                )
            ]
        )
    }

    @Test func eventNamesThatDifferOnlyByCaseAreFoundForEveryVendor() {
        let limit = "names that differ only by case are different events"
        #expect(
            AmplitudeTag.ruleViolations(across: [
                .track(eventType: "Played", eventProperties: [:]), .track(eventType: "played", eventProperties: [:]),
            ])
                == [VendorRuleViolation("amplitude.nameCase", "\"Played\", \"played\"", limit: limit)]
        )
        #expect(
            SegmentTag.ruleViolations(across: [
                .track(event: "Podcast Played", properties: [:]), .track(event: "Podcast played", properties: [:]),
            ])
                == [VendorRuleViolation("segment.nameCase", "\"Podcast Played\", \"Podcast played\"", limit: limit)]
        )
        #expect(
            PianoTag.ruleViolations(across: [.event("click.Action"), .event("click.action")])
                == [VendorRuleViolation("piano.nameCase", "\"click.Action\", \"click.action\"", limit: limit)]
        )
    }

    @Test func mixpanelWarnsPastItsSoftLimitOfEventNames() {
        let names = (0..<5_001).map { MixpanelTag.track(event: "event_\($0)", properties: [:]) }
        #expect(MixpanelTag.ruleViolations(across: Array(names.prefix(5_000))) == [])
        #expect(
            MixpanelTag.ruleViolations(across: names) == [
                VendorRuleViolation(
                    "mixpanel.distinctEventNames",
                    "5,001 event names",
                    limit: "at most 5,000 (a soft limit)"
                )
            ]
        )
    }

    @Test func theConsequenceOfARuleComesFromTheCatalog() {
        #expect(VendorRuleViolation("firebase.eventName.reserved", "", limit: "").consequence == .tagDropped)
        #expect(VendorRuleViolation("firebase.parameterValue.length", "", limit: "").consequence == .dataLost)
        #expect(VendorRuleViolation("segment.track.event.titleCase", "", limit: "").consequence == .advisory)
        // Amplitude's `Identify` drops an empty user property name; nothing drops an event's.
        #expect(VendorRuleViolation("amplitude.userPropertyName.empty", "", limit: "").consequence == .dataLost)
        #expect(VendorRuleViolation("amplitude.propertyName.empty", "", limit: "").consequence == .advisory)
    }

    @Test func amplitudeCountsEventTypesAcrossTags() {
        let types = (0..<2_001).map { AmplitudeTag.track(eventType: "Event \($0)", eventProperties: [:]) }
        #expect(AmplitudeTag.ruleViolations(across: Array(types.prefix(2_000))) == [])
        #expect(
            AmplitudeTag.ruleViolations(across: types) == [
                VendorRuleViolation(
                    "amplitude.distinctEventTypes",
                    "2,001 event types",
                    limit: "at most 2,000 per project"
                )
            ]
        )
    }

    @Test func aViolationReadsAsRuleSubjectAndLimit() {
        #expect(
            FirebaseTag.event(text(41)).ruleViolations.map(\.description) == [
                "firebase.eventName.length: \(quoted(text(41), units: 41)) breaks 1 to 40 UTF-16 units"
            ]
        )
    }
}

@Suite struct VendorRuleLowercaseTests {
    /// Piano reports a key that lowercasing changes, read on its bytes: ASCII, runs of two-byte
    /// scalars (Greek, Latin), and scalars of three bytes (Roman numerals) or four.
    @Test func aKeyIsLowercaseOnlyIfLowercasingLeavesEveryScalarAsItIs() {
        let keys = [
            "σίγμα_x", "ΣΙΓΜΑ", "ab_Σ", "x_ǅ", "x_Ⅻ", "x_ⅻ", "x_名前", "x_𐐀", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaX",
        ]
        let changing = keys.filter { key in
            PianoTag.event("play", [key: 1]).ruleViolations.contains { $0.rule == "piano.propertyKey.lowercased" }
        }
        #expect(changing == ["ΣΙΓΜΑ", "ab_Σ", "x_ǅ", "x_Ⅻ", "x_𐐀", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaX"])
    }
}

@Suite struct VendorRuleScriptTests {
    /// Firebase's names are read on their bytes: letters of one, two, three and four bytes pass;
    /// a digit or a mark first, or a symbol anywhere, does not.
    @Test func firebaseNamesAcceptLettersAndDigitsOfEveryScriptOnly() {
        // キ (U+30AD) and ₭ (U+20AD, a currency sign) share their low bits: looked up in one slot.
        let names = [
            "écouter_1", "σίγμα", "名前_２", "𝒜bc", "Ⅻ_x", "٣abc", "a_😀", "a_\u{301}", "a-b", "キキ₭", "キ₭キ", "₭キ",
        ]
        let accepted = names.filter { FirebaseTag.event($0).ruleViolations.isEmpty }
        #expect(accepted == ["écouter_1", "σίγμα", "名前_２", "𝒜bc"])
        #expect(
            FirebaseTag.event("a_😀").ruleViolations.map(\.description) == [
                #"firebase.eventName.characters: "a_😀" breaks letters, digits and _ only, starting with a letter"#
            ]
        )
    }
}
