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
    /// Built without recursion, so that a value nested to any depth is converted on any thread
    /// (a helper that recursed into arrays overflowed a 512 KiB thread's stack a few thousand
    /// levels deep). What comes after is the SDK's and Swift's: serializing the result, or
    /// releasing it (Swift releases nested arrays recursively), may still exhaust a thread's stack
    /// when it is nested thousands deep. Keep values shallow; only Batch's rules bound nesting.
    public var jsonObject: Any {
        guard case .array(let top) = self else { return scalarJSONObject }
        // The arrays being built, from the outermost: each with its elements and how many of them
        // are converted. An array, once built, is appended to the one around it.
        var stack: [(elements: [AnalyticsValue], next: Int, built: [Any])] = [(top.elements, 0, [])]
        stack[0].built.reserveCapacity(top.count)
        while true {
            let last = stack.count - 1
            let next = stack[last].next
            guard next < stack[last].elements.count else {
                let built = stack.removeLast().built
                guard !stack.isEmpty else { return built }
                stack[last - 1].built.append(built)
                continue
            }
            stack[last].next = next + 1
            let element = stack[last].elements[next]
            if case .array(let inner) = element {
                stack.append((inner.elements, 0, []))
                stack[last + 1].built.reserveCapacity(inner.count)
            } else {
                stack[last].built.append(element.scalarJSONObject)
            }
        }
    }

    /// ``jsonObject`` of a value that is not an array.
    private var scalarJSONObject: Any {
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
