import CYaml
import ConformCore

/// Reads a well-formed trace straight from YAML events into the model, without the `YNode` tree of the
/// general path (building and freeing that tree cost about as much as libyaml itself).
///
/// The events come first from `SimpleYAMLEvents`, a Swift scanner of the simple YAML traces are written
/// in; where it stops, from libyaml. The two give the same events wherever the first does not stop.
enum DirectTrace {
    /// The top-level keys in `TraceLoader.topLevelKeys` order.
    static let topLevelWords: [StaticString] = [
        "conform", "trace", "title", "app", "platform", "device", "screen", "recorded", "note", "policy", "form", "steps",
        "settings",
    ]

    /// Which events a read takes (tests choose one).
    enum Events {
        /// The Swift scanner, then libyaml where it stops.
        case simpleFirst
        case libyamlOnly
        case simpleOnly
    }

    /// The trace, or `nil` when the general path must read the file.
    static func read(
        _ bytes: [UInt8], file: String, vocabulary: DirectVocabulary, limits: YAMLReader.Limits, maximumSteps: Int,
        trimsTables: Bool = true, events: Events = .simpleFirst
    ) -> Trace? {
        bytes.withUnsafeBufferPointer { buffer in
            // A trace is written one step a line: its lines (and its size: a step takes some 8 bytes at least)
            // bound the room the steps need, so the list of steps is allocated once instead of regrown as it fills.
            let expectedSteps = min(lineFeeds(in: buffer), buffer.count / 8, maximumSteps)
            if events != .libyamlOnly {
                var reader = DirectTraceReader(
                    events: SimpleYAMLEvents(buffer), vocabulary: vocabulary, limits: limits, maximumSteps: maximumSteps,
                    expectedSteps: expectedSteps, trimsTables: trimsTables)
                if let trace = try? reader.trace(file: file) { return trace }
                // The reader gave up on events libyaml gives alike (a verb that policies define, a problem):
                // reading them again from libyaml would give up the same way.
                guard reader.events.stopped, events == .simpleFirst else { return nil }
            }
            var reader = DirectTraceReader(
                events: YAMLEventStream(buffer), vocabulary: vocabulary, limits: limits, maximumSteps: maximumSteps,
                expectedSteps: expectedSteps, trimsTables: trimsTables)
            return try? reader.trace(file: file)
        }
    }
}

extension DirectTrace {
    /// The line feeds in `buffer`, counted sixteen bytes at a time, then eight.
    static func lineFeeds(in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var lines = 0
        var index = 0
        if let base = buffer.baseAddress {
            while index + 16 <= buffer.count {
                lines += ByteBlocks.lineFeeds(base + index)
                index += 16
            }
            while index + 8 <= buffer.count {
                // Bytes that are zero where the input has a line feed; each zero byte is marked exactly by its
                // high bit: `(b & 0x7F) + 0x7F` sets it for any other low seven bits, `| b` for a set high bit.
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
                let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
                lines += (~(((word & low) &+ low) | word | low)).nonzeroBitCount
                index += 8
            }
        }
        while index < buffer.count {
            if buffer[index] == 0x0A { lines += 1 }
            index += 1
        }
        return lines
    }
}

/// Reads one trace from a source of events.
///
/// It knows only what traces usually hold: the form vocabulary's verbs and the known observation keys,
/// without anchors, aliases or tags. At anything else, and at the first problem of any kind, it gives
/// up, and `TraceLoader` reads the file again the general way: only that path words problems, so every
/// message and location stays exactly what it was. Where it does not give up, it builds the same
/// `Trace` as the general path, using the same scalar rules (`YNode.scalarValue`, `ProblemCollector`,
/// `ArgumentReader`) on one scalar node at a time.
struct DirectTraceReader<Events: YAMLEventSource & ~Copyable>: ~Copyable {
    /// Not a problem: the general path must take this file.
    struct GiveUp: Error {}

