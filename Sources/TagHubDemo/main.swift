import Foundation
import PodcastExample
import TagHub
import TagHubVendors

// The seed's podcast app, told tag by tag: its screens reported by its views to a ScreenTracker
// (a sheet over favorites included), tracked by three vendors through one hub, under the user's
// consent: undecided at first (tags are kept), then granted for two purposes and denied for a
// third; the app goes to the background and comes back in a new session, where the user grants
// the third purpose and withdraws one of the first two. Run with `swift run taghub-demo`; the
// output is the same on every run, and Docs/demo-output.txt holds a copy of it.

let stacktrace = Podcast(title: "Stacktrace", duration: 2_700)
let swiftTalk = Podcast(title: "Swift Talk", duration: 1_800)
let underTheRadar = Podcast(title: "Under the Radar", duration: 1_500)

// MARK: - Wiring

// What happens to each vendor's tags goes to a buffer, printed under the tag that caused it: the
// lines of its console tagger, and what the hub's diagnostics report it did not deliver.
let trackerNotes = LockedBuffer<VendorNote>()
let firebaseNotes = LockedBuffer<VendorNote>()
let adsNotes = LockedBuffer<VendorNote>()

/// A console tagger's `write`: appends the line to `notes`, noting whether the app's call waited for it.
func writeLine(to notes: LockedBuffer<VendorNote>) -> @Sendable (String) -> Void {
    { line in notes.append(.line(line, duringAppCall: DemoSession.isInAppCall)) }
}

let trackerTagger = ConsoleTagger<TrackerTag>(label: "tracker", write: writeLine(to: trackerNotes))
let firebaseTagger = ConsoleTagger<FirebaseTag>(label: "firebase", write: writeLine(to: firebaseNotes))
let adsTagger = ConsoleTagger<AdTag>(label: "ads", write: writeLine(to: adsNotes))

let notesByVendor = ["tracker": trackerNotes, "firebase": firebaseNotes, "ads": adsNotes]
let otherReports = LockedBuffer<DiagnosticReport>()
let diagnostics = AnalyticsDiagnostics { report in
    if let notes = notesByVendor[report.source] {
        notes.append(.notDelivered(report))
    } else {
        otherReports.append(report)
    }
}

// The hub reads each tag's time from this clock, which the story moves: the same times, and so
// the same sessions, on every run.
let clock = StoryClock(startingAt: Date(timeIntervalSince1970: 1_715_675_400))  // 2024-05-14, 08:30:00 UTC
let hub = AnalyticsHub<PodcastAnalytics>(clock: clock, diagnostics: diagnostics)
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

let trackerVendor = Vendor(label: "tracker", strategy: tracker, pendingNotes: trackerNotes)
let firebaseVendor = Vendor(label: "firebase", strategy: firebase, runsOnItsOwnQueue: true, pendingNotes: firebaseNotes)
let adsVendor = Vendor(label: "ads", strategy: ads, pendingNotes: adsNotes)
let session = DemoSession(
    hub: hub,
    clock: clock,
    consent: consent,
    vendors: [trackerVendor, firebaseVendor, adsVendor],
    printer: printer,
    otherReports: otherReports
)
// Each view of the story is one presentation: what a SwiftUI view's `.analyticsScreen(…)` or a
// UIKit view controller reports.
let podcastList = ScreenPresentationID()
let pushedPlayer = ScreenPresentationID()
let favoritesTab = ScreenPresentationID()
let playerSheet = ScreenPresentationID()
let downloadsTab = ScreenPresentationID()

print(
    """
    TagHub demo: a morning with a podcast app, tag by tag.

    Three vendors receive the app's tags, each only with the user's consent:
        tracker, for analytics and personalization: screens and user actions only
        firebase, for analytics, on its own queue: every channel
        ads, for advertising: user actions only, of which it counts plays

    Each tag prints as its number, the time and session it was sent in, and the tag; then the screens
    (the hub keeps the last \(hub.screenHistoryLimit)) and the states it was sent with; then what each vendor received, or
    why it received nothing.
    The times come from the demo's own clock: it starts at 08:30:00 UTC and moves only when the story says.
    "--" lines say what happens in the app. Its views report their screens to a screen tracker, which
    sends a screen only when the current one changes.
    After each tag, the demo waits for firebase's queue, so that firebase's line prints under the tag;
    for the last tags before the app goes to the background, it does not wait, as an app never does.

    """
)

