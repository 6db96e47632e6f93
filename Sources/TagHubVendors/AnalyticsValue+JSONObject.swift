import TagHub

#if canImport(Foundation)
import Foundation

extension AnalyticsValue {
    /// The value as `JSONSerialization` and the SDKs' `[String: Any]` dictionaries take it: a `String`, an `Int`, a
    /// `Double`, a `Bool`, an `[Any]` of such values, or `NSNull()` for ``null``. A tagger passes it to the SDK:
    ///
    /// ```swift
    /// let properties: [String: AnalyticsValue] = ["title": "Swift Talk", "tags": ["swift", 2], "rating": .null]
    /// let sdkProperties: [String: Any] = properties.mapValues(\.jsonObject)
    /// #expect(sdkProperties["title"] as? String == "Swift Talk")
    /// #expect((sdkProperties["tags"] as? [Any])?.count == 2)
    /// #expect(sdkProperties["rating"] is NSNull)
    /// ```
    ///
    /// Built without recursion, and no deeper than ``jsonObjectDepth``: Swift and SDKs recurse on it.
    public var jsonObject: Any { jsonObject(leaf: \.scalarJSONObject) }
    /// The most arrays nested in one another that ``jsonObject`` builds: one deeper is `NSNull()`.
    public static let jsonObjectDepth = 64
    /// ``jsonObject``, with `leaf` of each value that is not an array.
    func jsonObject(leaf: (AnalyticsValue) -> Any) -> Any {
        var open: [[Any]] = [[]]  // The arrays being built, inside one that holds the result.
        var walk = ValueWalk(self)
        func close() {
            for _ in 0..<walk.ended {
                let built = open.removeLast()
                open[open.count - 1].append(built)
            }
        }
        while let value = walk.next() {
            close()
            if case .array(let values) = value, open.count <= Self.jsonObjectDepth {
                open.append([])
                open[open.count - 1].reserveCapacity(values.count)
            } else {
                walk.skipElements()  // Of an array too deep, which `leaf` makes `NSNull()`.
                open[open.count - 1].append(leaf(value))
            }
        }
        close()
        return open[0][0]
    }

    /// ``jsonObject`` of a value that is not an array, `NSNull()` of an array too deep.
    var scalarJSONObject: Any {
        switch self {
        case .string(let string): string
        case .int(let int): int
        case .double(let double): double
        case .bool(let bool): bool
        case .array, .null: NSNull()
        }
    }
}
#endif
