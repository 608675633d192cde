import Foundation
import Testing

@testable import ConformCore
@testable import ConformKit

@Suite("Kit: Built-in policies made once, shared by every caller")
struct BuiltInPoliciesTests {
    /// What distinguishes one library from another in every output: ids, files, digests, fingerprint,
    /// texts, problems, and each policy's states.
    static func summary(_ library: PolicyLibrary) -> [String] {
        [library.fingerprint, library.diagnostics.map(\.formatted).joined(separator: "\n")]
            + library.digests.map { "\($0.id) \($0.digest)" }
            + library.policies.map {
                "\($0.id) \($0.file) \($0.title) \($0.states.map(\.name)) \(library.sourceText(of: $0.id)?.count ?? -1)"
            }
            + library.failedFiles.map { "\($0.key) \($0.value)" }.sorted()
    }

    @Test("the shared library, started in the background, is the same to every caller on every thread")
    func sharedAcrossThreads() async {
        let expected = Self.summary(PolicyLibrary.loadBuiltIn())
        let shared = BuiltInPolicies()
        shared.start()
        shared.start()
        let summaries = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<16 { group.addTask { Self.summary(shared.library()) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(summaries.count == 16)
        #expect(summaries.allSatisfy { $0 == expected })
    }

    @Test("asked before any start, the library loads on the caller's thread, and a later start does nothing")
    func withoutStart() {
        let shared = BuiltInPolicies()
        let first = shared.library()
        shared.start()
        #expect(Self.summary(shared.library()) == Self.summary(first))
        #expect(first.policies.count == 11)
    }

    @Test("a user's policy file still adds to the shared built-ins, and replaces one only when asked")
    func userPoliciesOnTop() throws {
        var library = PolicyLibrary.builtIn()
        let text = try #require(PolicyLibrary.builtIn().sourceText(of: "one-handed"))
        library.add(bytes: Array(text.utf8), file: "Policies/one-handed.yaml", replacingBuiltIn: true)
        #expect(library.diagnostics.isEmpty)
        #expect(library.policy(id: "one-handed")?.file == "Policies/one-handed.yaml")
        var again = PolicyLibrary.builtIn()
        again.add(bytes: Array(text.utf8), file: "/tmp/elsewhere/one-handed.yaml")
        #expect(again.diagnostics.map(\.message).first?.hasPrefix("duplicate policy id 'one-handed'") == true)
        #expect(PolicyLibrary.builtIn().policy(id: "one-handed")?.file == "<built-in>/Policies/one-handed.yaml")
    }

    @Test("a policy keeps its tables when a field they are not made from changes, and gets new ones otherwise")
    func tablesKept() throws {
        var policy = try #require(PolicyLibrary.builtIn().policy(id: "one-handed"))
        let tables = policy.tables
        policy.title = "another title"
        policy.file = "elsewhere.yaml"
        policy.summary = ""
        policy.sources = []
        policy.formFields = nil
        policy.fieldReads = []
        policy.idPosition = nil
        policy.initialPosition = nil
        #expect(policy.tables === tables)
        policy.initialState = "no-such-state"
        #expect(policy.tables !== tables)
        #expect(policy.tables.initialState == "no-such-state")
        #expect(policy.tables.initialIndex == nil)
    }
}
