/// One element line of a `debugDescription`, as XCUITest prints it:
/// `Type[ (Qualifier)], 0xADDR, {{x, y}, {w, h}}[, identifier: '…'][, label: '…'][, placeholderValue: '…'][, value: …][, Selected][, Disabled]`
/// (the application's line has `pid: N` and no frame).
struct DebugDescriptionLine {
    var kind: UIElementKind
    /// `nil` for the application's line, and for a fragment an author wrote without a frame.
    var frame: UIRect?
    var identifier = ""
    var label = ""
    var placeholderValue: String?
    var value: String?
    /// Words outside quotes after the fields: `Selected`, `Disabled`, ...
    var flags: [String] = []

    /// What reading one line (or several, for a label with line breaks) gave.
    enum Reading {
        case element(DebugDescriptionLine)
        /// Not an element line: an author's note, an elision, a path line.
        case notElement
        /// A quoted text is still open at the end: the caller appends the next physical line and tries again.
        case unterminated
        case malformed(String)
    }

    /// Keys whose text is quoted. XCUITest does not escape the quote inside (`label: 'YOU'RE'`), so a quote
    /// closes the text only where a key, a flag or the end of the line follows it.
    static let quotedKeys = ["identifier", "label", "placeholderValue", "title"]
    /// The flags XCUITest prints outside quotes. The first two are in the public dumps; the others only in
    /// synthetic tests, kept so that a quote before them still closes.
    static let knownFlags = ["Selected", "Disabled", "Keyboard Focused", "Focused"]

    /// Reads `text`: one element line without its indentation and without the root's `→`.
    static func read(_ text: String) -> Reading {
        let c = Array(text)
        var i = 0
        while i < c.count, c[i].isASCII, c[i].isLetter { i += 1 }
        guard i > 0, c[0].isUppercase else { return .notElement }
        let typeName = String(c[0..<i])
        if starts(c, i, " (") {
            guard let close = c[i...].firstIndex(of: ")") else { return .notElement }
            i = close + 1
        }
        // An element line goes on with its address or its frame (as XCUITest prints it), or a quoted field (as
        // authors reformat fragments: `Sheet, label: '…'`). Xcode 26's "sparse tree of matches" in failure
        // messages, `→Application, pid: …` and `↳Cell, Selected`, has none of these: it is not a dump.
        let fieldStarts = ["0x", "{{", "value: "] + quotedKeys.map { $0 + ": '" }
        guard starts(c, i, ", "), fieldStarts.contains(where: { starts(c, i + 2, $0) }) else { return .notElement }
        i += 2
        var line = DebugDescriptionLine(kind: kind(named: typeName))
        while i < c.count {
            if starts(c, i, "0x") {
                i += 2
                while i < c.count, c[i].isHexDigit { i += 1 }
            } else if starts(c, i, "{{") {
                guard let end = find(c, "}}", from: i) else { return .malformed("a frame '{{' is not closed") }
                guard let frame = frame(String(c[(i + 2)..<end])) else {
                    return .malformed(
                        "a frame is {{x, y}, {width, height}}: 4 finite numbers, width and height not negative")
                }
                line.frame = frame
                i = end + 2
            } else if starts(c, i, "pid: ") {
                i += 5
                while i < c.count, c[i].isNumber { i += 1 }
            } else if let key = quotedKeys.first(where: { starts(c, i, $0 + ": '") }) {
                let open = i + key.count + 3
                guard let close = (open..<c.count).first(where: { c[$0] == "'" && closes(c, at: $0) }) else {
                    return .unterminated
                }
                let text = String(c[open..<close])
                switch key {
                case "identifier": line.identifier = text
                case "label": line.label = text
                case "placeholderValue": line.placeholderValue = text
                default: break // `title` is not part of the snapshot's shape here
                }
                i = close + 1
            } else if starts(c, i, "value: ") {
                // The value is not quoted and comes last, before the flags: everything up to them.
                var rest = String(c[(i + 7)...])
                var trailing: [String] = []
                while let flag = knownFlags.first(where: { rest.hasSuffix(", " + $0) }) {
                    rest.removeLast(flag.count + 2)
                    trailing.insert(flag, at: 0)
                }
                line.value = rest
                line.flags += trailing
                i = c.count
            } else {
                let end = find(c, ", ", from: i) ?? c.count
                line.flags.append(String(c[i..<end]))
                i = end
            }
            if i < c.count {
                guard starts(c, i, ", ") else {
                    return .malformed("expected ', ' between the fields of an element line")
                }
                i += 2
            }
        }
        return .element(line)
    }

    /// The type a `debugDescription` name stands for (`NavigationBar` → `.navigationBar`); `.other` for one
    /// `UIElementKind` does not name, as the adapter reads it.
    static func kind(named name: String) -> UIElementKind {
        guard let first = name.first else { return .other }
        return UIElementKind(rawValue: first.lowercased() + name.dropFirst()) ?? .other
    }

    /// Whether the quote at `index` closes a quoted text: the line ends after it, or a field, a frame, an
    /// address or a flag follows.
    private static func closes(_ c: [Character], at index: Int) -> Bool {
        let after = index + 1
        if c[after...].allSatisfy({ $0 == " " || $0 == "\t" }) { return true }
        guard starts(c, after, ", ") else { return false }
        let next = after + 2
        if (quotedKeys + ["value"]).contains(where: { starts(c, next, $0 + ": ") }) { return true }
        if starts(c, next, "{{") || starts(c, next, "0x") { return true }
        return knownFlags.contains { flag in
            starts(c, next, flag) && (next + flag.count == c.count || starts(c, next + flag.count, ","))
        }
    }

    /// `x, y}, {w, h` as a rectangle.
    private static func frame(_ inner: String) -> UIRect? {
        let numbers = inner.split(separator: ",").map { part in
            Double(part.filter { $0 != "{" && $0 != "}" && $0 != " " })
        }
        guard numbers.count == 4 else { return nil }
        let values = numbers.compactMap { $0 }
        guard values.count == 4, values.allSatisfy(\.isFinite), values[2] >= 0, values[3] >= 0 else { return nil }
        return UIRect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    private static func starts(_ c: [Character], _ index: Int, _ prefix: String) -> Bool {
        var i = index
        for character in prefix {
            guard i < c.count, c[i] == character else { return false }
            i += 1
        }
        return true
    }

    private static func find(_ c: [Character], _ needle: String, from index: Int) -> Int? {
        (index..<max(index, c.count)).first { starts(c, $0, needle) }
    }
}
