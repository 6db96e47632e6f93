import Foundation
import PodcastExample
import TagHub
import TagHubVendors

// The seed's podcast app, one session long, its screens reported by its views to a ScreenTracker
// (a sheet over favorites included), tracked by three vendors through one hub, under the user's
// consent: undecided at first (tags are kept), then granted for two purposes and denied for a
// third, then withdrawn for one. Run with `swift run taghub-demo`; the output is deterministic,
// and Docs/demo-output.txt holds a copy of it.

let stacktrace = Podcast(title: "Stacktrace", duration: 2_700)
let swiftTalk = Podcast(title: "Swift Talk", duration: 1_800)
let underTheRadar = Podcast(title: "Under the Radar", duration: 1_500)

// MARK: - Wiring

// Each vendor's console lines go to a buffer, printed under the tag that caused them.
let trackerLines = LockedBuffer<String>()
let firebaseLines = LockedBuffer<String>()
let adsLines = LockedBuffer<String>()
let trackerTagger = ConsoleTagger<TrackerTag>(label: "tracker") { trackerLines.append($0) }
let firebaseTagger = ConsoleTagger<FirebaseTag>(label: "firebase") { firebaseLines.append($0) }
let adsTagger = ConsoleTagger<AdTag>(label: "ads") { adsLines.append($0) }

// What the library did not deliver, and why. Tags a converter ignores are only counted (there are
// many, by design); the rest is printed where it happens.
let diagnostics = AnalyticsDiagnostics { diagnostic in
    if diagnostic.reason != .unmapped { print("    diagnostics: \(diagnostic)") }
}
let hub = AnalyticsHub<PodcastAnalytics>(diagnostics: diagnostics)
let printer = SessionPrinter()
// The demo's own log, not a vendor: attached directly, first, so that a tag's header comes before
// any vendor's work.
hub.attach(printer)

let consent = AnalyticsConsent(hub: hub)  // decisions in memory: the user has not been asked yet
let tracker = TrackerStrategy(tagger: trackerTagger)
// Firebase runs on its own queue: a slow SDK call never holds up the app's thread.
let firebase = BackgroundStrategy(wrapping: makeFirebaseStrategy(tagger: firebaseTagger))
let ads = makeAdStrategy(tagger: adsTagger)
consent.register(tracker, name: "tracker", for: [.analytics, .personalization])
consent.register(firebase, for: [.analytics])
consent.register(ads, for: [.advertising])

let trackerVendor = Vendor(label: "tracker", strategy: tracker, pendingLines: trackerLines)
let firebaseVendor = Vendor(label: "firebase", strategy: firebase, pendingLines: firebaseLines)
let adsVendor = Vendor(label: "ads", strategy: ads, pendingLines: adsLines)
let session = DemoSession(
    hub: hub,
    consent: consent,
    vendors: [trackerVendor, firebaseVendor, adsVendor],
    printer: printer
)
// Each view of the story is one presentation: what a SwiftUI view's `.analyticsScreen(…)` or a
// UIKit view controller reports.
let podcastList = ScreenPresentationID()
let pushedPlayer = ScreenPresentationID()
let favoritesTab = ScreenPresentationID()
let playerSheet = ScreenPresentationID()
let downloadsTab = ScreenPresentationID()

print("TagHub demo: a podcast session, AnalyticsHub<PodcastAnalytics> keeping \(hub.screenHistoryLimit) screens.")
print("Vendors: tracker (analytics, personalization), firebase (analytics, on its own queue), ads (advertising).")
print("Each tag: its number, channel and context as delivered, then what each vendor received.")
print("Screens come from a ScreenTracker: \"--\" lines are what the app's views report to it.")
print()

// MARK: - Before the consent prompt is answered: tags are kept

await session.appeared(.podcasts, as: podcastList, "launch")
await session.send(userAction: .playPodcast(stacktrace))
await session.appeared(.podcastPlayer, as: pushedPlayer, "the player is pushed")
await session.disappeared(podcastList, of: .podcasts, "the player is pushed")
let lastTagBeforeDecision = session.tagsSent

// MARK: - The user answers

print()
print("The user answers the consent prompt: analytics and personalization granted, advertising denied.")
consent.grant(.analytics, .personalization)
consent.deny(.advertising)
await session.reportReplays()
print()

