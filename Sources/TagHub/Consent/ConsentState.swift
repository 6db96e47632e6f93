/// What the user decided for a purpose.
public enum ConsentState: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Not asked yet, or not answered: tags are kept in a bounded buffer until the user decides.
    case undecided
    /// Granted: tags flow.
    case granted
    /// Denied or withdrawn: nothing flows, and what was kept is discarded.
    case denied

    /// `undecided`, `granted` or `denied`.
    public var description: String { rawValue }
}
