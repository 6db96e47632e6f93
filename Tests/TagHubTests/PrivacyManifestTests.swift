import Foundation
import TagHubTestSupport
import Testing

/// The privacy manifest that ships with the `TagHub` product (a resource of its C target,
/// `_TagHubAtomics`): no tracking, no data collected, and every required-reason API that
/// `Sources/` calls declared with a reason.
// On threads of its own: it reads every source.
@Suite(.serialized, .onLowPriorityThreadsOfItsOwn) struct PrivacyManifestTests {
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
            let names = Self.names(in: Self.code(of: source))
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
        let names = Self.names(in: Self.code(of: source))
        #expect(names == ["let", "status", "stat", "time", "systemUptime"])
        #expect(Self.code(of: "a /* b */ c /*/ d */ e // f\ng /* h") == "a   c   e \ng /* h")
        #expect(Self.code(of: "a /*/ b\n// c */ d") == "a   d")
    }

    @Test func namesAreTheRunsOfLettersDigitsAndUnderscoresThatStartWithALetterOrAnUnderscore() {
        #expect(Self.names(in: "a1+_b 9c é2x(x_9)") == ["a1", "_b", "c", "x", "x_9"])
        #expect(Self.names(in: "") == [])
    }

    /// The names in `code`: what `/[A-Za-z_][A-Za-z0-9_]*/` matches, read byte by byte (the regex
    /// took a tenth of a second on `Sources/`, on a thread of the concurrency pool).
    static func names(in code: String) -> Set<String> {
        var names: Set<String> = []
        var name: [UInt8] = []
        for byte in code.utf8 + [0] {
            let isLetter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte == 0x5F
            if isLetter || (!name.isEmpty && byte >= 0x30 && byte <= 0x39) {
                name.append(byte)
            } else if !name.isEmpty {
                names.insert(String(decoding: name, as: UTF8.self))
                name.removeAll(keepingCapacity: true)
            }
        }
        return names
    }

    /// `source` without its comments (`//` to the end of the line, `/* … */`): what
    /// `replacing(/\/\*(?s:.*?)\*\//, with: " ").replacing(/\/\/[^\n]*/, with: "")` makes, read byte
    /// by byte (the regexes took a tenth of a second on `Sources/`, on a thread of the concurrency
    /// pool).
    static func code(of source: String) -> String {
        let (slash, star, newline) = (UInt8(ascii: "/"), UInt8(ascii: "*"), UInt8(ascii: "\n"))
        let bytes = Array(source.utf8)
        // Each `/* … */` becomes a space; one that is not closed stays, as the regex leaves it.
        var code: [UInt8] = []
        code.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == slash, index + 1 < bytes.count, bytes[index + 1] == star {
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == star && bytes[end + 1] == slash) { end += 1 }
                if end + 1 < bytes.count {
                    code.append(UInt8(ascii: " "))
                    index = end + 2
                    continue
                }
                code.append(contentsOf: bytes[index...])
                break
            }
            code.append(bytes[index])
            index += 1
        }
        // Then each `//` to the end of its line goes.
        var kept: [UInt8] = []
        kept.reserveCapacity(code.count)
        index = 0
        while index < code.count {
            if code[index] == slash, index + 1 < code.count, code[index + 1] == slash {
                while index < code.count, code[index] != newline { index += 1 }
                continue
            }
            kept.append(code[index])
            index += 1
        }
        return String(decoding: kept, as: UTF8.self)
    }
}
