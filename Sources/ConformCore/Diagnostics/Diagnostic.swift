/// A problem found in an input file, with where it is.
public struct Diagnostic: Hashable, Sendable, Error, Codable {
    public enum Severity: String, Sendable, Codable {
        case error
        case warning
    }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    /// Further context, e.g. where the YAML parser began the construct it could not finish.
    public var notes: [String]

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
    public var message: String
    public var position: TextPosition
    public var notes: [String]

    public init(_ message: String, at position: TextPosition, notes: [String] = []) {
        self.message = Clipping.clipQuotes(message)
        self.position = position
        self.notes = notes
    }

    public func diagnostic(in file: String) -> Diagnostic {
        Diagnostic(.error, message, at: SourceLocation(file: file, position: position), notes: notes)
    }
}
