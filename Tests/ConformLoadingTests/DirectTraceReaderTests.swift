import ConformCore
import Foundation
import Testing

@testable import ConformLoading

/// The direct reader must build exactly the trace the general path builds, or give up.
@Suite("Loading: Direct trace reading")
struct DirectTraceReaderTests {
    static let samples = [
        """
        conform: 1
        trace: full
        title: "Every part"
        app: Reminders
        platform: iOS
        device: iPhone 15
        screen: Edit
        recorded: 2026-01-02
        note: |
          several
          lines
        policy: [apple-reminders, one-handed]
        form: { title: Milk, notes: "", count: 3, flag: true, nothing: null }
        steps:
          - see: { done: disabled, cancel: absent, sheet: none, dismissed: false }
          - edit: { title: Milk and eggs, count: 4 }
          - edit: notes
          - swipe: down
            note: a note
            at: 1.5
          - see:
              sheet:
                title: Unsaved
                message: null
                actions: [Discard Changes, { title: Keep, role: cancel }, { role: destructive, title: "Go" }]
          - choose: Discard Changes
          - see: { form: { title: Milk, count: 4 }, saved: true }
          - present:
          - present: Edit
          - tap: Done
          - see: { sheet: shown }
        """,
        "conform: 1\npolicy: one-handed\nsteps: [see: {}]\n",
        "conform: 1\nsteps:\n  - edit: { anything: 1 }\n  - see: { form: { other: 2 } }\n",
        "conform: 1\nsteps:\n  - edit: { title: Eggs }\n  - see: { form: { title: Eggs } }\nform: { title: Milk }\n",
        "{\"conform\": 1, \"steps\": [{\"tap\": \"Done\"}, {\"see\": {\"done\": \"enabled\"}}]}\n",
        "conform: 1.0\nsteps:\n- tap: 'null'\n- see: { sheet: { title: ~, actions: [] } }\n",
        "conform: 1\nsteps:\n- see: { sheet: { actions: [\"(destructive action)\", Keep] } }\n- choose: Keep\n",
        "conform: 1\nsteps:\n- see: { sheet: { actions: [{ title: Keep (all), role: cancel }] } }\n",
        "conform: 1\nsteps:\n- swipe: down\n- choose: Discard (all)\n- see: { dismissed: true }\n",
    ]

    /// The direct read with each source of events (the Swift scanner first, and libyaml alone), and the general read.
    static let sources: [DirectTrace.Events] = [.simpleFirst, .libyamlOnly]

    static func traces(
        _ yaml: String, limits: YAMLReader.Limits = .init(), maximumSteps: Int = 1_000_000, events: DirectTrace.Events = .simpleFirst
    ) -> (direct: Trace?, general: Trace?) {
        let loader = TraceLoader(vocabulary: KnownVocabulary(policies: []), reader: YAMLReader(limits: limits), maximumSteps: maximumSteps)
        let direct = DirectTrace.read(
            Array(yaml.utf8), file: "Traces/t.yaml", vocabulary: DirectVocabulary(loader.vocabulary), limits: limits,
            maximumSteps: maximumSteps,
            events: events)
        return (direct, loader.loadGenerally(Array(yaml.utf8), file: "Traces/t.yaml").trace)
    }

    static func dumped(_ trace: Trace?) -> String { trace?.comparableText() ?? "nil" }

    @Test("well-formed traces read directly into the same model", arguments: samples, sources)
    func same(_ yaml: String, events: DirectTrace.Events) throws {
        let (direct, general) = Self.traces(yaml, events: events)
        #expect(direct != nil)
        #expect(general != nil)
        #expect(Self.dumped(direct) == Self.dumped(general))
        // What the reader noted of the steps is what a walk of them finds; the general path notes nothing.
        #expect(direct?.digest != nil)
        #expect(direct.map { StepsDigest(walking: $0.steps) } == direct?.digest)
        #expect(general?.digest == nil)
    }

