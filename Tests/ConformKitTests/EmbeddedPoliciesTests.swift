import ConformEmbedding
import ConformResources
import Foundation
import Testing

@testable import ConformKit

@Suite("Kit: Built-in policies")
struct EmbeddedPoliciesTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("the embedded copy is Policies/ and report-templates/ as they are now")
    func fresh() throws {
        let policies = try EmbeddedSourceGenerator.policyFiles(in: Self.packageRoot.appendingPathComponent("Policies"))
        let expected = try EmbeddedSourceGenerator.source(packageRoot: Self.packageRoot)
        let actual = try String(contentsOf: Self.packageRoot.appendingPathComponent(EmbeddedSourceGenerator.outputPath), encoding: .utf8)
        #expect(actual == expected, "Embedded+Generated.swift is out of date. Run 'swift run conform-embed'.")
        #expect(EmbeddedPolicies.files.map(\.name) == policies.map(\.name))
        let same = EmbeddedPolicies.files.map(\.text) == policies.map(\.text)
        #expect(same, "the compiled-in policy texts differ from Policies/")
        let templates = try EmbeddedSourceGenerator.files(
            in: Self.packageRoot.appendingPathComponent("report-templates"), suffix: ".mustache")
        let sameTemplates = EmbeddedTemplates.files.map(\.text) == templates.map(\.text)
        #expect(sameTemplates, "the compiled-in templates differ from report-templates/")
        #expect(!templates.isEmpty)
    }

    @Test("every built-in policy loads without a problem, under the id its file is named after")
    func allLoad() {
        let library = PolicyLibrary.builtIn()
        #expect(library.diagnostics.map(\.formatted) == [])
        #expect(library.ids == EmbeddedPolicies.files.map { String($0.name.dropLast(5)) }.sorted())
        #expect(library.ids.contains("one-handed"))
        #expect(library.ids.contains("makeitso"))
    }

    @Test("a text with quotes and hashes survives embedding")
    func rawLiteral() {
        let source = EmbeddedSourceGenerator.source(policies: [(name: "x.yaml", text: "a: \"#\"## \"\"\"\n")])
        #expect(source.contains("text: ###\"\"\"\na: \"#\"## \"\"\"\n\n\"\"\"###"))
    }
}
