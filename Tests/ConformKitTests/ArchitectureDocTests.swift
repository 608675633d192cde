import Foundation
import Testing

/// Docs/Architecture.md's module graphs are Package.swift's, and its tables name every target.
@Suite("Kit: Architecture doc")
struct ArchitectureDocTests {
    static func texts() throws -> (doc: String, package: String) {
        let root = EmbeddedPoliciesTests.packageRoot
        return (
            try String(contentsOf: root.appendingPathComponent("Docs/Architecture.md"), encoding: .utf8),
            try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        )
    }

    /// Every target of Package.swift: its name, whether it is a test target, and the names quoted in its dependencies.
    static func targets(_ package: String) throws -> [(name: String, test: Bool, dependencies: [String])] {
        let pattern = try NSRegularExpression(
            pattern: #"\.(target|executableTarget|testTarget)\(\s*name: "([\w-]+)"(?:,\s*dependencies: \[([^\]]*)\])?"#)
        let text = package as NSString
        let quoted = try NSRegularExpression(pattern: #""([\w-]+)""#)
        return pattern.matches(in: package, range: NSRange(location: 0, length: text.length)).map { match in
            let dependencies = match.range(at: 3).location == NSNotFound ? "" : text.substring(with: match.range(at: 3))
            let names = quoted.matches(in: dependencies, range: NSRange(location: 0, length: (dependencies as NSString).length)).map {
                (dependencies as NSString).substring(with: $0.range(at: 1))
            }
            return (text.substring(with: match.range(at: 2)), text.substring(with: match.range(at: 1)) == "testTarget", names)
        }
    }

    @Test("the Mermaid graphs list exactly the dependencies of every target but the test targets, within the package")
    func graphMatchesPackage() throws {
        let (doc, package) = try Self.texts()
        let shown = Set(
            doc.split(separator: "\n").compactMap { line -> String? in
                let parts = line.split(separator: " ").map(String.init)
                return parts.count == 3 && parts[1] == "-->" ? parts[0] + " -> " + parts[2] : nil
            })
        let targets = try Self.targets(package)
        let names = Set(targets.map(\.name))
        // A product's name (Yams, Mustache) or a package's is not a target: only the package's own modules count.
        var declared: Set<String> = []
        for target in targets where !target.test {
            for dependency in target.dependencies where names.contains(dependency) { declared.insert(target.name + " -> " + dependency) }
        }
        #expect(declared.count >= 17)
        #expect(declared.contains("conform-embed -> ConformEmbedding") && declared.contains("XCUISimulator -> XCUIDeclarations"))
        #expect(shown == declared)
    }

    @Test("every target of Package.swift, test targets too, has its row in a table")
    func everyTargetNamed() throws {
        let (doc, package) = try Self.texts()
        let targets = try Self.targets(package)
        #expect(targets.count >= 25)
        for target in targets {
            #expect(doc.contains("\n| `\(target.name)` "), "Docs/Architecture.md has no row for \(target.name)")
        }
    }
}
