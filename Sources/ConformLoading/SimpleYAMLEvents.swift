import CYaml
import ConformCore

/// libyaml's events for a file written in the simple YAML that traces are written in, scanned here in
/// Swift at a small fraction of libyaml's cost (libyaml took about half of a run's time).
///
/// Simple means: block maps and lists with one entry a line (`key: value`, `- item`, `- key: value`,
/// `key:` with the value on the lines below), values that are scalars on one line (plain, `'...'` or
/// `"..."`) or flow collections that close on their line, comments and blank lines. At anything else
/// it stops (`stopped`): tabs, carriage returns, control characters, a byte-order mark, invalid UTF-8,
/// line separators, `---`, `...`, directives, anchors, aliases, tags, block scalars, a scalar or a flow
/// that goes on to the next line, an empty list item or flow value, a trailing comma, a comment inside a
/// flow, a `:` inside a plain scalar of a flow, a plain scalar starting with a character other than a
/// letter, a digit or one of `_ . / ( ) + $ ~` (or `-` before a letter, digit or `.`), an indentation
/// that no open collection has, a document that is not a map, a line of more than
/// `maximumLineEvents` events, flows nested more than 64 deep. The caller then reads the file with libyaml.
///
/// Where it does not stop, it gives exactly libyaml's events: the same types in the same order, the same
/// scalar bytes and styles, and the same positions for scalars and collection starts (the only positions
/// a reader keeps; columns count characters, as libyaml's do). `SimpleYAMLEventsTests` compares the two
/// on the examples, on generated trace-like files and on thousands of randomly mutated ones.
///
/// It scans one line at a time and queues that line's events, so memory stays small for any file, and
/// its work is linear in the file (columns on a line with non-ASCII characters are counted on from the
/// last event's).
struct SimpleYAMLEvents: YAMLEventSource, ~Copyable {
    /// 24 bytes, trivially copied (the input is under 2 GiB: larger inputs are left to libyaml).
    private struct Event {
        var type: yaml_event_type_t
        /// 0-based, as libyaml's marks.
        var line: Int32
        var column: Int32
        /// A scalar's bytes: an offset in the input, or in `decoded` for a quoted scalar with escapes.
        var start: Int32 = 0
        var count: Int32 = 0
        var isDecoded = false
        var style = ScalarStyle.plain

        init(type: yaml_event_type_t, line: Int, column: Int) {
            self.type = type
            self.line = Int32(truncatingIfNeeded: line)
            self.column = Int32(truncatingIfNeeded: column)
        }
    }

    /// The events of one line: a list of trivial values allocated by hand, since an array's uniqueness
    /// checks and copies showed in the profile.
    private struct EventQueue: ~Copyable {
        private var storage: UnsafeMutablePointer<Event>
        private var capacity = 32
        private(set) var count = 0

        init() { storage = .allocate(capacity: capacity) }

        deinit { storage.deallocate() }

        @inline(__always)
        subscript(index: Int) -> Event {
            precondition(index < count, "no current event")
            return storage[index]
        }

        @inline(__always)
        mutating func append(_ event: Event) {
            if count == capacity {
                let larger = UnsafeMutablePointer<Event>.allocate(capacity: capacity * 2)
                larger.initialize(from: storage, count: count)
                storage.deallocate()
                storage = larger
                capacity *= 2
            }
            (storage + count).initialize(to: event)
            count += 1
        }

        /// Events are trivial: forgetting them is enough.
        mutating func removeAll() { count = 0 }
    }

    /// An open block collection and the column its keys or `-` stand at.
    private struct Block {
        var isMapping: Bool
        var indent: Int
        /// A list written at its key's indentation (`steps:` then `- ...` below, not indented): a key at
        /// that indentation ends it.
        var isIndentless = false
    }

    private enum Phase { case start, body, done }

    /// The most events one line may queue (a flow of thousands of entries is left to libyaml).
    static let maximumLineEvents = 4_096

