import ConformCore
import Testing

@testable import ConformLoading

@Suite("Loading: Baseline loading")
struct BaselineLoaderTests {
    func load(_ yaml: String) -> (Baseline, [String]) {
        let (baseline, problems) = BaselineLoader().load(Array(yaml.utf8), file: "b.yaml")
        return (baseline, problems.map(describe))
    }

    @Test("a well-formed file: entries with their keys, reasons, dates and positions")
    func wellFormed() throws {
        let (baseline, problems) = load(
            """
            # a comment
            conform-baseline: 1
            entries:
              - trace: t
                policy: apple-contacts
                state: editing
                observed: { sheet: { title: null, actions: [Delete, "10", 10, true] } }
                reason: why
                expires: 2025-09-30
              - { trace: t, policy: keyboard-listener, verdict: inapplicable, reason: "why: not" }
            """)
        #expect(problems == [])
        #expect(baseline.entries.count == 2)
        let first = try #require(baseline.entry(trace: "t", policy: "apple-contacts"))
        #expect(first.index == 0)
        #expect(first.entry.position == TextPosition(line: 4, column: 5))
        #expect(first.entry.expires?.description == "2025-09-30")
        #expect(first.entry.key.state == "editing")
        #expect(
            first.entry.key.observed?.serialized() == #"{"sheet":{"title":null,"actions":["Delete","10",10,true]}}"#)
        let second = try #require(baseline.entry(trace: "t", policy: "keyboard-listener")?.entry)
        #expect(second.key.verdict == .inapplicable && second.key.state == nil && second.key.observed == nil && second.reason == "why: not")
        #expect(load("conform-baseline: 1\nentries: []\n").1 == [])
    }

    @Test("every problem is located, and well-formed entries are kept beside them")
    func problems() {
        let (baseline, problems) = load(
            """
            conform-baseline: 1
            entries:
              - trace: a
                policy: p
                state: s
                observed: { k: v }
                reason: ok
              - trace: b
                policy: p
                verdict: pass
                reasn: typo
              - trace: c
                policy: p
                verdict: error
                observed: { k: v }
                reason: [a list]
                expires: 2025-9-1
              - trace: a
                policy: p
                state: s
                observed: cancel
                reason: twice
              - trace: a
                policy: p
                state: s
                observed: { k: v }
                reason: twice
                expires: 2025-04-31
              - trace: a
                policy: p
                state: s
                observed: { k: v }
                reason: "  "
              - trace: a
                policy: p
                verdict: error
                reason: again
            extra: 1
            """)
        #expect(
            problems == [
                "8:5: a baseline entry needs 'reason' (why the deviation is accepted)",
                "10:14: 'verdict' must be fail, inapplicable or error, not 'pass'",
                "11:5: unknown key 'reasn' in a baseline entry; did you mean 'reason'?",
                "15:5: 'observed' is only for a 'fail' entry; this one is 'error'",
                "16:13: 'reason' must be a string, not a list",
                "17:14: 'expires' must be a date written YYYY-MM-DD, not '2025-9-1'",
                "21:15: 'observed' (what the trace saw or did, e.g. { cancel: absent }) must be a map, not a string",
                "28:14: 'expires' is '2025-04-31', which is not a day of the calendar: April has 30 days",
                "33:13: 'reason' is empty; say why the deviation is accepted",
                "34:5: a second entry for trace 'a' and policy 'p' (the first is at line 3, column 5); a claim breaks in one way, so it has one entry",
                "38:1: unknown key 'extra' in a baseline (expected one of: conform-baseline, entries)",
            ])
        #expect(baseline.entries.map(\.key.trace) == ["a"])
    }

    @Test("the file as a whole: empty, not a map, no version, another version, no entries, a trace, bad YAML")
    func wholeFile() {
        #expect(load("").1 == ["1:1: the file is empty; a baseline starts with 'conform-baseline: 1'"])
        #expect(load("- a\n").1 == ["1:1: a baseline must be a map, not a list"])
        #expect(load("entries: []\n").1 == ["1:1: a baseline needs 'conform-baseline: 1' (the format version)"])
        #expect(
            load("conform-baseline: \"1\"\nentries: []\n").1 == ["1:19: unsupported baseline version '1'; this conform reads version 1"])
        #expect(
            load("conform-baseline: 1\n").1 == [
                "1:1: a baseline needs 'entries', a list of accepted broken claims ('entries: []' for none)"
            ])
        #expect(load("conform-baseline: 1\nentries: {}\n").1 == ["2:10: 'entries' must be a list, not a map"])
        #expect(load("conform: 1\nsteps: [see: {}]\n").1 == ["1:1: this is a trace or policy file, not a baseline"])
        #expect(
            load("conform-baseline: 1\nentries:\n  - { trace: a\n").1.first?.hasPrefix("4:1: YAML syntax: did not find expected ',' or '}'")
                == true)
        #expect(
            load("conform-baseline: 1\nconform-baseline: 1\nentries: []\n").1 == [
                "2:1: duplicate key 'conform-baseline' (first at line 1, column 1)"
            ])
    }
}
