import PodcastExample
import TagHub
import TagHubTesting
import TagHubVendors
import TagHubVendorsTesting
import XCTest

/// The same assertions from an XCTest test case: `assertAnalyticsSnapshot` reports through
/// `XCTFail` there.
final class VendorSnapshotXCTests: XCTestCase {
    func testFirebaseReceivesAScreenViewPerScreen() {
        let hub = AnalyticsHub<PodcastAnalytics>()
        let firebase = RecordingTagger<PodcastAnalytics, FirebaseTag>()
        hub.attach(makeFirebaseStrategy(tagger: firebase))

        for screen in PodcastAnalytics.Screen.allCases {
            hub.send(screen: screen)
        }

        XCTAssertEqual(firebase.tags.map(\.name), Array(repeating: "screen_view", count: 4))
        assertAnalyticsSnapshot(of: firebase)
    }
}
