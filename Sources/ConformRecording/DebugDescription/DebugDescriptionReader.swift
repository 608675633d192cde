import ConformCore

/// Reads the text XCUITest prints for `XCUIApplication().debugDescription` (or `po app` in lldb) into an
/// element tree, so that trees people paste from device logs can be turned into observations without a device.
///
/// It takes the text as pasted, and survives what pastes do to it (each seen in a public dump):
/// - an lldb string literal (`"Attributes: …\n Element subtree:\n …"` with `\n` and `\'` escapes) is unescaped;
/// - a constant indentation (the dump inside a comment), Markdown fences and comment markers are ignored;
/// - only the tree is read: from after `Element subtree:` (when present) to `Path to element:` or
///   `Query chain:`, which repeat the application and would count it twice;
/// - nesting comes from indentation relative to the lines above, so a line cut out by an author (a depth
///   that jumps by two levels) still hangs under the right parent;
/// - quoted texts are not escaped by XCUITest (`label: 'YOU'RE'`) and may span lines; a quote closes a text
///   only where a field, a flag or the end of the line follows;
/// - `Disabled` is read only outside quotes (`isEnabled` false); `Selected` and other flags are left out;
/// - `value:` is not quoted: it runs to the flags at the end of its line, so a value with line breaks keeps
///   its first line (the others are listed as left out);
/// - a line inside the tree that is no element line (`...later cells omitted`) is left out and listed;
/// - fragments that authors reformat (no address, the frame last or missing: `Other, identifier: '…',
///   label: '…', {{0.0, 0.0}, {402.0, 874.0}}`) are read too; a missing frame is the one around the children.
public enum DebugDescriptionReader {
    /// The tree of `text`.
    /// - Throws: `DebugDescriptionError` when no element line is found, a quoted text is never closed, or an
    ///   element line is malformed (a frame that is not four numbers, fields not separated by ', ').
    public static func read(_ text: String) throws(DebugDescriptionError) -> DebugDescriptionTree {
        let lines = (unescapedLiteral(text) ?? text).split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        let start = (lines.firstIndex { $0.trimmingWhitespace == "Element subtree:" }).map { $0 + 1 } ?? 0
        let end =
            lines[start...].firstIndex {
                let trimmed = $0.trimmingWhitespace
                return trimmed.hasPrefix("Path to element:") || trimmed.hasPrefix("Query chain:")
            } ?? lines.count

        var nodes: [(line: DebugDescriptionLine, children: [Int])] = []
        var roots: [Int] = []
        var open: [(indent: Int, node: Int)] = [] // the ancestors of the next line, innermost last
        var skipped: [DebugDescriptionTree.SkippedLine] = []
        var index = start
        while index < end {
            let physical = lines[index]
            let trimmed = physical.trimmingWhitespace
            if trimmed.isEmpty || isEmbedding(trimmed) {
                index += 1
                continue
            }
            let indent = physical.prefix { $0 == " " || $0 == "\t" }.count
            var body = String(physical.dropFirst(indent))
            if body.hasPrefix("→") { body.removeFirst() }
            // A quoted text with line breaks spans several physical lines: take the next one until it closes.
            var last = index
            var reading = DebugDescriptionLine.read(body)
            while case .unterminated = reading {
                last += 1
                guard last < end else { throw .unterminatedQuote(line: index + 1) }
                body += "\n" + lines[last]
                reading = DebugDescriptionLine.read(body)
            }
            switch reading {
            case .element(let element):
                while let top = open.last, top.indent >= indent { open.removeLast() }
                let node = nodes.count
                nodes.append((element, []))
                if let parent = open.last?.node { nodes[parent].children.append(node) } else { roots.append(node) }
                open.append((indent, node))
            case .notElement:
                skipped.append(.init(line: index + 1, text: trimmed))
            case .malformed(let reason):
                throw .malformed(line: index + 1, reason: reason)
            case .unterminated:
                break // ended by the loop above
            }
            index = last + 1
        }
        guard !roots.isEmpty else { throw .noElements }

        // Children come after their parent: building from the last node back finds every child built.
        var built: [ElementSnapshot?] = Array(repeating: nil, count: nodes.count)
        for node in nodes.indices.reversed() {
            let children = nodes[node].children.compactMap { built[$0] }
            built[node] = snapshot(nodes[node].line, children: children)
        }
        let tops = roots.compactMap { built[$0] }
        if tops.count == 1, let only = tops.first, only.elementType == .application {
            return DebugDescriptionTree(root: only, rootSupplied: false, skipped: skipped)
        }
        let root = ElementSnapshot(.application, frame: frame(around: tops), children: tops)
        return DebugDescriptionTree(root: root, rootSupplied: true, skipped: skipped)
    }

    // MARK: - Private

    private static func snapshot(_ line: DebugDescriptionLine, children: [ElementSnapshot]) -> ElementSnapshot {
        ElementSnapshot(
            line.kind, identifier: line.identifier, label: line.label, value: line.value,
            placeholderValue: line.placeholderValue, isEnabled: !line.flags.contains("Disabled"),
            frame: line.frame ?? frame(around: children), children: children)
    }

    /// A line without a frame (the application's; an author's fragment) takes its first window's frame, else
    /// the smallest rectangle around its children, else the empty one.
    private static func frame(around children: [ElementSnapshot]) -> UIRect {
        if let window = children.first(where: { $0.elementType == .window }) { return window.frame }
        guard let first = children.first?.frame else { return .zero }
        return children.dropFirst().map(\.frame).reduce(first) { box, frame in
            let (minX, minY) = (min(box.minX, frame.minX), min(box.minY, frame.minY))
            return UIRect(x: minX, y: minY, width: max(box.maxX, frame.maxX) - minX, height: max(box.maxY, frame.maxY) - minY)
        }
    }

    /// Lines that belong to the page the dump was pasted into, not to the dump.
    private static func isEmbedding(_ trimmed: String) -> Bool {
        trimmed.hasPrefix("```") || trimmed.hasPrefix("Attributes:") || ["/*", "/**", "*/"].contains(trimmed)
    }

    /// The text of a Swift string literal as lldb's `po` prints it (`"…\n…"`), or `nil` when `text` is not one.
    static func unescapedLiteral(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace
        guard trimmed.count >= 2, trimmed.first == "\"", trimmed.last == "\"", !trimmed.dropLast().contains("\n") else {
            return nil
        }
        var result = ""
        var characters = trimmed.dropFirst().dropLast().makeIterator()
        while let character = characters.next() {
            guard character == "\\" else {
                result.append(character)
                continue
            }
            guard let escaped = characters.next() else {
                result.append("\\")
                break
            }
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0": result.append("\0")
            case "u":
                // `\u{2192}`: read to the closing brace.
                var digits = ""
                while let next = characters.next(), next != "}" {
                    if next != "{" { digits.append(next) }
                }
                if let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) {
                    result.unicodeScalars.append(scalar)
                }
            default: result.append(escaped) // \' \" \\ and anything else: the character itself
            }
        }
        return result
    }
}
