import TagHub

// Foundation for `NSNull`, the null that `JSONSerialization` and the SDKs' dictionaries take.
#if canImport(Foundation)
import Foundation

extension AnalyticsValue {
    /// The value as `JSONSerialization` and the SDKs' `[String: Any]` dictionaries take it: a
    /// `String`, an `Int`, a `Double`, a `Bool`, an `[Any]` of such values, or `NSNull()` for
    /// ``null``. A tagger passes it to the SDK:
    ///
    /// ```swift
    /// let properties: [String: AnalyticsValue] = ["title": "Swift Talk", "tags": ["swift", 2], "rating": .null]
    /// let sdkProperties: [String: Any] = properties.mapValues(\.jsonObject)
    /// #expect(sdkProperties["title"] as? String == "Swift Talk")
    /// #expect((sdkProperties["tags"] as? [Any])?.count == 2)
    /// #expect(sdkProperties["rating"] is NSNull)
    /// ```
    ///
    /// Built without recursion; but serializing or releasing the result (Swift releases nested
    /// arrays recursively) may exhaust a thread's stack thousands of levels deep: keep values shallow.
    public var jsonObject: Any { jsonObject(leaf: \.scalarJSONObject) }

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
            if case .array(let values) = value {
                open.append([])
                open[open.count - 1].reserveCapacity(values.count)
            } else {
                open[open.count - 1].append(leaf(value))
            }
        }
        close()
        return open[0][0]
    }

    /// ``jsonObject`` of a value that is not an array.
    var scalarJSONObject: Any {
        switch self {
        case .string(let string): string
        case .int(let int): int
        case .double(let double): double
        case .bool(let bool): bool
        case .array: [Any]()
        case .null: NSNull()
        }
    }
}
#endif
