import ConformCore
import Foundation
import Testing

@testable import ConformLoading

@Suite("Loading: Policy loading")
struct PolicyLoaderTests {
    static let minimal = """
        conform: 1
        policy: tiny
        title: Tiny
        buttons: { done: Save }
        see: { done: "modified ? enabled : disabled" }
        states:
          editing:
            on:
              edit: editing
              tap done: saved
              swipe down:
                - { if: modified, to: confirm }
                - to: saved
          confirm:
            see:
              sheet:
                title: null
                actions: [{ title: Keep, role: cancel }, { role: destructive }]
            on:
              choose Keep: editing
              choose destructive: saved
          saved:
            final: true
            see: { dismissed: true, saved: true }
        """

    @Test("a form policy loads as data: states, transitions, branches, sheet")
    func loads() throws {
        let policy = try #require(loadPolicy(Self.minimal))
        #expect(policy.id == "tiny")
        #expect(policy.domain == "form")
        #expect(policy.initialState == "editing")
        #expect(policy.buttons == ["done": "Save"])
        #expect(policy.states.map(\.name) == ["editing", "confirm", "saved"])
        let editing = try #require(policy.state(named: "editing"))
        #expect(editing.transitions.map(\.pattern.display) == ["edit", "tap done", "swipe down"])
        #expect(editing.transitions[2].branches.map(\.target) == ["confirm", "saved"])
        #expect(editing.transitions[2].branches[0].condition?.text == "modified")
        let confirm = try #require(policy.state(named: "confirm"))
        guard case .sheet(.shown(let title, _, let actions))? = confirm.expectations["sheet"] else {
            Issue.record("confirm shows a sheet")
            return
        }
        guard case .absent = title else {
            Issue.record("title: null means no title")
            return
        }
        #expect(actions?.map(\.display) == ["'Keep' (cancel)", "(destructive)"])
        #expect(policy.state(named: "saved")?.isFinal == true)
    }

    @Test("expression errors land on the exact column inside the YAML scalar")
    func expressionColumns() {
        let yaml = Self.minimal.replacingOccurrences(of: "\"modified ? enabled : disabled\"", with: "\"modifed ? enabled : disabled\"")
        #expect(
            policyProblems(yaml) == ["5:15: unknown name 'modifed'; did you mean 'modified'? (in 'done': modifed ? enabled : disabled)"])
        let plain = Self.minimal.replacingOccurrences(of: "if: modified,", with: "if: edited + 1,")
        #expect(policyProblems(plain) == ["12:17: '+' needs number, not bool (in the condition: edited + 1)"])
        let wrongType = Self.minimal.replacingOccurrences(of: "\"modified ? enabled : disabled\"", with: "\"modified ? 1 : 2\"")
        #expect(
            policyProblems(wrongType) == [
                "5:15: 'done' must be button (enabled | disabled | absent), not number (in 'done': modified ? 1 : 2)"
            ])
    }

    @Test("references are checked: targets, choose titles, verbs, sources, initial")
    func references() {
        let yaml = """
            conform: 1
            policy: broken
            title: Broken
            sources: { A: a citation }
            initial: start
            states:
              editing:
                source: B
                on:
                  tap done: nowhere
                  choose OK: editing
                  present: editing
                  fly: editing
              confirm:
                see: { sheet: { actions: [OK] } }
                on:
                  choose Nope: editing
            """
        #expect(
            policyProblems(yaml) == [
                "5:10: 'initial' names no state: 'start' (expected one of: confirm, editing)",
                "8:13: 'B' is not among the policy's sources; did you mean 'A'?",
                "10:17: no state named 'nowhere' (expected one of: confirm, editing)",
                "11:7: 'choose OK' in a state that shows no sheet (give the state a see: { sheet: { actions: [...] } })",
                "12:7: 'present' always reopens the form; a policy does not handle it",
                "13:7: unknown verb 'fly' (expected one of: choose, edit, present, swipe, tap)",
                "17:7: the sheet here has no action titled or with the role 'Nope' (expected one of: OK)",
            ])
    }

    @Test("a policy id is safe in a file name: letters, digits, '.', '_', '-'", arguments: ["../escape", "sub/x", "", ".hidden", "a b"])
    func unsafeIDs(id: String) {
        let yaml = Self.minimal.replacingOccurrences(of: "policy: tiny", with: "policy: \"\(id)\"")
        #expect(policyProblems(yaml).contains { $0.hasPrefix("2:9: a policy id is letters, digits") }, "\(policyProblems(yaml))")
    }

    @Test("vocabulary examples and setup load as arguments; mistakes in them are located")
    func examplesAndSetup() throws {
        let yaml = """
            conform: 1
            policy: kb
            title: Keyboard
            domain: keyboard
            vocabulary:
              actions:
                keyboard-show: { height: number }
                keyboard-hide: null
              observations:
                inset: number
              setup:
                - keyboard-hide:
              examples:
                keyboard-show: [{ height: 336 }, { height: 0 }]
            states:
              idle: {}
            """
        let policy = try #require(loadPolicy(yaml))
        #expect(policy.vocabulary.setup.map(\.display) == ["keyboard-hide"])
        #expect(policy.vocabulary.examples["keyboard-show"]?.count == 2)
        let broken =
            yaml
            .replacingOccurrences(of: "{ height: 0 }", with: "{ height: tall }")
            .replacingOccurrences(of: "    - keyboard-hide:", with: "    - rotate: left")
        #expect(
            policyProblems(broken) == [
                "12:7: 'rotate' is not an action of this vocabulary",
                "14:48: 'keyboard-show.height' must be number, not a string",
            ])
    }

    @Test("a policy-defined vocabulary with typed arguments, variables and arithmetic")
    func customVocabulary() throws {
        let yaml = """
            conform: 1
            policy: kb
            title: Keyboard
            domain: keyboard
            vocabulary:
              actions:
                keyboard-show: { height: number }
                keyboard-hide: null
              observations:
                inset: number
                mode: [software, hardware]
            variables:
              inset: 0
              shown: { type: bool, initial: false }
            see: { inset: inset }
            states:
              idle:
                on:
                  keyboard-show:
                    set: { inset: "inset + arg.height", shown: true }
                  keyboard-hide:
                    set: { inset: "arg.height" }
            """
        #expect(policyProblems(yaml) == ["22:24: unknown name 'arg.height' (in the new value of 'inset': arg.height)"])
        let fixed = yaml.replacingOccurrences(of: "set: { inset: \"arg.height\" }", with: "set: { inset: 0, shown: false }")
        let policy = try #require(loadPolicy(fixed))
        #expect(policy.vocabulary.actions.keys.sorted() == ["keyboard-hide", "keyboard-show"])
        #expect(policy.variables.map(\.name) == ["inset", "shown"])
    }

    @Test(
        "problems with the file's shape",
        arguments: [
            ("conform: 1\npolicy: x\ntitle: X\nstates: {}\n", ["4:9: a policy needs at least one state"]),
            ("conform: 1\ntitle: X\nstates: { a: {} }\n", ["1:1: a policy needs 'policy'"]),
            ("conform: 1\npolicy: x\ntitle: X\ndomain: kb\nstates: { a: {} }\n", ["1:1: a policy of domain 'kb' needs a 'vocabulary'"]),
            (
                "conform: 1\npolicy: x\ntitle: X\nvariables: { edited: true }\nstates: { a: {} }\n",
                ["4:14: 'edited' is a built-in name; choose another"]
            ),
            (
                "conform: 1\npolicy: x\ntitle: X\nstates: { a: { final: true, on: { edit: a } } }\n",
                ["4:33: a final state has no transitions"]
            ),
        ])
    func shape(yaml: String, expected: [String]) {
        #expect(policyProblems(yaml) == expected)
    }
}

