import TagHubVendors

// A tag's shape: its case, how long its texts are, what its dictionaries hold. What makes a check
// slow, said in a line, without the tag's text (which may be 10 KB of invisible scalars).

/// "12 scalars, 30 B, non-ASCII".
func shape(of text: String) -> String {
    let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
    return "\(text.unicodeScalars.count) scalars, \(text.utf8.count) B\(isASCII ? "" : ", non-ASCII")"
}

/// "nil" or the text's shape.
func shape(of text: String?) -> String {
    text.map { shape(of: $0) } ?? "nil"
}

/// What the keys of a dictionary are like: how many, the longest, how many are not ASCII.
func shape(ofKeys keys: some Collection<String>) -> String {
    guard !keys.isEmpty else { return "no keys" }
    let longest = keys.max { $0.utf8.count < $1.utf8.count }!
    let nonASCII = keys.count { key in key.utf8.contains { $0 >= 0x80 } }
    return "\(keys.count) keys (longest \(shape(of: longest)); \(nonASCII) non-ASCII)"
}

/// Counts of values by kind, inside arrays too.
struct ValueCounts {
    var strings = 0
    var longestString = ""
    var ints = 0
    var doubles = 0
    var nonFinite = 0
    var bools = 0
    var nulls = 0
    var arrays = 0
    var longestArray = 0
    var deepest = 0
    var itemLists = 0
    var mostItems = 0

    mutating func add(_ value: AnalyticsValue) {
        // Without recursion, as the checks walk values.
        var stack = [(value, 0)]
        while let (value, depth) = stack.popLast() {
            switch value {
            case .string(let string): addString(string)
            case .int: ints += 1
            case .double(let double): addDouble(double)
            case .bool: bools += 1
            case .null: nulls += 1
            case .array(let elements):
                arrays += 1
                longestArray = max(longestArray, elements.count)
                deepest = max(deepest, depth + 1)
                stack.append(contentsOf: elements.map { ($0, depth + 1) })
            }
        }
    }

    mutating func add(_ value: FirebaseValue) {
        switch value {
        case .string(let string): addString(string)
        case .int: ints += 1
        case .double(let double): addDouble(double)
        case .items(let items):
            itemLists += 1
            mostItems = max(mostItems, items.count)
            for item in items {
                for value in item.values {
                    switch value {
                    case .string(let string): addString(string)
                    case .int: ints += 1
                    case .double(let double): addDouble(double)
                    }
                }
            }
        }
    }

    mutating func addString(_ string: String) {
        strings += 1
        if string.utf8.count > longestString.utf8.count { longestString = string }
    }

    mutating func addDouble(_ double: Double) {
        doubles += 1
        if !double.isFinite { nonFinite += 1 }
    }

    var description: String {
        var parts: [String] = []
        if strings > 0 { parts.append("\(strings) strings (longest \(shape(of: longestString)))") }
        if ints > 0 { parts.append("\(ints) ints") }
        if doubles > 0 { parts.append("\(doubles) doubles (\(nonFinite) not finite)") }
        if bools > 0 { parts.append("\(bools) bools") }
        if nulls > 0 { parts.append("\(nulls) nulls") }
        if arrays > 0 { parts.append("\(arrays) arrays (longest \(longestArray), deepest \(deepest))") }
        if itemLists > 0 { parts.append("\(itemLists) item lists (most items \(mostItems))") }
        return parts.isEmpty ? "no values" : parts.joined(separator: ", ")
    }
}

/// "7 keys (…); values: …".
func shape(of properties: [String: AnalyticsValue]) -> String {
    guard !properties.isEmpty else { return "no properties" }
    var counts = ValueCounts()
    for value in properties.values { counts.add(value) }
    return "\(shape(ofKeys: properties.keys)); values: \(counts.description)"
}

func shape(of parameters: [String: FirebaseValue]) -> String {
    guard !parameters.isEmpty else { return "no parameters" }
    var counts = ValueCounts()
    for value in parameters.values { counts.add(value) }
    return "\(shape(ofKeys: parameters.keys)); values: \(counts.description)"
}

func shape(of tag: FirebaseTag) -> String {
    switch tag {
    case .event(let name, let parameters): "event, name \(shape(of: name)); \(shape(of: parameters))"
    case .screenView(let screenName, let screenClass):
        "screenView, name \(shape(of: screenName)), class \(shape(of: screenClass))"
    case .userProperty(let name, let value): "userProperty, name \(shape(of: name)), value \(shape(of: value))"
    case .userID(let id): "userID \(shape(of: id))"
    case .consent: "consent"
    }
}

func shape(of tag: MixpanelTag) -> String {
    switch tag {
    case .track(let event, let properties): "track, event \(shape(of: event)); \(shape(of: properties))"
    case .identify(let id): "identify \(shape(of: id))"
    case .reset: "reset"
    case .setPeopleProperties(let properties): "setPeopleProperties; \(shape(of: properties))"
    }
}

func shape(of tag: AmplitudeTag) -> String {
    switch tag {
    case .track(let eventType, let properties): "track, event type \(shape(of: eventType)); \(shape(of: properties))"
    case .setUserProperties(let properties): "setUserProperties; \(shape(of: properties))"
    case .setUserID(let id): "setUserID \(shape(of: id))"
    case .setDeviceID(let id): "setDeviceID \(shape(of: id))"
    case .reset: "reset"
    }
}

func shape(of tag: SegmentTag) -> String {
    switch tag {
    case .track(let event, let properties): "track, event \(shape(of: event)); \(shape(of: properties))"
    case .screen(let name, let properties): "screen, name \(shape(of: name)); \(shape(of: properties))"
    case .identify(let userID, let traits): "identify \(shape(of: userID)); traits: \(shape(of: traits))"
    case .group(let groupID, let traits): "group \(shape(of: groupID)); traits: \(shape(of: traits))"
    case .alias(let newID): "alias \(shape(of: newID))"
    case .reset: "reset"
    }
}

func shape(of tag: BatchTag) -> String {
    switch tag {
    case .event(let name, let attributes, let label, let tags):
        "event, name \(shape(of: name)), label \(shape(of: label)), \(tags.count) $tags"
            + (tags.isEmpty ? "" : " (longest \(shape(of: tags.max { $0.utf8.count < $1.utf8.count }!)))")
            + "; \(shape(of: attributes))"
    case .customUserID(let id): "customUserID \(shape(of: id))"
    }
}

func shape(of tag: PianoTag) -> String {
    switch tag {
    case .event(let name, let properties): "event, name \(shape(of: name)); \(shape(of: properties))"
    case .setUser(let id, let category): "setUser \(shape(of: id)), category \(shape(of: category))"
    case .deleteUser: "deleteUser"
    }
}