// MARK: - Before the consent prompt is answered: tags are kept

await session.appeared(.podcasts, as: podcastList, "launch")
await session.send(userAction: .playPodcast(stacktrace))
await session.appeared(.podcastPlayer, as: pushedPlayer, "the player is pushed")
await session.disappeared(podcastList, of: .podcasts, "the player is pushed")
let lastTagBeforeDecision = session.tagsSent

// MARK: - The user answers

session.later(
    .seconds(20),
    "the user answers the consent prompt: analytics and personalization allowed, advertising refused"
)
await session.decide {
    consent.grant(.analytics, .personalization)
    consent.deny(.advertising)
}

await session.send(event: .playerDidLoad(stacktrace))
await session.send(event: .playerDidPlay(stacktrace))
session.later(.seconds(20 * 60), "the user pauses the episode")
await session.send(userAction: .pausePodcast(stacktrace))
await session.appeared(.favorites, as: favoritesTab, "the favorites tab is selected")
await session.disappeared(pushedPlayer, of: .podcastPlayer, "the favorites tab is selected")
await session.appeared(.favorites, as: favoritesTab, "SwiftUI calls onAppear again")
// The player, as a sheet over favorites: favorites stays on screen under it, and nothing reports
// it again when the sheet is dismissed. The tracker makes it current again.
session.later(.seconds(30), "the user taps a favorite")
await session.appeared(.podcastPlayer, as: playerSheet, "the player opens as a sheet")
await session.disappeared(playerSheet, of: .podcastPlayer, "the sheet is dismissed")
// The seed's "one more thing": the same action, another screen, another tracker event.
await session.send(userAction: .playPodcast(swiftTalk))
await session.send(userAction: .removePodcastFromFavorite(stacktrace))
await session.send(state: .favorites([swiftTalk]))
await session.send(state: .autoPlay(true))
session.later(.seconds(15 * 60), "the user looks for something to download")
await session.appeared(.downloads, as: downloadsTab, "the downloads tab is selected")
await session.disappeared(favoritesTab, of: .favorites, "the downloads tab is selected")

// MARK: - The app goes to the background

// From here until the flush, the demo sends as an app does: without waiting for firebase's queue.
session.waitsForQueues = false
await session.send(userAction: .downloadPodcast(underTheRadar))
await session.send(event: .notEnoughStorageSpaceForDownload(underTheRadar))
await session.send(event: .playerDidFail(swiftTalk, reason: .networkUnavailable))
await session.enteredBackground()
session.waitsForQueues = true

// MARK: - A new session: advertising granted, personalization withdrawn

let firstTagOfSecondSession = session.tagsSent + 1
session.later(.seconds(45 * 60), "the user opens the app again")
print("   (no tag for more than the hub's 30 minutes: the session has lapsed, so the screen tracker sends")
print("   the current screen again, and the hub starts a new session with it)")
await session.enteredForeground()

session.later(.seconds(60), "in the app's settings, the user allows advertising")
await session.decide { consent.grant(.advertising) }
let lastTagBeforeAdvertisingGranted = session.tagsSent

await session.appeared(.podcasts, as: podcastList, "back to the podcasts list")
await session.disappeared(downloadsTab, of: .downloads, "back to the podcasts list")
await session.send(userAction: .playPodcast(underTheRadar))

session.later(.seconds(30), "the user withdraws personalization: the tracker, which needs it, stops at once")
await session.decide { consent.deny(.personalization) }
let lastTagBeforeRevocation = session.tagsSent

await session.send(userAction: .playPodcast(stacktrace))
await session.send(state: .remoteNotificationAuthorized(false))

// MARK: - Summary

print()
print("The end: \(session.tagsSent) tags sent, in \(hub.session?.number ?? 0) sessions.")
for vendor in session.vendors {
    print("    \(vendor.label) received \(vendor.deliveries.count) vendor tags")
}
print("Not delivered, as hub.diagnostics counts it (a tag of a channel a vendor lacks, or sent while its")
print("consent is denied, never reaches the vendor's strategy, and is not counted):")
for line in hub.diagnostics.summary {
    print("    \(line)")
}