    private(set) var events: Events
    private let vocabulary: DirectVocabulary
    private let limits: YAMLReader.Limits
    private let maximumSteps: Int
    /// Room to reserve for the steps.
    private let expectedSteps: Int
    /// Nesting and nodes counted as the composer counts them, so that a file over its limits goes the general way.
    private var depth = 0
    private var nodes = 0
    /// Takes the problems of the shared scalar rules; any problem only means giving up.
    private var scratch = ProblemCollector()
    /// Every step's items, actions and fields, sliced out to the steps at the end (issue 37 §1).
    private var tables: DirectStepTables
    /// The texts longer than a small string (15 UTF-8 bytes, which a `String` holds without allocating)
    /// read so far, at most `longTextsKept`: a text the trace repeats (a sheet's title at every swipe) is
    /// made once, and the steps share it.
    private var longTexts: [String] = []
    private static var longTextsKept: Int { 32 }
    /// The steps' words and titles, noted as they are read (`Trace.digest`).
    private var digest = StepsDigest()

    init(
        events: consuming Events, vocabulary: DirectVocabulary, limits: YAMLReader.Limits, maximumSteps: Int, expectedSteps: Int,
        trimsTables: Bool = true
    ) {
        self.events = events
        self.vocabulary = vocabulary
        self.limits = limits
        self.maximumSteps = maximumSteps
        self.expectedSteps = expectedSteps
        self.tables = DirectStepTables(room: expectedSteps, trims: trimsTables)
    }

    mutating func trace(file: String) throws(GiveUp) -> Trace {
        try expect(YAML_STREAM_START_EVENT)
        try expect(YAML_DOCUMENT_START_EVENT)
        try expect(YAML_MAPPING_START_EVENT)
        try open()
        // The id is the file's name only when no `trace:` gives one: worked out at the end, if needed.
        var trace = Trace(id: "", file: file, steps: [])
        var seen = 0
        var pairs = 0
        while try nextKey() {
            guard let key = topLevelKey(), seen & (1 << key) == 0 else { throw GiveUp() }
            seen |= 1 << key
            pairs += 1
            try next()
            switch key {
            case 0: try formatVersion()
            case 1:
                trace.idPosition = events.position
                trace.id = try text()
            case 2: trace.title = try text()
            case 3: trace.app = try text()
            case 4: trace.platform = try text()
            case 5: trace.device = try text()
            case 6: trace.screen = try text()
            case 7: trace.recorded = try text()
            case 8: trace.note = try text()
            case 9: trace.claims = try claims()
            case 10: trace.form = try form()
            case 12: trace.settings = try form()
            default: trace.steps = try steps()
            }
        }
        try close(children: pairs)
        // `conform` and `steps` are required, and `steps` may not be empty.
        guard seen & 1 != 0, seen & (1 << 11) != 0, !trace.steps.isEmpty else { throw GiveUp() }
        // With a `form:`, a field it does not declare is a problem, wherever the `form:` stands in the file.
        if seen & (1 << 10) != 0, !namesOnlyDeclaredFields(trace.form) { throw GiveUp() }
        if seen & (1 << 1) == 0 { trace.id = TraceLoader.defaultID(for: file) }
        trace.digest = digest
        // One document, then the end: a second document is a problem.
        try expect(YAML_DOCUMENT_END_EVENT)
        try expect(YAML_STREAM_END_EVENT)
        return trace
    }

    /// Whether every edit and every `see: { form: }` of the trace names a field of its `form:` (`StepParser`).
    /// Read from the flat tables the steps were sliced from, not from the steps: a walk of the steps copied
    /// (retained and released) every step's payload. The `n`th item that holds fields holds the `n`th run
    /// of `fieldsSeen`. Walked by position: a generic walk allocates per element in a debug build, where
    /// `LoadingAllocationTests` counts.
    private func namesOnlyDeclaredFields(_ form: [String: Value]) -> Bool {
        for index in 0..<tables.edits.count where form[tables.edits[index].field] == nil { return false }
        var run = 0
        var start = 0
        for index in 0..<tables.items.count {
            guard case .fields = tables.items[index].value else { continue }
            let end = tables.fieldsSeenEnds[run]
            run += 1
            defer { start = end }
            guard tables.items[index].key == "form" else { continue }
            for field in start..<end where form[tables.fieldsSeen[field].name] == nil { return false }
        }
        return true
    }

