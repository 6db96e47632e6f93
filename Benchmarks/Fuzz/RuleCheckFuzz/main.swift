import TagHub
import TagHubVendors

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Random tags of every case of every vendor, from a seed; each checked once (`ruleViolations`) as
// it is made, timed; then `ruleViolations(across:)` over all of a vendor's tags, timed. Prints, per
// vendor, the checks' total time, their median, 99th percentile and slowest, and the shape of the
// slowest tag (the 50 slowest are made again from their seeds and checked again, so that a pause
// of the machine does not pass for a slow tag). It reports times and does not judge them. It fails
// where a check crashes (then it says which tag), and exits 1 where a finding shows raw a scalar
// that the checks escape (a control, bidirectional or zero-width one: Escaping.swift), naming the
// vendor, the tag and the finding. Usage: Benchmarks/rule-check-fuzz.sh.

let usage = """
    Usage: RuleCheckFuzz [--count N] [--seed S] [--vendor NAME] [--tag INDEX]
      --count N       random tags per vendor (default 100000; or TAGHUB_FUZZ_COUNT)
      --seed S        the seed, decimal or 0x-prefixed hex (default 0x5EED; or TAGHUB_FUZZ_SEED)
      --vendor NAME   only this vendor: firebase, mixpanel, amplitude, segment, batch or piano
      --tag INDEX     with --vendor: make tag INDEX of the seed, print it in full and check it
                      (not printed with TAGHUB_FUZZ_QUIET=1, as under callgrind: a tag of shared
                      arrays can describe billions of values)
    """

/// What the arguments and the environment ask for.
struct Options {
    var count = 100_000
    var seed: UInt64 = 0x5EED
    var vendor: String?
    var tag: Int?

    init(arguments: [String], environment: (String) -> String?) throws(UsageError) {
        if let count = environment("TAGHUB_FUZZ_COUNT") { self.count = try Self.number(count, "TAGHUB_FUZZ_COUNT") }
        if let seed = environment("TAGHUB_FUZZ_SEED") { self.seed = try Self.seed(seed, "TAGHUB_FUZZ_SEED") }
        var arguments = arguments[...]
        while let argument = arguments.popFirst() {
            if argument == "--help" || argument == "-h" { throw UsageError(message: nil) }
            guard let value = arguments.popFirst() else { throw UsageError(message: "\(argument) needs a value") }
            switch argument {
            case "--count": count = try Self.number(value, argument)
            case "--seed": seed = try Self.seed(value, argument)
            case "--vendor":
                vendor = value.lowercased()
                guard Self.vendors.contains(value.lowercased()) else { throw UsageError(message: "no vendor \(value)") }
            case "--tag": tag = try Self.number(value, argument)
            default: throw UsageError(message: "unknown argument \(argument)")
            }
        }
        if tag != nil && vendor == nil { throw UsageError(message: "--tag needs --vendor") }
    }

    static let vendors = ["firebase", "mixpanel", "amplitude", "segment", "batch", "piano"]

    static func number(_ text: String, _ name: String) throws(UsageError) -> Int {
        guard let number = Int(text.replacing("_", with: "")), number >= 0 else {
            throw UsageError(message: "\(name): not a count: \(text)")
        }
        return number
    }

    static func seed(_ text: String, _ name: String) throws(UsageError) -> UInt64 {
        let digits = text.replacing("_", with: "")
        let seed = digits.hasPrefix("0x") ? UInt64(digits.dropFirst(2), radix: 16) : UInt64(digits)
        guard let seed else { throw UsageError(message: "\(name): not a seed: \(text)") }
        return seed
    }
}

struct UsageError: Error {
    let message: String?
}

/// One vendor: how to make its tags and describe their shapes.
struct Vendor<Tag: RuleCheckedVendorTag> {
    let name: String
    /// Its place in the list, part of each tag's seed.
    let number: Int
    let make: (inout TagMaker) -> Tag
    let shape: (Tag) -> String

    var typeName: String { "\(Tag.self)" }

    func makeTag(seed: UInt64, index: Int, with maker: inout TagMaker) -> Tag {
        maker.start(seed: seed, vendor: number, index: index)
        return make(&maker)
    }

    /// How many of the slowest checks are made and checked again.
    static var checkedAgain: Int { 50 }