// MARK: - Checks

// What the story must show. Silent when it does; otherwise the demo fails.

/// Whether `expected` appears in `lines` in this order, other lines allowed in between.
func appearsInOrder(_ expected: [String], in lines: [String]) -> Bool {
    var remaining = expected[...]
    for line in lines where line == remaining.first {
        remaining.removeFirst()
    }
    return remaining.isEmpty
}

var problems = session.problems

if printer.envelopes.count != session.tagsSent {
    problems.append("the session printer saw \(printer.envelopes.count) of \(session.tagsSent) tags")
}
for vendor in session.vendors where vendor.deliveries.contains(where: { $0.status != .granted }) {
    problems.append("\(vendor.label) received vendor tags while its consent was not granted")
}
if session.vendors.contains(where: { vendor in
    vendor.deliveries.contains { (1...lastTagBeforeDecision).contains($0.tagNumber) }
}) {
    problems.append("a vendor received a tag sent before the user decided, before the decision")
}

// Firebase runs on its own queue, apart from the app's calls; the others inside them.
if firebaseVendor.deliveries.contains(where: \.duringAppCall) {
    problems.append("firebase's tagger ran inside the app's call, not on its own queue")
}
for vendor in [trackerVendor, adsVendor] where vendor.deliveries.contains(where: { !$0.duringAppCall }) {
    problems.append("\(vendor.label)'s tagger ran outside the app's call")
}

// The tracker: the kept tags at the grant, a play named after its screen, nothing after the revocation.
if trackerVendor.deliveries.filter({ $0.tagNumber == 0 }).count != 3 {
    problems.append("the tracker did not get the three tags kept before the decision, at the grant")
}
let trackerPlays: [TrackerTag] = [
    .event(.playFromPodcasts(title: stacktrace.title, duration: stacktrace.duration)),
    .event(.playFromFavorites(title: swiftTalk.title, duration: swiftTalk.duration)),
    .event(.playFromPodcasts(title: underTheRadar.title, duration: underTheRadar.duration)),
]
if !appearsInOrder(trackerPlays.map(trackerTagger.line(for:)), in: trackerVendor.lines()) {
    problems.append("the tracker did not get its three plays, each named after the screen it came from")
}
if !trackerVendor.lines(from: lastTagBeforeRevocation + 1).isEmpty {
    problems.append("the tracker received vendor tags after its consent was withdrawn")
}

// Firebase and ads: what their converters give for the delivered tags, worked out again with the
// strategies' own converters; Firebase's kept tags included, and within Firebase's rules.
let firebaseExpected = printer.envelopes.compactMap { firebase.wrapped.vendorTag(for: $0.tag, in: $0.context) }
if firebaseVendor.lines() != firebaseExpected.map(firebaseTagger.line(for:)) {
    problems.append("firebase's lines differ from what its converters give for the delivered tags")
}
problems += firebaseExpected.flatMap(\.ruleViolations).map { "firebase rule broken: \($0)" }
let adsExpected = printer.envelopes[lastTagBeforeAdvertisingGranted...].compactMap {
    ads.vendorTag(for: $0.tag, in: $0.context)
}
if adsExpected.count != 2 || adsVendor.lines() != adsExpected.map(adsTagger.line(for:)) {
    problems.append("ads did not get one conversion for each play after advertising was granted, and nothing else")
}
if hub.diagnostics.count(of: .discardedByDenial, source: "ads") != 1 {
    problems.append("the ad network's kept play was not discarded and counted at the denial")
}

// Sessions: the first until the app went to the background, the second after it came back.
let sessions = printer.envelopes.map(\.context.session.number)
if sessions != Array(repeating: 1, count: firstTagOfSecondSession - 1)
    + Array(repeating: 2, count: session.tagsSent - firstTagOfSecondSession + 1)
{
    problems.append("the tags' sessions are \(sessions), not 1 until the background and 2 after it")
}

if !problems.isEmpty {
    // Standard output is buffered when piped: flush it so that the problems come after the story.
    fflush(nil)
    for problem in problems {
        FileHandle.standardError.write(Data("taghub-demo: \(problem)\n".utf8))
    }
    exit(1)
}
