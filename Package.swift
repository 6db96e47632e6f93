// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TagHub",
    platforms: [
        .iOS(.v16),
        .macOS(.v13),
        .tvOS(.v16),
        .watchOS(.v9),
    ],
    products: [
        .library(name: "TagHub", targets: ["TagHub"]),
        .library(name: "TagHubTesting", targets: ["TagHubTesting"]),
        // SwiftUI and UIKit glue over the core's ScreenTracker; empty where neither exists.
        .library(name: "TagHubUI", targets: ["TagHubUI"]),
        .executable(name: "taghub-demo", targets: ["TagHubDemo"]),
    ],
    targets: [
        // C atomics for the send path, which `Synchronization.Atomic` would give only from iOS 18
        // and macOS 15 (Docs/Architecture.md, "Atomics"). Part of the TagHub product, not API.
        .target(name: "CTagHubAtomics"),
        .target(name: "TagHub", dependencies: ["CTagHubAtomics"]),
        .target(name: "TagHubTesting", dependencies: ["TagHub"]),
        .target(name: "TagHubUI", dependencies: ["TagHub"]),
        // The seed's podcast app and two vendors: the demo runs it, PodcastExampleTests test it as
        // an app would. Not a product.
        .target(name: "PodcastExample", dependencies: ["TagHub"]),
        .executableTarget(name: "TagHubDemo", dependencies: ["TagHub", "PodcastExample"]),
        .testTarget(
            name: "TagHubTests",
            dependencies: ["TagHub", "TagHubTesting", "DocExamplesGenerator"]
        ),
        .testTarget(name: "TagHubTestingTests", dependencies: ["TagHub", "TagHubTesting"]),
        .testTarget(
            name: "PodcastExampleTests",
            dependencies: ["PodcastExample", "TagHub", "TagHubTesting"],
            exclude: ["__Snapshots__"]
        ),
        // The README's quick start, the example app every doc's examples build on, and one test
        // target per doc: each compiles that doc's Swift blocks word for word (DocExamplesTests
        // writes and checks the files). Not API.
        .target(name: "Podcasts", dependencies: ["TagHub"], path: "Tests/DocExamples/QuickStart"),
        .executableTarget(name: "DocExamplesGenerator", path: "Tests/DocExamples/Generator"),
    ]
        + [
            "Readme", "ConsentGuide", "ContextGuide", "DeliveryGuide", "ScreensGuide", "TestingGuide",
            "VendorsGuide", "TagHubDocComments", "TagHubTestingDocComments",

        ].map { name in
            .testTarget(
                name: "\(name)Examples",
                dependencies: ["Podcasts", "TagHub", "TagHubTesting"],
                path: "Tests/DocExamples/\(name)",
                exclude: [
                    "ContextGuide": ["__Snapshots__"],
                    "TestingGuide": ["__Snapshots__"],
                    "TagHubTestingDocComments": ["__Snapshots__", "TrackingPlan.md"],
                ][name] ?? []
            )
        },
    swiftLanguageModes: [.v6]
)
