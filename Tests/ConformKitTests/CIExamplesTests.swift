import Foundation
import Testing

/// Docs/CI.md shows the files under Examples/CI/ word for word (CI validates those files), and the
/// action's inputs as action.yml declares them.
@Suite("Kit: Docs/CI.md and Examples/CI")
struct CIExamplesTests {
    static let root = EmbeddedPoliciesTests.packageRoot

    /// A fenced block of Docs/CI.md and the file that the line just above it links to.
    struct Block {
        var file: String?
        var text: String
        var line: Int
    }

    static func blocks() throws -> [Block] {
        let doc = try String(contentsOf: root.appendingPathComponent("Docs/CI.md"), encoding: .utf8)
        let lines = doc.components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("```") else {
                index += 1
                continue
            }
            let above = lines[..<index].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            let file = above.firstMatch(of: /\]\(\.\.\/(Examples\/CI\/[^)]+)\)/).map { String($0.1) }
            let start = index + 1
            index = start
            while index < lines.count, lines[index] != "```" { index += 1 }
            let body = lines[start..<min(index, lines.count)].map { $0 + "\n" }.joined()
            blocks.append(Block(file: file, text: body, line: start))
            index += 1
        }
        return blocks
    }

    static func exampleFiles() throws -> [String] {
        let folder = root.appendingPathComponent("Examples/CI")
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        var files: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            files.append("Examples/CI/" + url.path.dropFirst(folder.path.count + 1))
        }
        return files.sorted()
    }

    @Test("every fenced block of Docs/CI.md is the file that the line above it links to, as it is")
    func blocksAreFiles() throws {
        let blocks = try Self.blocks()
        #expect(blocks.count >= 7)
        for block in blocks {
            guard let file = block.file else {
                Issue.record("Docs/CI.md:\(block.line): a fenced block without a link to its file under Examples/CI/ just above it")
                continue
            }
            let url = Self.root.appendingPathComponent(file)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                Issue.record("Docs/CI.md:\(block.line) shows \(file), which does not exist")
                continue
            }
            #expect(block.text == text, "Docs/CI.md:\(block.line) does not show \(file) as it is")
        }
    }

    @Test("Docs/CI.md shows every file under Examples/CI/")
    func everyFileShown() throws {
        let shown = Set(try Self.blocks().compactMap(\.file))
        let files = try Self.exampleFiles()
        #expect(files.count >= 7)
        for file in files {
            #expect(shown.contains(file), "Docs/CI.md does not show \(file)")
        }
    }

    @Test("Docs/CI.md's table of the action's inputs has action.yml's inputs, no more, no fewer")
    func actionInputs() throws {
        let action = try String(contentsOf: Self.root.appendingPathComponent("action.yml"), encoding: .utf8)
        var declared: [String] = []
        var inInputs = false
        for line in action.components(separatedBy: "\n") {
            if !line.hasPrefix(" "), !line.isEmpty, !line.hasPrefix("#") { inInputs = line == "inputs:" }
            if inInputs, let match = line.wholeMatch(of: /\s\s([a-z][a-z-]*):/) { declared.append(String(match.1)) }
        }
        let doc = try String(contentsOf: Self.root.appendingPathComponent("Docs/CI.md"), encoding: .utf8)
        let table = doc.components(separatedBy: "\n| input | default | what it does |\n")
        #expect(table.count == 2, "Docs/CI.md has no table of the action's inputs")
        let rows = (table.last ?? "").components(separatedBy: "\n\n").first ?? ""
        let documented = rows.components(separatedBy: "\n").compactMap { $0.firstMatch(of: /^\| `([a-z-]+)` \|/).map { String($0.1) } }
        #expect(declared.count >= 10)
        #expect(documented == declared, "Docs/CI.md's inputs \(documented) are not action.yml's \(declared), in order")
    }
}
