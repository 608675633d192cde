import ConformEmbedding
import Foundation

// Rewrites Sources/ConformResources/Embedded+Generated.swift from Policies/ and report-templates/.
// Run from the package root: `swift run conform-embed`.
let root = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? FileManager.default.currentDirectoryPath)
do {
    let source = try EmbeddedSourceGenerator.source(packageRoot: root)
    let output = root.appendingPathComponent(EmbeddedSourceGenerator.outputPath)
    try source.write(to: output, atomically: true, encoding: .utf8)
    print("wrote \(EmbeddedSourceGenerator.outputPath)")
} catch {
    FileHandle.standardError.write(Data("conform-embed: \(error.localizedDescription)\n".utf8))
    exit(1)
}
