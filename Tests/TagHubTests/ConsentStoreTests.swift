import Foundation
import TagHub
import Testing

@Suite struct ConsentStoreTests {
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
        try Data(contents.utf8).write(to: file)

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

        try Data(#"{"analytics":"granted","advertising":"maybe","personalization":"undecided"}"#.utf8).write(to: file)
        #expect(FileConsentStore(url: file).loadDecisions() == [.analytics: .granted])
    }

    @Test func aFileThatCannotBeWrittenIsReportedNotFatal() throws {
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        // A folder where the file should be: writing fails.
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        let store = FileConsentStore(url: file)

        #expect(throws: (any Error).self) { try store.saveDecisions([.analytics: .granted]) }

        #expect(store.lastSaveError?.hasPrefix("cannot write \(file.path)") == true)
        #expect(store.loadDecisions().isEmpty)
    }

    @Test func aFileCutShortKeepsItsDenialThroughTheNextSave() throws {
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        // Cut inside the grant's key: the denial before it is whole.
        try Data(#"{"advertising":"denied","analyt"#.utf8).write(to: file)

        let consent = AnalyticsConsent(hub: AnalyticsHub<SeedAnalytics>(), store: FileConsentStore(url: file))
        #expect(consent.decisions == [.advertising: .denied])
        consent.grant(.personalization)

        #expect(
            try String(contentsOf: file, encoding: .utf8) == #"{"advertising":"denied","personalization":"granted"}"#
        )
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
