import TagHub
import TagHubVendors

// Five more vendors, each through the library's model of its calls, with what matters most when a
// user logs in and out: each SDK wants its own sequence, and getting it wrong joins two people's
// data. Firebase is in FirebaseVendor.swift. Login and logout are states (`loggedIn`, `loggedOut`,
// one key): the hub hands the latest to a vendor that joins later, before any other tag.
//
// | vendor    | login                       | logout                                              |
// |-----------|-----------------------------|-----------------------------------------------------|
// | Segment   | identify(userId)            | reset(): new anonymous ID, traits cleared           |
// | Mixpanel  | identify(distinctId)        | reset(): new anonymous distinct ID, super properties cleared |
// | Amplitude | setUserId(id)               | reset(): user ID cleared and a new device ID        |
// | Firebase  | setUserID(id)               | setUserID(nil)                                      |
// | Batch     | BatchProfile.identify(id)   | BatchProfile.identify(nil)                          |
// | Piano     | pa.setUser(id)              | pa.deleteUser()                                     |

extension PodcastAnalytics.State {
    /// Segment: `identify` with the user ID at login; `reset` at logout. A preference is a trait of
    /// whoever is identified now (`identify` without a user ID keeps the current one); `reset`
    /// clears the traits, so a login sends them again, from the states in `context`.
    package func segmentTag(in context: PodcastAnalytics.Context) -> SegmentTag? {
        switch self {
        case .loggedIn(let userID): .identify(userID: userID, traits: Self.segmentTraits(context.states))
        case .loggedOut: .reset
        case .autoPlay(let isOn): .identify(userID: nil, traits: ["auto_play": .bool(isOn)])
        case .favorites, .remoteNotificationAuthorized: nil
        }
    }

    /// The traits Segment keeps for a user, from the app's states.
    static func segmentTraits(_ states: AnalyticsStates<PodcastAnalytics>) -> [String: AnalyticsValue] {
        guard case .autoPlay(let isOn)? = states[.autoPlay] else { return [:] }
        return ["auto_play": .bool(isOn)]
    }

    /// Mixpanel: `identify` at login; `reset` at logout. Auto-play is not a profile property here:
    /// the Mixpanel strategy adds it to every event, from the context's states.
    package var mixpanelTag: MixpanelTag? {
        switch self {
        case .loggedIn(let userID): .identify(distinctID: userID)
        case .loggedOut: .reset
        case .favorites(let podcasts): .setPeopleProperties(["favorites_count": .int(podcasts.count)])
        case .autoPlay, .remoteNotificationAuthorized: nil
        }
    }

    /// Amplitude: `setUserId` at login; `reset` at logout, for a new device ID too.
    package var amplitudeTag: AmplitudeTag? {
        switch self {
        case .loggedIn(let userID): .setUserID(userID)
        case .loggedOut: .reset
        case .autoPlay(let isOn): .setUserProperties(["auto_play": .bool(isOn)])
        case .favorites, .remoteNotificationAuthorized: nil
        }
    }

    /// Batch: the custom user ID at login; `nil` at logout.
    package var batchTag: BatchTag? {
        switch self {
        case .loggedIn(let userID): .customUserID(userID)
        case .loggedOut: .customUserID(nil)
        case .autoPlay, .favorites, .remoteNotificationAuthorized: nil
        }
    }

    /// Piano: `setUser` at login; `deleteUser` at logout (the SDK keeps the user across launches).
    package var pianoTag: PianoTag? {
        switch self {
        case .loggedIn(let userID): .setUser(id: userID, category: nil)
        case .loggedOut: .deleteUser
        case .autoPlay, .favorites, .remoteNotificationAuthorized: nil
        }
    }
}

extension PodcastAnalytics.UserAction {
    /// A play, as the five vendors name it; `nil` for every other action.
    var playedTitle: String? {
        guard case .playPodcast(let podcast) = self else { return nil }
        return podcast.title
    }
}

// MARK: - Strategies

/// Segment: plays and identity. A tag that breaks Segment's rules is reported and not sent.
package func makeSegmentStrategy<Tagger: AnalyticsTagger<SegmentTag>>(
    tagger: Tagger
) -> MappingStrategy<PodcastAnalytics, Tagger> {
    MappingStrategy(
        for: PodcastAnalytics.self,
        name: "segment",
        tagger: tagger,
        ruleCheck: .drop,
        userAction: { action, _ in
            action.playedTitle.map { .track(event: "Podcast Played", properties: ["title": .string($0)]) }
        },
        state: { state, context in state.segmentTag(in: context) }
    )
}

/// Mixpanel: plays, with auto-play added to each from the context's states (what Mixpanel calls a
/// super property, kept by the hub rather than by the SDK), and identity.
package func makeMixpanelStrategy<Tagger: AnalyticsTagger<MixpanelTag>>(
    tagger: Tagger
) -> MappingStrategy<PodcastAnalytics, Tagger> {
    MappingStrategy(
        for: PodcastAnalytics.self,
        name: "mixpanel",
        tagger: tagger,
        ruleCheck: .drop,
        userAction: { action, context in
            guard let title = action.playedTitle else { return nil }
            var properties: [String: AnalyticsValue] = ["title": .string(title)]
            if case .autoPlay(let isOn)? = context.states[.autoPlay] {
                properties["auto_play"] = .bool(isOn)
            }
            return .track(event: "Podcast Played", properties: properties)
        },
        state: { state, _ in state.mixpanelTag }
    )
}

/// Amplitude: plays and identity.
package func makeAmplitudeStrategy<Tagger: AnalyticsTagger<AmplitudeTag>>(
    tagger: Tagger
) -> MappingStrategy<PodcastAnalytics, Tagger> {
    MappingStrategy(
        for: PodcastAnalytics.self,
        name: "amplitude",
        tagger: tagger,
        ruleCheck: .drop,
        userAction: { action, _ in
            action.playedTitle.map { .track(eventType: "Podcast Played", eventProperties: ["title": .string($0)]) }
        },
        state: { state, _ in state.amplitudeTag }
    )
}

/// Batch: plays and identity.
package func makeBatchStrategy<Tagger: AnalyticsTagger<BatchTag>>(
    tagger: Tagger
) -> MappingStrategy<PodcastAnalytics, Tagger> {
    MappingStrategy(
        for: PodcastAnalytics.self,
        name: "batch",
        tagger: tagger,
        ruleCheck: .drop,
        userAction: { action, _ in action.playedTitle.map { .event("podcast_played", ["title": .string($0)]) } },
        state: { state, _ in state.batchTag }
    )
}

/// Piano: plays and identity.
package func makePianoStrategy<Tagger: AnalyticsTagger<PianoTag>>(
    tagger: Tagger
) -> MappingStrategy<PodcastAnalytics, Tagger> {
    MappingStrategy(
        for: PodcastAnalytics.self,
        name: "piano",
        tagger: tagger,
        ruleCheck: .drop,
        userAction: { action, _ in action.playedTitle.map { .event("podcast.play", ["podcast_title": .string($0)]) } },
        state: { state, _ in state.pianoTag }
    )
}