    /// Makes and checks `count` tags, then checks them across, and prints what it took. Returns how
    /// many findings showed raw a scalar that the checks escape.
    func fuzz(count: Int, seed: UInt64) -> Int {
        setCrashNote(vendor: name, seed: seed)
        let clock = ContinuousClock()
        var maker = TagMaker()
        var tags: [Tag] = []
        tags.reserveCapacity(count)
        var times: [Duration] = []
        times.reserveCapacity(count)
        var findings = Findings()
        var making = Duration.zero
        var raw = 0
        for index in 0..<count {
            let made = clock.now
            let tag = makeTag(seed: seed, index: index, with: &maker)
            crashNoteIndex = index
            let start = clock.now
            let violations = tag.ruleViolations
            let end = clock.now
            crashNoteIndex = -1
            making += made.duration(to: start)
            times.append(start.duration(to: end))
            findings.add(violations)
            reportRawFindings(violations, vendor: name, tag: "#\(index)", shown: &raw)
            tags.append(tag)
        }
        let total = times.reduce(.zero, +)
        let slowest = times.indices.sorted { times[$0] > times[$1] }.prefix(Self.checkedAgain)
        let sorted = times.sorted()

        print(
            "\(typeName): \(grouped(count)) tags, made in \(format(making)); checks \(format(total)) in all",
            terminator: ""
        )
        if let first = slowest.first {
            print(
                ", per check: median \(format(sorted[sorted.count / 2])),"
                    + " p99 \(format(sorted[sorted.count * 99 / 100])), slowest \(format(times[first]))"
            )
            // The slowest tags, each made again (its strings new, as the first time) and checked
            // again; each one's time is the lesser of its two: a pause of the machine during one
            // check does not pass for a slow tag.
            var worst: (index: Int, time: Duration, again: Duration, tag: Tag, violations: Int)?
            var lesser: [(index: Int, time: Duration)] = []
            for index in slowest {
                let tag = makeTag(seed: seed, index: index, with: &maker)
                crashNoteIndex = index
                let start = clock.now
                let violations = tag.ruleViolations
                let again = start.duration(to: clock.now)
                crashNoteIndex = -1
                let time = min(times[index], again)
                if time > worst?.time ?? .zero { worst = (index, time, again, tag, violations.count) }
                lesser.append((index, time))
            }
            if let worst {
                print(
                    "  slowest tag (the \(slowest.count) slowest checks made and checked again, the lesser time):"
                        + " #\(worst.index), \(format(times[worst.index])) then \(format(worst.again)),"
                        + " \(counted(worst.violations, "violation")); --vendor \(name.lowercased()) --tag \(worst.index)"
                        + " prints it"
                )
                print("    \(shape(worst.tag))")
            }
            // The next slowest by the lesser time, for callgrind (`--vendor V --tag N`).
            let next = lesser.sorted { $0.time > $1.time }.dropFirst().prefix(4)
            print("  next slowest: " + next.map { "#\($0.index) \(format($0.time))" }.joined(separator: ", "))
        } else {
            print()
        }
        print("  violations: \(grouped(findings.violations)) in \(grouped(findings.tagsWithViolations)) tags")

        crashNoteIndex = crashNoteAcross
        let start = clock.now
        let across = Tag.ruleViolations(across: tags)
        let acrossTime = start.duration(to: clock.now)
        crashNoteIndex = -1
        let acrossRules = Set(across.map(\.rule)).sorted()
        print(
            "  across all \(grouped(tags.count)) tags: \(format(acrossTime)), \(counted(across.count, "violation"))"
                + (acrossRules.isEmpty ? "" : " (\(acrossRules.joined(separator: ", ")))")
        )
        findings.addRules(of: across)
        reportRawFindings(across, vendor: name, tag: "across", shown: &raw)
        print("  rules broken: \(findings.rulesFound(prefix: "\(name.lowercased())."))")
        if raw > 0 { print("  findings showing raw a scalar the checks escape: \(grouped(raw))") }
        fflush(nil)
        return raw
    }

    /// Makes tag `index`, prints it in full, checks it and prints what it breaks. Returns how many
    /// findings showed raw a scalar that the checks escape.
    func show(index: Int, seed: UInt64) -> Int {
        var maker = TagMaker()
        let tag = makeTag(seed: seed, index: index, with: &maker)
        print("\(typeName) #\(index) of seed \(seed): \(shape(tag))")
        if getenv("TAGHUB_FUZZ_QUIET") == nil { print(tag) }
        setCrashNote(vendor: name, seed: seed)
        crashNoteIndex = index
        let clock = ContinuousClock()
        let start = clock.now
        let violations = tag.ruleViolations
        let time = start.duration(to: clock.now)
        crashNoteIndex = -1
        print("checked in \(format(time)): \(counted(violations.count, "violation"))")
        var raw = 0
        reportRawFindings(violations, vendor: name, tag: "#\(index)", shown: &raw)
        for violation in violations where rawFindings(in: [violation]).isEmpty { print("  \(violation)") }
        return raw
    }
}

