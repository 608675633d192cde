import ConformCore
import Testing

@testable import ConformLoading

/// The additions to the policy and trace formats: `unverified` on ignored actions and sheets, optional
/// parameters in a vocabulary, and a trace's `settings`.
@Suite("Loading: Format additions: unverified markers, optional parameters, settings")
struct FormatAdditionsTests {
    static let marked = """
        conform: 1
        policy: marked
        title: Marked
        sources: { S: a source }
        states:
          editing:
            ignore:
              - action: swipe
                source: S
                note: the form stays
                unverified: what the swipe shows
              - tap Help
            on:
              tap cancel: confirm
          confirm:
            see:
              sheet:
                unverified: the order of the actions
                actions: [{ role: destructive }, { role: cancel }]
            on:
              choose destructive: gone
              choose cancel: { to: editing, unverified: true }
          gone:
            final: true
        """

    @Test("an ignored action may be a map with source, note and unverified; a sheet may be unverified")
    func markers() throws {
        let policy = try #require(loadPolicy(Self.marked))
        let editing = try #require(policy.state(named: "editing"))
        let swipe = ActionPattern(verb: "swipe", argument: nil)
        #expect(editing.ignored.map(\.display) == ["swipe", "tap Help"])
        #expect(editing.ignoredDetails[swipe]?.provenance.sources == ["S"])
        #expect(editing.ignoredDetails[swipe]?.note == "the form stays")
        #expect(editing.sheetUnverified == nil)
        #expect(policy.state(named: "confirm")?.sheetUnverified == "the order of the actions")
        #expect(policy.state(named: "gone")?.sheetUnverified == nil)
        #expect(
            policy.unverifiedMarks == [
                UnverifiedMark(place: "state 'editing', swipe (ignored)", reason: "what the swipe shows"),
                UnverifiedMark(place: "state 'confirm', its sheet", reason: "the order of the actions"),
                UnverifiedMark(place: "state 'confirm', choose cancel", reason: ""),
            ])
    }

    @Test("a policy-level sheet's marker holds in every non-final state that shows that sheet")
    func defaultSheet() throws {
        let yaml = """
            conform: 1
            policy: asks
            title: Always asks
            see:
              sheet: { unverified: no source, actions: [{ role: cancel }] }
            states:
              asking:
                on:
                  choose cancel: done
              done:
                final: true
            """
        let policy = try #require(loadPolicy(yaml))
        #expect(policy.state(named: "asking")?.sheetUnverified == "no source")
        #expect(policy.state(named: "done")?.sheetUnverified == nil)
    }

    @Test(
        "mistakes in the markers are located",
        arguments: [
            (
                "      - action: swipe\n        source: S\n        note: the form stays\n        unverified: what the swipe shows\n",
                "      - { source: S }\n",
                "8:9: an ignored action given as a map needs 'action'"
            ),
            (
                "        note: the form stays\n", "        notes: the form stays\n",
                "10:9: unknown key 'notes' in an ignored action; did you mean 'note'?"
            ),
            ("        unverified: the order of the actions\n", "        unverified: [a]\n", "18:21: 'unverified' is true or a reason"),
            ("      - action: swipe\n", "      - action: swype\n", "8:17: unknown verb 'swype'; did you mean 'swipe'?"),
        ])
    func markerProblems(old: String, new: String, problem: String) {
        #expect(policyProblems(Self.marked.replacingOccurrences(of: old, with: new)) == [problem])
    }

    static let keyboard = """
        conform: 1
        policy: kb
        title: Keyboard
        domain: keyboard
        vocabulary:
          actions:
            focus: { bottom: number, top: { type: number, optional: true } }
          observations:
            top: bool
        variables:
          known: false
        see: { top: known }
        states:
          idle:
            on:
              focus:
                set: { known: "arg.top != null" }
        """

    @Test("a parameter declared { type, optional: true } may be left out of a step, or written null")
    func optionalParameter() throws {
        let policy = try #require(loadPolicy(Self.keyboard))
        guard case .record(let parameters, let optional)? = policy.vocabulary.actions["focus"] else {
            Issue.record("focus takes named parameters")
            return
        }
        #expect(parameters.keys.sorted() == ["bottom", "top"])
        #expect(optional == ["top"])
        for step in ["{ bottom: 5 }", "{ bottom: 5, top: null }", "{ bottom: 5, top: 2 }"] {
            #expect(traceProblems("conform: 1\nsteps:\n  - focus: \(step)\n", policies: [policy]) == [], "\(step)")
        }
        #expect(traceProblems("conform: 1\nsteps:\n  - focus: { top: 2 }\n", policies: [policy]) == ["3:12: 'focus' needs 'bottom'"])
        #expect(
            traceProblems("conform: 1\nsteps:\n  - focus: { bottom: 1, top: x }\n", policies: [policy]) == [
                "3:30: 'focus.top' must be number, not a string"
            ])
    }

    @Test(
        "mistakes in a parameter's declaration are located",
        arguments: [
            ("top: { type: number, optional: true }", "top: { optional: true }", "7:35: parameter 'focus.top' needs a 'type'"),
            (
                "top: { type: number, optional: true }", "top: { type: number, optional: yes }",
                "7:61: 'optional' must be true or false, not a string; write true (YAML 1.2 reads 'yes' as a string)"
            ),
            (
                "top: { type: number, optional: true }", "top: { type: number, maybe: true }",
                "7:51: unknown key 'maybe' in parameter 'focus.top' (expected one of: optional, type)"
            ),
        ])
    func parameterProblems(old: String, new: String, problem: String) {
        // The declaration without a type declares nothing, so the guard that reads it fails too.
        let problems = policyProblems(Self.keyboard.replacingOccurrences(of: old, with: new)).filter {
            !$0.contains("unknown name 'arg.top'")
        }
        #expect(problems == [problem])
    }

    @Test("a trace's settings load as scalars; a policy reads them as settings.NAME, null when left out")
    func settings() throws {
        let trace = try #require(loadTrace("conform: 1\nsettings: { interactiveDismissDisabled: true, mode: compact }\nsteps: [see: {}]\n"))
        #expect(trace.settings == ["interactiveDismissDisabled": .bool(true), "mode": .string("compact")])
        #expect(
            traceProblems("conform: 1\nsettings: [a]\nsteps: [see: {}]\n") == [
                "2:11: 'settings' (how the app is built, NAME: VALUE) must be a map, not a list"
            ])
        let reads = """
            conform: 1
            policy: reads
            title: Reads a setting
            see: { done: "settings.locked == true ? disabled : enabled" }
            states:
              editing: {}
            """
        #expect(policyProblems(reads) == [])
    }
}
