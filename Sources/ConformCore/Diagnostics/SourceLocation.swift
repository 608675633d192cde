/// A position in a text file: 1-based line and column (columns count Unicode scalars, as libyaml does).
public struct TextPosition: Hashable, Sendable, Comparable, Codable {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    public var column: Int

    /// Line `line`, column `column`, both 1-based.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position before any text, used where a whole file is at fault.
    public static let start = TextPosition(line: 1, column: 1)

    /// Earlier in the file: by line, then by column.
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
    /// The path as it was given or found.
    public var file: String
    /// The position; `nil` when the whole file is at fault (it cannot be read, say).
    public var position: TextPosition?

    /// `position` in `file`.
    public init(file: String, position: TextPosition?) {
        self.file = file
        self.position = position
    }

    /// The 1-based line, when there is a position.
    public var line: Int? { position?.line }
    /// The 1-based column, when there is a position.
    public var column: Int? { position?.column }

    /// `file:line:column`, or just `file` when the problem has no position.
    public var description: String {
        guard let position else { return file }
        return "\(file):\(position.line):\(position.column)"
    }
}