    /// Which top-level key the current scalar is, by its index in `topLevelWords`.
    ///
    /// This and the reader's other small questions are `mutating` though they change nothing: called
    /// otherwise, the reader (344 bytes) was copied to the stack to be lent to them, at every scalar.
    private mutating func topLevelKey() -> Int? {
        for index in 0..<DirectTrace.topLevelWords.count where events.scalarIs(DirectTrace.topLevelWords[index]) { return index }
        return nil
    }

    private mutating func formatVersion() throws(GiveUp) {
        let node = try scalar()
        guard !(node.isQuoted && node.scalarText == String(FormatVersion.supported)),
            case .number(let version)? = node.scalarValue, version == Double(FormatVersion.supported)
        else { throw GiveUp() }
    }

    private mutating func claims() throws(GiveUp) -> [Claim] {
        guard events.type == YAML_SEQUENCE_START_EVENT else {
            let position = events.position
            return [Claim(policy: try text(), position: position)]
        }
        try open()
        var claims: [Claim] = []
        while try nextItem() {
            let position = events.position
            claims.append(Claim(policy: try text(), position: position))
        }
        try close(children: claims.count)
        return claims
    }

    private mutating func form() throws(GiveUp) -> [String: Value] {
        // Names are distinct (a repeated key gives up), so keeping the first is only for symmetry with the general path.
        Dictionary(try fields().map { ($0.name, $0.value) }) { first, _ in first }
    }

    private mutating func steps() throws(GiveUp) -> [Step] {
        guard events.type == YAML_SEQUENCE_START_EVENT else { throw GiveUp() }
        try open()
        var steps: [Step] = []
        steps.reserveCapacity(expectedSteps)
        while try nextItem() {
            guard steps.count < maximumSteps else { throw GiveUp() }
            steps.append(try step(number: steps.count + 1))
        }
        try close(children: steps.count)
        tables.fill(&steps)
        return steps
    }

    // MARK: - Steps

    private mutating func step(number: Int) throws(GiveUp) -> Step {
        guard events.type == YAML_MAPPING_START_EVENT else { throw GiveUp() }
        let position = events.position
        try open()
        var note: String?
        var at: Double?
        var evidence: String?
        var kind: Step.Kind?
        var sawNote = false
        var sawAt = false
        var sawEvidence = false
        var pairs = 0
        while try nextKey() {
            pairs += 1
            if events.scalarIs("note") {
                guard !sawNote else { throw GiveUp() }
                sawNote = true
                try next()
                note = try text()
            } else if events.scalarIs("evidence") {
                guard !sawEvidence else { throw GiveUp() }
                sawEvidence = true
                try next()
                evidence = try text()
            } else if events.scalarIs("at") {
                guard !sawAt else { throw GiveUp() }
                sawAt = true
                try next()
                let node = try scalar()
                guard let seconds = scratch.time(node, "") else { throw GiveUp() }
                at = seconds
            } else {
                // A second verb, or a repeated one, is a problem.
                guard kind == nil else { throw GiveUp() }
                kind = try verb()
            }
        }
        try close(children: pairs)
        // Moved out, not copied (a copy retained and released the step's contents once more).
        guard let kind = kind.take() else { throw GiveUp() }
        return Step(number: number, position: position, kind: kind, note: note, at: at, evidence: evidence)
    }

