import Foundation
import PodcastExample
import TagHub

/// A strategy that takes every channel and prints each tag with the context it was delivered with:
/// the time and session on the tag's line, the screens and states on the next.
///
/// The header is built from the envelope the hub delivered, not from what the demo meant to send,
/// so that the output shows the context every strategy saw. It keeps the envelopes, for the checks
/// at the end.
final class SessionPrinter:
    AnalyticsScreenStrategy, AnalyticsUserActionStrategy, AnalyticsEventStrategy, AnalyticsStateStrategy
{
    typealias Schema = PodcastAnalytics

    private let received = LockedBuffer<Schema.AnyTagEnvelope>()

    /// Every tag received so far, with its context, in the order received.
    var envelopes: [Schema.AnyTagEnvelope] { received.contents }

    func send(screen: Schema.ScreenEnvelope) {
        record(.screen(screen.tag), in: screen.context)
    }

    func send(userAction: Schema.UserActionEnvelope) {
        record(.userAction(userAction.tag), in: userAction.context)
    }

    func send(event: Schema.EventEnvelope) {
        record(.event(event.tag), in: event.context)
    }

    func send(state: Schema.StateEnvelope) {
        record(.state(state.tag), in: state.context)
    }

    private func record(_ tag: AnalyticsTag<Schema>, in context: Schema.Context) {
        let number = received.append(Schema.AnyTagEnvelope(tag: tag, context: context))
        let paddedNumber = number < 10 ? "0\(number)" : "\(number)"
        let time = context.time.formatted(.iso8601.time(includingFractionalSeconds: false))
        print("\(paddedNumber) \(time), session \(context.session.number): \(tag)")
        let current = context.current.map { "\($0)" } ?? "none"
        let previous = context.previous.map { "\($0)" } ?? "none"
        let states = context.states.isEmpty ? "" : ", states: \(context.states)"
        print("    current: \(current), previous: \(previous), history: \(context.history)\(states)")
    }
}
