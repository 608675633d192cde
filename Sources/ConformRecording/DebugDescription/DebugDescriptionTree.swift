/// An element tree read from the text XCUITest prints for `XCUIApplication().debugDescription`.
public struct DebugDescriptionTree: Hashable, Sendable {
    /// The application element and everything under it.
    public var root: ElementSnapshot
    /// Whether the text had no `→Application` line (a paste that starts lower down), so that `root` was
    /// supplied: an application holding the top-level elements, framed like the first of them.
    public var rootSupplied: Bool
    /// Lines inside the tree that are not element lines (an author's `...later cells omitted`), left out.
    public var skipped: [SkippedLine]

    /// A tree as read: its root, whether the root was supplied, and the lines left out.
    public init(root: ElementSnapshot, rootSupplied: Bool, skipped: [SkippedLine]) {
        self.root = root
        self.rootSupplied = rootSupplied
        self.skipped = skipped
    }

    /// A line of the tree that was left out, with its number (from 1) and its text, trimmed.
    public struct SkippedLine: Hashable, Sendable {
        /// The line's number in the text, from 1.
        public var line: Int
        /// The line's text, trimmed.
        public var text: String

        /// A left-out line: its number and its text.
        public init(line: Int, text: String) {
            self.line = line
            self.text = text
        }
    }
}

extension ElementSnapshot {
    /// The tree of a `debugDescription` text (see `DebugDescriptionReader`); lines that are not elements are
    /// left out (`DebugDescriptionReader.read` lists them).
    /// - Throws: `DebugDescriptionError` when no element can be read, or an element line is malformed.
    public init(debugDescription text: String) throws(DebugDescriptionError) {
        self = try DebugDescriptionReader.read(text).root
    }
}