    /// The step's verb (the current key) and its value. Verbs that policies define are left to the general path.
    private mutating func verb() throws(GiveUp) -> Step.Kind {
        if events.scalarIs("see") {
            try next()
            return .see(try observation())
        } else if events.scalarIs("tap") {
            try next()
            digest.words.note(.tap)
            return .action(.tap(try text()))
        } else if events.scalarIs("edit") {
            try next()
            digest.words.note(.edit)
            return .action(try edit())
        } else if events.scalarIs("swipe") {
            try next()
            digest.words.note(.swipe)
            return .action(.swipe(try text()))
        } else if events.scalarIs("choose") {
            try next()
            digest.words.note(.choose)
            let title = try text()
            digest.noteTitle(title)
            return .action(.choose(title))
        } else if events.scalarIs("present") {
            try next()
            digest.words.note(.present)
            try scalarEvent()
            return .action(.present(isNull ? nil : string))
        }
        throw GiveUp()
    }

    /// `edit: { FIELD: VALUE, ... }` or `edit: FIELD`: the fields go to the edits' table, the step gets
    /// its slice of it in `DirectStepTables.fill`.
    private mutating func edit() throws(GiveUp) -> Action {
        // Moved out while it grows, so that `fields` may change the reader (and the table stays unshared).
        var edits: [FieldEdit] = []
        swap(&edits, &tables.edits)
        DirectStepTables.prepare(&edits, room: tables.room)
        let start = edits.count
        if events.type == YAML_MAPPING_START_EVENT {
            try fields(into: &edits, name: { $0.field }, make: { FieldEdit(field: $0, value: $1) })
        } else {
            edits.append(FieldEdit(field: try text(), value: nil))
        }
        guard edits.count > start else { throw GiveUp() }
        swap(&edits, &tables.edits)
        DirectStepTables.prepare(&tables.stepEnds, room: tables.room)
        tables.stepEnds.append(tables.edits.count)
        return .edit(FieldEdits())
    }

    /// `see: { KEY: VALUE, ... }`: the items go to the items' table, the step gets its slice of it in
    /// `DirectStepTables.fill`.
    private mutating func observation() throws(GiveUp) -> Observation {
        guard events.type == YAML_MAPPING_START_EVENT else { throw GiveUp() }
        try open()
        // Moved out while it grows, so that a sheet's actions may go to their table meanwhile.
        var items: [ObservedItem] = []
        swap(&items, &tables.items)
        DirectStepTables.prepare(&items, room: tables.room)
        let start = items.count
        while try nextKey() {
            // By position in the vocabulary: an entry returned whole was copied (its parts retained) at every key.
            guard let found = vocabulary.observation(events.scalarBytes),
                !Self.names(vocabulary.entries[found].name, in: items, from: start)
            else {
                throw GiveUp()
            }
            let position = events.position
            try next()
            let value: ObservedValue
            switch vocabulary.entries[found].type {
            case .sheet:
                value = .sheet(try sheet())
            case .fields:
                try fieldsSeen()
                // Filled in from the fields' table by `DirectStepTables.fill`.
                value = .fields(ObservedFields())
            case .value(let expected):
                value = .scalar(try typedScalar(expected))
            }
            items.append(ObservedItem(key: vocabulary.entries[found].name, value: value, position: position))
            digest.words.note(vocabulary.entries[found].word)
        }
        try close(children: items.count - start)
        swap(&items, &tables.items)
        DirectStepTables.prepare(&tables.stepEnds, room: tables.room)
        tables.stepEnds.append(tables.items.count)
        return Observation(items: ObservedItems())
    }

    /// Whether `cases` holds `word` (by position, as `namesOnlyDeclaredFields` says why).
    private static func names(_ word: String, among cases: [String]) -> Bool {
        for index in 0..<cases.count where cases[index] == word { return true }
        return false
    }

    /// Whether an item of `items` from `start` on has the key `key`.
    private static func names(_ key: String, in items: [ObservedItem], from start: Int) -> Bool {
        for index in start..<items.count where items[index].key == key { return true }
        return false
    }

