import ConformCore
import Foundation
import Testing

@testable import ConformKit

/// Issue 37 §4: a run finds the policy files among its paths in the one read each file gets
/// (`ConformRunner.Options.seeksPolicyFiles`), stopping at the first it meets so that its caller starts over.
@Suite("Kit: policy files met in the run's one read")
struct PolicyFilesMetTests {
    /// A folder of `traces` copies of `conform init`'s trace, each its own id, and its policy named `policyName`.
    static func project(traces: Int, policyName: String?) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("conform-met-\(UUID().uuidString)")
        _ = try ProjectStarter.write(in: root.path)
        let starter = root.appendingPathComponent("Traces/my-app-edit-form-cancel-then-save.yaml")
        let text = try String(contentsOf: starter, encoding: .utf8)
        try FileManager.default.removeItem(at: starter)
        for index in 0..<traces {
            let name = String(format: "t%03d", index)
            try text.replacingOccurrences(of: "trace: my-app-edit-form-cancel-then-save", with: "trace: \(name)")
                .write(to: root.appendingPathComponent("Traces/\(name).yaml"), atomically: true, encoding: .utf8)
        }
        let policy = root.appendingPathComponent("Policies/my-app-edit-form.yaml")
        if let policyName {
            let moved = root.appendingPathComponent(policyName)
            try FileManager.default.createDirectory(at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: policy, to: moved)
        } else {
            try FileManager.default.removeItem(at: policy)
        }
        return root
    }

    @Test(
        "a run that seeks policy files stops at one it meets, first or after batches of traces, on any number of threads",
        arguments: [("Policies/a.yaml", nil), ("zz/last.yaml", nil), ("zz/last.yaml", 1), ("Traces/t150.yaml-policy.yaml", 3)]
            as [(String, Int?)])
    func stopsAtAPolicyFile(name: String, jobs: Int?) throws {
        let root = try Self.project(traces: 300, policyName: name)
        defer { try? FileManager.default.removeItem(at: root) }
        var options = ConformRunner.Options(paths: [root.path])
        options.seeksPolicyFiles = true
        options.jobs = jobs
        let ending = ConformRunner(library: builtIns).run(options) { _ in }
        #expect(ending.metPolicyFile == root.appendingPathComponent(name).path)
    }

    @Test("without a policy file among them, a run that seeks them hands over what a run that does not would")
    func noPolicyFileChangesNothing() throws {
        let root = try Self.project(traces: 200, policyName: nil)
        defer { try? FileManager.default.removeItem(at: root) }
        // A trace that mentions `states` in its title is read as a trace still.
        try "conform: 1\ntitle: two states\nsteps:\n  - see: { done: disabled }\n".write(
            to: root.appendingPathComponent("Traces/states.yaml"), atomically: true, encoding: .utf8)
        for jobs in [nil, 1] as [Int?] {
            var options = ConformRunner.Options(paths: [root.path])
            options.jobs = jobs
            let plain = ConformRunner(library: builtIns).run(options)
            options.seeksPolicyFiles = true
            var seeking = RunResult(results: [], errors: [], traceCount: 0, policyIDs: builtIns.ids, traces: [])
            let ending = ConformRunner(library: builtIns).run(options) { seeking.add($0) }
            #expect(ending.metPolicyFile == nil)
            #expect(plain.traceCount == 201 && seeking.traceCount == plain.traceCount)
            let verdicts = { (run: RunResult) in run.results.map { "\($0.file) \($0.policy) \($0.claimed) \($0.verdict.kind)" } }
            #expect(verdicts(seeking) == verdicts(plain) && seeking.errors == plain.errors)
        }
    }

    @Test("a policy file is what lint takes for one: `states:` and no `steps:`, wherever the word stands")
    func whatIsAPolicyFile() {
        let policy = "conform: 1\npolicy: mine\nstates: {}\n"
        #expect(PolicyLibrary.isPolicyFile(Array(policy.utf8)))
        #expect(PolicyLibrary.isPolicyFile(Array("{states: {}, conform: 1}".utf8)))
        #expect(!PolicyLibrary.isPolicyFile(Array("conform: 1\nstates: {}\nsteps: []\n".utf8)))
        #expect(!PolicyLibrary.isPolicyFile(Array("conform: 1\ntitle: states\nsteps: []\n".utf8)))
        #expect(!PolicyLibrary.isPolicyFile(Array("conform: 1\nstate: {}\n".utf8)))
        #expect(!PolicyLibrary.isPolicyFile([]))
    }

    @Test("the word is found sixteen places at a time exactly where a byte-by-byte search finds it")
    func containsAgreesWithANaiveSearch() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("stae".utf8)
        for word in [Array("states".utf8), Array("s".utf8), Array("st".utf8), Array("x".utf8)] {
            for length in 0..<80 {
                for _ in 0..<40 {
                    let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
                    let naive = length >= word.count && (0...(length - word.count)).contains { Array(bytes[$0..<$0 + word.count]) == word }
                    let found = bytes.withUnsafeBytes { PolicyLibrary.contains($0.baseAddress, $0.count, word) }
                    #expect(found == naive, "\(String(decoding: word, as: UTF8.self)) in \(String(decoding: bytes, as: UTF8.self))")
                }
            }
            // At every place, the last ones included.
            for length in word.count..<50 {
                for place in 0...(length - word.count) {
                    var bytes = [UInt8](repeating: UInt8(ascii: "x") == word[0] ? UInt8(ascii: "y") : UInt8(ascii: "x"), count: length)
                    bytes.replaceSubrange(place..<place + word.count, with: word)
                    #expect(bytes.withUnsafeBytes { PolicyLibrary.contains($0.baseAddress, $0.count, word) }, "at \(place) of \(length)")
                }
            }
        }
    }
}
