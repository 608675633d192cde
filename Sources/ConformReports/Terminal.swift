import Foundation

/// Colour for the terminal: on only when the stream is a terminal and `NO_COLOR` is not set.
public struct Terminal: Sendable {
    public let colours: Bool

    public init(colours: Bool) {
        self.colours = colours
    }

    public init(fileDescriptor: Int32) {
        let noColor = ProcessEnvironment.value("NO_COLOR").map { !$0.isEmpty } ?? false
        colours = !noColor && isatty(fileDescriptor) == 1
    }

    public func red(_ text: String) -> String { paint(text, "31") }
    public func green(_ text: String) -> String { paint(text, "32") }
    public func yellow(_ text: String) -> String { paint(text, "33") }
    public func bold(_ text: String) -> String { paint(text, "1") }
    public func dim(_ text: String) -> String { paint(text, "2") }

    /// The SGR codes `paint` uses (and the reset, 0): the only escape sequences conform itself writes.
    static let paintCodes: Set<String> = ["0", "1", "2", "31", "32", "33"]

    private func paint(_ text: String, _ code: String) -> String {
        colours ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
