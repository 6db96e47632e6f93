import Foundation

/// A type that chooses its own one-line text in snapshots and tracking plans.
///
/// Without it, a value is written from its structure (see ``snapshotDescription(of:)``). Adopt it
/// when a shorter text says the same, for a vendor tag whose SDK call reads better than its
/// fields. The text must be stable: no addresses, no dates of the run, no dictionary in its
/// iteration order. Use ``snapshotDescription(of:)`` for the values inside it.
///
/// ```swift
/// public struct AdNetworkTag: Sendable, Hashable {  // in the app
///     public var event: String
///     public var values: [String: String]
/// }
///
/// extension AdNetworkTag: CustomSnapshotStringConvertible {  // in its tests
///     // `public`, as the tag is; and `TagHubTesting.`, since `snapshotDescription` alone is this property.
///     public var snapshotDescription: String {
///         "track(\(TagHubTesting.snapshotDescription(of: event)), \(TagHubTesting.snapshotDescription(of: values)))"
///     }
/// }
/// ```
public protocol CustomSnapshotStringConvertible {
    /// The one-line text of this value in snapshots and tracking plans.
    var snapshotDescription: String { get }
}

/// The one-line text of `value` in snapshots and tracking plans: the same on every run for the
/// same value, whatever order a dictionary or set keeps.
///
/// - Strings are quoted and escaped as Swift literals, so a line break or a control character in
///   a value never starts a new line or hides in the file.
/// - Dictionary entries are sorted by their keys' text (then their values' text, for keys that read
///   the same) and set elements by their own text, comparing Unicode scalars, never the locale.
/// - Enums read `caseName(payload)`, structs and classes `TypeName(field: value, …)`, optionals
///   their value or `nil`. Their `description`, if any, is not used: a custom one may hide fields
///   or print a dictionary in its iteration order. An object met again inside itself reads
///   `TypeName(…)`, and values nested deeper than 64 levels read `…`.
/// - A value with no fields (an enum case without payload, a number, a boolean) reads as its
///   `description`, with line breaks and control characters escaped. Pointers read
///   `TypeName(…)`, never their address.
/// - `Date` reads as its seconds since 1970 (`Date(1700000000.5)`), `Data` as hexadecimal
///   (`Data(00ab10)`), `URL`, `UUID`, `Decimal`, `TimeZone`, `Locale`, `Calendar` and `NSNumber`
///   by their value or identifier.
/// - A type adopting ``CustomSnapshotStringConvertible`` reads as its `snapshotDescription`, with
///   line breaks and control characters escaped.
///
/// ```swift
/// let tag = TrackerTag.play(name: "play_podcast_from_favorites", title: "Swift Talk")
/// #expect(snapshotDescription(of: tag) == #"play(name: "play_podcast_from_favorites", title: "Swift Talk")"#)
/// #expect(snapshotDescription(of: ["title": "Swift Talk", "duration": "1800"]) == #"["duration": "1800", "title": "Swift Talk"]"#)
/// ```
public func snapshotDescription(of value: Any) -> String {
    var writer = SnapshotTextWriter()
    writer.write(value)
    return writer.text
}

/// Writes values as ``snapshotDescription(of:)`` describes.
struct SnapshotTextWriter {
    private(set) var text = ""
    /// The objects being written, to cut reference cycles.
    private var openObjects: Set<ObjectIdentifier> = []
    private var depth = 0

    /// Deeper than this, a value is written as `…`: a bound for recursive types.
    private static let maxDepth = 64

    mutating func write(_ value: Any) {
        if let custom = value as? any CustomSnapshotStringConvertible {
            text += Self.oneLine(custom.snapshotDescription)
            return
        }
        if writeFoundationValue(value) { return }
        switch value {
        case let string as String: text += Self.quoted(string)
        case let string as StaticString: text += Self.quoted("\(string)")
        case let substring as Substring: text += Self.quoted(String(substring))
        case let character as Character: text += Self.quoted(String(character))
        case let scalar as Unicode.Scalar: text += Self.quoted(String(scalar))
        default: writeStructure(of: value)
        }
    }

    private mutating func writeStructure(of value: Any) {
        if Self.isPointer(value) {
            text += "\(typeName(of: value))(…)"
            return
        }
        let mirror = Mirror(reflecting: value)
        guard depth < Self.maxDepth else {
            text += "…"
            return
        }
        depth += 1
        defer { depth -= 1 }
        switch mirror.displayStyle {
        case .optional:
            if let wrapped = mirror.children.first { write(wrapped.value) } else { text += "nil" }
        case .enum:
            guard let payload = mirror.children.first else {
                text += Self.oneLine(String(describing: value))
                return
            }
            text += payload.label ?? String(describing: value)
            let fields = Mirror(reflecting: payload.value)
            if fields.displayStyle == .tuple {
                writeFields(fields.children, open: "(", close: ")")
            } else {
                text += "("
                write(payload.value)
                text += ")"
            }
        case .tuple:
            writeFields(mirror.children, open: "(", close: ")")
        case .collection:
            writeList(mirror.children.map { element in element.value }, sorted: false)
        case .set:
            writeList(mirror.children.map { element in element.value }, sorted: true)
        case .dictionary:
            writeDictionary(mirror)
        case .struct, .class:
            writeObject(value, mirror: mirror)
        default:
            // Numbers, booleans, and types with a custom mirror but no display style.
            if mirror.children.isEmpty {
                text += Self.oneLine(String(describing: value))
            } else {
                writeFields(mirror.children, open: "\(typeName(of: value))(", close: ")")
            }
        }
    }

