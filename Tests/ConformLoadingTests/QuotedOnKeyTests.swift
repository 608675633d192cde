import ConformCore
import Foundation
import Testing

/// Docs/PolicyFormat.md tells users of YAML 1.1 tools (PyYAML reads a bare `on` as `true`) to quote the
/// key: `"on":` must then load exactly as `on:` does.
@Suite("Loading: A quoted \"on\" key")
struct QuotedOnKeyTests {
    @Test("every built-in policy loads the same with its on: keys quoted")
    func quotedOnLoadsTheSame() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Policies")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(files.count > 5)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let quoted = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                let indent = line.prefix { $0 == " " }
                return line.dropFirst(indent.count).hasPrefix("on:") ? indent + "\"on\":" + line.dropFirst(indent.count + 3) : String(line)
            }.joined(separator: "\n")
            #expect(quoted != text, "\(file) has no on: key")
            let plain = try #require(loadPolicy(text), "\(file)")
            let loaded = try #require(loadPolicy(quoted), "\(file) with \"on\": \(policyProblems(quoted))")
            #expect(
                loaded.states.map { "\($0.name): \($0.transitions.map(\.pattern.display))" }
                    == plain.states.map { "\($0.name): \($0.transitions.map(\.pattern.display))" }, "\(file)")
        }
    }
}
