/// Why a `debugDescription` text could not be read as an element tree. `line` counts from 1 in the text as
/// read (for an lldb string literal, in the text after its escapes are undone).
public enum DebugDescriptionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No line of the text is an element line (`Type, 0xADDR, {{x, y}, {w, h}}, ...`).
    case noElements
    /// A quoted label or identifier opened on `line` is never closed before the tree ends.
    case unterminatedQuote(line: Int)
    /// `line` starts like an element line but cannot be read: a frame that is not four numbers, fields run together.
    case malformed(line: Int, reason: String)

    /// Where the text could not be read, and why.
    public var description: String {
        switch self {
        case .noElements:
            return
                "debugDescription: no element line (expected lines such as 'Button, 0x1234, {{0.0, 0.0}, {44.0, 44.0}}')"
        case .unterminatedQuote(let line):
            return "debugDescription, line \(line): a quoted text opened here is never closed"
        case .malformed(let line, let reason):
            return "debugDescription, line \(line): \(reason)"
        }
    }
}