    // MARK: - Sheets

    private mutating func sheet() throws(GiveUp) -> SheetObservation {
        if events.type == YAML_SCALAR_EVENT {
            let node = try scalar()
            guard !node.isQuoted else { throw GiveUp() }
            switch node.scalarText {
            case "none": return SheetObservation.none
            case "shown": return .shown
            default: throw GiveUp()
            }
        }
        guard events.type == YAML_MAPPING_START_EVENT else { throw GiveUp() }
        try open()
        var title: TextObservation?
        var message: TextObservation?
        var actions: SheetActions?
        var seen = 0
        var pairs = 0
        while try nextKey() {
            let part = events.scalarIs("title") ? 1 : events.scalarIs("message") ? 2 : events.scalarIs("actions") ? 4 : 0
            guard part != 0, seen & part == 0 else { throw GiveUp() }
            seen |= part
            pairs += 1
            try next()
            switch part {
            case 1: title = try textObservation()
            case 2: message = try textObservation()
            default:
                try sheetActions()
                // Filled in from the actions' table by `DirectStepTables.fill`.
                actions = SheetActions()
            }
        }
        try close(children: pairs)
        return .details(title: title, message: message, actions: actions)
    }

    /// A sheet's title or message: `null` for none, else a text.
    private mutating func textObservation() throws(GiveUp) -> TextObservation {
        try scalarEvent()
        return isNull ? .absent : .text(string)
    }

    /// A sheet's `actions:`, into the actions' table.
    private mutating func sheetActions() throws(GiveUp) {
        guard events.type == YAML_SEQUENCE_START_EVENT else { throw GiveUp() }
        try open()
        // Moved out while it grows (`text` changes the reader).
        var actions: [SheetActionObservation] = []
        swap(&actions, &tables.actions)
        DirectStepTables.prepare(&actions, room: tables.room)
        let start = actions.count
        while try nextItem() {
            let position = events.position
            guard events.type == YAML_MAPPING_START_EVENT else {
                let title = try text()
                digest.noteTitle(title)
                actions.append(SheetActionObservation(title: title, role: nil, position: position))
                continue
            }
            try open()
            var title: String?
            var role: SheetRole?
            var sawRole = false
            var pairs = 0
            while try nextKey() {
                pairs += 1
                if events.scalarIs("title") {
                    guard title == nil else { throw GiveUp() }
                    try next()
                    title = try text()
                } else if events.scalarIs("role") {
                    guard !sawRole else { throw GiveUp() }
                    sawRole = true
                    try next()
                    try scalarEvent()
                    guard let known = sheetRole() else { throw GiveUp() }
                    role = known
                } else {
                    throw GiveUp()
                }
            }
            try close(children: pairs)
            guard let title else { throw GiveUp() }
            digest.noteTitle(title)
            actions.append(SheetActionObservation(title: title, role: role, position: position))
        }
        try close(children: actions.count - start)
        swap(&actions, &tables.actions)
        DirectStepTables.prepare(&tables.actionEnds, room: tables.room)
        tables.actionEnds.append(tables.actions.count)
    }

    /// The current scalar as a role (`SheetRole(rawValue:)`), from its bytes: the initialiser allocates at
    /// each call in a debug build.
    private mutating func sheetRole() -> SheetRole? {
        if events.scalarIs("default") { return .default }
        if events.scalarIs("destructive") { return .destructive }
        if events.scalarIs("cancel") { return .cancel }
        return nil
    }

    // MARK: - Fields and scalars

    /// A `see`'s `form: { FIELD: VALUE }`, into the seen fields' table.
    private mutating func fieldsSeen() throws(GiveUp) {
        // Moved out while it grows (`fields` changes the reader).
        var seen: [NamedValue] = []
        swap(&seen, &tables.fieldsSeen)
        DirectStepTables.prepare(&seen, room: tables.room)
        try fields(into: &seen, name: { $0.name }, make: { NamedValue(name: $0, value: $1) })
        swap(&seen, &tables.fieldsSeen)
        DirectStepTables.prepare(&tables.fieldsSeenEnds, room: tables.room)
        tables.fieldsSeenEnds.append(tables.fieldsSeen.count)
    }