/// What the checks of one vendor found.
struct Findings {
    var violations = 0
    var tagsWithViolations = 0
    var rules: [String: Int] = [:]

    mutating func add(_ found: [VendorRuleViolation]) {
        guard !found.isEmpty else { return }
        violations += found.count
        tagsWithViolations += 1
        for violation in found { rules[violation.rule, default: 0] += 1 }
    }

    /// Counts the rules of `found` as broken, without counting its violations.
    mutating func addRules(of found: [VendorRuleViolation]) {
        for violation in found { rules[violation.rule, default: 0] += 1 }
    }

    /// "29 of 30; never: …": how many of the vendor's rules (``VendorLimits/consequences``) a
    /// check found broken, and which it never found: a rule the random tags do not reach.
    func rulesFound(prefix: String) -> String {
        let all = VendorLimits.consequences.keys.filter { $0.hasPrefix(prefix) }
        let never = all.filter { rules[$0] == nil }.sorted()
        return "\(all.count - never.count) of \(all.count)"
            + (never.isEmpty ? "" : "; never: \(never.joined(separator: ", "))")
    }
}

/// "1 violation", "1,200 violations".
func counted(_ count: Int, _ noun: String) -> String {
    "\(grouped(count)) \(noun)\(count == 1 ? "" : "s")"
}

/// `1234567` as "1,234,567".
func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (offset, digit) in digits.enumerated() {
        if offset > 0 && (digits.count - offset) % 3 == 0 { result += "," }
        result.append(digit)
    }
    return number < 0 ? "-" + result : result
}

/// A duration with 3 significant digits or so: "850 ns", "12.3 µs", "4.56 ms", "1.23 s".
func format(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    func decimal(_ value: Int64, unit: Int64, _ name: String) -> String {
        let hundredths = value * 100 / unit
        if hundredths >= 10_000 { return "\(hundredths / 100) \(name)" }
        if hundredths >= 1_000 { return "\(hundredths / 100).\(hundredths / 10 % 10) \(name)" }
        return "\(hundredths / 100).\(hundredths / 10 % 10)\(hundredths % 10) \(name)"
    }
    switch nanoseconds {
    case ..<1_000: return "\(nanoseconds) ns"
    case ..<1_000_000: return decimal(nanoseconds, unit: 1_000, "µs")
    case ..<1_000_000_000: return decimal(nanoseconds, unit: 1_000_000, "ms")
    default: return decimal(nanoseconds, unit: 1_000_000_000, "s")
    }
}

/// Runs `vendor` as `options` asks, unless `options` names another vendor. Returns how many
/// findings showed raw a scalar that the checks escape.
func run<Tag>(_ vendor: Vendor<Tag>, _ options: Options) -> Int {
    guard options.vendor == nil || options.vendor == vendor.name.lowercased() else { return 0 }
    if let index = options.tag { return vendor.show(index: index, seed: options.seed) }
    return vendor.fuzz(count: options.count, seed: options.seed)
}

let options: Options
do {
    options = try Options(arguments: Array(CommandLine.arguments.dropFirst())) { name in
        getenv(name).map { String(cString: $0) }
    }
} catch {
    if let message = error.message { print("RuleCheckFuzz: \(message)") }
    print(usage)
    exit(error.message == nil ? 0 : 2)
}

installCrashNote()
let clock = ContinuousClock()
let start = clock.now
if options.tag == nil {
    print("RuleCheckFuzz: \(grouped(options.count)) random tags per vendor, seed \(options.seed)")
    fflush(nil)
}
let raw =
    run(Vendor(name: "Firebase", number: 0, make: { $0.firebase() }, shape: shape), options)
    + run(Vendor(name: "Mixpanel", number: 1, make: { $0.mixpanel() }, shape: shape), options)
    + run(Vendor(name: "Amplitude", number: 2, make: { $0.amplitude() }, shape: shape), options)
    + run(Vendor(name: "Segment", number: 3, make: { $0.segment() }, shape: shape), options)
    + run(Vendor(name: "Batch", number: 4, make: { $0.batch() }, shape: shape), options)
    + run(Vendor(name: "Piano", number: 5, make: { $0.piano() }, shape: shape), options)
if options.tag == nil {
    print("RuleCheckFuzz: done in \(format(start.duration(to: clock.now)))")
}
if raw > 0 {
    print("RuleCheckFuzz: FAILED: \(grouped(raw)) findings show raw a scalar that the checks escape")
    exit(1)
}
