/// Where consent decisions survive a relaunch.
///
/// A store keeps the purposes the user decided (granted or denied); a purpose it does not list is
/// undecided. Loading never fails: a store that cannot read its data returns no decision, so every
/// purpose is undecided, never granted.
public protocol ConsentStore: Sendable {
    /// The decisions saved last; empty when there are none or they cannot be read.
    func loadDecisions() -> [ConsentPurpose: ConsentState]

    /// Saves `decisions`, replacing what was saved before. Undecided purposes are left out.
    ///
    /// ``AnalyticsConsent`` calls it with every decision on every change, so a save that failed is
    /// retried whole by the next change.
    ///
    /// - Throws: When the decisions could not be saved, with an error that says what the next
    ///   launch will load instead and what to do. The decisions are in effect all the same, and
    ///   ``AnalyticsConsent`` reports the error to the hub's diagnostics
    ///   (``DiagnosticReport/Reason/consentNotSaved``).
    func saveDecisions(_ decisions: [ConsentPurpose: ConsentState]) throws
}
