import CYaml
import ConformCore

/// Reads one YAML (or JSON) document into a `YNode` tree from libyaml's events, keeping the
/// position of every node.
///
/// Built on events rather than on Yams's `Node` so that duplicate keys are reported where the
/// duplicate stands, aliases are expanded within a budget (no "billion laughs"), nesting is bounded
/// without recursion, and no time is spent on a tree conform would only convert again.
public struct YAMLReader: Sendable {
    /// Limits that keep one hostile file from taking the run down.
    public struct Limits: Sendable {
        public var maximumDepth: Int
        /// Nodes after aliases are expanded.
        public var maximumNodes: Int
        /// Nodes that aliases may add by expansion, all together (a "billion laughs" needs billions).
        public var maximumAliasNodes: Int

        public init(maximumDepth: Int = 128, maximumNodes: Int = 4_000_000, maximumAliasNodes: Int = 100_000) {
            self.maximumDepth = maximumDepth
            self.maximumNodes = maximumNodes
            self.maximumAliasNodes = maximumAliasNodes
        }
    }

    public var limits: Limits

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// The document's root (`nil` for an empty file), or the first problem that stops reading.
    public func read(_ bytes: [UInt8]) -> Result<YNode?, Problem> {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            return .failure(Problem("out of memory while starting the YAML parser", at: .start))
        }
        defer { yaml_parser_delete(&parser) }
        return bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var composer = Composer(limits: limits)
            return composer.compose(&parser, bytes: buffer)
        }
    }
}

private struct Composer {
    /// A collection being built. Frames are values changed in place in `stack`
    /// (`stack[stack.count - 1]`): a class's stored properties cost a dynamic exclusivity check
    /// (`swift_beginAccess`) and a retain and release at every access, two or three a node.
    struct Frame {
        let position: TextPosition
        let anchor: String?
        let isMapping: Bool
        var items: [YNode] = []
        var pairs: [YPair] = []
        var pendingKey: YNode?
        /// Keys seen so far, once the map is too large for a linear search to be cheap.
        var seen: [String: TextPosition]?

        init(position: TextPosition, anchor: String?, isMapping: Bool) {
            self.position = position
            self.anchor = anchor
            self.isMapping = isMapping
            // Most collections in a trace are small maps and lists: room for a few saves regrowing.
            if isMapping { pairs.reserveCapacity(4) } else { items.reserveCapacity(4) }
        }

        /// Where a key already stands in this map: a linear search while the map is small (most
        /// are), a dictionary once it is not.
        mutating func firstPosition(of key: String) -> TextPosition? {
            if let seen { return seen[key] }
            if pairs.count < 16 {
                // Compared in place: copying each key's text out (`scalarText`) costs a retain and a release a key.
                for pair in pairs {
                    if case .scalar(let text, _) = pair.key.kind, text == key { return pair.key.position }
                }
                return nil
            }
            var seen: [String: TextPosition] = [:]
            for pair in pairs {
                if let text = pair.key.scalarText, seen[text] == nil { seen[text] = pair.key.position }
            }
            self.seen = seen
            return seen[key]
        }
    }

    let limits: YAMLReader.Limits
    var stack: [Frame] = []
    var anchors: [String: YNode] = [:]
    var anchorSizes: [String: Int] = [:]
    var nodeCount = 0
    var aliasNodeCount = 0
    var root: YNode?
    var documents = 0

    init(limits: YAMLReader.Limits) {
        self.limits = limits
    }

