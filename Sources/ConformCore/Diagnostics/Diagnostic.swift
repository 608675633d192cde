/// A problem found in an input file, with where it is.
public struct Diagnostic: Hashable, Sendable, Error, Codable {
    /// Whether the problem stops the file from being checked (`error`) or is only reported (`warning`).
    public enum Severity: String, Sendable, Codable {
        /// The input cannot be used as written; the run exits 2.
        case error
        /// The input is used, but something in it is probably not what was meant.
        case warning
    }

    /// Error or warning.
    public var severity: Severity
    /// What is wrong, without the location.
    public var message: String
    /// The file and, when known, the line and column.
    public var location: SourceLocation
    /// Further context, e.g. where the YAML parser began the construct it could not finish.
    public var notes: [String]

    /// A diagnostic at `location`; a value quoted in `message` ('...') shows at most its first 40 characters.
    public init(_ severity: Severity = .error, _ message: String, at location: SourceLocation, notes: [String] = []) {
        self.severity = severity
        self.message = Clipping.clipQuotes(message)
        self.location = location
        self.notes = notes
    }

    /// The compiler form that Xcode, editors and CI annotations parse: `file:line:column: error: message`.
    public var formatted: String {
        "\(location.description): \(severity.rawValue): \(message)"
    }
}

/// A located problem within one file, before the file name is attached.
public struct Problem: Hashable, Sendable, Error {
    /// What is wrong, without the location.
    public var message: String
    /// Where in the file.
    public var position: TextPosition
    /// Further context, as `Diagnostic.notes`.
    public var notes: [String]

    /// A problem at `position`; a value quoted in `message` ('...') shows at most its first 40 characters.
    public init(_ message: String, at position: TextPosition, notes: [String] = []) {
        self.message = Clipping.clipQuotes(message)
        self.position = position
        self.notes = notes
    }

    /// The problem as an error in `file`.
    public func diagnostic(in file: String) -> Diagnostic {
        Diagnostic(.error, message, at: SourceLocation(file: file, position: position), notes: notes)
    }
}
