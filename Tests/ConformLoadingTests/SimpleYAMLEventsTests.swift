import CYaml
import Foundation
import Testing

@testable import ConformLoading

/// The Swift scanner of simple YAML must give exactly libyaml's events wherever it does not stop.
@Suite("Loading: Simple YAML events")
struct SimpleYAMLEventsTests {
    /// The events of a source as text (type, and for scalars and collection starts their position, and for
    /// scalars their style and bytes), and whether the source gave them all, up to the stream's end.
    static func dump<Events: YAMLEventSource & ~Copyable>(_ events: inout Events) -> (events: [String], complete: Bool) {
        var lines: [String] = []
        while events.advance() {
            let type = events.type
            var line = "\(type.rawValue)"
            if type == YAML_SCALAR_EVENT || type == YAML_MAPPING_START_EVENT || type == YAML_SEQUENCE_START_EVENT
                || type == YAML_ALIAS_EVENT
            {
                line += " \(events.position.line):\(events.position.column)"
            }
            if events.isDecorated { line += " decorated" }
            if type == YAML_SCALAR_EVENT {
                line += " \(events.scalarStyle) [\(events.scalarBytes.map { String($0) }.joined(separator: ","))]"
            }
            lines.append(line)
            if type == YAML_STREAM_END_EVENT { return (lines, true) }
        }
        return (lines, false)
    }

