import ConformCore
import Testing

@testable import ConformReports

@Suite("Reports: Counts in words, and the one printer")
struct WordingTests {
    @Test("a count agrees with its noun; a part of a whole agrees with its verb")
    func plurals() {
        #expect(Plural.count(1, "trace") == "1 trace")
        #expect(Plural.count(0, "trace") == "0 traces")
        #expect(Plural.count(2, "policy") == "2 policies")
        #expect(Plural.count(1, "policy") == "1 policy")
        #expect(Plural.count(3, "stale baseline entry") == "3 stale baseline entries")
        #expect(Plural.count(2, "trace file") == "2 trace files")
        #expect(Plural.count(2, "day") == "2 days")
        #expect(Plural.count(2, "match") == "2 matches")
        #expect(Plural.part(1, of: 1, "claim", verb: ("holds", "hold")) == "1 of 1 claim holds")
        #expect(Plural.part(1, of: 2, "claim", verb: ("holds", "hold")) == "1 of 2 claims holds")
        #expect(Plural.part(31, of: 31, "claim", verb: ("holds", "hold")) == "31 of 31 claims hold")
        #expect(Plural.part(0, of: 1, "claim", verb: ("holds", "hold")) == "0 of 1 claim hold")
    }

    @Test("the terminal summary: '1 trace', '1 of 1 claim holds', '1 error', '1 warning'")
    func terminalSummary() {
        let context = RunContext(policies: [], version: "0", generatedAt: nil, reportDirectory: "r", workingDirectory: "/")
        var report = TerminalReport(context: context, terminal: Terminal(colours: false))
        let diagnostic = Diagnostic(.error, "bad", at: SourceLocation(file: "a.yaml", position: nil))
        _ = report.add(FileOutcome(summary: nil, results: [], errors: [diagnostic]))
        #expect(report.finish(RunEnding()).hasSuffix("\n0 traces, 0 policies: no claims, 1 error\n"))
    }

    @Test("the one printer shows every control character inert, and keeps only its own colours, on a terminal that shows them")
    func inert() {
        #expect(Console.inert("plain text\nsecond line", keepingColours: false) == "plain text\nsecond line")
        #expect(
            Console.inert("a\u{1B}[2Jb\rc\td\u{7F}e\u{9B}f", keepingColours: false) == "a\u{FFFD}[2Jb\u{23CE}c\u{FFFD}d\u{FFFD}e\u{FFFD}f")
        // Every line break but the line feed is shown as Escaping.terminal shows it; the overrides as U+FFFD.
        #expect(
            Console.inert("a\u{0B}b\u{0C}c\u{85}d\u{2028}e\u{2029}f\u{202E}g\u{2066}h", keepingColours: false)
                == "a⏎b⏎c⏎d⏎e⏎f\u{FFFD}g\u{FFFD}h")
        let painted = Terminal(colours: true).red("error:")
        #expect(Console.inert(painted, keepingColours: true) == painted)
        #expect(Console.inert(painted, keepingColours: false) == "\u{FFFD}[31merror:\u{FFFD}[0m")
        // Not a sequence Terminal paints with: inert even on a colour terminal.
        #expect(Console.inert("\u{1B}[2J\u{1B}]0;title\u{07}", keepingColours: true) == "\u{FFFD}[2J\u{FFFD}]0;title\u{FFFD}")
        #expect(Console.inert("é ü → …", keepingColours: false) == "é ü → …")
    }

    @Test("a control character is found at any position of a long text, whichever of its eight-byte words it falls in")
    func inertAtEveryPosition() {
        // Text around it of one-, two- and three-byte characters, line breaks and bytes close to the unsafe ones.
        let around = "ab\n~\u{7E}é→ \u{A0}\u{FF}xyz\n0123456789"
        #expect(Console.inert(around + around, keepingColours: false) == around + around)
        let shown = [
            "\u{01}": "\u{FFFD}", "\u{1F}": "\u{FFFD}", "\u{1B}": "\u{FFFD}", "\u{7F}": "\u{FFFD}", "\u{85}": "⏎", "\u{9F}": "\u{FFFD}",
            "\u{2028}": "⏎", "\u{202E}": "\u{FFFD}", "\u{2069}": "\u{FFFD}",
        ]
        for (unsafe, sign) in shown {
            for cut in 0...around.count {
                let prefix = String(around.prefix(cut))
                let text = prefix + unsafe + around.dropFirst(cut) + around
                #expect(Console.inert(text, keepingColours: false) == prefix + sign + around.dropFirst(cut) + around)
            }
        }
    }
}
