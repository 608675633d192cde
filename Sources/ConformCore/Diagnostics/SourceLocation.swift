/// A position in a text file: 1-based line and column (columns count Unicode scalars, as libyaml does).
public struct TextPosition: Hashable, Sendable, Comparable, Codable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position before any text, used where a whole file is at fault.
    public static let start = TextPosition(line: 1, column: 1)

    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// The same line, `offset` columns further on.
    public func advanced(by offset: Int) -> TextPosition {
        TextPosition(line: line, column: column + offset)
    }
}

/// A file and a position in it.
public struct SourceLocation: Hashable, Sendable, Codable {
    public var file: String
    public var position: TextPosition?

    public init(file: String, position: TextPosition?) {
        self.file = file
        self.position = position
    }

    public var line: Int? { position?.line }
    public var column: Int? { position?.column }

    /// `file:line:column`, or just `file` when the problem has no position.
    public var description: String {
        guard let position else { return file }
        return "\(file):\(position.line):\(position.column)"
    }
}