    private let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next line starts, and its 0-based number.
    private var offset = 0
    private var lineNumber = 0
    /// The line being scanned: its bytes are `bytes[lineStart..<lineEnd]`, without the line feed.
    private var lineStart = 0
    private var lineEnd = 0
    private var lineIsASCII = true
    /// On a line with other characters, a place whose column is known: columns are counted on from there,
    /// so that a line of many events costs its length once, not once an event.
    private var columnMark = (index: 0, column: 0)

    private var phase = Phase.start
    private var documentStarted = false
    private var blocks: [Block] = []
    /// Room for this many open blocks from the start (a trace nests five deep at a sheet's actions): grown one
    /// at a time, the array's allocations would depend on how much room `malloc` happened to give
    /// (`malloc_usable_size` sets an array's capacity), which differs with the heap's state.
    static let blocksReserved = 16
    /// The last of `blocks`, read by position: `last` reads through the collection protocols, which
    /// allocate at each call in a debug build (where `LoadingAllocationTests` counts), once a line.
    private var innermostBlock: Block? { blocks.isEmpty ? nil : blocks[blocks.count - 1] }
    /// A `key:` with nothing after it: its value is the block below, or else an empty scalar, which
    /// libyaml places just after the colon.
    private var pendingValue: (indent: Int, line: Int, column: Int)?

    /// The queued events of the line scanned last, and the current one among them.
    private var events = EventQueue()
    private var current = 0
    /// The text of quoted scalars with escapes, for the queued events. Allocated, so that a scalar's
    /// bytes can be handed out until the next `advance`.
    private var decoded: UnsafeMutablePointer<UInt8>
    private var decodedCapacity = 256
    private var decodedCount = 0

    /// Whether the scanner met something it does not read; libyaml must then read the file.
    private(set) var stopped = false