    mutating func compose(_ parser: inout yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>) -> Result<YNode?, Problem> {
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                return .failure(Self.parserProblem(parser, bytes: bytes))
            }
            defer { yaml_event_delete(&event) }
            let position = TextPosition(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
            do {
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return .success(root)
                case YAML_DOCUMENT_START_EVENT:
                    documents += 1
                    if documents > 1 {
                        throw Problem("a file holds one document; found a second one here", at: position)
                    }
                case YAML_SCALAR_EVENT:
                    let scalar = event.data.scalar
                    let text = Self.string(scalar.value, length: Int(scalar.length))
                    var style: ScalarStyle
                    switch scalar.style {
                    case YAML_LITERAL_SCALAR_STYLE, YAML_FOLDED_SCALAR_STYLE: style = .block
                    case YAML_PLAIN_SCALAR_STYLE: style = .plain
                    default: style = .quoted
                    }
                    if let tag = Self.optionalString(scalar.tag) { style = try CoreSchemaTag.style(of: text, tagged: tag, at: position) }
                    try add(YNode(.scalar(text, style: style), at: position), anchor: Self.optionalString(scalar.anchor), size: 1)
                case YAML_ALIAS_EVENT:
                    let name = Self.optionalString(event.data.alias.anchor) ?? ""
                    guard let node = anchors[name], let size = anchorSizes[name] else {
                        throw Problem("the alias '*\(name)' names no anchor defined before it", at: position)
                    }
                    aliasNodeCount += size
                    guard aliasNodeCount <= limits.maximumAliasNodes else {
                        throw Problem(
                            "aliases expand to more than \(limits.maximumAliasNodes) nodes (is this a \"billion laughs\"?)", at: position)
                    }
                    var copy = node
                    copy.position = position
                    try add(copy, anchor: nil, size: size)
                case YAML_SEQUENCE_START_EVENT:
                    try CoreSchemaTag.check(Self.optionalString(event.data.sequence_start.tag), collection: "seq", at: position)
                    try push(Frame(position: position, anchor: Self.optionalString(event.data.sequence_start.anchor), isMapping: false))
                case YAML_MAPPING_START_EVENT:
                    try CoreSchemaTag.check(Self.optionalString(event.data.mapping_start.tag), collection: "map", at: position)
                    try push(Frame(position: position, anchor: Self.optionalString(event.data.mapping_start.anchor), isMapping: true))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    try pop()
                default:
                    break
                }
            } catch let problem as Problem {
                return .failure(problem)
            } catch {
                return .failure(Problem("\(error)", at: position))
            }
        }
    }

    private mutating func push(_ frame: consuming Frame) throws {
        guard stack.count < limits.maximumDepth else {
            throw Problem("nesting deeper than \(limits.maximumDepth) levels", at: frame.position)
        }
        stack.append(frame)
    }

    private mutating func pop() throws {
        guard let frame = stack.popLast() else { return }
        if frame.isMapping {
            let size = 1 + frame.pairs.count
            try add(YNode(.mapping(frame.pairs), at: frame.position), anchor: frame.anchor, size: size)
        } else {
            let size = 1 + frame.items.count
            try add(YNode(.sequence(frame.items), at: frame.position), anchor: frame.anchor, size: size)
        }
    }

    /// Adds a finished node to the collection being built, or makes it the root.
    private mutating func add(_ node: consuming YNode, anchor: String?, size: Int) throws {
        nodeCount += size
        guard nodeCount <= limits.maximumNodes else {
            throw Problem("more than \(limits.maximumNodes) YAML nodes (after expanding aliases)", at: node.position)
        }
        if let anchor {
            anchors[anchor] = node
            anchorSizes[anchor] = Self.size(of: node)
        }
        let top = stack.count - 1
        guard top >= 0 else {
            root = node
            return
        }
        guard stack[top].isMapping else {
            stack[top].items.append(node)
            return
        }
        if let key = stack[top].pendingKey.take() {
            stack[top].pairs.append(YPair(key: key, value: node))
            return
        }
        if case .scalar(let text, _) = node.kind {
            if let first = stack[top].firstPosition(of: text) {
                // Two transitions of one action (`tap cancel:` twice): YAML keeps a key once, the branches go in one list.
                let verb = text.split(separator: " ").first.map(String.init) ?? ""
                let fix =
                    text.contains(" ") && ["tap", "swipe", "choose", "edit"].contains(verb)
                    ? "; a state takes each action once: merge the two into one list of branches under one '\(text):'" : ""
                throw Problem("duplicate key '\(text)' (first at line \(first.line), column \(first.column))\(fix)", at: node.position)
            }
            if stack[top].seen != nil { stack[top].seen?[text] = node.position }
        }
        stack[top].pendingKey = node
    }

    private static func size(of node: YNode) -> Int {
        switch node.kind {
        case .scalar: return 1
        case .sequence(let items): return items.reduce(1) { $0 + size(of: $1) }
        case .mapping(let pairs): return pairs.reduce(1) { $0 + size(of: $1.key) + size(of: $1.value) }
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<UInt8>?, length: Int) -> String {
        guard let pointer else { return "" }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    private static func optionalString(_ pointer: UnsafeMutablePointer<UInt8>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    /// libyaml's error as a problem at the place it noticed, with where the construct began as a note.
    private static func parserProblem(_ parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>) -> Problem {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable YAML"
        var position = TextPosition(line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
        if parser.error == YAML_READER_ERROR {
            // libyaml points at the offending octet; a reader points at the character it belongs to.
            var offset = Int(parser.problem_offset)
            while offset > 0, offset < bytes.count, bytes[offset] & 0xC0 == 0x80, bytes[offset - 1] & 0x80 != 0 { offset -= 1 }
            if offset > 0, offset < bytes.count, bytes[offset] & 0x80 == 0, bytes[offset - 1] & 0xC0 == 0xC0 { offset -= 1 }
            position = Self.position(ofByte: offset, in: bytes)
            let detail =
                problem == "invalid leading UTF-8 octet" || problem.contains("UTF-8")
                ? "the file is not valid UTF-8 (\(problem))" : problem
            return Problem(detail, at: position)
        }
        if problem.hasPrefix("Maximum nesting level reached") {
            return Problem("nesting deeper than the YAML parser allows (1000 levels)", at: position)
        }
        var notes: [String] = []
        if problem == "found character that cannot start any token", Self.character(at: position, in: bytes) == 0x09 {
            notes.append("YAML does not allow tabs for indentation; indent with spaces")
        }
        if problem == "mapping values are not allowed in this context" || problem == "did not find expected ',' or '}'",
            let hint = ExpressionQuoteHint.note(line: position.line, column: position.column, in: bytes)
        {
            return Problem("YAML syntax: \(problem); \(hint)", at: position)
        }
        if problem == "mapping values are not allowed in this context",
            let hint = ExpressionQuoteHint.bracesNote(line: position.line, in: bytes)
        {
            return Problem("YAML syntax: \(problem); \(hint)", at: position)
        }
        if let context = parser.context.map({ String(cString: $0) }) {
            notes.append("\(context) at line \(parser.context_mark.line + 1), column \(parser.context_mark.column + 1)")
        }
        return Problem("YAML syntax: \(problem)", at: position, notes: notes)
    }

    /// The first byte of the character at a line and column, if there is one.
    private static func character(at position: TextPosition, in bytes: UnsafeBufferPointer<UInt8>) -> UInt8? {
        var line = 1
        var column = 1
        for byte in bytes {
            if line == position.line, column == position.column, byte & 0xC0 != 0x80 { return byte }
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            if line > position.line { return nil }
        }
        return nil
    }

    /// Line and column (in Unicode scalars) of a byte offset, for reader errors that give only an offset.
    private static func position(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> TextPosition {
        var line = 1
        var column = 1
        for index in 0..<min(offset, bytes.count) {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return TextPosition(line: line, column: column)
    }
}
