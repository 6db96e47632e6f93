import Foundation
import Testing

/// The privacy manifest that ships with the `TagHub` product (a resource of its C target,
/// `_TagHubAtomics`): no tracking, no data collected, and every required-reason API that
/// `Sources/` calls declared with a reason.
@Suite struct PrivacyManifestTests {
    static let manifestPath = "Sources/_TagHubAtomics/PrivacyInfo.xcprivacy"

    /// Apple's required-reason APIs, by category, as "Describing use of required reason API" lists
    /// them (https://developer.apple.com/documentation/bundleresources/describing-use-of-required-reason-api):
    /// the Swift and C names a call to one of them would spell.
    static let requiredReasonAPIs: [String: Set<String>] = [
        "NSPrivacyAccessedAPICategoryFileTimestamp": [
            "creationDate", "modificationDate", "fileModificationDate", "contentModificationDateKey",
            "creationDateKey", "getattrlist", "getattrlistbulk", "fgetattrlist", "stat", "fstat",
            "fstatat", "lstat", "getattrlistat",
        ],
        "NSPrivacyAccessedAPICategorySystemBootTime": ["systemUptime", "mach_absolute_time"],
        "NSPrivacyAccessedAPICategoryDiskSpace": [
            "volumeAvailableCapacityKey", "volumeAvailableCapacityForImportantUsageKey",
            "volumeAvailableCapacityForOpportunisticUsageKey", "volumeTotalCapacityKey", "systemFreeSize",
            "systemSize", "statfs", "statvfs", "fstatfs", "fstatvfs", "getattrlist", "fgetattrlist",
            "getattrlistat",
        ],
        "NSPrivacyAccessedAPICategoryActiveKeyboards": ["activeInputModes"],
        "NSPrivacyAccessedAPICategoryUserDefaults": ["UserDefaults", "NSUserDefaults"],
    ]

    static func manifest() throws -> [String: Any] {
        let data = try Data(contentsOf: ReadmeTests.root.appendingPathComponent(manifestPath))
        return try #require(PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    }

    @Test func theManifestDeclaresNoTrackingAndNoCollectedData() throws {
        let manifest = try Self.manifest()
        #expect(manifest["NSPrivacyTracking"] as? Bool == false)
        #expect((manifest["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true)
        #expect((manifest["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
        #expect(Set(manifest.keys).count == 4)
    }

    /// Each required-reason API named in code (comments left out) under `Sources/`, with the
    /// files that name it, by category; the manifest declares exactly those categories.
    @Test func everyRequiredReasonAPIInSourcesIsDeclaredWithItsReason() throws {
        var used: [String: Set<String>] = [:]
        let root = ReadmeTests.root
        let files = try #require(FileManager.default.enumerator(atPath: root.appendingPathComponent("Sources").path))
        for case let path as String in files where [".swift", ".c", ".h"].contains(where: path.hasSuffix) {
            let source = try String(contentsOf: root.appendingPathComponent("Sources/\(path)"), encoding: .utf8)
            let names = Set(Self.code(of: source).matches(of: /[A-Za-z_][A-Za-z0-9_]*/).map { String($0.output) })
            for (category, apis) in Self.requiredReasonAPIs {
                for api in apis.intersection(names) { used[category, default: []].insert("\(path): \(api)") }
            }
        }
        #expect(used == ["NSPrivacyAccessedAPICategoryFileTimestamp": ["TagHub/Internal/Platform.swift: stat"]])

        let declared = try #require(Self.manifest()["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        var reasons: [String: [String]] = [:]
        for entry in declared {
            let category = try #require(entry["NSPrivacyAccessedAPIType"] as? String)
            reasons[category] = try #require(entry["NSPrivacyAccessedAPITypeReasons"] as? [String])
        }
        #expect(Set(reasons.keys) == Set(used.keys), "declare each category of API used, and only those")
        // C617.1: a file's metadata, read in the app's container (the consent file's owner and mode).
        #expect(reasons == ["NSPrivacyAccessedAPICategoryFileTimestamp": ["C617.1"]])
    }

    @Test func codeLeavesOutCommentsButKeepsEveryName() {
        let source = """
            // stat is named here
            let status = stat()  /// and here: lstat
            /* fstat */ let time = systemUptime
            """
        let names = Set(Self.code(of: source).matches(of: /[A-Za-z_][A-Za-z0-9_]*/).map { String($0.output) })
        #expect(names == ["let", "status", "stat", "time", "systemUptime"])
    }

    /// `source` without its comments (`//` to the end of the line, `/* … */`).
    static func code(of source: String) -> String {
        source.replacing(/\/\*(?s:.*?)\*\//, with: " ").replacing(/\/\/[^\n]*/, with: "")
    }
}
