extension StringProtocol {
    /// The text without the whitespace (spaces, tabs, line breaks) at either end; no Foundation needed.
    public var trimmingWhitespace: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
