import ConformLoading
import ConformResources
import Foundation
import Testing

@testable import ConformCore
@testable import ConformEmbedding
@testable import ConformKit

@Suite("Kit: Built-in policies made in code are the policies the loader makes")
struct CompiledPoliciesTests {
    /// Every stored value reachable from `value` as text, with dictionaries and sets sorted, so that two
    /// values made in different orders (the loader inserts a file's keys as they come; the generated code
    /// writes them sorted) read the same exactly when they hold the same.
    static func canonical(_ value: Any, depth: Int = 0) -> String {
        guard depth < 200 else { return "<too deep>" }
        let mirror = Mirror(reflecting: value)
        let children = mirror.children.map { (label: $0.label, text: canonical($0.value, depth: depth + 1)) }
        switch mirror.displayStyle {
        case .dictionary?, .set?:
            return "[" + children.map(\.text).sorted().joined(separator: ", ") + "]"
        case .optional?:
            return children.first?.text ?? "nil"
        case .enum?:
            guard let payload = children.first else { return "\(mirror.subjectType).\(value)" }
            return "\(mirror.subjectType).\(payload.label ?? "?")\(payload.text)"
        case .struct?, .class?, .tuple?, .collection?:
            let parts = children.map { ($0.label.map { "\($0): " } ?? "") + $0.text }
            return "\(mirror.subjectType)(" + parts.joined(separator: ", ") + ")"
        default:
            return String(reflecting: value)
        }
    }

    /// Where two canonical texts part, with some text around it.
    static func firstDifference(_ made: String, _ read: String) -> String {
        let common = zip(made, read).prefix { $0 == $1 }.count
        func around(_ text: String) -> Substring { text.dropFirst(max(0, common - 80)).prefix(160) }
        return "…\(around(made))… where the loader makes …\(around(read))…"
    }

    @Test("the generated file is what conform-embed writes from Policies/ now")
    func fresh() throws {
        let root = EmbeddedPoliciesTests.packageRoot
        let expected = try EmbeddedSourceGenerator.compiledSource(packageRoot: root)
        let actual = try String(contentsOf: root.appendingPathComponent(EmbeddedSourceGenerator.compiledOutputPath), encoding: .utf8)
        // Compared apart: a failed `#expect(a == b)` would print both files whole.
        let same = actual == expected
        #expect(same, "CompiledPolicies+Generated.swift is out of date. Run 'swift run conform-embed'.")
        #expect(EmbeddedSourceGenerator.builtInFilePrefix == PolicyLibrary.builtInPrefix + "Policies/")
    }

    @Test("each policy made in code holds every value the loader reads from its file, the replay's tables too")
    func sameValues() {
        let compiled = CompiledPolicies.make()
        #expect(compiled.count == EmbeddedPolicies.files.count)
        for (file, policy) in zip(EmbeddedPolicies.files, compiled) {
            let (loaded, problems) = PolicyLoader().load(Array(file.text.utf8), file: PolicyLibrary.builtInPrefix + "Policies/" + file.name)
            #expect(problems.isEmpty, "\(file.name)")
            guard let loaded else { continue }
            let (made, read) = (Self.canonical(policy), Self.canonical(loaded))
            let same = made == read
            #expect(same, "\(file.name): the code makes \(Self.firstDifference(made, read))")
            // The comparison sees the whole of a policy: its states' branches, down to each expression's place.
            #expect(read.contains("Branch(") && read.contains("offset: ") && read.contains("PolicyTables("), "\(file.name)")
        }
    }

    @Test("the library made from them is the library loading the files makes: ids, files, digests, fingerprint, texts")
    func sameLibrary() {
        let loaded = PolicyLibrary.loadBuiltIn()
        let compiled = PolicyLibrary.compiledBuiltIn()
        #expect(compiled.policies.count == 11)
        #expect(BuiltInPoliciesTests.summary(compiled) == BuiltInPoliciesTests.summary(loaded))
        #expect(BuiltInPoliciesTests.summary(PolicyLibrary.builtIn()) == BuiltInPoliciesTests.summary(loaded))
    }

    @Test("the canonical text tells a changed value apart, a reordered dictionary not")
    func canonicalTellsApart() throws {
        let file = try #require(EmbeddedPolicies.files.first)
        let (loaded, _) = PolicyLoader().load(Array(file.text.utf8), file: "x.yaml")
        var policy = try #require(loaded)
        let before = Self.canonical(policy)
        policy.initialPosition = TextPosition(line: 999, column: 1)
        #expect(Self.canonical(policy) != before)
        #expect(Self.canonical(["a": 1, "b": 2, "c": 3]) == Self.canonical(["c": 3, "b": 2, "a": 1]))
        #expect(Self.canonical(["a": 1]) != Self.canonical(["a": 2]))
    }

    @Test("a Swift literal escapes quotes, backslashes and control characters and keeps other text")
    func literals() {
        #expect(CompiledPolicyWriter.literal("a \"b\" \\ c") == #""a \"b\" \\ c""#)
        #expect(CompiledPolicyWriter.literal("line\nnext\ttab\u{7}") == #""line\nnext\ttab\u{7}""#)
        #expect(CompiledPolicyWriter.literal("a\u{202E}b") == #""a\u{202e}b""#)
        #expect(CompiledPolicyWriter.literal("Réglages — “ok”") == "\"Réglages — “ok”\"")
        #expect(CompiledPolicyWriter.double(0.1) == "0.1")
        #expect(CompiledPolicyWriter.double(-2) == "(-2.0)")
    }
}
