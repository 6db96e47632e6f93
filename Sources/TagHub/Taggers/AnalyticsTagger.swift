/// The only code that talks to a vendor's SDK: it receives that vendor's tags, already converted.
///
/// A tagger knows nothing of the app's tags. Implement ``send(_:)``; a tagger that also wants to
/// know which app tag and context produced a vendor tag (a recorder, a debug overlay) implements
/// ``send(_:origin:)`` too.
///
/// ```swift
/// struct FirebaseTagger: AnalyticsTagger {
///     func send(_ tag: FirebaseTag) {
///         Analytics.logEvent(tag.name, parameters: tag.parameters)
///     }
/// }
/// ```
///
/// Taggers are called on the thread that sent the tag (or on a delivery queue), so they must be
/// `Sendable`, and should hand slow work to the SDK's own queue.
public protocol AnalyticsTagger<VendorTag>: Sendable {
    /// The vendor's own tag type, usually an enum of what its SDK can record.
    associatedtype VendorTag: Sendable

    /// Records `vendorTag` with the vendor.
    func send(_ vendorTag: VendorTag)

    /// Records `vendorTag`, knowing the app tag and context it was converted from.
    ///
    /// ``MappingStrategy`` calls this one. The default implementation calls ``send(_:)``.
    func send<Schema: AnalyticsSchema>(_ vendorTag: VendorTag, origin: Schema.AnyTagEnvelope)
}

extension AnalyticsTagger {
    /// Calls ``send(_:)``, ignoring the origin.
    public func send<Schema: AnalyticsSchema>(_ vendorTag: VendorTag, origin: Schema.AnyTagEnvelope) {
        send(vendorTag)
    }
}