@Suite("Loading: Policy loading: mistakes caught at load time")
struct PolicyMistakeTests {
    static func policy(_ states: String, variables: String = "") -> String {
        "conform: 1\npolicy: p\ntitle: P\n" + variables + "states:\n" + states
    }

    @Test(
        "a misspelt swipe direction, an empty branch list, a bad variable name",
        arguments: [
            (policy("  a:\n    on:\n      swipe dwon: a\n"), ["7:7: a swipe goes down, up, left, right, not 'dwon'; did you mean 'down'?"]),
            (policy("  a:\n    on:\n      swipe down: []\n"), ["7:19: a transition needs a target state or at least one branch"]),
            (
                policy("  a: {}\n", variables: "variables: { a-b: 1, args: 2, edited: true }\n"),
                [
                    "4:14: 'a-b' cannot be used in expressions; a variable name is letters, digits and _",
                    "4:31: 'edited' is a built-in name; choose another",
                ]
            ),
            ("conform: \"1\"\npolicy: p\ntitle: P\nstates: { a: {} }\n", ["1:10: the format version is the number 1, not the string '1'"]),
        ])
    func mistakes(yaml: String, expected: [String]) {
        #expect(policyProblems(yaml) == expected)
    }

    @Test("an expression error in a block scalar points at the scalar")
    func blockScalar() {
        let yaml = Self.policy("  a:\n    see:\n      done: >-\n        edited ?\n        enabld : disabled\n")
        #expect(policyProblems(yaml) == ["7:13: unknown name 'enabld'; did you mean 'enabled'? (in 'done': edited ? enabld : disabled)"])
    }

    @Test("enumerations are structural: a variable may be shown as an observation with the same cases")
    func structuralEnumerations() {
        let yaml = """
            conform: 1
            policy: p
            title: P
            domain: rotation
            vocabulary:
              actions: { rotate: [portrait, landscape] }
              observations: { orientation: [portrait, landscape] }
            variables:
              current: { type: [portrait, landscape], initial: portrait }
            states:
              a:
                see: { orientation: current }
                on:
                  rotate landscape: { set: { current: arg } }
                  rotate sideways: a
            """
        #expect(policyProblems(yaml) == ["15:7: 'rotate' takes portrait, landscape, not 'sideways'"])
    }
}
