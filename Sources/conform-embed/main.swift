import ConformEmbedding
import Foundation

// Rewrites Sources/ConformResources/Embedded+Generated.swift from Policies/ and report-templates/, and
// Sources/ConformKit/CompiledPolicies+Generated.swift (what the policy loader makes of Policies/, as code).
// Run from the package root: `swift run conform-embed`.
let root = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? FileManager.default.currentDirectoryPath)
do {
    let source = try EmbeddedSourceGenerator.source(packageRoot: root)
    let output = root.appendingPathComponent(EmbeddedSourceGenerator.outputPath)
    try source.write(to: output, atomically: true, encoding: .utf8)
    print("wrote \(EmbeddedSourceGenerator.outputPath)")
    let compiled = try EmbeddedSourceGenerator.compiledSource(packageRoot: root)
    try compiled.write(to: root.appendingPathComponent(EmbeddedSourceGenerator.compiledOutputPath), atomically: true, encoding: .utf8)
    print("wrote \(EmbeddedSourceGenerator.compiledOutputPath)")
} catch {
    FileHandle.standardError.write(Data("conform-embed: \(error)\n".utf8))
    exit(1)
}
