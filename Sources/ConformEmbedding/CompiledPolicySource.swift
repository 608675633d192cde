import ConformCore
import ConformLoading
import Foundation

/// Where the compiled built-in policies are written, and how they are made from `Policies/`.
extension EmbeddedSourceGenerator {
    /// The generated file of the built-in policies made in code, relative to the package root.
    public static let compiledOutputPath = "Sources/ConformKit/CompiledPolicies+Generated.swift"
    /// How a built-in policy's file is named in messages: `PolicyLibrary.builtInPrefix` + `Policies/` + name
    /// (a test holds the two to the same text; this module cannot see ConformKit, which it generates for).
    public static let builtInFilePrefix = "<built-in>/Policies/"

    /// A policy file the loader did not load without a problem: the compiled form is made only of clean files.
    public struct PolicyFileProblem: Error, CustomStringConvertible {
        public var description: String
    }

    /// The compiled form of the policy files in `Policies/` under `root`.
    public static func compiledSource(packageRoot root: URL) throws -> String {
        try compiledSource(policies: policyFiles(in: root.appendingPathComponent(policiesDirectory)))
    }

    /// The compiled form of the given policy files, each loaded as the built-in library loads it.
    public static func compiledSource(policies files: [(name: String, text: String)]) throws -> String {
        var loaded: [(policy: Policy, hash: String)] = []
        for file in files {
            let bytes = Array(file.text.utf8)
            let (policy, problems) = PolicyLoader().load(bytes, file: builtInFilePrefix + file.name)
            guard let policy, problems.isEmpty else {
                let said = problems.map { "\($0.position.line):\($0.position.column): \($0.message)" }
                throw PolicyFileProblem(description: "Policies/\(file.name) has problems: \(said.joined(separator: "; "))")
            }
            var hash = StableHash()
            hash.combine(bytes)
            loaded.append((policy, hash.hex))
        }
        return CompiledPolicyWriter.source(policies: loaded)
    }
}
