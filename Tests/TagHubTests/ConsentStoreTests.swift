import Foundation
import TagHub
import TagHubTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

// The exit tests wait for a child process: the time limit is what ends one that never exits.
@Suite(.timeLimit(.minutes(1))) struct ConsentStoreTests {
    /// A file path in a new temporary folder.
    func temporaryFile() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ConsentStoreTests-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("consent.json")
    }

    @Test func aRelaunchWithTheSameFileRestoresTheDecisions() throws {
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }

        // First launch: the user grants analytics and denies advertising.
        do {
            let consent = AnalyticsConsent(hub: AnalyticsHub<SeedAnalytics>(), store: FileConsentStore(url: file))
            consent.grant(.analytics)
            consent.deny(.advertising)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == #"{"advertising":"denied","analytics":"granted"}"#)

        // Next launch: a new hub, the same file.
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub, store: FileConsentStore(url: file))
        let analytics = DeliveryRecorder()
        let ads = DeliveryRecorder()
        consent.register(analytics, for: [.analytics])
        consent.register(ads, for: [.advertising])
        hub.send(screen: .podcasts)

        #expect(consent.decisions == [.analytics: .granted, .advertising: .denied])
        #expect(analytics.tags == [.screen(.podcasts)])
        #expect(ads.tags.isEmpty)
        #expect(consent.status(of: ads) == .denied)
    }

    @Test(arguments: ["", "not json", "[\"analytics\"]", #"{"analytics": true}"#, "\u{0}\u{1}binary"])
    func aCorruptFileMeansUndecidedNeverGranted(contents: String) throws {
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try writeWithoutWaitingForTheDisk(contents.utf8, to: file)

        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub, store: FileConsentStore(url: file))
        let recorder = DeliveryRecorder()
        consent.register(recorder, for: [.analytics])
        hub.send(screen: .podcasts)

        #expect(consent.decisions.isEmpty)
        #expect(consent.decision(for: .analytics) == .undecided)
        #expect(consent.status(of: recorder) == .undecided)
        #expect(recorder.tags.isEmpty)
        #expect(consent.bufferedTagCount(of: recorder) == 1)
    }

    @Test func unknownStatesAreUndecidedAndAMissingFileIsEmpty() throws {
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        #expect(FileConsentStore(url: file).loadDecisions().isEmpty)

        try writeWithoutWaitingForTheDisk(
            #"{"analytics":"granted","advertising":"maybe","personalization":"undecided"}"#.utf8,
            to: file
        )
        #expect(FileConsentStore(url: file).loadDecisions() == [.analytics: .granted])
    }

    @Test func aFileThatCannotBeWrittenIsReportedNotFatal() throws {
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        // A folder where the file should be: both ways of writing fail.
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        let store = FileConsentStore(url: file)

        let error = try #require(throws: FileConsentStore.SaveError.self) {
            try store.saveDecisions([.analytics: .granted])
        }

        #expect(error.url == file)
        #expect(store.lastSaveError == error.description)
        #expect(error.description.hasPrefix("cannot write \(file.path): replacing it failed ("))
        // One literal, not a sum of literals: a sum inside `#expect` takes seconds to type-check.
        let suffix = """
            ; rewriting it in place failed (open: Is a directory). The decisions are in effect until the app \
            quits. The file still holds what was saved before, and the next launch starts from that: a \
            purpose withdrawn since then is granted again if it was granted there. Make the file or its \
            folder writable, or keep the file in a folder the app owns (Application Support); each later \
            change saves every decision again.
            """
        #expect(error.description.hasSuffix(suffix))
        #expect(store.loadDecisions().isEmpty)

        // The next save that works clears the error.
        try FileManager.default.removeItem(at: file)
        try store.saveDecisions([.analytics: .granted])
        #expect(store.lastSaveError == nil)
        #expect(store.loadDecisions() == [.analytics: .granted])
    }

    @Test func aFileCutShortKeepsItsDenialThroughTheNextSave() throws {
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        // Cut inside the grant's key: the denial before it is whole.
        try writeWithoutWaitingForTheDisk(#"{"advertising":"denied","analyt"#.utf8, to: file)

        let consent = AnalyticsConsent(hub: AnalyticsHub<SeedAnalytics>(), store: FileConsentStore(url: file))
        #expect(consent.decisions == [.advertising: .denied])
        consent.grant(.personalization)

        #expect(
            try String(contentsOf: file, encoding: .utf8) == #"{"advertising":"denied","personalization":"granted"}"#
        )
    }

    #if compiler(>=6.2) && (os(macOS) || os(Linux))
    // Each of these runs the first launch in a child process without root privileges (CI runs as
    // root, which file permissions do not stop), then relaunches in the test's own process.

    @Test(.onLowPriorityThreadsOfItsOwn) func aDenialInAReadOnlyFolderSurvivesARelaunch() async throws {
        let file = try fileInReadOnlyFolder(granting: .analytics, fileMode: 0o666)
        defer { Self.removeFolder(of: file) }

        let result = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) {
            [path = file.path as String] in
            Self.dropRootPrivileges(folderOf: path, fileWritable: true)
            let store = FileConsentStore(url: URL(fileURLWithPath: path))
            let consent = AnalyticsConsent(hub: AnalyticsHub<SeedAnalytics>(), store: store)
            let recorder = DeliveryRecorder()
            consent.register(recorder, for: [.analytics])
            Self.check(consent.status(of: recorder) == .granted, "not granted at first")
            consent.deny(.analytics)
            Self.check(consent.status(of: recorder) == .denied, "not denied")
            Self.check(store.lastSaveError == nil, "the save failed: \(store.lastSaveError ?? "")")
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self) == "")

        let relaunched = AnalyticsConsent(hub: AnalyticsHub<SeedAnalytics>(), store: FileConsentStore(url: file))
        #expect(relaunched.decision(for: .analytics) == .denied)
        #expect(try String(contentsOf: file, encoding: .utf8) == #"{"analytics":"denied"}"#)
    }

    @Test(.onLowPriorityThreadsOfItsOwn)
    func aDenialThatCannotBeWrittenAtAllIsReportedAndTheNextLaunchStartsFromTheOldFile() async throws {
        let file = try fileInReadOnlyFolder(granting: .analytics, fileMode: 0o444)
        defer { Self.removeFolder(of: file) }

        let result = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) {
            [path = file.path as String] in
            Self.dropRootPrivileges(folderOf: path, fileWritable: false)
            let store = FileConsentStore(url: URL(fileURLWithPath: path))
            let consent = AnalyticsConsent(hub: AnalyticsHub<SeedAnalytics>(), store: store)
            let recorder = DeliveryRecorder()
            consent.register(recorder, for: [.analytics])
            consent.deny(.analytics)
            // In effect until the app quits all the same.
            Self.check(consent.status(of: recorder) == .denied, "not denied")
            let message = store.lastSaveError ?? ""
            let expected = """
                cannot write \(path): replacing it failed (Permission denied); rewriting it in place \
                failed (open: Permission denied). The decisions are in effect until the app quits. The file \
                still holds what was saved before, and the next launch starts from that: a purpose withdrawn \
                since then is granted again if it was granted there. Make the file or its folder writable, or \
                keep the file in a folder the app owns (Application Support); each later change saves every \
                decision again.
                """
            Self.check(message == expected, "lastSaveError: \(message)")
            do {
                try store.saveDecisions(consent.decisions)
                Self.check(false, "saveDecisions did not throw")
            } catch let error as FileConsentStore.SaveError {
                Self.check(error.description == message, "thrown: \(error)")
                Self.check(error.url == URL(fileURLWithPath: path), "thrown for \(error.url)")
            } catch {
                Self.check(false, "thrown: \(error)")
            }
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self) == "")

        // What the docs say: the file is as it was, so the withdrawn grant is back.
        let relaunched = AnalyticsConsent(hub: AnalyticsHub<SeedAnalytics>(), store: FileConsentStore(url: file))
        #expect(relaunched.decision(for: .analytics) == .granted)
        #expect(try String(contentsOf: file, encoding: .utf8) == #"{"analytics":"granted"}"#)
    }

    @Test(.onLowPriorityThreadsOfItsOwn)
    func aDenialToAReadOnlyFileOfTheAppsInAReadOnlyFolderSurvivesARelaunch() async throws {
        let file = try fileInReadOnlyFolder(granting: .analytics, fileMode: 0o444, ownedByTheApp: true)
        defer { Self.removeFolder(of: file) }

        let result = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) {
            [path = file.path as String] in
            Self.dropRootPrivileges(folderOf: path, fileWritable: false)
            let store = FileConsentStore(url: URL(fileURLWithPath: path))
            let consent = AnalyticsConsent(hub: AnalyticsHub<SeedAnalytics>(), store: store)
            consent.deny(.analytics)
            Self.check(store.lastSaveError == nil, "the save failed: \(store.lastSaveError ?? "")")
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self) == "")

        let relaunched = AnalyticsConsent(hub: AnalyticsHub<SeedAnalytics>(), store: FileConsentStore(url: file))
        #expect(relaunched.decision(for: .analytics) == .denied)
        // Its mode is given back: read-only, as the app left it.
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o444)
    }

    @Test(.onLowPriorityThreadsOfItsOwn) func aFileThatCanBeWrittenButNotReadBackIsReported() async throws {
        let file = try fileInReadOnlyFolder(granting: .analytics, fileMode: 0o222)
        defer { Self.removeFolder(of: file) }

        let result = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) {
            [path = file.path as String] in
            Self.dropRootPrivileges(folderOf: path, fileWritable: true)
            let store = FileConsentStore(url: URL(fileURLWithPath: path))
            let consent = AnalyticsConsent(hub: AnalyticsHub<SeedAnalytics>(), store: store)
            consent.deny(.analytics)
            let message = store.lastSaveError ?? ""
            let expected = """
                cannot write \(path): replacing it failed (Permission denied); rewriting it in place \
                worked, but reading it back failed (Permission denied). The decisions are in effect until the \
                app quits. If the next launch cannot read the file either, every purpose is undecided there. \
                Make the file or its folder writable, or keep the file in a folder the app owns (Application \
                Support); each later change saves every decision again.
                """
            Self.check(message == expected, "lastSaveError: \(message)")
            // The next launch of this app cannot read it either.
            Self.check(FileConsentStore(url: URL(fileURLWithPath: path)).loadDecisions() == [:], "read back")
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self) == "")

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        #expect(try String(contentsOf: file, encoding: .utf8) == #"{"analytics":"denied"}"#)
    }
    #endif

    @Test func aSaveThatFailsIsReportedToDiagnosticsAndTheNextChangeSavesEverythingAgain() {
        let store = FailingStore()
        let reports = LockedLog<String>()
        let hub = AnalyticsHub<SeedAnalytics>(diagnostics: AnalyticsDiagnostics { reports.append($0.description) })
        let consent = AnalyticsConsent(hub: hub, store: store)
        store.failing = true

        consent.deny(.advertising)

        #expect(consent.decision(for: .advertising) == .denied)  // in effect all the same
        #expect(hub.diagnostics.summary == ["AnalyticsConsent: consent not saved"])
        #expect(reports.items == ["AnalyticsConsent: consent not saved (the disk is full)"])
        store.failing = false
        consent.grant(.analytics)
        #expect(store.saved == [[.advertising: .denied, .analytics: .granted]])
        #expect(hub.diagnostics.summary == ["AnalyticsConsent: consent not saved"])
    }

    @Test func theInMemoryStoreKeepsDecisionsButNotUndecidedOnes() {
        let store = InMemoryConsentStore([.analytics: .granted, .advertising: .undecided])
        #expect(store.loadDecisions() == [.analytics: .granted])
        store.saveDecisions([.personalization: .denied, .crashReporting: .undecided])
        #expect(store.loadDecisions() == [.personalization: .denied])
    }

    @Test func appsAddTheirOwnPurposes() {
        let hub = AnalyticsHub<SeedAnalytics>()
        let consent = AnalyticsConsent(hub: hub)
        let recorder = DeliveryRecorder()
        let productImprovement: ConsentPurpose = "productImprovement"
        consent.register(recorder, for: [productImprovement])
        consent.grant(productImprovement)
        hub.send(screen: .podcasts)
        #expect(recorder.tags == [.screen(.podcasts)])
        #expect(productImprovement == ConsentPurpose("productImprovement"))
        #expect(
            [ConsentPurpose.personalization, .analytics, .crashReporting].sorted() == [
                .analytics, .crashReporting, .personalization,
            ]
        )
    }
}