    @Test("tables left at the room made for them read into the same model", arguments: samples)
    func untrimmed(_ yaml: String) {
        let vocabulary = DirectVocabulary(KnownVocabulary(policies: []))
        let read = { (trims: Bool) in
            DirectTrace.read(
                Array(yaml.utf8), file: "Traces/t.yaml", vocabulary: vocabulary, limits: .init(), maximumSteps: 1_000_000,
                trimsTables: trims)
        }
        let trimmed = read(true)
        #expect(trimmed != nil)
        #expect(Self.dumped(read(false)) == Self.dumped(trimmed))
    }

    @Test(
        "anything unusual or wrong is left to the general path",
        arguments: [
            "conform: 1\nsteps:\n  - tap: &a Done\n  - tap: *a\n",
            "conform: 1\nsteps:\n  - tap: !!str Done\n",
            "conform: 1\nsteps:\n  - keyboard-show: { height: 3 }\n",
            "conform: 1\nsteps:\n  - see: { done: enabled, done: disabled }\n",
            "conform: 1\nsteps:\n  - tap: Done\n    note: a\n    note: b\n",
            "conform: 1\nsteps: [see: {}]\n---\nconform: 1\nsteps: [see: {}]\n",
            "conform: 1\nsteps:\n  - tap: Done\n    swipe: down\n",
            "conform: \"1\"\nsteps: [see: {}]\n",
            "conform: 1\nform: { a: 1, a: 2 }\nsteps: [see: {}]\n",
            "conform: 1\nsteps:\n  - see: { sheet: \"none\" }\n",
            "conform: 1\nsteps:\n  - see: { sheet: { actions: [{ role: cancel }] } }\n",
            "conform: 1\nsteps:\n  - edit: {}\n",
            "conform: 1\nsteps:\n  - tap:\n",
            "conform: 1\nsteps: []\n",
            "conform: 1\nform: { title: Milk }\nsteps:\n  - edit: { titel: Eggs }\n",
            "conform: 1\nform: { title: Milk }\nsteps:\n  - edit: notes\n",
            "conform: 1\nsteps:\n  - see: { form: { titl: Milk } }\nform: { title: Milk }\n",
            "conform: 1\nform: {}\nsteps:\n  - edit: title\n",
            "conform: 1\n",
            "",
        ], sources)
    func givesUp(_ yaml: String, events: DirectTrace.Events) {
        #expect(Self.traces(yaml, events: events).direct == nil)
    }

    @Test("the node, depth and step limits are reached exactly where the general path reaches them", arguments: sources)
    func limits(events: DirectTrace.Events) {
        let yaml = "conform: 1\nsteps:\n" + String(repeating: "  - see: { sheet: { actions: [a, { title: b }] } }\n", count: 3)
        for nodes in 0...80 {
            let (direct, general) = Self.traces(yaml, limits: .init(maximumNodes: nodes), events: events)
            #expect((direct == nil) == (general == nil), "maximumNodes \(nodes)")
        }
        for depth in 0...8 {
            let (direct, general) = Self.traces(yaml, limits: .init(maximumDepth: depth), events: events)
            #expect((direct == nil) == (general == nil), "maximumDepth \(depth)")
        }
        for steps in 0...4 {
            let (direct, general) = Self.traces(yaml, maximumSteps: steps, events: events)
            #expect((direct == nil) == (general == nil), "maximumSteps \(steps)")
        }
    }

    @Test("the repository's example traces read directly into the same model as the general path")
    func examples() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let traces = root.appendingPathComponent("Traces")
        let files = try #require(FileManager.default.enumerator(atPath: traces.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".yaml") }
        #expect(!files.isEmpty)
        var direct = 0
        for file in files {
            let yaml = try String(contentsOf: traces.appendingPathComponent(file), encoding: .utf8)
            let (fast, general) = Self.traces(yaml)
            // Without policies, traces of policy-defined vocabularies do not load at all (and are not read
            // directly); every form trace must be read directly, into the same model.
            guard general != nil else {
                #expect(fast == nil, "\(file)")
                continue
            }
            #expect(fast != nil, "\(file) was not read directly")
            #expect(Self.dumped(fast) == Self.dumped(general), "\(file)")
            #expect(fast.map { StepsDigest(walking: $0.steps) } == fast?.digest, "\(file)")
            direct += 1
        }
        #expect(direct >= 20, "only \(direct) example traces were read directly")
    }
}