    /// Both dumps of `text`; the simple one is `nil` when the scanner stopped.
    static func compare(_ text: String) -> (simple: [String]?, libyaml: (events: [String], complete: Bool)) {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var simple = SimpleYAMLEvents(buffer)
            let simpleDump = dump(&simple)
            var libyaml = YAMLEventStream(buffer)
            let libyamlDump = dump(&libyaml)
            return (simpleDump.complete && !simple.stopped ? simpleDump.events : nil, libyamlDump)
        }
    }

    /// Checks one text; returns whether the scanner read it.
    @discardableResult
    static func check(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let (simple, libyaml) = compare(text)
        guard let simple else { return false }
        #expect(libyaml.complete, "libyaml refuses what the scanner reads: \(text.debugDescription)", sourceLocation: sourceLocation)
        #expect(simple == libyaml.events, "different events for \(text.debugDescription)", sourceLocation: sourceLocation)
        return true
    }

    static let readable = [
        "conform: 1\nsteps:\n  - see: { done: disabled, cancel: enabled }\n  - edit: { notes: value-503 }\n",
        "conform: 1\nform: { name: Ada, city: Paris, notes: \"\" }\nsteps:\n- tap: Done\n- swipe: down\n",
        "a: { sheet: { title: You have unsaved changes!, actions: [Save changes, Cancel changes, Cancel] } }\n",
        "steps:\n  - swipe: down\n    note: a note\n    at: 1.5\n  - see:\n      sheet:\n        title: Unsaved\n        message: null\n",
        "a:\n  - x\n  - y\nb: 'it''s'\nc: \"q \\\" \\\\ \\n \\u00e9 \\x41 \\U0001F600 \\/ \\N \\_ \\L \\P\"\n",
        "  a: 1\n  b:\n  c: [ ]\n  d: {}\n",
        "# comment\n\na: b # trailing\n   # indented comment\nc: d#not a comment\n",
        "a: x:y\nb: a, b] c}\nc: -1\nd: -.5\ne: ~\nf: (x) $y\ng: _h /i +j\n",
        "é: ü\nkey: { ä: ö, x: \"日本\" }\nk2: [é, ü]\n",
        "a: b\nc:\n- d\n- e: f\n  g: h\ni: j\n",
        "a:\n- b:\n  - c\n",
        "a: {\"b\":c, \"d\" : 'e', f : g}\n",
        "present:\n",
        "steps:\n-   tap: x\n    note: y\n",
        "a: [[x], {y: z}, [], {}]\n",
        "a: b\n\n\n",
        "a: b",
    ]

    static let refused = [
        "", "# only a comment\n", "- a\n- b\n", "---\na: 1\n", "a: 1\n...\n", "%YAML 1.1\n---\na: 1\n", "\u{FEFF}a: 1\n", "a: 1\r\n",
        "a:\t1\n",
        "a: &x 1\n", "a: *x\n", "a: !!str 1\n", "a: |\n  x\n", "a: >\n  x\n", "a: b\n  c\n", "a: [b,\n  c]\n", "a: { b: c, }\n",
        "a: { b: c # x\n}\n", "a: {b:c}\n", "a: [b: c]\n", "a: 'b\n  c'\n", "a: \"b\\\n  c\"\n", "a: \"\\q\"\n", "a: \"\\ud800\"\n",
        "a: b: c\n", "- - a\n", "-\n", "a:\n  -\n", "a: @x\n", "a: `x`\n", "a: ?x\n", "a: :x\n", "a: - x\n", "a: b\n b: c\n",
        "a: b\n  - c\n", "a: { b: }\n", "a: [b,,c]\n", "a: \u{2028}\n", "a: \u{85}\n", "a: \u{7F}\n", "a: x\u{0}\n",
    ]

    @Test("simple files give libyaml's events", arguments: readable)
    func readsSimpleFiles(_ text: String) {
        #expect(Self.check(text), "the scanner stopped on \(text.debugDescription)")
    }

    @Test("columns count characters on lines with many non-ASCII events")
    func columnsOnWideLines() {
        let entries = (0..<300).map { "é\($0): ü\($0)" }.joined(separator: ", ")
        #expect(Self.check("a: { \(entries) }\nb: [\((0..<300).map { "日本\($0)" }.joined(separator: ", "))]\n"))
    }

    @Test("long plain scalars: each indicator at every place, near the file's end too")
    func indicatorsInLongScalars() {
        // The scanner looks at sixteen bytes at a time, and at one at a time near the file's end: an
        // indicator must end the scalar, or be part of it, wherever it falls.
        let pieces = [":", ": ", ",", "[", "]", "{", "}", " #", "#", " ", "  x", "é", "\t", "-", "'", "\""]
        var read = 0
        var texts = 0
        for piece in pieces {
            for place in 0..<40 {
                let scalar = String(repeating: "v", count: place) + piece + String(repeating: "w", count: 40 - place)
                for text in ["k: \(scalar)\n", "k: \(scalar)", "k: { a: \(scalar), b: c }\n", "k: [\(scalar), c]\n", "\(scalar): x\n"] {
                    texts += 1
                    if Self.check(text) { read += 1 }
                }
            }
        }
        #expect(read * 2 > texts, "the scanner read only \(read) of \(texts) texts")
        #expect(Self.check("k: \(String(repeating: "long value ", count: 9))end\n"))
    }

    @Test("anything else stops the scanner", arguments: refused)
    func stops(_ text: String) {
        #expect(Self.compare(text).simple == nil, "the scanner read \(text.debugDescription)")
    }

    @Test("the repository's example traces give libyaml's events")
    func examples() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var read = 0
        var files = 0
        for folder in ["Traces", "Tests/ConformReportsTests/Fixtures", "Tests/ConformCLITests"] {
            let directory = root.appendingPathComponent(folder)
            guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { continue }
            for case let file as String in enumerator where file.hasSuffix(".yaml") || file.hasSuffix(".yml") {
                guard let text = try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8) else { continue }
                files += 1
                if Self.check(text) { read += 1 }
            }
        }
        #expect(files > 0)
        #expect(read * 2 > files, "the scanner read only \(read) of \(files) example files")
    }

    @Test("generated and mutated files: where the scanner reads, it gives libyaml's events")
    func generated() {
        var random = Generator(seed: 14)
        var read = 0
        // CONFORM_SIMPLE_YAML_CASES=1000000 for a longer soak.
        let count = ProcessInfo.processInfo.environment["CONFORM_SIMPLE_YAML_CASES"].flatMap { Int($0) } ?? 30_000
        for _ in 0..<count {
            var text = random.document()
            for _ in 0..<max(0, random.below(6) - 2) { text = random.mutate(text) }
            if Self.check(text) { read += 1 }
        }
        print("simple YAML: the scanner read \(read) of \(count) generated files")
        // Not a vacuous test: most generated files are read, many mutated ones not.
        #expect(read > count / 5, "the scanner read only \(read) of \(count) generated files")
        #expect(read < count, "the scanner read every generated file: the mutations are too tame")
    }

    /// Trace-like YAML with every construct the scanner reads and many it does not, and random edits.
    struct Generator {
        var state: UInt64
        /// How often (in 100) a key or scalar is a tricky one, chosen anew for each document.
        var trickiness = 0

        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

        mutating func pick<T>(_ options: [T]) -> T { options[below(options.count)] }

        static let keys = ["conform", "steps", "see", "tap", "note", "a", "b c", "\"q\"", "'s'", "k-1", "é", "_k", "日本", "1", "null"]
        static let trickyKeys = ["x:y", "-a", "\"e\\u00e9\"", "'it''s'", "a#b", "(k)", "k ", "\"k\" ", "~", "true", "a b", "?k", "-"]
        static let scalars = [
            "Done", "value-503", "You have unsaved changes!", "\"\"", "''", "null", "~", "-1", "-.5", ".inf", "1.5e3", "Ärger", "日本",
            "true", "a  b", "é é", "Cancel changes", "3",
        ]
        static let trickyScalars = [
            "a, b", "a]", "a}", "a #b", "a#b", "'it''s'", "\"a\\\"b\"", "\"\\u00e9\"", "\"\\x41\"", "\"\\t\"", "\"\\ud800\"", "a: b", "(x)",
            "$x", "~x", "_a", "/p", "+1", "x:y", "a :b", "'a # b'", "\"a, b\"", "0x1F", "-", "--", "a\\b", "\u{A0}x", "x\u{A0}", "'\u{A0}'",
            "a?", "?a", "!a", "a!", "a&b", "&a", "*a", "a*", "%a", "@a", "`a", "|", ">", "a|b", "\"\\N\\_\\L\\P\\e\\0\"", "\"\\U0001F600\"",
        ]

        mutating func key() -> String { below(100) < trickiness ? pick(Self.trickyKeys) : pick(Self.keys) }

        mutating func scalar() -> String { below(100) < trickiness ? pick(Self.trickyScalars) : pick(Self.scalars) }

        mutating func flow(depth: Int = 0) -> String {
            let open = pick(["{", "{ ", "[", "[ "])
            let close = open.hasPrefix("{") ? pick(["}", " }"]) : pick(["]", " ]"])
            var entries: [String] = []
            for _ in 0..<below(4) {
                let value = depth < 2 && below(4) == 0 ? flow(depth: depth + 1) : scalar()
                entries.append(open.hasPrefix("{") ? "\(key())\(pick([": ", " : ", ":", ":  "]))\(value)" : value)
            }
            return open + entries.joined(separator: pick([", ", ",", " , "])) + close
        }

        mutating func value() -> String { below(3) == 0 ? flow() : scalar() }

        mutating func comment() -> String { pick(["", "", "", " # c", "  #c", "#c"]) }

        /// A block map at `indent` with a few entries, some holding lists or maps below.
        mutating func block(indent: Int, depth: Int) -> [String] {
            let pad = String(repeating: " ", count: indent)
            var lines: [String] = []
            for _ in 0..<(1 + below(4)) {
                switch depth < 3 ? below(6) : 0 {
                case 0, 1:
                    lines.append(pad + key() + ": " + value() + comment())
                case 2:
                    lines.append(pad + key() + ":" + comment())
                    lines += block(indent: indent + pick([1, 2, 4]), depth: depth + 1)
                case 3:
                    lines.append(pad + key() + ":" + comment())
                    lines += list(indent: indent + pick([0, 2, 2, 3]), depth: depth + 1)
                case 4:
                    lines.append(pad + pick(["", "# note", "  # indented"]))
                default:
                    lines.append(pad + key() + ":")
                }
            }
            return lines
        }

        /// A block list at `indent`: scalars, flows, and compact maps (`- key: value` and more keys below).
        mutating func list(indent: Int, depth: Int) -> [String] {
            let pad = String(repeating: " ", count: indent)
            var lines: [String] = []
            for _ in 0..<(1 + below(4)) {
                let dash = pick(["- ", "- ", "-  "])
                switch below(5) {
                case 0: lines.append(pad + dash + value() + comment())
                case 1, 2:
                    lines.append(pad + dash + key() + ": " + value() + comment())
                    if below(2) == 0 { lines.append(String(repeating: " ", count: indent + dash.count) + key() + ": " + value()) }
                case 3:
                    lines.append(pad + dash + key() + ":")
                    if depth < 3 { lines += block(indent: indent + dash.count + pick([0, 2]), depth: depth + 1) }
                default:
                    lines.append(pad + dash + key() + ": " + flow())
                }
            }
            return lines
        }

        mutating func document() -> String {
            trickiness = pick([0, 0, 2, 10, 30])
            let lines = ["conform: 1"] + block(indent: 0, depth: 0) + ["steps:"] + list(indent: pick([0, 2]), depth: 1)
            return lines.joined(separator: "\n") + pick(["\n", "", "\n\n"])
        }

        static let tricky = [
            " ", " ", ":", "#", "-", "{", "}", "[", "]", ",", "'", "\"", "\\", "\n", "\n  ", "\t", "\r", "&", "*", "!", "|", ">", "?", "%",
            "@", "`", "é", "\u{2028}", "\u{FEFF}", "\u{85}", "a", "0", "---", "...", "\u{1}",
        ]

        /// One random edit: a tricky character inserted, a character removed, a line doubled or re-indented.
        mutating func mutate(_ text: String) -> String {
            var characters = Array(text)
            guard !characters.isEmpty else { return pick(Self.tricky) }
            let at = below(characters.count)
            switch below(5) {
            case 0, 1: characters.insert(contentsOf: pick(Self.tricky), at: at)
            case 2: characters.remove(at: at)
            case 3:
                var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let line = below(lines.count)
                lines.insert(lines[line], at: line)
                return lines.joined(separator: "\n")
            default:
                var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let line = below(lines.count)
                lines[line] = pick(["", " ", "  ", "   "]) + lines[line].drop { $0 == " " && below(2) == 0 }
                return lines.joined(separator: "\n")
            }
            return String(characters)
        }
    }
}
