import ConformCore

/// The one way every command prints a located problem: `file:line:column: error: message` (the
/// compiler form that editors and CI parse), its notes under it, with nothing from an input file that
/// a terminal would obey (control characters are shown inert).
public struct DiagnosticPrinter: Sendable {
    public let terminal: Terminal

    public init(terminal: Terminal) {
        self.terminal = terminal
    }

    /// The diagnostic and its notes, each line ending in a line break.
    public func text(_ diagnostic: Diagnostic) -> String {
        line(diagnostic.location.description, diagnostic.severity, diagnostic.message)
            + diagnostic.notes.map { "    note: " + Escaping.terminal($0) + "\n" }.joined()
    }

    /// `place: error: message` and a line break.
    public func line(_ place: String, _ severity: Diagnostic.Severity, _ message: String) -> String {
        let label = severity == .error ? terminal.red("error:") : terminal.yellow("warning:")
        return "\(Escaping.terminal(place)): \(label) \(Escaping.terminal(message))\n"
    }
}