    private mutating func writeObject(_ value: Any, mirror: Mirror) {
        var objectID: ObjectIdentifier?
        if mirror.displayStyle == .class {
            let id = ObjectIdentifier(value as AnyObject)
            guard !openObjects.contains(id) else {
                text += "\(typeName(of: value))(…)"
                return
            }
            openObjects.insert(id)
            objectID = id
        }
        defer { objectID.map { _ = openObjects.remove($0) } }
        var children: [Mirror.Child] = []
        var current: Mirror? = mirror
        var lineage: [Mirror] = []
        while let level = current {
            lineage.append(level)
            current = level.superclassMirror
        }
        for level in lineage.reversed() { children += level.children }
        if children.isEmpty && mirror.displayStyle == .struct {
            // A struct whose mirror shows nothing: its text is all there is.
            text += Self.oneLine(String(describing: value))
            return
        }
        writeFields(children, open: "\(typeName(of: value))(", close: ")")
    }

    private mutating func writeFields(_ children: some Collection<Mirror.Child>, open: String, close: String) {
        text += open
        var isFirst = true
        for child in children {
            if !isFirst { text += ", " }
            isFirst = false
            if let label = child.label, !label.hasPrefix(".") {
                text += "\(label): "
            }
            write(child.value)
        }
        text += close
    }

    private mutating func writeList(_ elements: [Any], sorted: Bool) {
        var parts = elements.map { element in nested(element) }
        if sorted { parts.sort(by: Self.scalarOrder) }
        text += "[" + parts.joined(separator: ", ") + "]"
    }

    private mutating func writeDictionary(_ mirror: Mirror) {
        guard !mirror.children.isEmpty else {
            text += "[:]"
            return
        }
        var entries: [(key: String, value: String)] = []
        for child in mirror.children {
            let pair = Array(Mirror(reflecting: child.value).children)
            guard pair.count == 2 else { continue }
            entries.append((nested(pair[0].value), nested(pair[1].value)))
        }
        // Keys may read the same (a NaN, two objects with equal fields): their values decide.
        entries.sort { left, right in
            left.key == right.key ? Self.scalarOrder(left.value, right.value) : Self.scalarOrder(left.key, right.key)
        }
        text += "[" + entries.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "]"
    }

    /// `value` written on its own, for sorting, at this depth and inside the same objects.
    private func nested(_ value: Any) -> String {
        var writer = SnapshotTextWriter()
        writer.depth = depth
        writer.openObjects = openObjects
        writer.write(value)
        return writer.text
    }

    private mutating func writeFoundationValue(_ value: Any) -> Bool {
        switch value {
        case let date as Date: text += "Date(\(date.timeIntervalSince1970))"
        case let url as URL: text += "URL(\(Self.quoted(url.absoluteString)))"
        case let uuid as UUID: text += "UUID(\(uuid.uuidString))"
        case let decimal as Decimal: text += "\(decimal)"
        case let data as Data: text += "Data(\(data.map { Self.hexByte($0) }.joined()))"
        case let timeZone as TimeZone: text += "TimeZone(\(timeZone.identifier))"
        case let locale as Locale: text += "Locale(\(locale.identifier))"
        case let calendar as Calendar:
            text +=
                "Calendar(\(calendar.identifier), \(calendar.timeZone.identifier), \(calendar.locale?.identifier ?? "nil"))"
        case let number as NSNumber where type(of: value) is NSNumber.Type: text += "NSNumber(\(number))"
        default: return false
        }
        return true
    }

    /// Whether `value` is a pointer, whose address changes from run to run.
    private static func isPointer(_ value: Any) -> Bool {
        let name = String(describing: type(of: value))
        return name == "OpaquePointer" || (name.hasPrefix("Unsafe") && name.contains("Pointer"))
    }

    /// `text` with every line break and control character escaped: for text that comes from a
    /// `description` or a ``CustomSnapshotStringConvertible``, which may hold any character.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        return escaped(text, quotes: false)
    }

    private func typeName(of value: Any) -> String {
        String(describing: type(of: value))
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]])
    }

    /// Orders texts by their Unicode scalars: the same on every machine, unlike the locale's order.
    static func scalarOrder(_ left: String, _ right: String) -> Bool {
        left.unicodeScalars.lexicographicallyPrecedes(right.unicodeScalars)
    }

    /// `string` as a Swift string literal: quotes, backslashes, and every scalar that would break or
    /// hide in a line, escaped.
    static func quoted(_ string: String) -> String {
        "\"" + escaped(string, quotes: true) + "\""
    }

    /// `text` with line breaks, tabs and invisible scalars escaped as in a Swift string literal;
    /// quotes and backslashes too when `quotes`.
    private static func escaped(_ text: String, quotes: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"" where quotes: result += "\\\""
            case "\\" where quotes: result += "\\\\"
            case "\0" where quotes: result += "\\0"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if needsEscape(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// Control characters, line and paragraph separators, and invisible formatting characters
    /// (except the zero-width joiner that emoji sequences need).
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        case .format: scalar.value != 0x200D
        default: false
        }
    }
}
