// swift-tools-version:6.1
import PackageDescription

// The benchmarks live in their own package, so that TagHub itself keeps zero dependencies: an
// app that depends on TagHub never resolves ordo-one/benchmark or swift-log.
//
// Run from the repository's root:
//     swift package --package-path Benchmarks benchmark
// and the instruction counts of the send path, under valgrind's callgrind:
//     Benchmarks/instruction-counts.sh
// the ratio to swift-log, in alternating rounds:
//     Benchmarks/ratio.sh
// every figure at once, into Benchmarks/Results.md:
//     Benchmarks/results.sh
// and random tags of every vendor, each rule check timed:
//     Benchmarks/rule-check-fuzz.sh
let package = Package(
    name: "TagHubBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "TagHub", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        // The reference users know: a log call to a handler that does nothing.
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    ],
    targets: [
        .executableTarget(
            name: "SendBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TagHub", package: "TagHub"),
                .product(name: "TagHubVendors", package: "TagHub"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/SendBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The sends of SendBenchmarks as a plain program, for callgrind (instruction-counts.sh): no
        // benchmark harness, so that a run with no sends differs from one with sends only by them.
        .executableTarget(
            name: "SendInstructions",
            dependencies: [.product(name: "TagHub", package: "TagHub")],
            path: "InstructionCounts/SendInstructions"
        ),
        // The ratio to swift-log, measured the stable way (ratio.sh): one scenario a process,
        // timed in rounds that alternate TagHub's sends and swift-log's log lines.
        .executableTarget(
            name: "SendRatio",
            dependencies: [
                .product(name: "TagHub", package: "TagHub"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Ratio/SendRatio"
        ),
        // Random tags of every vendor, each rule check timed: the slowest, and what it checked
        // (rule-check-fuzz.sh). Not under Benchmarks/, where the benchmark plugin would run it.
        .executableTarget(
            name: "RuleCheckFuzz",
            dependencies: [
                .product(name: "TagHub", package: "TagHub"),
                .product(name: "TagHubVendors", package: "TagHub"),
            ],
            path: "Fuzz/RuleCheckFuzz"
        ),
    ]
)
