import ConformCore
import Testing

@testable import ConformReports

/// Issue 33: the one escaping function per output context (Escaping), and the Console's net that no
/// line of standard output or error starts a GitHub workflow command.
@Suite("Reports: one way to echo, per output context")
struct EchoEscapingTests {
    @Test("terminal: every line break is ⏎ (CR LF once), other controls and overrides U+FFFD, ##[ and a leading :: get a backslash")
    func terminal() {
        #expect(Escaping.terminal("plain → text, é, 🙂, a:b::c, #1, [x]") == "plain → text, é, 🙂, a:b::c, #1, [x]")
        #expect(Escaping.terminal("a\nb\r\nc\rd\u{0B}e\u{0C}f\u{85}g\u{2028}h\u{2029}i") == "a⏎b⏎c⏎d⏎e⏎f⏎g⏎h⏎i")
        let replaced = "a\u{FFFD}[2Jb\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f\u{FFFD}g"
        #expect(Escaping.terminal("a\u{1B}[2Jb\tc\u{7F}d\u{9B}e\u{202E}f\u{2066}g") == replaced)
        #expect(Escaping.terminal("x ##[add-mask]y ###[z] #[w]") == "x ##\\[add-mask]y ###\\[z] #[w]")
        #expect(Escaping.terminal("::error::x") == "\\::error::x")
        #expect(Escaping.terminal(" \u{A0}\u{3000}::add-mask::x") == " \u{A0}\u{3000}\\::add-mask::x")
        #expect(Escaping.terminal("\n::error::x") == "⏎\\::error::x")
        #expect(Escaping.terminal("a ::error::x") == "a ::error::x", "not at the start, it starts nothing")
        #expect(Escaping.terminal(":x") == ":x")
        // The same for a text that needs nothing and one that does, at any length (the word-at-a-time scan).
        for length in 0..<24 {
            let around = String(repeating: "a→", count: length)
            #expect(Escaping.terminal(around) == around)
            #expect(Escaping.terminal(around + "\u{2028}" + around) == around + "⏎" + around)
            #expect(Escaping.terminal(around + "##[" + around) == around + "##\\[" + around)
        }
    }

    @Test("terminal escaping leaves what it made alone (escaping twice changes nothing more)")
    func terminalIdempotent() {
        for text in ["a\nb", "::x", "##[y", "\u{202E}z", " \u{A0}::w", "\r\n::error::x\r##[add-mask]y"] {
            let once = Escaping.terminal(text)
            #expect(Escaping.terminal(once) == once)
        }
    }

    @Test("Markdown: line breaks fold to spaces, a leading :: is escaped, ##[ cannot stand, a code span cannot be left")
    func markdown() {
        #expect(Escaping.markdown("a\u{2028}b\u{85}c\u{2029}d\u{0B}e") == "a b c d e")
        #expect(Escaping.markdown("::error::x") == "\\::error::x")
        #expect(Escaping.markdown("\n ::error::x") == "  \\::error::x")
        #expect(Escaping.markdown("##[add-mask]x") == "\\#\\#\\[add-mask\\]x")
        #expect(Escaping.markdown("a\u{202E}b\u{9B}c") == "a\u{FFFD}b\u{FFFD}c")
        #expect(Escaping.markdown("→ é … plain") == "→ é … plain")
        #expect(Escaping.markdownCode("editing") == "`editing`")
        #expect(Escaping.markdownCode("a`b\nc\r\nd\u{2028}e\u{1B}f ##[g") == "`a b c d e\u{FFFD}f ##\\[g`")
    }

    @Test("workflow commands: the runner's escapes, and ##[ shown as on the terminal")
    func workflow() {
        #expect(Escaping.workflowData("a\nb\r%c\u{2028}d\u{202E}e ##[x") == "a%0Ab%0D%25c\u{FFFD}d\u{FFFD}e ##\\[x")
        #expect(Escaping.workflowProperty("a:b,c\n") == "a%3Ab%2Cc%0A")
    }

    @Test("YAML: a custom verb that is not a plain word is quoted")
    func yaml() {
        #expect(Escaping.yamlKey("keyboard-show") == "keyboard-show")
        #expect(Escaping.yamlKey("a\n::error::x") == "\"a\\n::error::x\"")
        #expect(Escaping.yaml("##[add-mask]x") == "\"##\\u005badd-mask]x\"")
        #expect(TraceYAML.action(.custom(verb: "x: y\n- z", argument: .none)) == "\"x: y\\n- z\":")
    }

