import Foundation
import TagHubTesting
import Testing

@Suite struct SnapshotDescriptionTests {
    enum Shape: Hashable {
        case point
        case circle(Double)
        case rectangle(width: Int, height: Int)
        case labelled(String, [String: Int])
    }

    struct Described: CustomStringConvertible {
        var hidden: Int
        var description: String { "shown" }
    }

    struct Custom: CustomSnapshotStringConvertible {
        var snapshotDescription: String { "custom!" }
    }

    final class Node {
        var name: String
        var next: Node?
        init(name: String) { self.name = name }
    }

    indirect enum Chain {
        case end
        case link(Chain)
    }

    @Test func stringsAreQuotedAndEscapedSoTheyStayOnOneLine() {
        #expect(snapshotDescription(of: "plain") == #""plain""#)
        #expect(snapshotDescription(of: "a\"b\\c\nd\re\tf\0g") == #""a\"b\\c\nd\re\tf\0g""#)
        #expect(snapshotDescription(of: "\u{7}bell\u{2028}line\u{2029}para") == #""\u{7}bell\u{2028}line\u{2029}para""#)
        #expect(snapshotDescription(of: "zero\u{200B}width\u{FEFF}") == #""zero\u{200b}width\u{feff}""#)
        // Letters, accents and emoji sequences (with their zero-width joiners) stay as they are.
        #expect(snapshotDescription(of: "Café 👨‍👩‍👧") == "\"Café 👨‍👩‍👧\"")
        #expect(snapshotDescription(of: Substring("sub")) == #""sub""#)
        #expect(snapshotDescription(of: Character("c")) == #""c""#)
    }

    @Test func enumsReadAsTheirCasesWithPayloads() {
        #expect(snapshotDescription(of: Shape.point) == "point")
        #expect(snapshotDescription(of: Shape.circle(1.5)) == "circle(1.5)")
        #expect(snapshotDescription(of: Shape.rectangle(width: 2, height: 3)) == "rectangle(width: 2, height: 3)")
        #expect(snapshotDescription(of: Shape.labelled("x", ["b": 2, "a": 1])) == #"labelled("x", ["a": 1, "b": 2])"#)
    }

    @Test func dictionariesAndSetsAreSortedWhateverTheirIterationOrder() {
        var texts: Set<String> = []
        var iterationOrders: Set<[String]> = []
        for seed in 0..<20 {
            var dictionary: [String: Int] = [:]
            dictionary.reserveCapacity(seed * 7)
            var keys = (0..<50).map { "key\($0)" }
            keys.shuffle()
            for key in keys { dictionary[key] = key.count }
            iterationOrders.insert(Array(dictionary.keys))
            texts.insert(snapshotDescription(of: dictionary))
            texts.insert(snapshotDescription(of: Set(keys)).replacingOccurrences(of: "key", with: "KEY"))
        }
        // The dictionaries iterate in different orders, yet give one text; so do the sets.
        #expect(iterationOrders.count > 1)
        #expect(texts.count == 2)
        #expect(snapshotDescription(of: ["b": 1, "a": 2, "B": 3]) == #"["B": 3, "a": 2, "b": 1]"#)
        #expect(snapshotDescription(of: Set([3, 1, 2])) == "[1, 2, 3]")
        #expect(snapshotDescription(of: [String: Int]()) == "[:]")
        #expect(snapshotDescription(of: [Int]()) == "[]")
    }

    @Test func structsAndClassesReadAsTheirFieldsNotTheirDescription() {
        #expect(snapshotDescription(of: Described(hidden: 7)) == "Described(hidden: 7)")
        #expect(snapshotDescription(of: (1, label: "x")) == #"(1, label: "x")"#)
        let node = Node(name: "a")
        node.next = node
        #expect(snapshotDescription(of: node) == #"Node(name: "a", next: Node(…))"#)
    }

    @Test func optionalsReadAsTheirValueOrNil() {
        #expect(snapshotDescription(of: Int?.some(3) as Any) == "3")
        #expect(snapshotDescription(of: Int?.none as Any) == "nil")
        #expect(snapshotDescription(of: ["a": String?.none]) == #"["a": nil]"#)
    }

