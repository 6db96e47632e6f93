import Foundation
import TagHub
import TagHubTestSupport
import TagHubVendors
import Testing

/// The vendor rule checks never crash on values nested deep, on a thread with the smallest stack
/// an app's code runs on: 512 KiB, the default for secondary threads on Apple platforms. They used
/// to recurse, and overflowed at about 400 levels in a debug build and 4,000 in a release one (CI
/// runs this suite in both). Nor does releasing such a value, which Swift did recursively, and
/// which overflowed at about 2,500 levels in a debug build and 4,000 in a release one.
///
/// Each test runs in a child process (an exit test), so that an overflow fails the test instead
/// of ending the run.
///
/// The checks meet 100,000 levels in every run. Building, comparing, hashing and converting such a
/// value take seconds in a debug build: those tests go 100,000 levels deep with
/// `TAGHUB_FULL_SCALE=1` (`TestScale`, a step of `.ci/run`), and ``levels`` in `swift test`.
@Suite(.timeLimit(.minutes(1)), .serialized, .onLowPriorityThreadsOfItsOwn)
struct VendorRuleDepthTests {
    /// How deep the values built, compared, hashed and converted are nested: 100,000 at full scale;
    /// 10,000 in `swift test`, past the 4,000 levels at which a recursion overflowed a 512 KiB
    /// stack in a release build (2,500 in a debug one).
    static let levels = TestScale.count(10_000, fullScale: 100_000)

    #if compiler(>=6.2) && (os(macOS) || os(Linux))
    @Test func checksOfAValueNested100000LevelsDeepEndOnA512KiBThread() async throws {
        let result = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let findings = await onA512KiBThread {
                let deep = nested(100_000, around: .double(.nan))
                let properties: [String: AnalyticsValue] = ["deep": deep]
                return [
                    MixpanelTag.track(event: "Deep", properties: properties).ruleViolations,
                    AmplitudeTag.track(eventType: "Deep", eventProperties: properties).ruleViolations,
                    SegmentTag.track(event: "Deep", properties: properties).ruleViolations,
                    BatchTag.event(name: "deep", attributes: properties, label: nil, tags: []).ruleViolations,
                    PianoTag.event("deep", properties).ruleViolations,
                ]
                .map { $0.map(\.description) } + [[String(deep.description.prefix(12))]]
            }
            let expected = [
                // A check reads at most 16,384 values of a tag: the NaN at the bottom is past them.
                [],
                [],
                // Segment stops walking once the call is past its 32,000 bytes: 15,902 levels in.
                ["segment.payload.size: at least 32,004 bytes breaks at most 32,000 bytes per call"],
                ["batch.nesting: deep: 4 levels breaks at most 3 levels"],  // Batch stops at its bound
                [],
                ["[[[[[[[[[[[["],
            ]
            if findings != expected {
                FileHandle.standardError.write(Data("findings: \(String(describing: findings))\n".utf8))
            }
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self) == "")
    }

    /// `jsonObject` and `sdkProperties` build their arrays without recursion, and no deeper than
    /// `AnalyticsValue.jsonObjectDepth`: what they build is released on the thread that built it,
    /// as a tagger's would be (Swift releases nested `[Any]` recursively; 3,600 levels overflowed).
    @Test func aValueNested100000LevelsDeepIsConvertedAndReleasedOnA512KiBThread() async throws {
        let result = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let seen = await onA512KiBThread { () -> [String] in
                let deep = nested(VendorRuleDepthTests.levels, around: .double(1.5))
                var object: Any? = deep.jsonObject
                var properties: [String: Any]? = SegmentTag.track(event: "Deep", properties: ["deep": deep])
                    .sdkProperties
                let seen = [jsonDepth(of: object!), jsonDepth(of: properties?["deep"] as Any)]
                (object, properties) = (nil, nil)
                return seen.flatMap { [String($0.levels), String(describing: $0.innermost)] }
            }
            if seen != ["64", "<null>", "64", "<null>"] {
                FileHandle.standardError.write(Data("seen: \(seen)\n".utf8))
            }
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self) == "")
    }

    @Test func aValueNested100000LevelsDeepIsBuiltComparedHashedAndReleasedOnA512KiBThread() async throws {
        let result = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let seen = await onA512KiBThread {
                // Released by its last reference, whichever that is: the copy here.
                var deep = nested(VendorRuleDepthTests.levels, around: "leaf")
                let copy = deep
                deep = .null
                let levels = depth(of: copy)
                // Two values in one array, compared, hashed and released together.
                let pair: [AnalyticsValue] = [
                    nested(VendorRuleDepthTests.levels, around: 1), nested(VendorRuleDepthTests.levels, around: 1),
                ]
                let other = nested(VendorRuleDepthTests.levels, around: 2)
                let comparisons = [pair[0] == pair[1], pair[0] == other, Set(pair + [other]).count == 2]
                return [levels, depth(of: pair[1])] + comparisons.map { $0 ? 1 : 0 }
            }
            let levels = VendorRuleDepthTests.levels
            if seen != [levels, levels, 1, 0, 1] {
                FileHandle.standardError.write(Data("seen: \(seen)\n".utf8))
            }
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self) == "")
    }
    #endif

    @Test func aNestedArrayIsChangedAsAnArrayIsWithoutChangingItsCopies() {
        var values: AnalyticsArray = ["a", ["b"]]
        let copy = values
        values.append(3)
        values[0] = "z"
        values.removeFirst()
        #expect(values == [["b"], 3])
        #expect(copy == ["a", ["b"]])
        #expect(values.elements == [.array(["b"]), .int(3)])
        #expect(AnalyticsValue.array(copy).description == "[\"a\", [\"b\"]]")
        #expect(copy.description == "[\"a\", [\"b\"]]")
        #expect(AnalyticsValue.array([1, .double(.nan)]) != .array([1, .double(.nan)]))
        #expect(AnalyticsValue.array([1, [2]]) != .array([1, [3]]))
        #expect(AnalyticsValue.array([1, [2]]) != .array([1, 2]))
        #expect(Set<AnalyticsValue>([[1, [2]], [1, [2]], [[1], 2], 1, "1", 1.0, true, .null]).count == 7)
        guard case .array(let bound) = AnalyticsValue.array([1, 2]) else {
            Issue.record("not an array")
            return
        }
        #expect(bound.map { $0 == 1 } == [true, false])
    }
}

