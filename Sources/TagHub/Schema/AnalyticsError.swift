import Foundation

/// An error as a tag carries it: what analytics reads of an error, as a `Sendable`, `Hashable`
/// value.
///
/// A tag whose payload is `any Error` is neither `Equatable` nor `Hashable`, so the recorders'
/// `==` and `#expect(recorder.tags == […])` stop compiling, and an error type may not be
/// `Sendable`. Carry an `AnalyticsError` instead, made from the error where it is caught:
///
/// ```swift
/// enum PlayerEvent: Sendable, Hashable {
///     case playbackFailed(AnalyticsError)
/// }
///
/// @Test func anErrorIsCarriedAsAValue() {
///     struct Timeout: Error {}
///     let event = PlayerEvent.playbackFailed(AnalyticsError(Timeout()))
///     #expect(event == .playbackFailed(AnalyticsError(Timeout())))
///     if case .playbackFailed(let error) = event {
///         #expect(error.type == "Timeout")
///     }
/// }
/// ```
///
/// It keeps the error's type name, its domain and code as `NSError` bridges them (for a Swift
/// error, the type's qualified name and the case's index; for an `NSError`, its own), and its
/// message. Two errors are equal when all four are: a converter maps it to the vendor's
/// fields (`"error_domain"`, `"error_code"`), and a test compares it like any other payload.
public struct AnalyticsError: Sendable, Hashable, CustomStringConvertible {
    /// The error's type, unqualified: `Timeout`, `URLError`, `NSError`.
    public let type: String
    /// The error's domain, as `NSError` bridges it, without the run's addresses: for an error type
    /// declared in a function, `PodcastsTests.Timeout`, not
    /// `PodcastsTests.(unknown context at $558469305bd0).Timeout`.
    public let domain: String
    /// The error's code, as `NSError` bridges it.
    public let code: Int
    /// What the error says: its `String(describing:)` for a Swift error (`network`,
    /// `timeout(seconds: 30)`), its `localizedDescription` for an `NSError` and for an error that
    /// says how it bridges to one (`CustomNSError`: `URLError`, `CocoaError`).
    public let message: String

    /// What analytics reads of `error`.
    public init(_ error: any Error) {
        let bridged = error as NSError
        self.type = String(describing: Swift.type(of: error))
        // A type declared in a function (a test's, often) is named with an address that changes on
        // every run, `PodcastsTests.(unknown context at $558469305bd0).Timeout`: a snapshot of a tag
        // carrying it would never match again.
        self.domain = bridged.domain.replacing(#/\(unknown context at \$[0-9a-fA-F]+\)\./#, with: "")
        self.code = bridged.code
        // An `NSError` describes itself with its whole user info, and so do Foundation's error
        // structs (on Linux, `URLError(.timedOut)` reads `Error Domain=NSURLErrorDomain
        // Code=-1001 "(null)"`): their localized description is the message. Tell an `NSError` by
        // its dynamic type, since `error is NSError` is true of every error where errors bridge;
        // Foundation's structs say how they bridge by adopting `CustomNSError`. A Swift error's
        // description names its case and payload.
        let readsAsNSError = Swift.type(of: error) is NSError.Type || error is any CustomNSError
        self.message = readsAsNSError ? bridged.localizedDescription : String(describing: error)
    }

    /// An error value given field by field: for tests, and for errors known only by their code.
    public init(type: String, domain: String, code: Int, message: String) {
        self.type = type
        self.domain = domain
        self.code = code
        self.message = message
    }

    /// `domain code: message`: for `URLError(.timedOut)`, `NSURLErrorDomain -1001: The request
    /// timed out.` on Apple's platforms, and on Linux, whose Foundation has no text for URL error
    /// codes, `NSURLErrorDomain -1001: The operation could not be completed. (NSURLErrorDomain error
    /// -1001.)`.
    public var description: String { "\(domain) \(code): \(message)" }
}