    /// `FIELD: VALUE` pairs whose values are scalars, in file order (`FieldReader.values`).
    private mutating func fields() throws(GiveUp) -> [NamedValue] {
        var values: [NamedValue] = []
        try fields(into: &values, name: { $0.name }, make: { NamedValue(name: $0, value: $1) })
        return values
    }

    /// `FIELD: VALUE` pairs whose values are scalars, in file order, appended to `values` as `make` makes
    /// each (`name` reads its name back, to find a repeated one among those appended here).
    private mutating func fields<Field>(
        into values: inout [Field], name fieldName: (Field) -> String, make: (String, Value) -> Field
    ) throws(GiveUp) {
        guard events.type == YAML_MAPPING_START_EVENT else { throw GiveUp() }
        try open()
        let start = values.count
        // The composer finds repeated keys by comparing their texts, as here: along the list while it is
        // short, in a set once it is long (a form of 200,000 fields stays linear).
        var names: Set<String>?
        while try nextKey() {
            // The key was counted by `nextKey`.
            guard !isNull else { throw GiveUp() }
            let name = string
            if values.count - start == 16 { names = Set(values[start...].map(fieldName)) }
            if names != nil {
                guard names?.insert(name).inserted == true else { throw GiveUp() }
            } else {
                for index in start..<values.count where fieldName(values[index]) == name { throw GiveUp() }
            }
            try next()
            try scalarEvent()
            let value = events.scalarStyle == .plain ? Value.resolvingPlainScalar(string) : .string(string)
            values.append(make(name, value))
        }
        try close(children: values.count - start)
    }

    /// The current scalar as a value of `type` (`ArgumentReader.scalar`): the button states and flags that
    /// fill most observations are decided here without making a node, any other type as that does.
    private mutating func typedScalar(_ type: ExprType) throws(GiveUp) -> Value {
        switch type {
        case .enumeration(_, let cases):
            try scalarEvent()
            let text = string
            let value = events.scalarStyle == .plain ? Value.resolvingPlainScalar(text) : .string(text)
            guard case .string(let word) = value, Self.names(word, among: cases) else { throw GiveUp() }
            return .symbol(word)
        case .bool:
            try scalarEvent()
            guard events.scalarStyle == .plain, case .bool(let flag) = Value.resolvingPlainScalar(string) else { throw GiveUp() }
            return .bool(flag)
        default:
            guard let value = ArgumentReader.scalar(try scalar(), type: type, what: "", problems: &scratch) else { throw GiveUp() }
            return value
        }
    }

    /// The current node's text, for a non-null scalar (`ProblemCollector.text`).
    private mutating func text() throws(GiveUp) -> String {
        try scalarEvent()
        guard !isNull else { throw GiveUp() }
        return string
    }

    /// The current node must be a scalar: counted; a collection gives up.
    private mutating func scalarEvent() throws(GiveUp) {
        guard events.type == YAML_SCALAR_EVENT else { throw GiveUp() }
        try count(1)
    }

