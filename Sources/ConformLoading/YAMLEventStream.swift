import CYaml
import ConformCore

/// A source of YAML events shaped as libyaml's, one at a time: libyaml itself (`YAMLEventStream`), or
/// the Swift scanner of simple files (`SimpleYAMLEvents`). `DirectTraceReader` reads either.
protocol YAMLEventSource: ~Copyable {
    /// Moves to the next event; `false` when there is none to give (an error, or the source stopped).
    mutating func advance() -> Bool
    var type: yaml_event_type_t { get }
    /// Where the current event starts, 1-based.
    var position: TextPosition { get }
    /// Whether the current node carries an anchor or a tag, or is an alias.
    var isDecorated: Bool { get }
    /// The bytes of the current scalar; valid until the next `advance`.
    var scalarBytes: UnsafeBufferPointer<UInt8> { get }
    var scalarStyle: ScalarStyle { get }
}

extension YAMLEventSource where Self: ~Copyable {
    /// Whether the current scalar's bytes are exactly `word` (an ASCII key).
    @inline(__always)
    func scalarIs(_ word: StaticString) -> Bool {
        YAMLEventStream.equal(scalarBytes, UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
    }
}

/// libyaml's events one at a time, for a reader that turns them into its model directly instead of
/// building a node tree first.
///
/// The parser and the current event are allocated, not Swift variables: libyaml keeps a pointer to
/// the parser (the data of its string read handler), so the parser must not move while it is used.
/// Noncopyable, so that exactly one owner deletes the event and the parser.
struct YAMLEventStream: YAMLEventSource, ~Copyable {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let event: UnsafeMutablePointer<yaml_event_t>
    private let ready: Bool
    private var holdsEvent = false

    /// - Parameter bytes: must stay valid for as long as the stream is used.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        parser = .allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        event = .allocate(capacity: 1)
        event.initialize(to: yaml_event_t())
        ready = yaml_parser_initialize(parser) == 1
        if ready { yaml_parser_set_input_string(parser, bytes.baseAddress, bytes.count) }
    }

    deinit {
        if holdsEvent { yaml_event_delete(event) }
        if ready { yaml_parser_delete(parser) }
        event.deinitialize(count: 1)
        event.deallocate()
        parser.deinitialize(count: 1)
        parser.deallocate()
    }

    /// Moves to the next event, releasing the current one; `false` when libyaml reports an error.
    mutating func advance() -> Bool {
        if holdsEvent {
            yaml_event_delete(event)
            holdsEvent = false
        }
        guard ready, yaml_parser_parse(parser, event) == 1 else { return false }
        holdsEvent = true
        return true
    }

    var type: yaml_event_type_t { event.pointee.type }

    /// Where the current event starts, 1-based, as every message gives it.
    var position: TextPosition {
        TextPosition(line: Int(event.pointee.start_mark.line) + 1, column: Int(event.pointee.start_mark.column) + 1)
    }

    /// Whether the current node carries an anchor or a tag, or is an alias: what a direct reader leaves
    /// to the general composer, which knows their rules.
    var isDecorated: Bool {
        switch event.pointee.type {
        case YAML_SCALAR_EVENT: return event.pointee.data.scalar.anchor != nil || event.pointee.data.scalar.tag != nil
        case YAML_SEQUENCE_START_EVENT:
            return event.pointee.data.sequence_start.anchor != nil || event.pointee.data.sequence_start.tag != nil
        case YAML_MAPPING_START_EVENT:
            return event.pointee.data.mapping_start.anchor != nil || event.pointee.data.mapping_start.tag != nil
        case YAML_ALIAS_EVENT: return true
        default: return false
        }
    }

    /// The bytes of the current scalar; valid until the next `advance`.
    var scalarBytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: event.pointee.data.scalar.value, count: Int(event.pointee.data.scalar.length))
    }

    /// The current scalar's style as the composer records it (for an untagged scalar).
    var scalarStyle: ScalarStyle {
        switch event.pointee.data.scalar.style {
        case YAML_LITERAL_SCALAR_STYLE, YAML_FOLDED_SCALAR_STYLE: return .block
        case YAML_PLAIN_SCALAR_STYLE: return .plain
        default: return .quoted
        }
    }

    /// Byte-wise equality of two short byte strings (keys), without the generic sequence machinery.
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where a[index] != b[index] { return false }
        return true
    }
}
