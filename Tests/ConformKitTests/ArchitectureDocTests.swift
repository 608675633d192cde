import Foundation
import Testing

/// Docs/Architecture.md's module graph is Package.swift's.
@Suite("Kit: Architecture doc")
struct ArchitectureDocTests {
    @Test("the Mermaid graph lists exactly the library modules' dependencies in Package.swift")
    func graphMatchesPackage() throws {
        let root = EmbeddedPoliciesTests.packageRoot
        let doc = try String(contentsOf: root.appendingPathComponent("Docs/Architecture.md"), encoding: .utf8)
        let package = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let shown = Set(
            doc.split(separator: "\n").compactMap { line -> String? in
                let parts = line.split(separator: " ").map(String.init)
                return parts.count == 3 && parts[1] == "-->" ? parts[0] + " -> " + parts[2] : nil
            })
        // Every target named `Conform...` (not a test) and the Conform modules it depends on.
        var declared: Set<String> = []
        let pattern = try NSRegularExpression(
            pattern: #"\.(?:target|executableTarget)\(\s*name: "(Conform\w+)"(?:,\s*dependencies: \[([^\]]*)\])?"#)
        let text = package as NSString
        for match in pattern.matches(in: package, range: NSRange(location: 0, length: text.length)) {
            let name = text.substring(with: match.range(at: 1))
            guard match.range(at: 2).location != NSNotFound, !["ConformEmbedding", "ConformTestSupport"].contains(name) else { continue }
            let dependencies = text.substring(with: match.range(at: 2))
            for dependency in dependencies.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespacesAndNewlines) })
            where dependency.hasPrefix("\"Conform") {
                declared.insert(name + " -> " + dependency.trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
            }
        }
        #expect(declared.count >= 10)
        #expect(shown == declared)
    }
}
