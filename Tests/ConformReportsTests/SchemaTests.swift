import ConformCore
import ConformKit
import ConformReports
import Foundation
import Testing

@testable import ConformLoading

/// The JSON Schemas of traces and policies (schemas/), for yaml-language-server and CI: the trace
/// schema is made from the loader's vocabulary, every file of Traces/ and Policies/ validates, and lint
/// and the schemas agree on files that are wrong (and on tricky ones that are right).
@Suite("Reports: JSON Schemas of the trace and policy formats")
struct SchemaTests {
    static let schemas = packageRoot.appendingPathComponent("schemas")
    static let traceSchema = schemas.appendingPathComponent("conform-trace.schema.json")
    static let policySchema = schemas.appendingPathComponent("conform-policy.schema.json")
    static let configSchema = schemas.appendingPathComponent("conform-config.schema.json")
    static let fixtures = packageRoot.appendingPathComponent("Tests/ConformReportsTests/Fixtures/schema")

    @Test("schemas/conform-trace.schema.json is made from the built-in policies' vocabularies (CONFORM_RECORD=1 rewrites it)")
    func traceSchemaIsFresh() throws {
        let made = TraceSchema.json(policies: PolicyLibrary.builtIn().policies).serialized(pretty: true) + "\n"
        let committed = try? String(contentsOf: Self.traceSchema, encoding: .utf8)
        if ProcessInfo.processInfo.environment["CONFORM_RECORD"] == "1", committed != made {
            try made.write(to: Self.traceSchema, atomically: true, encoding: .utf8)
        }
        #expect(
            committed == made,
            "schemas/conform-trace.schema.json is out of date: run CONFORM_RECORD=1 swift test --filter SchemaTests")
    }

    @Test("the schemas know the keys the loader knows, no more, no fewer")
    func keysAreTheLoaders() throws {
        let trace = try Self.object(Self.traceSchema)
        #expect(Set(try Self.keys(trace, "properties")) == Set(TraceLoader.topLevelKeys))
        let policy = try Self.object(Self.policySchema)
        #expect(Set(try Self.keys(policy, "properties")) == Set(PolicyLoader.topLevelKeys))
        #expect(Set(try Self.keys(policy, "$defs", "state", "properties")) == Set(StateParser.stateKeys))
        #expect(Set(try Self.keys(policy, "$defs", "branch", "properties")) == Set(StateParser.branchKeys))
        #expect(Set(try Self.keys(policy, "$defs", "vocabulary", "properties")) == ["actions", "observations", "examples", "setup"])
        #expect(Set(try Self.keys(try Self.object(Self.configSchema), "properties")) == Set(ConfigLoader.topLevelKeys))
    }

    @Test("the schemas are valid draft 2020-12 schemas")
    func metaschema() throws {
        guard Consumers.runs("check-jsonschema") else { return }
        let result = try Consumers.run(
            "check-jsonschema", ["--check-metaschema", Self.traceSchema.path, Self.policySchema.path, Self.configSchema.path])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("the .conform.yaml that conform init writes validates against the configuration schema; one with an unknown key does not")
    func configValidates() throws {
        guard Consumers.runs("check-jsonschema") else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-config-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.yaml")
        let bad = folder.appendingPathComponent("bad.yaml")
        let starter = try #require(ProjectStarter.files.first { $0.path == ".conform.yaml" }?.text)
        try (starter + "reports: [\"md, html\", junit]\nbaseline: b.yaml\noutput: out\n").write(to: good, atomically: true, encoding: .utf8)
        try "conform: 1\nreprts: [md]\n".write(to: bad, atomically: true, encoding: .utf8)
        #expect(try Consumers.run("check-jsonschema", ["--schemafile", Self.configSchema.path, good.path]).status == 0)
        #expect(try Consumers.run("check-jsonschema", ["--schemafile", Self.configSchema.path, bad.path]).status != 0)
    }

    @Test("every file in Traces/ validates against the trace schema, every file in Policies/ against the policy schema")
    func corpusValidates() throws {
        guard Consumers.runs("check-jsonschema") else { return }
        let traces = FileDiscovery.find(in: [packageRoot.appendingPathComponent("Traces").path]).files
        let policies = FileDiscovery.find(in: [packageRoot.appendingPathComponent("Policies").path]).files
        #expect(traces.count > 10 && policies.count == PolicyLibrary.builtIn().policies.count)
        for (schema, files) in [(Self.traceSchema, traces), (Self.policySchema, policies)] {
            let result = try Consumers.run("check-jsonschema", ["--schemafile", schema.path] + files)
            #expect(result.status == 0, "\(result.output)")
        }
    }

    @Test(
        "lint and the schemas agree: each invalid file is an error to both, each valid one to neither",
        arguments: ["traces", "policies"])
    func lintAgrees(kind: String) throws {
        let schema = kind == "traces" ? Self.traceSchema : Self.policySchema
        for validity in ["invalid", "valid"] {
            let folder = Self.fixtures.appendingPathComponent("\(kind)/\(validity)")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
            #expect(files.count >= 3, "\(folder.path)")
            let paths = files.map { folder.appendingPathComponent($0).path }
            let linter = Linter(library: .builtIn())
            for path in paths {
                let errors = linter.lint(paths: [path]).diagnostics.filter { $0.severity == .error }
                #expect(errors.isEmpty == (validity == "valid"), "lint on \(kind)/\(validity)/\(path): \(errors.map(\.message))")
            }
            guard Consumers.runs("check-jsonschema") else { continue }
            // One run for the folder: its JSON output names every file that fails.
            let result = try Consumers.run("check-jsonschema", ["--output-format", "json", "--schemafile", schema.path] + paths)
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.output)")
            let failing = Set(((report["errors"] as? [[String: Any]]) ?? []).compactMap { $0["filename"] as? String })
            #expect(((report["parse_errors"] as? [Any]) ?? []).isEmpty, "\(result.output)")
            for path in paths {
                #expect(failing.contains(path) == (validity == "invalid"), "schema on \(kind)/\(validity)/\(path): \(result.output)")
            }
        }
    }

    // MARK: - Helpers

    static func object(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    static func keys(_ object: [String: Any], _ path: String...) throws -> [String] {
        var current = object
        for key in path { current = try #require(current[key] as? [String: Any], "no \(path.joined(separator: "."))") }
        return Array(current.keys)
    }
}
