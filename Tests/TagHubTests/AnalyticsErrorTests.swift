import Foundation
import TagHub
import TagHubTesting
import Testing

@Suite struct AnalyticsErrorTests {
    enum PlayerFailure: Error {
        case timeout(seconds: Int)
        case network
    }

    enum PlayerEvent: Sendable, Hashable { case playbackFailed(AnalyticsError) }

    enum ErrorAnalytics: AnalyticsSchema {
        typealias Screen = Never
        typealias UserAction = Never
        typealias Event = PlayerEvent
        typealias State = Never
    }

    @Test func aSwiftErrorKeepsItsTypeCaseAndPayload() {
        let error = AnalyticsError(PlayerFailure.timeout(seconds: 30))
        #expect(error.type == "PlayerFailure")
        #expect(error.code == 0)
        #expect(error.message == "timeout(seconds: 30)")
        #expect(error.domain.hasSuffix("PlayerFailure"))
        #expect(AnalyticsError(PlayerFailure.network).code == 1)
        #expect(AnalyticsError(PlayerFailure.network).message == "network")
    }

    /// Swift names a type declared in a function with the address of that function's context,
    /// which changes on every run: a snapshot of a tag carrying the error must not.
    @Test func anErrorTypeDeclaredInAFunctionHasADomainWithoutAddresses() {
        struct Timeout: Error {}
        let inClosure = {
            struct Stalled: Error {}
            return AnalyticsError(Stalled())
        }()
        #expect(AnalyticsError(Timeout()).domain == "TagHubTests.AnalyticsErrorTests.Timeout")
        #expect(inClosure.domain == "TagHubTests.AnalyticsErrorTests.Stalled")
        #expect(AnalyticsError(Timeout()).domain.contains("$") == false)
    }

    @Test func anNSErrorKeepsItsDomainCodeAndLocalizedDescription() {
        let timedOut = NSError(
            domain: NSURLErrorDomain,
            code: -1001,
            userInfo: [NSLocalizedDescriptionKey: "The request timed out."]
        )
        let error = AnalyticsError(timedOut)
        #expect(
            error
                == AnalyticsError(
                    type: "NSError",
                    domain: NSURLErrorDomain,
                    code: -1001,
                    message: "The request timed out."
                )
        )
        #expect(error.description == "NSURLErrorDomain -1001: The request timed out.")
    }

    /// Foundation's error structs describe themselves as their `NSError` does, user info and all:
    /// they read as their localized description, which Linux's Foundation words its own way (it has
    /// no text for URL error codes).
    @Test func foundationsErrorStructsReadAsTheirLocalizedDescription() {
        let timedOut = AnalyticsError(URLError(.timedOut))
        let missingFile = AnalyticsError(CocoaError(.fileNoSuchFile))
        #if canImport(Darwin)
        let timedOutMessage = "The request timed out."
        let missingFileMessage = "The file doesn’t exist."
        #else
        let timedOutMessage = "The operation could not be completed. (NSURLErrorDomain error -1001.)"
        let missingFileMessage = "The operation could not be completed. The file doesn’t exist."
        #endif
        #expect(
            timedOut
                == AnalyticsError(type: "URLError", domain: "NSURLErrorDomain", code: -1001, message: timedOutMessage)
        )
        #expect(timedOut.description == "NSURLErrorDomain -1001: \(timedOutMessage)")
        #expect(
            missingFile
                == AnalyticsError(
                    type: "CocoaError",
                    domain: "NSCocoaErrorDomain",
                    code: 4,
                    message: missingFileMessage
                )
        )
    }

    @Test func errorsAreEqualByTheirFieldsSoTagsCarryingThemCompare() {
        #expect(AnalyticsError(PlayerFailure.network) == AnalyticsError(PlayerFailure.network))
        #expect(AnalyticsError(PlayerFailure.network) != AnalyticsError(PlayerFailure.timeout(seconds: 30)))
        #expect(AnalyticsError(PlayerFailure.timeout(seconds: 5)) != AnalyticsError(PlayerFailure.timeout(seconds: 30)))

        let hub = AnalyticsHub<ErrorAnalytics>()
        let recorder = RecordingTagger<ErrorAnalytics, PlayerEvent>()
        hub.attach(MappingStrategy(for: ErrorAnalytics.self, tagger: recorder, event: { event, _ in event }))
        hub.send(event: .playbackFailed(AnalyticsError(PlayerFailure.network)))
        #expect(recorder.tags == [.playbackFailed(AnalyticsError(PlayerFailure.network))])
    }
}