    /// - Parameter bytes: must stay valid for as long as the scanner is used.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        decoded = .allocate(capacity: decodedCapacity)
        blocks.reserveCapacity(Self.blocksReserved)
    }

    deinit {
        decoded.deallocate()
    }

    // MARK: - The event source

    mutating func advance() -> Bool {
        current += 1
        if current < events.count { return true }
        return refill()
    }

    @inline(__always)
    var type: yaml_event_type_t { events[current].type }

    @inline(__always)
    var position: TextPosition {
        let event = events[current]
        return TextPosition(line: Int(event.line) + 1, column: Int(event.column) + 1)
    }

    /// Anchors, aliases and tags stop the scanner before they make an event.
    @inline(__always)
    var isDecorated: Bool { false }

    @inline(__always)
    var scalarBytes: UnsafeBufferPointer<UInt8> {
        let event = events[current]
        let start = Int(event.start)
        let count = Int(event.count)
        if event.isDecoded { return UnsafeBufferPointer(start: decoded + start, count: count) }
        return UnsafeBufferPointer(rebasing: bytes[start..<start + count])
    }

    @inline(__always)
    var scalarStyle: ScalarStyle { events[current].style }

    // MARK: - Lines

    /// Queues the events of the next line that has any (or of the end); `false` when there are none.
    private mutating func refill() -> Bool {
        events.removeAll()
        current = 0
        decodedCount = 0
        switch phase {
        case .done:
            return false
        case .start:
            phase = .body
            events.append(Event(type: YAML_STREAM_START_EVENT, line: 0, column: 0))
            return true
        case .body:
            // Offsets and positions are kept in 32 bits.
            if bytes.count >= Int32.max { stopped = true }
            while events.count == 0, !stopped {
                if offset < bytes.count {
                    if !scanLine() { stopped = true }
                } else {
                    finish()
                }
            }
            // A line that stopped the scanner may have queued events before: none of them is given.
            if stopped {
                events.removeAll()
                phase = .done
            }
            return !stopped
        }
    }

    /// The end of the input: the last value, the open collections, the document and the stream end.
    private mutating func finish() {
        // An empty file, or one of comments only: libyaml's events hold no document; left to it.
        guard documentStarted else {
            stopped = true
            return
        }
        if let pending = pendingValue {
            pendingValue = nil
            emitEmptyScalar(line: pending.line, column: pending.column)
        }
        while let block = blocks.popLast() {
            emit(block.isMapping ? YAML_MAPPING_END_EVENT : YAML_SEQUENCE_END_EVENT, line: lineNumber, column: 0)
        }
        emit(YAML_DOCUMENT_END_EVENT, line: lineNumber, column: 0)
        emit(YAML_STREAM_END_EVENT, line: lineNumber, column: 0)
        phase = .done
    }

    /// Scans the line at `offset`; `false` when it is not simple.
    private mutating func scanLine() -> Bool {
        defer { lineNumber += 1 }
        lineStart = offset
        lineIsASCII = true
        columnMark = (offset, 0)
        var index = offset
        while index < bytes.count {
            // Sixteen bytes at a time while they are printable ASCII (a line feed among them ends this), then
            // eight near the end of the file.
            if index + 16 <= bytes.count, let base = bytes.baseAddress {
                let run = ByteBlocks.printableASCIIRun(base + index)
                index += run
                if run == 16 { continue }
            } else if index + 8 <= bytes.count, let base = bytes.baseAddress,
                Self.isPrintableASCII(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            {
                index += 8
                continue
            }
            let byte = bytes[index]
            if byte == .lineFeed { break }
            if byte >= 0x20, byte < 0x7F {
                index += 1
                continue
            }
            guard byte >= 0x80, let width = Self.printableUTF8Width(bytes, at: index) else { return false }
            lineIsASCII = false
            index += width
        }
        lineEnd = index
        offset = index < bytes.count ? index + 1 : index
        let start = skipSpaces(lineStart)
        // Blank lines and comments make no event.
        if start == lineEnd || bytes[start] == .hash { return true }
        // Document markers and directives are left to libyaml.
        if start == lineStart, bytes[start] == .percent || startsWithMarker(start) { return false }
        return contentLine(indent: start - lineStart, at: start)
    }

    private func startsWithMarker(_ index: Int) -> Bool {
        guard index + 2 < lineEnd else { return false }
        let first = bytes[index]
        return (first == .dash || first == .dot) && bytes[index + 1] == first && bytes[index + 2] == first
    }

    /// A line with content at column `indent` (`start`): it continues, opens or closes block collections.
    private mutating func contentLine(indent: Int, at start: Int) -> Bool {
        let isEntry = bytes[start] == .dash && (start + 1 == lineEnd || bytes[start + 1] == .space)
        guard documentStarted else {
            // The document is a map (a trace is).
            guard !isEntry else { return false }
            documentStarted = true
            emit(YAML_DOCUMENT_START_EVENT, at: start)
            openBlock(isMapping: true, indent: indent, at: start)
            return keyLine(indent: indent, at: start)
        }
        if let pending = pendingValue {
            pendingValue = nil
            if indent > pending.indent {
                // The value of `key:` is the block below it.
                openBlock(isMapping: !isEntry, indent: indent, at: start)
                return isEntry ? entryLine(at: start) : keyLine(indent: indent, at: start)
            }
            if indent == pending.indent, isEntry {
                // A list at its key's indentation.
                openBlock(isMapping: false, indent: indent, at: start, indentless: true)
                return entryLine(at: start)
            }
            emitEmptyScalar(line: pending.line, column: pending.column)
        }
        // Collections indented deeper end here, and so does a list at its key's indentation when a key follows.
        while let block = innermostBlock, block.indent > indent || (block.isIndentless && block.indent == indent && !isEntry) {
            blocks.removeLast()
            emit(block.isMapping ? YAML_MAPPING_END_EVENT : YAML_SEQUENCE_END_EVENT, at: start)
        }
        // The line must continue an open collection, at its indentation.
        guard let block = innermostBlock, block.indent == indent, block.isMapping != isEntry else { return false }
        return block.isMapping ? keyLine(indent: indent, at: start) : entryLine(at: start)
    }

    /// `key: value`, or `key:` with the value below, in the map whose keys stand at `indent`.
    private mutating func keyLine(indent: Int, at start: Int) -> Bool {
        guard let (key, end) = scalar(at: start, inFlow: false) else { return false }
        let colon = skipSpaces(end)
        // libyaml takes a key of at most 1,024 characters before its colon.
        guard isValueIndicator(colon), colon - start <= 1_000 else { return false }
        events.append(key)
        let value = skipSpaces(colon + 1)
        if value == lineEnd || bytes[value] == .hash {
            pendingValue = (indent, lineNumber, column(of: colon + 1))
            return true
        }
        return blockValue(at: value)
    }

    /// `- item`, or `- key: value` (a map whose keys stand where the first one does).
    private mutating func entryLine(at dash: Int) -> Bool {
        let start = skipSpaces(dash + 1)
        // An empty item, or a nested list on the same line, is left to libyaml.
        guard start < lineEnd, bytes[start] != .hash, bytes[start] != .dash || !isEntryIndicator(start) else { return false }
        if bytes[start] == .openBrace || bytes[start] == .openBracket { return blockValue(at: start) }
        guard let (item, end) = scalar(at: start, inFlow: false) else { return false }
        if isValueIndicator(skipSpaces(end)) {
            // Only spaces and the dash stand before the key: its column is its offset in the line.
            openBlock(isMapping: true, indent: start - lineStart, at: start)
            return keyLine(indent: start - lineStart, at: start)
        }
        events.append(item)
        return atLineEnd(skipSpaces(end))
    }

    /// The value after `key: ` or `- `: a scalar or a flow collection, and then only a comment.
    private mutating func blockValue(at start: Int) -> Bool {
        let end: Int
        if bytes[start] == .openBrace || bytes[start] == .openBracket {
            guard let after = flow(at: start, depth: 0) else { return false }
            end = after
        } else {
            guard let (value, after) = scalar(at: start, inFlow: false) else { return false }
            events.append(value)
            end = after
        }
        return atLineEnd(skipSpaces(end))
    }

    /// Whether `index` ends the line's content: its end, or a comment (after a plain scalar the scanner
    /// stops at a `#` only after a space, as libyaml does).
    @inline(__always)
    private func atLineEnd(_ index: Int) -> Bool {
        index == lineEnd || bytes[index] == .hash
    }

    /// A colon that libyaml reads as a value indicator in a block: followed by a space or the line's end.
    @inline(__always)
    private func isValueIndicator(_ index: Int) -> Bool {
        index < lineEnd && bytes[index] == .colon && (index + 1 == lineEnd || bytes[index + 1] == .space)
    }

    @inline(__always)
    private func isEntryIndicator(_ index: Int) -> Bool {
        bytes[index] == .dash && (index + 1 == lineEnd || bytes[index + 1] == .space)
    }

    // MARK: - Flow collections

    /// The flow collection at `start` (`{` or `[`), which must close on this line; returns the index after it.
    private mutating func flow(at start: Int, depth: Int) -> Int? {
        // Deeper nesting is left to libyaml (and this stays a shallow recursion).
        guard depth < 64 else { return nil }
        let isMapping = bytes[start] == .openBrace
        let close: UInt8 = isMapping ? .closeBrace : .closeBracket
        emit(isMapping ? YAML_MAPPING_START_EVENT : YAML_SEQUENCE_START_EVENT, at: start)
        var index = skipSpaces(start + 1)
        if index < lineEnd, bytes[index] == close {
            emit(isMapping ? YAML_MAPPING_END_EVENT : YAML_SEQUENCE_END_EVENT, at: index)
            return index + 1
        }
        while true {
            if isMapping {
                // `key: value`, the key a scalar. After a plain key the colon needs a space (`a:b` is one
                // plain scalar to libyaml); after a quoted one libyaml takes any colon.
                guard index < lineEnd, let (key, end) = scalar(at: index, inFlow: true) else { return nil }
                let colon = skipSpaces(end)
                guard colon < lineEnd, bytes[colon] == .colon, colon - index <= 1_000 else { return nil }
                guard key.style != .plain || (colon + 1 < lineEnd && bytes[colon + 1] == .space) else { return nil }
                events.append(key)
                guard let after = flowNode(at: skipSpaces(colon + 1), depth: depth) else { return nil }
                index = skipSpaces(after)
            } else {
                guard let after = flowNode(at: index, depth: depth) else { return nil }
                index = skipSpaces(after)
            }
            guard index < lineEnd else { return nil }
            if bytes[index] == close {
                emit(isMapping ? YAML_MAPPING_END_EVENT : YAML_SEQUENCE_END_EVENT, at: index)
                return index + 1
            }
            // A comma, and then another entry (a trailing comma is left to libyaml). A line of more events than
            // a trace's lines ever hold is left to it too: the queue stays small.
            guard bytes[index] == .comma, events.count < Self.maximumLineEvents else { return nil }
            index = skipSpaces(index + 1)
            guard index < lineEnd, bytes[index] != close, bytes[index] != .comma else { return nil }
        }
    }

    /// A value or item inside a flow: a nested collection or a scalar (an empty one is left to libyaml).
    private mutating func flowNode(at start: Int, depth: Int) -> Int? {
        guard start < lineEnd else { return nil }
        if bytes[start] == .openBrace || bytes[start] == .openBracket { return flow(at: start, depth: depth + 1) }
        guard let (value, end) = scalar(at: start, inFlow: true) else { return nil }
        events.append(value)
        return end
    }

    // MARK: - Scalars

    /// The scalar at `start` and the index just after it (after the closing quote, or after the last
    /// non-space byte of a plain scalar); `nil` when it is not simple.
    private mutating func scalar(at start: Int, inFlow: Bool) -> (Event, Int)? {
        switch bytes[start] {
        case .doubleQuote: return doubleQuoted(at: start)
        case .singleQuote: return singleQuoted(at: start)
        default: return plain(at: start, inFlow: inFlow)
        }
    }

    /// A plain scalar on one line. It ends at `: ` (or a colon at the line's end), at ` #`, at the line's
    /// end, and in a flow also at `,`, `[`, `]`, `{` or `}`; spaces around it are not part of it.
    @inline(__always) // into `scalar`, its one caller: a call would copy the scanner (a non-mutating call from a mutating one)
    private mutating func plain(at start: Int, inFlow: Bool) -> (Event, Int)? {
        guard canStartPlain(start) else { return nil }
        var index = start
        var end = start
        scan: while index < lineEnd {
            // Ordinary bytes, sixteen at a time (those after the line's end may be ordinary too) or, near the
            // file's end, one at a time; the byte after them, on this line, is not ordinary.
            if index + 16 <= bytes.count, let base = bytes.baseAddress {
                let run = ByteBlocks.ordinaryRun(base + index)
                if run > 0 {
                    index = min(index + run, lineEnd)
                    end = index
                    if run == 16 || index == lineEnd { continue }
                }
            } else if Self.isOrdinary(bytes[index]) {
                index += 1
                end = index
                continue
            }
            let byte = bytes[index]
            switch byte {
            case .space:
                // Spaces belong to the scalar only if more of it follows.
                let next = skipSpaces(index)
                if next == lineEnd { break scan }
                if bytes[next] == .hash {
                    // A comment inside a flow hides the flow's end: left to libyaml.
                    if inFlow { return nil }
                    break scan
                }
                if isValueIndicator(next) || (inFlow && Self.isFlowIndicator(bytes[next])) { break scan }
                index = next
            case .colon:
                if isValueIndicator(index) { break scan }
                // `a:b` is one plain scalar to libyaml in a block; in a flow it has other rules: left to it.
                if inFlow { return nil }
                index += 1
                end = index
            default:
                if inFlow, Self.isFlowIndicator(byte) { break scan }
                index += 1
                end = index
            }
        }
        // A flow that goes on to the next line is left to libyaml.
        if inFlow, index == lineEnd { return nil }
        // `key:` at a line's end inside a flow: the value would be on the next line.
        if inFlow, index < lineEnd, bytes[index] == .colon, index + 1 == lineEnd { return nil }
        var event = Event(type: YAML_SCALAR_EVENT, line: lineNumber, column: column(of: start))
        event.start = Int32(truncatingIfNeeded: start)
        event.count = Int32(truncatingIfNeeded: end - start)
        return (event, end)
    }

    /// The first characters of a plain scalar that this scanner takes (libyaml takes more, with rules
    /// of its own for indicators): letters, digits, any non-ASCII character, `_ . / ( ) + $ ~`, and `-`
    /// before a letter, a digit or a dot (`-1`, `-.5`).
    @inline(__always)
    private func canStartPlain(_ index: Int) -> Bool {
        let byte = bytes[index]
        if Self.isAlphanumeric(byte) || byte >= 0x80 { return true }
        switch byte {
        case .underscore, .dot, .slash, .openParenthesis, .closeParenthesis, .plus, .dollar, .tilde:
            return true
        case .dash:
            guard index + 1 < lineEnd else { return false }
            let next = bytes[index + 1]
            return Self.isAlphanumeric(next) || next == .dot
        default:
            return false
        }
    }

    /// `'...'` on one line; `''` stands for one quote.
    private mutating func singleQuoted(at start: Int) -> (Event, Int)? {
        var index = start + 1
        var decoding = false
        let decodedStart = decodedCount
        while index < lineEnd {
            let byte = bytes[index]
            if byte == .singleQuote {
                guard index + 1 < lineEnd, bytes[index + 1] == .singleQuote else {
                    return (quotedEvent(start: start, end: index, decoding: decoding, decodedStart: decodedStart), index + 1)
                }
                if !decoding {
                    decoding = true
                    appendDecoded(start + 1..<index)
                }
                appendDecoded(byte)
                index += 2
                continue
            }
            if decoding { appendDecoded(byte) }
            index += 1
        }
        // Closed on a later line, or never: left to libyaml.
        return nil
    }

    /// `"..."` on one line, with libyaml's escapes (a backslash at the line's end continues the scalar: left to libyaml).
    private mutating func doubleQuoted(at start: Int) -> (Event, Int)? {
        var index = start + 1
        var decoding = false
        let decodedStart = decodedCount
        while index < lineEnd {
            let byte = bytes[index]
            if byte == .doubleQuote {
                return (quotedEvent(start: start, end: index, decoding: decoding, decodedStart: decodedStart), index + 1)
            }
            if byte == .backslash {
                if !decoding {
                    decoding = true
                    appendDecoded(start + 1..<index)
                }
                guard let length = escape(at: index) else { return nil }
                index += length
                continue
            }
            if decoding { appendDecoded(byte) }
            index += 1
        }
        return nil
    }

    private mutating func quotedEvent(start: Int, end: Int, decoding: Bool, decodedStart: Int) -> Event {
        var event = Event(type: YAML_SCALAR_EVENT, line: lineNumber, column: column(of: start))
        event.style = .quoted
        if decoding {
            event.isDecoded = true
            event.start = Int32(truncatingIfNeeded: decodedStart)
            event.count = Int32(truncatingIfNeeded: decodedCount - decodedStart)
        } else {
            event.start = Int32(truncatingIfNeeded: start + 1)
            event.count = Int32(truncatingIfNeeded: end - start - 1)
        }
        return event
    }

    /// Decodes the escape at `index` (a backslash) as libyaml does; returns its length, or `nil` for one
    /// libyaml refuses or one that continues the scalar on the next line.
    private mutating func escape(at index: Int) -> Int? {
        guard index + 1 < lineEnd else { return nil }
        let simple: [UInt8]
        switch bytes[index + 1] {
        case UInt8(ascii: "0"): simple = [0x00]
        case UInt8(ascii: "a"): simple = [0x07]
        case UInt8(ascii: "b"): simple = [0x08]
        case UInt8(ascii: "t"): simple = [0x09]
        case UInt8(ascii: "n"): simple = [0x0A]
        case UInt8(ascii: "v"): simple = [0x0B]
        case UInt8(ascii: "f"): simple = [0x0C]
        case UInt8(ascii: "r"): simple = [0x0D]
        case UInt8(ascii: "e"): simple = [0x1B]
        case .space: simple = [0x20]
        case .doubleQuote: simple = [.doubleQuote]
        case .slash: simple = [.slash]
        case .backslash: simple = [.backslash]
        case UInt8(ascii: "N"): simple = [0xC2, 0x85]
        case .underscore: simple = [0xC2, 0xA0]
        case UInt8(ascii: "L"): simple = [0xE2, 0x80, 0xA8]
        case UInt8(ascii: "P"): simple = [0xE2, 0x80, 0xA9]
        case UInt8(ascii: "x"): return codeEscape(at: index, digits: 2)
        case UInt8(ascii: "u"): return codeEscape(at: index, digits: 4)
        case UInt8(ascii: "U"): return codeEscape(at: index, digits: 8)
        default: return nil
        }
        for byte in simple { appendDecoded(byte) }
        return 2
    }

    /// `\xXX`, `\uXXXX` or `\UXXXXXXXX`: a code point, written as UTF-8; surrogates and values past
    /// U+10FFFF are refused by libyaml.
    private mutating func codeEscape(at index: Int, digits: Int) -> Int? {
        guard index + 2 + digits <= lineEnd else { return nil }
        var value: UInt32 = 0
        for offset in 0..<digits {
            guard let digit = Self.hexValue(bytes[index + 2 + offset]) else { return nil }
            value = value << 4 | digit
        }
        guard let scalar = Unicode.Scalar(value), let encoded = UTF8.encode(scalar) else { return nil }
        for byte in encoded { appendDecoded(byte) }
        return 2 + digits
    }

    private mutating func appendDecoded(_ range: Range<Int>) {
        for index in range { appendDecoded(bytes[index]) }
    }

    private mutating func appendDecoded(_ byte: UInt8) {
        if decodedCount == decodedCapacity {
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: decodedCapacity * 2)
            larger.update(from: decoded, count: decodedCount)
            decoded.deallocate()
            decoded = larger
            decodedCapacity *= 2
        }
        decoded[decodedCount] = byte
        decodedCount += 1
    }

    // MARK: - Helpers

    private mutating func openBlock(isMapping: Bool, indent: Int, at index: Int, indentless: Bool = false) {
        blocks.append(Block(isMapping: isMapping, indent: indent, isIndentless: indentless))
        emit(isMapping ? YAML_MAPPING_START_EVENT : YAML_SEQUENCE_START_EVENT, at: index)
    }

    private mutating func emit(_ type: yaml_event_type_t, at index: Int) {
        events.append(Event(type: type, line: lineNumber, column: column(of: index)))
    }

    private mutating func emit(_ type: yaml_event_type_t, line: Int, column: Int) {
        events.append(Event(type: type, line: line, column: column))
    }

    private mutating func emitEmptyScalar(line: Int, column: Int) {
        events.append(Event(type: YAML_SCALAR_EVENT, line: line, column: column))
    }

    /// The 0-based column of `index` in the current line, in characters as libyaml counts them.
    @inline(__always)
    private mutating func column(of index: Int) -> Int {
        guard !lineIsASCII else { return index - lineStart }
        // Events come in the line's order: count on from the last place asked for (from the line's start if earlier).
        if index < columnMark.index { columnMark = (lineStart, 0) }
        var characters = columnMark.column
        for offset in columnMark.index..<index where bytes[offset] & 0xC0 != 0x80 { characters += 1 }
        columnMark = (index, characters)
        return characters
    }

    @inline(__always)
    private func skipSpaces(_ index: Int) -> Int {
        var index = index
        while index < lineEnd, bytes[index] == .space { index += 1 }
        return index
    }

    /// Whether all eight bytes of `word` are printable ASCII (0x20 to 0x7E): none below 0x20, none above 0x7E.
    @inline(__always)
    private static func isPrintableASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let below = (word &- ones &* 0x20) & ~word & highBits
        let above = ((word &+ ones) | word) & highBits
        return below | above == 0
    }

    /// Bytes that continue a plain scalar whatever follows them: printable ASCII but the space, `:` and
    /// the flow indicators `, [ ] { }`, and every byte of a non-ASCII character. (Bit masks of the ASCII ones.)
    @inline(__always)
    private static func isOrdinary(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        let mask: UInt64 = byte < 64 ? 0xFBFF_EFFE_0000_0000 : 0x57FF_FFFF_D7FF_FFFF
        return (mask >> UInt64(byte & 63)) & 1 != 0
    }

    @inline(__always)
    private static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == .comma || byte == .openBracket || byte == .closeBracket || byte == .openBrace || byte == .closeBrace
    }

    @inline(__always)
    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// The length of the UTF-8 character at `index` when it is well formed and one that libyaml reads
    /// as printable and not as a line break or a byte-order mark: U+00A0 and above, except U+2028,
    /// U+2029, U+FEFF, U+FFFE and U+FFFF (and surrogates, which UTF-8 cannot hold).
    static func printableUTF8Width(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        let width: Int
        let minimum: UInt32
        switch lead {
        case 0xC2...0xDF: (width, minimum) = (2, 0xA0)
        case 0xE0...0xEF: (width, minimum) = (3, 0x800)
        case 0xF0...0xF4: (width, minimum) = (4, 0x10000)
        default: return nil
        }
        guard index + width <= bytes.count else { return nil }
        var value = UInt32(lead) & (width == 2 ? 0x1F : width == 3 ? 0x0F : 0x07)
        for offset in 1..<width {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
        guard value != 0x2028, value != 0x2029, value != 0xFEFF, value != 0xFFFE, value != 0xFFFF else { return nil }
        return width
    }
}

extension UInt8 {
    fileprivate static let lineFeed = UInt8(ascii: "\n")
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let hash = UInt8(ascii: "#")
    fileprivate static let percent = UInt8(ascii: "%")
    fileprivate static let dash = UInt8(ascii: "-")
    fileprivate static let dot = UInt8(ascii: ".")
    fileprivate static let colon = UInt8(ascii: ":")
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let openBrace = UInt8(ascii: "{")
    fileprivate static let closeBrace = UInt8(ascii: "}")
    fileprivate static let openBracket = UInt8(ascii: "[")
    fileprivate static let closeBracket = UInt8(ascii: "]")
    fileprivate static let singleQuote = UInt8(ascii: "'")
    fileprivate static let doubleQuote = UInt8(ascii: "\"")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let slash = UInt8(ascii: "/")
    fileprivate static let underscore = UInt8(ascii: "_")
    fileprivate static let openParenthesis = UInt8(ascii: "(")
    fileprivate static let closeParenthesis = UInt8(ascii: ")")
    fileprivate static let plus = UInt8(ascii: "+")
    fileprivate static let dollar = UInt8(ascii: "$")
    fileprivate static let tilde = UInt8(ascii: "~")
}