await session.send(event: .playerDidLoad(stacktrace))
await session.send(event: .playerDidPlay(stacktrace))
await session.send(userAction: .pausePodcast(stacktrace))
await session.appeared(.favorites, as: favoritesTab, "the favorites tab is selected")
await session.disappeared(pushedPlayer, of: .podcastPlayer, "the favorites tab is selected")
await session.appeared(.favorites, as: favoritesTab, "SwiftUI calls onAppear again")
// The player, as a sheet over favorites: favorites stays on screen under it, and nothing reports
// it again when the sheet is dismissed. The tracker makes it current again.
await session.appeared(.podcastPlayer, as: playerSheet, "the player opens as a sheet")
await session.disappeared(playerSheet, of: .podcastPlayer, "the sheet is dismissed")
// The seed's "one more thing": the same action, another screen, another tracker event.
await session.send(userAction: .playPodcast(swiftTalk))
await session.send(userAction: .removePodcastFromFavorite(stacktrace))
await session.send(state: .favorites([swiftTalk]))
await session.send(state: .autoPlay(true))
await session.appeared(.downloads, as: downloadsTab, "the downloads tab is selected")
await session.disappeared(favoritesTab, of: .favorites, "the downloads tab is selected")
await session.send(userAction: .downloadPodcast(underTheRadar))
await session.send(event: .notEnoughStorageSpaceForDownload(underTheRadar))
await session.send(event: .playerDidFail(swiftTalk, reason: .networkUnavailable))

// MARK: - Consent withdrawn

print()
print("The user withdraws personalization: the tracker, which needs it, stops at once.")
consent.deny(.personalization)
print("consent.status(of: tracker) -> \(consent.status(of: tracker)!), of firebase -> \(consent.status(of: firebase)!)")
print()
let lastTagBeforeRevocation = session.tagsSent

await session.appeared(.podcasts, as: podcastList, "back to the podcasts list")
await session.disappeared(downloadsTab, of: .downloads, "back to the podcasts list")
await session.send(userAction: .playPodcast(stacktrace))
await session.send(state: .remoteNotificationAuthorized(false))

// MARK: - Summary

let trackerAfterRevocation = trackerVendor.deliveries.filter { $0.tagNumber > lastTagBeforeRevocation }.count
print()
print("Summary: \(session.tagsSent) tags sent, \(printer.envelopes.count) seen by the session printer.")
for vendor in session.vendors {
    print("    \(vendor.label): \(vendor.deliveries.count) vendor tags received")
}
print("    tracker after its consent was withdrawn: \(trackerAfterRevocation) (must be 0)")
print("Diagnostics, totals:")
for line in hub.diagnostics.summary {
    print("    \(line)")
}

// MARK: - Self-check

/// Whether `expected` appears in `lines` in this order, other lines allowed in between.
func appearsInOrder(_ expected: [String], in lines: [String]) -> Bool {
    var remaining = expected[...]
    for line in lines where line == remaining.first {
        remaining.removeFirst()
    }
    return remaining.isEmpty
}

var problems: [String] = []

if printer.envelopes.count != session.tagsSent {
    problems.append("the session printer saw \(printer.envelopes.count) of \(session.tagsSent) tags")
}
for vendor in session.vendors where vendor.deliveries.contains(where: { $0.status != .granted }) {
    problems.append("\(vendor.label) received vendor tags while its consent was not granted")
}
if trackerAfterRevocation > 0 {
    problems.append("the tracker received \(trackerAfterRevocation) vendor tags after its consent was withdrawn")
}
if !adsVendor.deliveries.isEmpty {
    problems.append("the ad network received \(adsVendor.deliveries.count) vendor tags though advertising was denied")
}
if hub.diagnostics.count(of: .discardedByDenial, source: "ads") != 1 {
    problems.append("the ad network's kept play was not discarded and counted at the denial")
}

let trackerPlays: [TrackerTag] = [
    .event(.playFromPodcasts(title: stacktrace.title, duration: stacktrace.duration)),
    .event(.playFromFavorites(title: swiftTalk.title, duration: swiftTalk.duration)),
]
if !appearsInOrder(trackerPlays.map(trackerTagger.line(for:)), in: trackerVendor.lines()) {
    problems.append("the tracker did not get play_podcast_from_podcasts, then play_podcast_from_favorites")
}
if trackerVendor.deliveries.filter({ $0.tagNumber == 0 }).count != 3 {
    problems.append("the tracker did not get the three tags kept before the decision, at the grant")
}

// What Firebase should have received, worked out again from the delivered tags with the strategy's
// own converters: every line must match, kept tags included, and every tag must pass Firebase's rules.
let firebaseExpected = printer.envelopes.compactMap { firebase.wrapped.vendorTag(for: $0.tag, in: $0.context) }
if firebaseVendor.lines() != firebaseExpected.map(firebaseTagger.line(for:)) {
    problems.append("firebase's lines differ from what its converters give for the delivered tags")
}
problems += firebaseExpected.flatMap(\.ruleViolations).map { "firebase rule broken: \($0)" }
if session.vendors.contains(where: { vendor in
    vendor.deliveries.contains { (1...lastTagBeforeDecision).contains($0.tagNumber) }
}) {
    problems.append("a vendor received a tag sent before the user decided, before the decision")
}

if problems.isEmpty {
    print("Self-check passed.")
} else {
    // Standard output is buffered when piped: flush it so that the problems come after the story.
    fflush(nil)
    for problem in problems {
        FileHandle.standardError.write(Data("taghub-demo: \(problem)\n".utf8))
    }
    exit(1)
}