// MARK: - A first launch without root privileges

extension ConsentStoreTests {
    /// A consent file granting `purpose`, with `fileMode`, in a folder that only root can write.
    func fileInReadOnlyFolder(
        granting purpose: ConsentPurpose,
        fileMode: Int,
        ownedByTheApp: Bool = false
    ) throws -> URL {
        let file = try temporaryFile()
        try FileConsentStore(url: file).saveDecisions([purpose: .granted])
        try FileManager.default.setAttributes([.posixPermissions: fileMode], ofItemAtPath: file.path)
        if ownedByTheApp && getuid() == 0 {
            // The exit test's process runs as `nobody`: the file is that user's, as an app's are.
            try #require(chown(file.path, 65_534, 65_534) == 0)
        }
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o555],
            ofItemAtPath: file.deletingLastPathComponent().path
        )
        return file
    }

    static func removeFolder(of file: URL) {
        let folder = file.deletingLastPathComponent()
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try? FileManager.default.removeItem(at: folder)
    }

    /// In an exit test's process: runs on as `nobody` if it runs as root, so that file permissions
    /// apply as they do to an app; then makes sure they do, or the test would prove nothing.
    static func dropRootPrivileges(folderOf path: String, fileWritable: Bool) {
        if getuid() == 0 {
            check(setgroups(0, nil) == 0 && setgid(65_534) == 0 && setuid(65_534) == 0, "still root: \(errno)")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let probe = open(folder + "/probe", O_WRONLY | O_CREAT | O_EXCL, 0o644)
        check(probe < 0, "\(folder) can be written")
        let descriptor = open(path, O_WRONLY)
        if descriptor >= 0 { close(descriptor) }
        check((descriptor >= 0) == fileWritable, "\(path) can\(fileWritable ? "not" : "") be written")
    }

    /// In an exit test's process: stops it, saying why on standard error, unless `condition` holds.
    ///
    /// It exits with success all the same: the test sees the child's output only when its exit
    /// condition holds, and it expects that output to be empty.
    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        guard !condition else { return }
        FileHandle.standardError.write(Data((message() + "\n").utf8))
        exit(0)
    }
}

/// A store whose saves fail while `failing` is set; it keeps what it saved otherwise.
private final class FailingStore: ConsentStore, @unchecked Sendable {
    // `@unchecked`: the tests that use it touch it from one thread.
    struct Failure: Error, CustomStringConvertible {
        var description: String { "the disk is full" }
    }

    var failing = false
    var saved: [[ConsentPurpose: ConsentState]] = []

    func loadDecisions() -> [ConsentPurpose: ConsentState] { [:] }

    func saveDecisions(_ decisions: [ConsentPurpose: ConsentState]) throws {
        if failing { throw Failure() }
        saved.append(decisions)
    }
}
