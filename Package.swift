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
        // The ready-made tag models of six vendors, with their rules; and, for tests, their text in
        // snapshots. An app that uses no vendor model imports neither and links no vendor code.
        .library(name: "TagHubVendors", targets: ["TagHubVendors"]),
        .library(name: "TagHubTesting", targets: ["TagHubTesting"]),
        .library(name: "TagHubVendorsTesting", targets: ["TagHubVendorsTesting"]),
        // SwiftUI and UIKit glue over the core's ScreenTracker; empty where neither exists.
        .library(name: "TagHubUI", targets: ["TagHubUI"]),
    ],
    targets: [
        // C atomics for the send path, which `Synchronization.Atomic` would give only from iOS 18
        // and macOS 15 (Docs/Architecture.md, "Atomics"). Part of the TagHub product, not API.
        // It also carries the product's privacy manifest: a resource of a Swift target would make
        // SwiftPM add a `Bundle.module` accessor to it, which imports all of Foundation; a C
        // target's resources get none (Docs/Architecture.md, "Privacy manifest").
        .target(name: "_TagHubAtomics", resources: [.copy("PrivacyInfo.xcprivacy")]),
        .target(name: "TagHub", dependencies: ["_TagHubAtomics"]),
        .target(name: "TagHubVendors", dependencies: ["TagHub"]),
        .target(name: "TagHubTesting", dependencies: ["TagHub"]),
        .target(name: "TagHubVendorsTesting", dependencies: ["TagHubVendors", "TagHubTesting"]),
        .target(name: "TagHubUI", dependencies: ["TagHub"]),
        // The seed's podcast app and two vendors: the demo runs it, PodcastExampleTests test it as
        // an app would. Not a product.
        .target(name: "PodcastExample", dependencies: ["TagHub", "TagHubVendors"]),
        // The demo, `swift run taghub-demo`: an executable target of the package, not a product, so
        // that an app depending on TagHub is offered no demo to build.
        .executableTarget(
            name: "taghub-demo",
            dependencies: ["TagHub", "TagHubVendors", "PodcastExample"],
            path: "Sources/TagHubDemo"
        ),
        // What more than one test target uses. Not API.
        .target(name: "TagHubTestSupport", path: "Tests/Support"),
        .testTarget(
            name: "TagHubTests",
            dependencies: ["TagHub", "TagHubVendors", "TagHubTesting", "TagHubTestSupport", "DocExamplesGenerator"]
        ),
        .testTarget(
            name: "TagHubTestingTests",
            dependencies: ["TagHub", "TagHubTesting", "TagHubVendors", "TagHubVendorsTesting"]
        ),
        .testTarget(name: "TagHubVendorsTests", dependencies: ["TagHub", "TagHubVendors", "TagHubTestSupport"]),
        .testTarget(
            name: "PodcastExampleTests",
            dependencies: ["PodcastExample", "TagHub", "TagHubVendors", "TagHubTesting", "TagHubVendorsTesting"],
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
            "VendorsGuide", "TagHubDocComments", "TagHubVendorsDocComments", "TagHubTestingDocComments",

        ].map { name in
            .testTarget(
                name: "\(name)Examples",
                dependencies: ["Podcasts", "TagHub", "TagHubVendors", "TagHubTesting", "TagHubVendorsTesting"]
                    + (name == "Readme" ? ["TagHubTestSupport"] : []),  // QuickStartOutputTests' trait
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
