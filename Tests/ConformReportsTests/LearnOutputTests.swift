import ConformCore
import ConformKit
import ConformLoading
import ConformReports
import ConformTestSupport
import Foundation
import Testing

@Suite("Reports: conform learn's text, JSON document and policy file, read by their consumers")
struct LearnOutputTests {
    /// The traces of a folder of Traces/, named by their path from the package root (as a user in it gives them).
    static func traces(_ folder: String) throws -> [Trace] {
        let loader = TraceLoader(vocabulary: KnownVocabulary(policies: PolicyLibrary.builtIn().policies))
        let directory = packageRoot.appendingPathComponent(folder)
        let names = (FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".yaml") }
        return try names.sorted().compactMap { name in
            let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
            return loader.load(bytes, file: "\(folder)/\(name)").trace
        }
    }

    static func output(_ folders: [String], file: String? = nil) throws -> (LearnOutput, [PolicyLearning.LearnedPolicy]) {
        let result = PolicyLearning(library: PolicyLibrary.builtIn()).learn(traces: try folders.flatMap(traces), file: file)
        var models: [LearnOutput.Model] = []
        var learned: [PolicyLearning.LearnedPolicy] = []
        var skipped = result.skipped.map { LearnOutput.Skipped(app: $0.app, reason: $0.reason) }
        var problems = result.diagnostics
        for outcome in result.outcomes {
            switch outcome {
            case .learned(let model):
                learned.append(model)
                models.append(
                    LearnOutput.Model(
                        model: model.model, id: model.id, policy: model.policy, nearest: model.nearest, suggestions: model.suggestions,
                        file: file, suggestionFiles: [], warnings: model.warnings))
            case .contradicted(let app, let settings, let found), .failed(let app, let settings, let found):
                skipped.append(LearnOutput.Skipped(app: app, settings: settings, reason: "contradicting"))
                problems += found
            }
        }
        return (LearnOutput(models: models, skipped: skipped, diagnostics: problems + models.flatMap(\.warnings)), learned)
    }

    @Test("text: the model's size and guard, the nearest ranked, how the nearest differs with the traces behind it, what to record next")
    func text() throws {
        let (output, _) = try Self.output(["Traces/Contacts"])
        try assertGolden(output.text(), named: "learn-contacts.txt")
        // Docs/Learning.md shows it whole.
        let docs = try String(contentsOf: packageRoot.appendingPathComponent("Docs/Learning.md"), encoding: .utf8)
        #expect(
            docs.contains(
                "`conform learn Traces/Contacts/` prints (a test checks that this is the output, byte for byte):\n\n```\n" + output.text()
                    + "```\n"))
        let (reminders, _) = try Self.output(["Traces/Reminders"])
        try assertGolden(reminders.text(), named: "learn-reminders.txt")
        // The README shows its first six lines.
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let head = reminders.text().split(separator: "\n").prefix(6).joined(separator: "\n")
        #expect(readme.contains("```\n" + head + "\n...\n```\n"))
        // Claims that hold, a conflict the learner generalised into, a comparison stopped by its limit.
        let (sample, _) = try Self.output(["Traces/AppleSample"])
        try assertGolden(sample.text(), named: "learn-apple-sample.txt")
        // No guard, with the model under modified fitting too: the guard is undetermined.
        let (sheet, _) = try Self.output(["Traces/MakeItSoV1"])
        try assertGolden(sheet.text(), named: "learn-makeitso-v1.txt")
    }

    @Test("lint's warnings about a learned policy: under a line naming it, at lines of the file as written; never a made-up path")
    func lintWarnings() throws {
        let (unwritten, _) = try Self.output(["Traces/AppleSample"])
        let lines = unwritten.lintText().split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "Lint: 4 warnings about the learned policy 'learned-apple-sample-editviewcontroller' (not written; the lines are those of the file --output writes):"
        )
        #expect(
            lines.dropFirst().first
                == "  line 58, column 3: warning: the sheet of state 'confirm' has no action of role cancel; give its cancelling action 'role: cancel' (a tap outside the sheet runs it)"
        )
        #expect(lines.count == 5)
        #expect(
            unwritten.text().contains(
                "\n  Lint has 4 warnings about the learned policy (listed after this, on standard error); it loads and holds on every trace all the same.\n"
            ))
        let (written, learned) = try Self.output(["Traces/AppleSample"], file: "out/sample.yaml")
        let text = written.lintText()
        #expect(!text.contains("<learned>"))
        #expect(
            text.hasPrefix(
                "Lint: 4 warnings about the learned policy 'learned-apple-sample-editviewcontroller', written to out/sample.yaml:\n"
                    + "out/sample.yaml:58:3: warning: the sheet of state 'confirm' has no action of role cancel;"))
        // Line 58 of the file as written is the state the warning is about.
        #expect(learned.first?.text.split(separator: "\n", omittingEmptySubsequences: false)[57] == "  confirm:")
        let json = written.json().serialized()
        #expect(
            json.contains(
                #"{"file":"out/sample.yaml","line":58,"column":3,"message":"the sheet of state 'confirm' has no action of role cancel;"#))
    }

    @Test("JSON: the document's members in order, each model's as PRODUCT §6 names them")
    func jsonShape() throws {
        let (output, _) = try Self.output(["Traces/Reminders", "Traces/KeyboardListener"])
        guard case .object(let members) = output.json(), case .array(let models)? = members.first(where: { $0.0 == "models" })?.1,
            case .object(let model)? = models.first
        else {
            Issue.record("no model")
            return
        }
        #expect(members.map(\.0) == ["conform", "models", "skipped", "errors", "warnings"])
        #expect(
            model.map(\.0) == [
                "app", "settings", "policy", "file", "states", "transitions", "traces", "guard", "guardDetermined", "nearest", "suggest",
            ])
        let text = output.json().serialized()
        #expect(text.contains(#""nearest":[{"policy":"apple-reminders","conflicts":0,"gaps":0,"transitionsTaken":6,"transitions":6}"#))
        #expect(
            text.contains(
                #""skipped":[{"app":"KeyboardListener demo","settings":{},"reason":"its traces are of another domain, and conform learn infers form policies only: in Traces/KeyboardListener/"#
            ))
    }

    @Test("JSON: documents of the tests validate against schemas/conform-learn.schema.json; one without a member does not")
    func jsonSchema() throws {
        guard Consumers.runs("check-jsonschema") else { return }
        let schema = packageRoot.appendingPathComponent("schemas/conform-learn.schema.json").path
        let meta = try Consumers.run("check-jsonschema", ["--check-metaschema", schema])
        #expect(meta.status == 0, "\(meta.output)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-learn-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        let cases = [["Traces"], ["Traces/Contacts"], ["Traces/OneHanded", "Traces/MakeItSo"]]
        for (number, folders) in cases.enumerated() {
            let url = folder.appendingPathComponent("learn-\(number).json")
            try (Self.output(folders).0.json().serialized(pretty: true) + "\n").write(to: url, atomically: true, encoding: .utf8)
            files.append(url.path)
        }
        let valid = try Consumers.run("check-jsonschema", ["--schemafile", schema] + files)
        #expect(valid.status == 0, "\(valid.output)")
        let broken = folder.appendingPathComponent("broken.json")
        try
            (Self.output(["Traces/Contacts"]).0.json().serialized(pretty: true).replacingOccurrences(
                of: "\"guardDetermined\"", with: "\"guardDecided\""))
            .write(to: broken, atomically: true, encoding: .utf8)
        #expect(try Consumers.run("check-jsonschema", ["--schemafile", schema, broken.path]).status != 0)
    }

    @Test("the learned policy files validate against the policy schema and read the same with PyYAML (YAML 1.1)")
    func policyFiles() throws {
        guard Consumers.runs("check-jsonschema") else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-learn-policies-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, learned) = try Self.output(["Traces"])
        #expect(learned.count == 9)
        var files: [String] = []
        for model in learned {
            let url = folder.appendingPathComponent("\(model.id).yaml")
            try model.text.write(to: url, atomically: true, encoding: .utf8)
            files.append(url.path)
        }
        let schema = packageRoot.appendingPathComponent("schemas/conform-policy.schema.json").path
        let valid = try Consumers.run("check-jsonschema", ["--schemafile", schema] + files)
        #expect(valid.status == 0, "\(valid.output)")
        guard Consumers.pythonYAML else { return }
        let script =
            "import sys, yaml\nfor f in sys.argv[1:]:\n    d = yaml.safe_load(open(f))\n    print(d['policy'], sorted(d['states'][d['initial']]['on']))"
        let read = try Consumers.run("python3", ["-c", script] + files)
        #expect(read.status == 0, "\(read.output)")
        #expect(read.output.contains("learned-reminders ['edit', 'swipe down', 'tap done']"), "\(read.output)")
    }
}
