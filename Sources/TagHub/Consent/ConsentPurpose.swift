/// Why a vendor receives tags, as the user is asked about it: each strategy is registered with
/// the purposes it serves, and receives tags only when the user granted them all.
///
/// The common purposes are here; an app adds its own:
///
/// ```swift
/// extension ConsentPurpose {
///     static let productImprovement = ConsentPurpose("productImprovement")
/// }
/// ```
public struct ConsentPurpose: Sendable, Hashable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The purpose's identifier, as stored by a ``ConsentStore``.
    public let identifier: String

    /// The purpose named `identifier`.
    public init(_ identifier: String) {
        self.identifier = identifier
    }

    /// The purpose named by the literal.
    public init(stringLiteral identifier: String) {
        self.identifier = identifier
    }

    /// Measuring how the app is used: screens, actions, funnels.
    public static let analytics = ConsentPurpose("analytics")
    /// Measuring and targeting advertising.
    public static let advertising = ConsentPurpose("advertising")
    /// Tailoring content to the user.
    public static let personalization = ConsentPurpose("personalization")
    /// Reporting crashes and errors.
    public static let crashReporting = ConsentPurpose("crashReporting")

    /// The identifier.
    public var description: String { identifier }

    /// Orders purposes by identifier, so that lists of them read the same on every run.
    public static func < (left: ConsentPurpose, right: ConsentPurpose) -> Bool {
        left.identifier.unicodeScalars.lexicographicallyPrecedes(right.identifier.unicodeScalars)
    }
}
