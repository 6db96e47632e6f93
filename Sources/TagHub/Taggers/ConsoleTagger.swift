/// A tagger that writes one readable line per vendor tag: the vendor's label, then the tag.
///
/// The line goes to standard error, one `write` per line so that lines from several threads do
/// not interleave (up to the system's atomic write size, 4 KiB on Linux): Xcode's console and a
/// terminal (`swift run`) show it. On Apple platforms, a release build whose standard error is
/// not a terminal (an app on a device) writes to the unified log instead, through `os.Logger`
/// (subsystem `dev.taghub`, category the label) at the debug level, which the system keeps in
/// memory only, with the line private, as any analytics payload may hold personal data: no value
/// reaches a persisted log.
///
/// ```swift
/// let console = ConsoleTagger<TrackerTag>(label: "tracker")
/// console.send(.screen(name: "show_podcasts"))
/// // [TagHub] tracker: screen(name: "show_podcasts")
/// #expect(console.line(for: .screen(name: "show_podcasts")) == #"[TagHub] tracker: screen(name: "show_podcasts")"#)
/// ```
///
/// Use it to watch what a vendor would receive during development, or give it your own `write` to
/// send the lines anywhere.
public struct ConsoleTagger<VendorTag: Sendable>: AnalyticsTagger {
    /// The vendor's name at the start of each line.
    public let label: String

    private let write: @Sendable (String) -> Void

    /// A tagger that writes to the console: standard error, or in a release build on Apple
    /// platforms whose standard error is not a terminal, the unified log at the debug level.
    public init(label: String) {
        self.init(label: label, write: makeConsoleWrite(label: label))
    }

    /// A tagger that hands each line, without a trailing newline, to `write`.
    public init(label: String, write: @escaping @Sendable (String) -> Void) {
        self.label = label
        self.write = write
    }

    /// Writes the line for `vendorTag`.
    public func send(_ vendorTag: VendorTag) {
        write(line(for: vendorTag))
    }

    /// The line written for `vendorTag`: `[TagHub] <label>: <tag>`, with line breaks in the tag's
    /// description escaped so that one tag is always one line.
    public func line(for vendorTag: VendorTag) -> String {
        var description = ""
        for character in String(describing: vendorTag).unicodeScalars {
            switch character {
            case "\n": description += "\\n"
            case "\r": description += "\\r"
            default: description.unicodeScalars.append(character)
            }
        }
        return "[TagHub] \(label): \(description)"
    }
}