/// `AnalyticsValue.jsonObject`: what a tagger hands to an SDK's `[String: Any]`.
@Suite struct AnalyticsValueJSONObjectTests {
    @Test func eachCaseBecomesWhatJSONSerializationTakes() throws {
        #expect(AnalyticsValue.string("Swift Talk").jsonObject as? String == "Swift Talk")
        #expect(AnalyticsValue.int(1800).jsonObject as? Int == 1800)
        #expect(AnalyticsValue.double(0.5).jsonObject as? Double == 0.5)
        #expect(AnalyticsValue.bool(true).jsonObject as? Bool == true)
        #expect(AnalyticsValue.null.jsonObject is NSNull)
        let array = try #require(AnalyticsValue.array(["swift", [1, [2.5, .null]], [], false]).jsonObject as? [Any])
        #expect(array.count == 4)
        #expect(array[0] as? String == "swift")
        let inner = try #require(array[1] as? [Any])
        #expect(inner.count == 2 && inner[0] as? Int == 1)
        let innermost = try #require(inner[1] as? [Any])
        #expect(innermost.count == 2 && innermost[0] as? Double == 2.5 && innermost[1] is NSNull)
        #expect((array[2] as? [Any])?.isEmpty == true)
        #expect(array[3] as? Bool == false)
    }

    @Test func aValueNestedToTheDepthLimitIsConvertedWhole() {
        #expect(AnalyticsValue.jsonObjectDepth == 64)
        let atLimit = nested(64, around: .double(1.5))
        let whole = jsonDepth(of: atLimit.jsonObject)
        #expect(whole.levels == 64 && whole.innermost as? Double == 1.5)
        let segment = SegmentTag.track(event: "Deep", properties: ["deep": atLimit, "n": .double(.nan)]).sdkProperties
        let sdkWhole = jsonDepth(of: segment["deep"] as Any)
        #expect(sdkWhole.levels == 64 && sdkWhole.innermost as? Double == 1.5 && segment["n"] is NSNull)
    }

    @Test func anArrayPastTheDepthLimitBecomesNull() throws {
        let deeper = nested(65, around: .double(1.5))
        let cut = jsonDepth(of: deeper.jsonObject)
        #expect(cut.levels == 64 && cut.innermost is NSNull)
        let sdkCut = jsonDepth(
            of: SegmentTag.track(event: "Deep", properties: ["deep": deeper]).sdkProperties["deep"] as Any
        )
        #expect(sdkCut.levels == 64 && sdkCut.innermost is NSNull)
        // Its siblings, and the arrays above it, are kept.
        let sides = try #require(AnalyticsValue.array(["a", nested(64, around: "b"), 3]).jsonObject as? [Any])
        #expect(sides.count == 3 && sides[0] as? String == "a" && sides[2] as? Int == 3)
        let side = jsonDepth(of: sides[1])
        #expect(side.levels == 63 && side.innermost is NSNull)
        let data = try JSONSerialization.data(
            withJSONObject: nested(66, around: 1).jsonObject,
            options: .fragmentsAllowed
        )
        #expect(
            String(decoding: data, as: UTF8.self) == String(repeating: "[", count: 64) + "null"
                + String(repeating: "]", count: 64)
        )
    }

    @Test func aTagsPropertiesAreWrittenAsJSONAsTheSDKsWouldWriteThem() throws {
        let properties: [String: AnalyticsValue] = ["title": "Swift Talk", "tags": ["swift", 2], "rating": .null]
        let data = try JSONSerialization.data(withJSONObject: properties.mapValues(\.jsonObject), options: .sortedKeys)
        #expect(String(decoding: data, as: UTF8.self) == #"{"rating":null,"tags":["swift",2],"title":"Swift Talk"}"#)
    }

    /// As with `Double` and Swift's arrays: NaN equals nothing, but an array equals its unchanged
    /// copies without its elements being read.
    @Test func nanEqualsNoValueButAnArrayEqualsItsCopies() {
        let nan = AnalyticsValue.double(.nan)
        #expect(nan != nan)
        let tags: AnalyticsValue = [.double(.nan)]
        let copy = tags
        #expect(tags == copy)
        #expect(tags != [.double(.nan)])
        let doubles = [Double.nan]
        #expect(doubles == doubles)
    }
}

/// `leaf` inside `levels` arrays of one element.
private func nested(_ levels: Int, around leaf: AnalyticsValue) -> AnalyticsValue {
    var value = leaf
    for _ in 0..<levels { value = .array([value]) }
    return value
}

/// How many arrays `value` is nested in, read without recursion.
private func depth(of value: AnalyticsValue) -> Int {
    var levels = 0
    var current = value
    while case .array(let values) = current, let first = values.first {
        levels += 1
        current = first
    }
    return levels
}

/// How many arrays of one element `object` is nested in, and what the innermost holds, read
/// without recursion.
private func jsonDepth(of object: Any) -> (levels: Int, innermost: Any) {
    var (levels, current) = (0, object)
    while let array = current as? [Any], array.count == 1 {
        (levels, current) = (levels + 1, array[0])
    }
    return (levels, current)
}
