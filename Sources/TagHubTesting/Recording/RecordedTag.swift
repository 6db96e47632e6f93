import TagHub

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One vendor tag as a recorder received it, with the app tag and screen context it came from.
public struct RecordedTag<Schema: AnalyticsSchema, VendorTag: Sendable>: Sendable {
    /// The vendor tag.
    public let vendorTag: VendorTag
    /// The app tag and context it was converted from; `nil` when a tagger was called through
    /// ``RecordingTagger/send(_:)``, which does not say.
    public let origin: Schema.AnyTagEnvelope?

    /// A recorded tag, for comparing with a recorder's `entries`.
    public init(vendorTag: VendorTag, origin: Schema.AnyTagEnvelope?) {
        self.vendorTag = vendorTag
        self.origin = origin
    }
}

extension RecordedTag: Equatable
where VendorTag: Equatable, AnalyticsTag<Schema>: Equatable, Schema.Screen: Equatable, Schema.State: Equatable {}

extension RecordedTag: CustomStringConvertible {
    /// The vendor tag, then the app tag and context it came from, for example
    /// `play(…) ← userAction playPodcast(…) on [favorites]`.
    public var description: String {
        guard let origin else { return "\(vendorTag)" }
        return "\(vendorTag) ← \(origin)"
    }
}

extension RecordedTag: CustomSnapshotStringConvertible {
    /// The vendor tag, then the app tag and the screen history it came from, each written as
    /// ``snapshotDescription(of:)`` writes values; for example, for the quick start's tracker after
    /// a play on the favorites screen (``RecordingTagger``'s example checks this line):
    /// `play(name: "play_podcast_from_favorites", title: "Swift Talk") ← userAction playPodcast(Podcast(title: "Swift Talk", duration: 1800)) on [favorites]`.
    ///
    /// A recorder of app tags (a ``RecordingStrategy`` made with
    /// ``RecordingStrategy/init(for:channels:)``) writes the app tag once.
    public var snapshotDescription: String {
        snapshotDescription(showing: [])
    }

    /// ``snapshotDescription``, followed by the parts of the origin's context that `details`
    /// names, for example
    /// `… on [favorites] at 2023-11-14T22:13:20.000Z in session 1 (1700000000000) with [autoPlay(true)]`.
    public func snapshotDescription(showing details: ContextDetails) -> String {
        guard let origin else { return TagHubTesting.snapshotDescription(of: vendorTag) }
        let source =
            "\(origin.tag.snapshotDescription) on \(origin.context.snapshotDescription)"
            + origin.context.snapshotDetails(details)
        if VendorTag.self == AnalyticsTag<Schema>.self { return source }
        return "\(TagHubTesting.snapshotDescription(of: vendorTag)) ← \(source)"
    }
}

/// Which parts of a context, besides its screens, a recorder's snapshot shows.
public struct ContextDetails: OptionSet, Sendable, Hashable {
    /// The parts, one bit each.
    public let rawValue: Int

    /// The parts whose bits `rawValue` sets.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The time the tag was sent, in ISO 8601 with the millisecond it is in, in UTC:
    /// `2023-11-14T22:13:20.002Z`.
    public static let time = ContextDetails(rawValue: 1 << 0)
    /// The session's number and identifier.
    public static let session = ContextDetails(rawValue: 1 << 1)
    /// The states, set longest ago first.
    public static let states = ContextDetails(rawValue: 1 << 2)
    /// Everything.
    public static let all: ContextDetails = [.time, .session, .states]
}

extension AnalyticsContext: CustomSnapshotStringConvertible {
    /// The history, oldest first, each screen as ``snapshotDescription(of:)`` writes it:
    /// `[podcasts, favorites]`. The other parts of the context show only when a recorder asks for
    /// them (``ContextDetails``): a snapshot stays the same from one run to the next whatever the
    /// clock says.
    public var snapshotDescription: String {
        "[" + history.map { TagHubTesting.snapshotDescription(of: $0) }.joined(separator: ", ") + "]"
    }

    /// The parts `details` names, each after a space: ` at <time>`, ` in session <number> (<id>)`,
    /// ` with [<states>]`.
    func snapshotDetails(_ details: ContextDetails) -> String {
        var text = ""
        if details.contains(.time) {
            text += " at " + time.millisecondDescription
        }
        if details.contains(.session) {
            text += " in session \(session.number) (\(session.id))"
        }
        if details.contains(.states) {
            text += " with [" + states.map { TagHubTesting.snapshotDescription(of: $0) }.joined(separator: ", ") + "]"
        }
        return text
    }
}

extension AnalyticsTag: CustomSnapshotStringConvertible {
    /// The channel, then the tag: `userAction playPodcast(Podcast(title: "Swift Talk", duration: 1800))`.
    public var snapshotDescription: String {
        "\(channel) \(TagHubTesting.snapshotDescription(of: payload))"
    }
}

extension AnalyticsTag {
    /// The channel's own tag, whichever the channel.
    var payload: Any {
        switch self {
        case .screen(let tag): tag
        case .userAction(let tag): tag
        case .event(let tag): tag
        case .state(let tag): tag
        }
    }
}
