import PodcastExample
import TagHub
import TagHubTesting
import TagHubVendors
import TagHubVendorsTesting
import Testing

/// Login and logout as each of the six vendors receives them, when the user was logged in before
/// any vendor was attached, logged out and in again, and granted consent late.
@Suite struct IdentityTests {
    let swiftTalk = Podcast(title: "Swift Talk", duration: 1_800)
    let clock = TestClock()
    let firebase = RecordingStrategy(
        wrapping: makeFirebaseStrategy(tagger: RecordingTagger<PodcastAnalytics, FirebaseTag>())
    )
    let segment = RecordingStrategy(
        wrapping: makeSegmentStrategy(tagger: RecordingTagger<PodcastAnalytics, SegmentTag>())
    )
    let mixpanel = RecordingStrategy(
        wrapping: makeMixpanelStrategy(tagger: RecordingTagger<PodcastAnalytics, MixpanelTag>())
    )
    let amplitude = RecordingStrategy(
        wrapping: makeAmplitudeStrategy(tagger: RecordingTagger<PodcastAnalytics, AmplitudeTag>())
    )
    let batch = RecordingStrategy(wrapping: makeBatchStrategy(tagger: RecordingTagger<PodcastAnalytics, BatchTag>()))
    let piano = RecordingStrategy(wrapping: makePianoStrategy(tagger: RecordingTagger<PodcastAnalytics, PianoTag>()))

    /// The story: logged in as user-42 at launch, before consent exists; then, with every vendor waiting
    /// for consent, a play, a logout, a login as user-7 and a play; consent two minutes later; a play.
    func playTheStory() {
        let hub = AnalyticsHub<PodcastAnalytics>(clock: clock)
        hub.send(state: .loggedIn(userID: "user-42"))
        hub.send(state: .autoPlay(true))
        let consent = AnalyticsConsent(hub: hub)
        consent.register(firebase, for: [.analytics])
        consent.register(segment, for: [.analytics])
        consent.register(mixpanel, for: [.analytics])
        consent.register(amplitude, for: [.analytics])
        consent.register(batch, for: [.analytics])
        consent.register(piano, for: [.analytics])
        hub.send(screen: .podcasts)
        hub.send(userAction: .playPodcast(swiftTalk))
        hub.send(state: .loggedOut)
        hub.send(state: .loggedIn(userID: "user-7"))
        hub.send(userAction: .playPodcast(swiftTalk))
        clock.advance(by: .seconds(120))
        consent.grant(.analytics)
        hub.send(userAction: .playPodcast(swiftTalk))
    }

    @Test func eachVendorLearnsWhoTheUserIsBeforeAnyEventThenLogsOutAndInAsItsSDKWants() {
        playTheStory()
        let played = AnalyticsValue.string("Swift Talk")
        #expect(
            firebase.tags == [
                .userID("user-42"), .userProperty(name: "auto_play", value: "true"),
                .screenView(screenName: "podcasts", screenClass: "PodcastListView"),
                .event("select_content", ["content_type": .string("podcast"), "item_id": .string("Swift Talk")]),
                .userID(nil), .userID("user-7"),
                .event("select_content", ["content_type": .string("podcast"), "item_id": .string("Swift Talk")]),
                .event("select_content", ["content_type": .string("podcast"), "item_id": .string("Swift Talk")]),
            ]
        )
        #expect(
            segment.tags == [
                .identify(userID: "user-42", traits: [:]), .identify(userID: nil, traits: ["auto_play": .bool(true)]),
                .track(event: "Podcast Played", properties: ["title": played]),
                .reset, .identify(userID: "user-7", traits: ["auto_play": .bool(true)]),
                .track(event: "Podcast Played", properties: ["title": played]),
                .track(event: "Podcast Played", properties: ["title": played]),
            ]
        )
        #expect(
            mixpanel.tags == [
                .identify(distinctID: "user-42"),
                .track(event: "Podcast Played", properties: ["title": played, "auto_play": .bool(true)]),
                .reset, .identify(distinctID: "user-7"),
                .track(event: "Podcast Played", properties: ["title": played, "auto_play": .bool(true)]),
                .track(event: "Podcast Played", properties: ["title": played, "auto_play": .bool(true)]),
            ]
        )
        #expect(
            amplitude.tags == [
                .setUserID("user-42"), .setUserProperties(["auto_play": .bool(true)]),
                .track(eventType: "Podcast Played", eventProperties: ["title": played]),
                .reset, .setUserID("user-7"),
                .track(eventType: "Podcast Played", eventProperties: ["title": played]),
                .track(eventType: "Podcast Played", eventProperties: ["title": played]),
            ]
        )
        #expect(
            batch.tags == [
                .customUserID("user-42"), .event("podcast_played", ["title": played]), .customUserID(nil),
                .customUserID("user-7"), .event("podcast_played", ["title": played]),
                .event("podcast_played", ["title": played]),
            ]
        )
        #expect(
            piano.tags == [
                .setUser(id: "user-42", category: nil), .event("podcast.play", ["podcast_title": played]), .deleteUser,
                .setUser(id: "user-7", category: nil), .event("podcast.play", ["podcast_title": played]),
                .event("podcast.play", ["podcast_title": played]),
            ]
        )
    }

    @Test func noTagOfTheStoryBreaksItsVendorsRules() {
        playTheStory()
        #expect(firebase.tags.flatMap(\.ruleViolations) == [])
        #expect(segment.tags.flatMap(\.ruleViolations) == [])
        #expect(mixpanel.tags.flatMap(\.ruleViolations) == [])
        // Amplitude wants user IDs of at least 5 UTF-16 units: "42" would be dropped.
        #expect(amplitude.tags.flatMap(\.ruleViolations) == [])
        #expect(batch.tags.flatMap(\.ruleViolations) == [])
        #expect(piano.tags.flatMap(\.ruleViolations) == [])
    }

    @Test func eachVendorTagKeepsTheTimeAndStatesOfItsOwnSend() {
        playTheStory()
        mixpanel.contextDetails = [.time, .states]
        #expect(
            mixpanel.snapshotText == """
                identify "user-42" ← state loggedIn(userID: "user-42") on [] at 2023-11-14T22:13:20.000Z with [loggedIn(userID: "user-42")]
                Podcast Played {auto_play: true, title: "Swift Talk"} ← userAction playPodcast(Podcast(title: "Swift Talk", duration: 1800)) on [podcasts] at 2023-11-14T22:13:20.000Z with [loggedIn(userID: "user-42"), autoPlay(true)]
                reset ← state loggedOut on [podcasts] at 2023-11-14T22:13:20.000Z with [autoPlay(true), loggedOut]
                identify "user-7" ← state loggedIn(userID: "user-7") on [podcasts] at 2023-11-14T22:13:20.000Z with [autoPlay(true), loggedIn(userID: "user-7")]
                Podcast Played {auto_play: true, title: "Swift Talk"} ← userAction playPodcast(Podcast(title: "Swift Talk", duration: 1800)) on [podcasts] at 2023-11-14T22:13:20.000Z with [autoPlay(true), loggedIn(userID: "user-7")]
                Podcast Played {auto_play: true, title: "Swift Talk"} ← userAction playPodcast(Podcast(title: "Swift Talk", duration: 1800)) on [podcasts] at 2023-11-14T22:15:20.000Z with [autoPlay(true), loggedIn(userID: "user-7")]

                """
        )
    }
}
