import ConformCore
import ConformKit
import Foundation
import Testing

@testable import ConformReports

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The HTML report's state diagrams are legible: read back from the SVG, every label and state name has
/// room of its own, no edge runs through a state or a label, and the viewBox holds the whole drawing.
/// Text boxes are estimated with the layout's own `DiagramText`; `scripts/diagram-screenshots.sh` shows
/// the real thing in a browser.
@Suite("Reports: State diagrams")
struct StateDiagramTests {
    static let library = PolicyLibrary.builtIn()

    /// Each of `policies`, drawn as the report draws it: plain, with coverage, and as a trace that took
    /// every transition three times (the longest labels) and departed in the last state.
    static let cases: [(name: String, svg: String, policy: Policy)] = policies.flatMap { policy in
        let ids = policy.transitionIDs
        let covered = Set(ids.enumerated().filter { $0.offset % 2 == 0 }.map(\.element))
        let taken = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, [$0 + 1, $0 + 12, $0 + 123]) })
        let departed = policy.states.last?.name
        return [
            ("plain", StateDiagramSVG(policy: policy, taken: [:], departedIn: nil, id: "a")),
            ("coverage", StateDiagramSVG(policy: policy, taken: [:], departedIn: nil, id: "b", covered: covered)),
            ("taken", StateDiagramSVG(policy: policy, taken: taken, departedIn: departed, id: "c")),
        ].map { ("\(policy.id) \($0.0)", $0.1.render(), policy) }
    }

    /// The built-in policies and two made to be hard to draw.
    static let policies = library.policies + [awkward.policy, tangled.policy].compactMap { $0 }

    @Test("every label and state name has a box of its own", arguments: cases.map(\.name))
    func labelsDoNotOverlap(name: String) throws {
        let drawing = try Self.drawing(name)
        let texts = drawing.labels + drawing.stateNames
        for text in texts {
            #expect(text.box.minX.isFinite && text.box.minY.isFinite, "'\(text.text)' has no position or size")
        }
        for (index, a) in texts.enumerated() {
            for b in texts[(index + 1)...] {
                #expect(!a.box.intersects(b.box), "'\(a.text)' \(a.box) overlaps '\(b.text)' \(b.box)")
            }
        }
        for label in drawing.labels {
            for state in drawing.states {
                #expect(!label.box.intersects(state.inflated(by: 2)), "'\(label.text)' overlaps a state \(state)")
            }
        }
        for name in drawing.stateNames {
            #expect(drawing.states.contains { $0.contains(name.box) }, "state name '\(name.text)' is clipped")
        }
    }

    @Test("no edge passes through a state or a label", arguments: cases.map(\.name))
    func edgesAvoidStatesAndLabels(name: String) throws {
        let drawing = try Self.drawing(name)
        let start = try #require(drawing.startArrow)
        for path in drawing.paths + [(start, "the start arrow")] {
            let points = try DiagramReader.sample(path.data)
            for point in points {
                for state in drawing.states where state.inflated(by: -0.5).contains(point) {
                    Issue.record("edge '\(path.title)' passes through the state at \(state), at \(point)")
                }
                for label in drawing.labels where label.box.contains(point) {
                    Issue.record("edge '\(path.title)' passes through the label '\(label.text)' at \(point)")
                }
            }
        }
    }

    @Test("the viewBox holds the whole drawing", arguments: cases.map(\.name))
    func viewBoxHoldsEverything(name: String) throws {
        let drawing = try Self.drawing(name)
        let view = try #require(drawing.viewBox).inflated(by: -1)
        for text in drawing.labels + drawing.stateNames {
            #expect(view.contains(text.box), "'\(text.text)' \(text.box) leaves the viewBox \(view)")
        }
        for box in drawing.states + drawing.circles {
            #expect(view.contains(box), "\(box) leaves the viewBox \(view)")
        }
        for path in drawing.paths + [(try #require(drawing.startArrow), "the start arrow")] {
            for point in try DiagramReader.sample(path.data) where !view.contains(point) {
                Issue.record("edge '\(path.title)' leaves the viewBox \(view) at \(point)")
            }
        }
    }

    @Test("every transition is drawn, once, with its label", arguments: cases.map(\.name))
    func everyTransitionIsDrawn(name: String) throws {
        let policy = try #require(Self.cases.first { $0.name == name }?.policy)
        let drawing = try Self.drawing(name)
        let expected = policy.states.flatMap { state in
            state.transitions.flatMap { transition in transition.branches.map { $0.label(for: transition.pattern) } }
        }
        // A tooltip is the label, then the branch's note on a line of its own.
        let tooltips = policy.states.flatMap { state in
            state.transitions.flatMap { transition in
                transition.branches.map { $0.label(for: transition.pattern) + ($0.note.map { "\nnote: " + $0 } ?? "") }
            }
        }
        #expect(drawing.paths.map(\.title).sorted() == tooltips.sorted())
        let labelText = drawing.labels.map(\.text).joined(separator: " ")
        for label in expected { #expect(labelText.contains(label), "no label reads '\(label)'") }
        #expect(drawing.stateNames.map(\.text).sorted() == policy.states.map(\.name).sorted())
    }

    @Test("the awkward and the tangled policy load, so that they are among the cases")
    func testPoliciesLoad() {
        #expect(Self.awkward.policy != nil && Self.awkward.problems.isEmpty, "\(Self.awkward.problems)")
        #expect(Self.tangled.policy != nil && Self.tangled.problems.isEmpty, "\(Self.tangled.problems)")
    }

    @Test("the same policy gives the same bytes")
    func deterministic() {
        let again = PolicyLibrary.builtIn()
        for (policy, reloaded) in zip(Self.library.policies, again.policies) {
            let ids = policy.transitionIDs.prefix(3)
            let taken = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, [$0 + 1]) })
            let departed = policy.initialState
            let first = StateDiagramSVG(policy: policy, taken: taken, departedIn: departed, id: "x").render()
            let second = StateDiagramSVG(policy: reloaded, taken: taken, departedIn: departed, id: "x").render()
            #expect(first == second, "\(policy.id)")
        }
    }

    // MARK: - Helpers

    static func drawing(_ name: String) throws -> DiagramReader {
        let svg = try #require(cases.first { $0.name == name }?.svg)
        return try DiagramReader(svg: svg)
    }

    /// A policy built to be hard to draw: long and non-ASCII names, markup characters, an edge that skips
    /// two layers, back edges from far down, several self-loops, a state nothing reaches.
    static let awkward = load(awkwardYAML)

    /// Sixteen states with four actions each to states picked by a fixed pseudo-random sequence: many
    /// back edges, edges across many layers, loops, and parallel edges.
    static let tangled = load(tangledYAML(states: 16, actions: 4))

    static func load(_ yaml: String) -> (policy: Policy?, problems: [String]) {
        var library = PolicyLibrary(policies: [])
        library.add(bytes: Array(yaml.utf8), file: "test.yaml")
        return (library.policies.first, library.diagnostics.map(\.message))
    }

    static func tangledYAML(states: Int, actions: Int) -> String {
        var seed: UInt64 = 7
        func name(_ state: Int) -> String { state % 3 == 0 ? "s\(state)-longer-name" : "s\(state)" }
        var yaml = """
            conform: 1
            policy: tangled
            title: A tangle
            summary: Transitions to pseudo-random states.
            domain: tangle
            sources:
              S: a test
            vocabulary:
              actions:

            """
        for action in 0..<actions { yaml += "    act\(action): null\n" }
        yaml += "  observations:\n    v: number\nvariables:\n  v: 0\nsee:\n  v: v\ninitial: \(name(0))\nstates:\n"
        for state in 0..<states {
            yaml += "  \(name(state)):\n    on:\n"
            for action in 0..<actions {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                yaml += "      act\(action): \(name(Int((seed >> 33) % UInt64(states))))\n"
            }
        }
        return yaml
    }

    static let awkwardYAML = """
        conform: 1
        policy: awkward
        title: A policy that is hard to draw
        summary: Long labels, skipped layers, loops, and a state nothing reaches.
        domain: form
        sources:
          S: a test
        initial: editing
        states:
          editing:
            on:
              edit: editing
              tap done: saved-with-a-rather-long-state-name
              tap cancel:
                - if: modified && edited && !(modified && !edited)
                  to: confirm <&> “quoted”
                - to: discarded
              swipe down:
                - if: modified
                  to: confirm <&> “quoted”
                - to: editing
          confirm <&> “quoted”:
            see:
              sheet:
                title: null
                actions:
                  - { title: Discard Changes, role: destructive }
                  - { title: Keep Editing, role: cancel }
                  - { title: Save, role: default }
            on:
              choose Discard Changes: discarded
              choose Keep Editing: editing
              choose Save: second-confirm
          second-confirm:
            see:
              sheet:
                title: Sure?
                actions:
                  - { title: Discard, role: destructive }
                  - { title: Cancel, role: cancel }
                  - { title: Save, role: default }
            on:
              choose Cancel: editing
              choose Discard: discarded
              choose Save: saved-with-a-rather-long-state-name
          saved-with-a-rather-long-state-name:
            final: true
          discarded:
            final: true
          orphan:
            on:
              tap done: editing
              tap cancel: discarded
              edit: orphan
              swipe down: orphan
        """
}
