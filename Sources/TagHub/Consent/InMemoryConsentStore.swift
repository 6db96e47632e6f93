/// A store that keeps decisions in memory, for the life of the process: the default, and what
/// tests use.
public final class InMemoryConsentStore: ConsentStore {
    private let decisions: LockedValue<[ConsentPurpose: ConsentState]>

    /// A store holding `decisions`, none by default.
    public init(_ decisions: [ConsentPurpose: ConsentState] = [:]) {
        self.decisions = LockedValue(ConsentDecisions(decisions).decided)
    }

    /// The decisions saved last.
    public func loadDecisions() -> [ConsentPurpose: ConsentState] {
        decisions.withLock { $0 }
    }

    /// Keeps `decisions`, without the undecided ones; never fails.
    public func saveDecisions(_ decisions: [ConsentPurpose: ConsentState]) {
        self.decisions.withLock { $0 = ConsentDecisions(decisions).decided }
    }
}