    /// The current scalar's text, as the composer makes it; a long text the trace has already read is
    /// shared, not made again (`longTexts`).
    private var string: String {
        mutating get {
            let bytes = events.scalarBytes
            guard bytes.count > 15 else { return String(decoding: bytes, as: UTF8.self) }
            // Equal bytes are an equal text (a text with bytes that are not UTF-8 has other bytes once decoded).
            for index in longTexts.indices where longTexts[index].utf8.count == bytes.count {
                if longTexts[index].utf8.withContiguousStorageIfAvailable({ YAMLEventStream.equal($0, bytes) }) == true {
                    return longTexts[index]
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            if longTexts.count < Self.longTextsKept {
                DirectStepTables.prepare(&longTexts, room: Self.longTextsKept)
                longTexts.append(text)
            }
            return text
        }
    }

    /// Whether the current scalar is null (`YNode.scalarValue == .null`), decided from its bytes without
    /// making a string: a plain `""`, `~`, `null`, `Null` or `NULL`.
    private var isNull: Bool {
        mutating get {
            guard events.scalarStyle == .plain else { return false }
            switch events.scalarBytes.count {
            case 0: return true
            case 1: return events.scalarBytes[0] == UInt8(ascii: "~")
            case 4: return events.scalarIs("null") || events.scalarIs("Null") || events.scalarIs("NULL")
            default: return false
            }
        }
    }

    /// The current node as a scalar node, counted; a collection gives up.
    private mutating func scalar() throws(GiveUp) -> YNode {
        guard events.type == YAML_SCALAR_EVENT else { throw GiveUp() }
        try count(1)
        return scalarNode()
    }

    /// The current scalar event as the composer makes it (untagged: tags give up earlier).
    private mutating func scalarNode() -> YNode {
        YNode(.scalar(String(decoding: events.scalarBytes, as: UTF8.self), style: events.scalarStyle), at: events.position)
    }

    // MARK: - Events

    private mutating func next() throws(GiveUp) {
        guard events.advance(), !events.isDecorated else { throw GiveUp() }
    }

    private mutating func expect(_ type: yaml_event_type_t) throws(GiveUp) {
        try next()
        guard events.type == type else { throw GiveUp() }
    }

    /// Moves to the next key of the mapping being read, which must be a scalar; `false` at the mapping's end.
    private mutating func nextKey() throws(GiveUp) -> Bool {
        try next()
        if events.type == YAML_MAPPING_END_EVENT { return false }
        guard events.type == YAML_SCALAR_EVENT else { throw GiveUp() }
        try count(1)
        return true
    }

    /// Moves to the next item of the list being read; `false` at the list's end.
    private mutating func nextItem() throws(GiveUp) -> Bool {
        try next()
        return events.type != YAML_SEQUENCE_END_EVENT
    }

    private mutating func open() throws(GiveUp) {
        guard depth < limits.maximumDepth else { throw GiveUp() }
        depth += 1
    }

    /// A collection ends: the composer counts it as one node plus one per item or pair.
    private mutating func close(children: Int) throws(GiveUp) {
        depth -= 1
        try count(1 + children)
    }

    private mutating func count(_ added: Int) throws(GiveUp) {
        nodes += added
        guard nodes <= limits.maximumNodes else { throw GiveUp() }
    }
}

/// The observation keys of the known vocabulary, found by their bytes, with the shape a direct read tries.
struct DirectVocabulary: Sendable {
    struct Entry: Sendable {
        let bytes: [UInt8]
        let name: String
        /// The first shape the key may take; a value that does not fit it goes to the general path, which tries the others.
        let type: ObservationType
        /// The key as `TraceWords` notes it, made once.
        let word: TraceWords.Key
    }

    let entries: [Entry]
    /// Each entry's key length: the search skips the other lengths without touching (copying) their entries.
    private let lengths: [Int]

    init(_ vocabulary: KnownVocabulary) {
        // Only ASCII keys: for them, equal bytes and equal strings are the same thing.
        entries = vocabulary.observations.sorted { $0.key < $1.key }.compactMap { key, types in
            guard let type = types.first, key.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            return Entry(bytes: Array(key.utf8), name: key, type: type, word: TraceWords.Key(key))
        }
        lengths = entries.map(\.bytes.count)
    }

    /// The position in `entries` of the key written in `bytes`.
    func observation(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        for index in lengths.indices where lengths[index] == bytes.count {
            if entries[index].bytes.withUnsafeBufferPointer({ YAMLEventStream.equal($0, bytes) }) { return index }
        }
        return nil
    }
}
