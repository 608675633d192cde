import ConformCore
import ConformKit
import Foundation
import Testing

@testable import ConformReports

/// Issue 33: policy text never becomes Swift code. A form policy whose state names, title, notes,
/// button labels, sheet title, message and action titles and field examples hold line breaks, `*/`,
/// `/*`, quotes, backslashes, `#`, `##[` and directional overrides (the "Trojan Source" ones) gives an
/// XCUITest file in which all of that text lies inside a string literal or a comment (the comments,
/// its "Not planned" header among them, escaped by the rule of its literals), and which compiles.
@MainActor
@Suite("XCUITest: generate --format xcuitest keeps hostile policy text inside literals and comments")
struct HostileGeneratedSourceTests {
    /// Every hostile text holds `PWNED`, so that the code outside literals and comments can be searched for it.
    nonisolated static let hostile =
        "PWNED\n}\nfunc evil() { fatalError() }\n// */ /* \"q\" \\\" \\(x) #if #\"raw\"# ##[add-mask]x \u{202E}\u{2066}rev\u{2069}\u{202C} \u{2028}\u{2029}\u{85}\r\n\u{0B}\u{0C}\u{7F}\u{1B}[2J end"

    nonisolated static func quoted(_ text: String) -> String {
        JSONValue.string(text).serialized()
    }

    /// The policy: an edit form whose every free text is `hostile` (with a suffix where two must differ),
    /// with a state nothing leads to, so that the header says what is not planned.
    nonisolated static var policyYAML: String {
        let h = quoted(hostile)
        let (start, sheet, unreached) = (quoted(hostile + "1"), quoted(hostile + "2"), quoted(hostile + "3"))
        return """
            conform: 1
            policy: hostile
            title: \(h)
            summary: \(h)
            domain: form
            sources:
              S: \(h)
            buttons:
              done: \(h)
              cancel: \(quoted(hostile + "C"))
            fields:
              title: [\(h)]
            see:
              done: "modified ? enabled : disabled"
              cancel: enabled
            initial: \(start)
            states:
              \(start):
                source: S
                note: \(h)
                on:
                  edit: \(start)
                  tap done: saved
                  tap cancel:
                    - if: modified
                      to: \(sheet)
                      note: \(h)
                    - to: discarded
              \(sheet):
                source: S
                note: \(h)
                see:
                  sheet:
                    title: \(h)
                    message: \(quoted(hostile + "M"))
                    actions:
                      - { title: \(quoted(hostile + "D")), role: destructive }
                      - { title: \(quoted(hostile + "K")), role: cancel }
                on:
                  choose destructive: discarded
                  choose cancel: \(start)
              \(unreached):
                source: S
                on:
                  tap done: saved
              saved:
                final: true
                see: { dismissed: true, saved: true }
              discarded:
                final: true
                see: { dismissed: true, saved: false }

            """
    }

    static func source() throws -> (XCUITestSource, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(policyYAML.utf8).write(to: folder.appendingPathComponent("hostile.yaml"))
        var library = PolicyLibrary.builtIn()
        library.load(paths: [folder.path])
        #expect(library.diagnostics.isEmpty, "\(library.diagnostics)")
        let policy = try #require(library.policy(id: "hostile"))
        let text = try #require(library.sourceText(of: "hostile"))
        let generated = XCUITestSource(
            suite: SuiteGenerator(policy: policy).generate(), policy: policy, policyText: text, policyFile: policy.file)
        return (generated, generated.source(version: "0"))
    }

    @Test("the policy text is in the file, but only inside literals and comments")
    func confined() throws {
        let (_, source) = try Self.source()
        // Not vacuous: the hostile text reaches the file, in the Not planned header among other places.
        #expect(source.components(separatedBy: "PWNED").count > 10)
        let header = source.split(separator: "\n").first { $0.hasPrefix("// Not planned") }
        #expect(header?.contains("PWNED") == true, "\(source)")
        let code = Self.code(outside: source)
        #expect(!code.contains("PWNED"), "policy text outside a literal or comment:\n\(code)")
        #expect(!code.contains("evil"), "\(code)")
        // Nothing that ends a line or reorders text stands raw anywhere, inside literals and comments too.
        let breaks: [Unicode.Scalar] = ["\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
        let others: [Unicode.Scalar] = ["\u{202E}", "\u{2066}", "\u{2069}", "\u{202C}", "\u{7F}", "\u{1B}"]
        for scalar in breaks + others {
            #expect(!source.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16))")
        }
        #expect(!source.contains("##["))
        // No comment opens or closes a block comment.
        for line in source.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
            #expect(!line.contains("*/") && !line.contains("/*"), "\(line)")
        }
    }

    @Test("with the team's extension it compiles (XCTest)")
    func compiles() throws {
        let (generated, source) = try Self.source()
        let result = try Typechecker.locate().typecheck(source, GeneratedSourceCompileTests.teamSide(generated.testTypeName))
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("the comment and literal escapes follow one rule")
    func escapes() {
        #expect(Escaping.swiftComment("a\nb\r\n*/c/*d \u{202E}e \"q\" \\ ##[x]") == "a\\nb\\r\\n*\\/c/\\*d \\u{202e}e \"q\" \\ ##\\u{5b}x]")
        #expect(Escaping.swiftLiteral("a\nb\u{2028}\"##[x") == "\"a\\nb\\u{2028}\\\"##\\u{5b}x\"")
        #expect(Escaping.swiftComment("Check: \"Done\" is enabled") == "Check: \"Done\" is enabled")
    }

    /// `source` with every comment and string literal taken out: what the compiler reads as code.
    /// Line comments end at LF or CR; block comments nest; a string literal ends at its unescaped quote
    /// (or, for a single-line one, at a line break: the compiler's error, which would show here as code).
    static func code(outside source: String) -> String {
        let s = Array(source.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        func at(_ offset: Int, _ text: String) -> Bool {
            let t = Array(text.unicodeScalars)
            return i + offset + t.count <= s.count && Array(s[(i + offset)..<(i + offset + t.count)]) == t
        }
        while i < s.count {
            if at(0, "//") {
                while i < s.count, s[i] != "\n", s[i] != "\r" { i += 1 }
            } else if at(0, "/*") {
                var depth = 0
                repeat {
                    if at(0, "/*") {
                        depth += 1
                        i += 2
                    } else if at(0, "*/") {
                        depth -= 1
                        i += 2
                    } else {
                        i += 1
                    }
                } while depth > 0 && i < s.count
            } else if at(0, "\"\"\"") {
                i += 3
                while i < s.count, !at(0, "\"\"\"") { i += s[i] == "\\" ? 2 : 1 }
                i += 3
            } else if s[i] == "\"" {
                i += 1
                while i < s.count, s[i] != "\"", s[i] != "\n", s[i] != "\r" { i += s[i] == "\\" ? 2 : 1 }
                i += 1
            } else {
                out.append(s[i])
                i += 1
            }
        }
        return String(out)
    }
}