    @Test func numbersAndBooleansReadAsSwiftWritesThem() {
        #expect(snapshotDescription(of: 42) == "42")
        #expect(snapshotDescription(of: 0.1) == "0.1")
        #expect(snapshotDescription(of: -0.0) == "-0.0")
        #expect(snapshotDescription(of: true) == "true")
        #expect(snapshotDescription(of: UInt8(255)) == "255")
    }

    @Test func foundationValuesReadAsTheirUsualText() throws {
        #expect(snapshotDescription(of: Date(timeIntervalSince1970: 1_700_000_000.5)) == "Date(1700000000.5)")
        let url = try #require(URL(string: "https://example.com/a?b=c"))
        #expect(snapshotDescription(of: url) == #"URL("https://example.com/a?b=c")"#)
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(snapshotDescription(of: uuid) == "UUID(E621E1F8-C36C-495A-93FC-0C247A3E6E5F)")
        #expect(snapshotDescription(of: Data([0x00, 0xAB, 0x10])) == "Data(00ab10)")
        #expect(snapshotDescription(of: Decimal(string: "1.25") as Any) == "1.25")
    }

    @Test func aCustomSnapshotDescriptionWins() {
        #expect(snapshotDescription(of: Custom()) == "custom!")
        #expect(snapshotDescription(of: ["k": Custom()]) == #"["k": custom!]"#)
    }

    @Test func deepValuesAreCutRatherThanOverflowingTheStack() {
        var chain = Chain.end
        for _ in 0..<200 { chain = .link(chain) }
        let text = snapshotDescription(of: chain)
        #expect(text.hasPrefix(String(repeating: "link(", count: 64) + "…"))
        #expect(text.count == 64 * "link(".count + 1 + 64)
    }
}

@Suite struct SnapshotDescriptionEdgeTests {
    enum Multiline: CustomStringConvertible {
        case only
        var description: String { "first\nsecond" }
    }

    struct Empty: CustomStringConvertible {
        var description: String { "empty\tstruct" }
    }

    struct Shouting: CustomSnapshotStringConvertible {
        var snapshotDescription: String { "LOUD\nTEXT" }
    }

    final class Tree {
        var children: [Tree] = []
        var byName: [String: Tree] = [:]
    }

    @Test func keysThatReadTheSameAreOrderedByTheirValues() {
        // NaN keys never equal each other: three entries whose keys all read "nan".
        var dictionary: [Double: Int] = [:]
        for value in [3, 1, 2] { dictionary[.nan] = value }
        #expect(snapshotDescription(of: dictionary) == "[nan: 1, nan: 2, nan: 3]")
    }

    @Test func aCycleThroughACollectionIsCutToo() {
        let tree = Tree()
        tree.children = [tree, tree]
        tree.byName = ["self": tree]
        #expect(snapshotDescription(of: tree) == #"Tree(children: [Tree(…), Tree(…)], byName: ["self": Tree(…)])"#)
        tree.children = []
        tree.byName = [:]
    }

    @Test func textFromADescriptionStaysOnOneLine() {
        #expect(snapshotDescription(of: Multiline.only) == #"first\nsecond"#)
        #expect(snapshotDescription(of: Empty()) == #"empty\tstruct"#)
        #expect(snapshotDescription(of: Shouting()) == #"LOUD\nTEXT"#)
        #expect(snapshotDescription(of: "static\nstring" as StaticString) == #""static\nstring""#)
    }

    @Test func addressesAndTheClockNeverReachTheText() throws {
        let pointer = try #require(UnsafeRawPointer(bitPattern: 0x1234))
        #expect(snapshotDescription(of: pointer) == "UnsafeRawPointer(…)")
        #expect(snapshotDescription(of: OpaquePointer(pointer)) == "OpaquePointer(…)")
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        #expect(snapshotDescription(of: paris) == "TimeZone(Europe/Paris)")
        #expect(snapshotDescription(of: Locale(identifier: "fr_FR")) == "Locale(fr_FR)")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = paris
        calendar.locale = Locale(identifier: "fr_FR")
        #expect(snapshotDescription(of: calendar) == "Calendar(gregorian, Europe/Paris, fr_FR)")
        #expect(snapshotDescription(of: NSNumber(value: 42)) == "NSNumber(42)")
    }
}
