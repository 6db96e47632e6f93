import Foundation
import TagHub

/// A schema with keyed states: the hub keeps the latest of each key. `ping` has no key.
enum ProfileAnalytics: AnalyticsSchema {
    enum Screen: Sendable, Hashable { case home, settings, player }
    enum UserAction: Sendable, Hashable { case tap(String) }
    enum Event: Sendable, Hashable { case failed(String) }
    enum State: Sendable, Hashable {
        case autoPlay(Bool)
        case user(id: String)
        case loggedOut
        case theme(String)
        /// Not kept: no key.
        case ping(Int)
    }

    enum StateKey: Hashable, Sendable { case autoPlay, identity, theme }

    static func stateKey(of state: State) -> StateKey? {
        switch state {
        case .autoPlay: .autoPlay
        case .user, .loggedOut: .identity
        case .theme: .theme
        case .ping: nil
        }
    }
}

/// ``ProfileAnalytics`` with its session changes sent as events.
enum SessionAnalytics: AnalyticsSchema {
    typealias Screen = ProfileAnalytics.Screen
    typealias UserAction = ProfileAnalytics.UserAction
    enum Event: Sendable, Hashable {
        case sessionStarted(AnalyticsSession)
        case sessionEnded(AnalyticsSession, lastActivity: Date)
    }
    typealias State = Never

    static func sessionEvent(for change: AnalyticsSessionChange) -> Event? {
        switch change {
        case .started(let session): .sessionStarted(session)
        case .ended(let session, let lastActivity): .sessionEnded(session, lastActivity: lastActivity)
        }
    }
}
