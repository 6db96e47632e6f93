import Foundation
import PodcastExample
import TagHub

// The seed's podcast app, one session long, tracked by two vendors through one hub; then the user
// withdraws consent for one of them. Run with `swift run taghub-demo`; the output is deterministic,
// and Docs/demo-output.txt holds a copy of it.

let stacktrace = Podcast(title: "Stacktrace", duration: 2_700)
let swiftTalk = Podcast(title: "Swift Talk", duration: 1_800)
let underTheRadar = Podcast(title: "Under the Radar", duration: 1_500)

// MARK: - Wiring

// Each vendor's console lines go to a buffer, printed under the tag that caused them.
let trackerLines = LockedBuffer<String>()
let firebaseLines = LockedBuffer<String>()
let trackerTagger = ConsoleTagger<TrackerTag>(label: "tracker") { trackerLines.append($0) }
let firebaseTagger = ConsoleTagger<FirebaseTag>(label: "firebase") { firebaseLines.append($0) }
let tracker = TrackerStrategy(tagger: trackerTagger)
let firebase = makeFirebaseStrategy(tagger: firebaseTagger)

let hub = AnalyticsHub<PodcastAnalytics>()
let printer = SessionPrinter()
// First: the hub calls strategies in the order they were attached, so a tag's header comes before any vendor's work.
hub.attach(printer)
hub.attach(tracker)
hub.attach(firebase)

let trackerVendor = Vendor(label: "tracker", strategy: tracker, pendingLines: trackerLines)
let firebaseVendor = Vendor(label: "firebase", strategy: firebase, pendingLines: firebaseLines)
let session = DemoSession(hub: hub, vendors: [trackerVendor, firebaseVendor])

print("TagHub demo: a podcast session, AnalyticsHub<PodcastAnalytics> keeping \(hub.screenHistoryLimit) screens.")
print("Each tag: its number, channel and context as delivered, then what each vendor received.")
print()

// MARK: - The session

session.send(screen: .podcasts)
session.send(userAction: .playPodcast(stacktrace))
session.send(screen: .podcastPlayer)
session.send(event: .playerDidLoad(stacktrace))
session.send(event: .playerDidPlay(stacktrace))
session.send(userAction: .pausePodcast(stacktrace))
session.send(screen: .favorites)
// The seed's "one more thing": the same action, another screen, another tracker event.
session.send(userAction: .playPodcast(swiftTalk))
session.send(userAction: .removePodcastFromFavorite(stacktrace))
session.send(state: .favorites([swiftTalk]))
session.send(state: .autoPlay(true))
session.send(screen: .downloads)
session.send(userAction: .downloadPodcast(underTheRadar))
session.send(event: .notEnoughStorageSpaceForDownload(underTheRadar))
session.send(event: .playerDidFail(swiftTalk, reason: .networkUnavailable))

// MARK: - Consent withdrawn

print()
print("The user withdraws consent for the tracker: the app detaches it.")
let wasAttached = hub.detach(tracker)
print("hub.detach(tracker) -> \(wasAttached), hub.isAttached(tracker) -> \(hub.isAttached(tracker))")
print()
let lastTagBeforeDetach = session.tagsSent

session.send(screen: .podcasts)
session.send(userAction: .playPodcast(stacktrace))
session.send(state: .remoteNotificationAuthorized(false))

// MARK: - Summary

let trackerAfterDetach = trackerVendor.deliveries.filter { $0.tagNumber > lastTagBeforeDetach }.count
print()
print("Summary: \(session.tagsSent) tags sent, \(printer.envelopes.count) seen by the session printer.")
for vendor in session.vendors {
    print("    \(vendor.label): \(vendor.deliveries.count) vendor tags received")
}
print("    tracker after detach: \(trackerAfterDetach) (must be 0)")

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
if trackerAfterDetach > 0 || trackerVendor.deliveries.contains(where: { !$0.whileAttached }) {
    problems.append("the tracker received \(trackerAfterDetach) vendor tags after it was detached")
}
if !wasAttached || hub.isAttached(tracker) {
    problems.append("detach(tracker) returned \(wasAttached); isAttached is \(hub.isAttached(tracker))")
}

let trackerPlays: [TrackerTag] = [
    .event(.playFromPodcasts(title: stacktrace.title, duration: stacktrace.duration)),
    .event(.playFromFavorites(title: swiftTalk.title, duration: swiftTalk.duration)),
]
if !appearsInOrder(trackerPlays.map(trackerTagger.line(for:)), in: trackerVendor.lines()) {
    problems.append("the tracker did not get play_podcast_from_podcasts, then play_podcast_from_favorites")
}

let selectContent = [stacktrace, swiftTalk].map { podcast in
    firebaseTagger.line(for: .podcastEvent("select_content", podcast, ["content_type": .string("podcast")]))
}
if firebaseVendor.lines(upTo: lastTagBeforeDetach).filter({ $0.contains("select_content") }) != selectContent {
    problems.append("firebase did not get select_content for exactly the two plays before the detach")
}

// What Firebase should have received, worked out again from the delivered tags with the strategy's
// own converters: every line must match, and every tag must pass Firebase's rules.
let firebaseExpected = printer.envelopes.compactMap { firebase.vendorTag(for: $0.tag, in: $0.context) }
if firebaseVendor.lines() != firebaseExpected.map(firebaseTagger.line(for:)) {
    problems.append("firebase's lines differ from what its converters give for the delivered tags")
}
problems += firebaseExpected.flatMap(\.ruleViolations).map { "firebase rule broken: \($0)" }

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