    @Test("JSON: [ after ## and the directional overrides are escaped; what a reader gets is the same")
    func json() throws {
        #expect(JSONValue.quoted("a ##[b] #[c] \u{202E}") == "\"a ##\\u005bb] #[c] \\u202e\"")
        let encoded = "{\"a\":\"x ##[y\u{85}\u{2028}\u{2066}\u{7F}\"}"
        #expect(JSONText.escapingEncoderOutput(encoded) == "{\"a\":\"x ##\\u005by\\u0085\\u2028\\u2066\\u007f\"}")
        #expect(JSONText.escapingEncoderOutput("{\"a\":\"plain\"}") == "{\"a\":\"plain\"}")
    }

    @Test("Console's net: a line starting :: past blanks, and any ##[, get a backslash, whatever pieces the text comes in")
    func consoleGuard() {
        var line = WorkflowCommandGuard.Line()
        #expect(line.neutralised("ok: a::b\n") == "ok: a::b\n")
        #expect(line.neutralised("::error::x\n") == "\\::error::x\n")
        #expect(line.neutralised("  \u{A0}::add-mask::x\n") == "  \u{A0}\\::add-mask::x\n")
        #expect(line.neutralised("text ##[error]x and ##[y\n") == "text ##\\[error]x and ##\\[y\n")
        // Pieces: a line's blanks, a lone colon, a `##` at the end of one piece, `[` at the start of the next.
        #expect(line.neutralised("   ") == "   ")
        #expect(line.neutralised(":") == "\\:")
        #expect(line.neutralised(":stop-commands::x\nab#") == ":stop-commands::x\nab#")
        #expect(line.neutralised("#") == "#")
        #expect(line.neutralised("[z]\n") == "\\[z]\n")
        // Long text, the word-at-a-time path: a command after many plain bytes is still found.
        let plain = String(repeating: "plain text, ", count: 20)
        #expect(line.neutralised(plain + "##[x\n::y\n") == plain + "##\\[x\n\\::y\n")
        // Every offset within the eight-byte words: after n spaces, after n plain bytes, and a line feed there.
        for n in 0..<20 {
            let spaces = String(repeating: " ", count: n)
            let letters = String(repeating: "abcdefgh", count: 3).prefix(n)
            #expect(line.neutralised(spaces + "::x\n") == spaces + "\\::x\n")
            #expect(line.neutralised(letters + "##[x\n") == letters + "##\\[x\n")
            #expect(line.neutralised(letters + "#\n##[y\n") == letters + "#\n##\\[y\n")
            #expect(
                line.neutralised(letters + "\n" + spaces + "\u{A0}::z " + letters + "\n") == letters + "\n" + spaces + "\u{A0}\\::z "
                    + letters + "\n")
            #expect(line.neutralised(spaces + "\"a\": \"::#[b\",\n") == spaces + "\"a\": \"::#[b\",\n")
        }
        // Conform's own annotations pass as they are, and the state follows them.
        line.follow("::error file=a.yaml::m\n")
        #expect(line.neutralised("::x\n") == "\\::x\n")
    }

    @Test("a SARIF path as a URI: letters, digits, - . _ ~ / kept, every other byte percent-encoded in upper-case hex")
    func uriPath() {
        #expect(Escaping.uriPath("Traces/form-1/a_b.c~d.yaml") == "Traces/form-1/a_b.c~d.yaml")
        #expect(Escaping.uriPath("a b/é%#?\u{7F}:") == "a%20b/%C3%A9%25%23%3F%7F%3A")
        #expect(Escaping.uriPath("\u{1}\u{1F}\u{7F}🙂") == "%01%1F%7F%F0%9F%99%82")
        #expect(Escaping.uriPath("") == "")
    }

    @Test("JSON text is read for workflow commands at its edges only: the same bytes and the same state as read whole")
    func jsonReadAtItsEdges() {
        var text = JSONText()
        let strings: [JSONValue] = [.string("::error::x\n##[y"), .string("##"), .string("\u{A0}::z"), .number(1), .null]
        JSONValue.object([("a", .array(strings)), ("::b", .object([])), ("##", .string("["))]).write(to: &text, pretty: true, indent: 1)
        let json = text.string
        let pieces = [
            json, ",\n    " + json, "\n" + json, ":" + json, "[" + json, "#" + json, " " + json, "\u{A0}" + json, json + "\n",
            json + "\n  \"k\": \"##", json + "\n   ", "{", "x##", "",
        ]
        let starts = [
            WorkflowCommandGuard.Line(), WorkflowCommandGuard.Line(blank: false, hashes: 0),
            WorkflowCommandGuard.Line(blank: true, hashes: 2),
            WorkflowCommandGuard.Line(blank: false, hashes: 1), WorkflowCommandGuard.Line(blank: false, hashes: 2),
        ]
        for piece in pieces {
            for start in starts {
                var whole = start
                var edges = start
                #expect(edges.passingJSON(piece) == whole.neutralised(piece))
                #expect(edges.blank == whole.blank && edges.hashes == whole.hashes)
            }
        }
    }
}
