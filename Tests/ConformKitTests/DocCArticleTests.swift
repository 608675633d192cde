import Foundation
import Testing

/// The code blocks of the DocC catalogs are code the tests compile: each is a `// docc:begin NAME` …
/// `// docc:end NAME` region of a test source file, word for word once de-indented, so that an article
/// cannot drift from the API. The first program of GettingStarted.md is also Examples/RecordReminders'
/// main.swift (which the README shows, and CI builds and runs).
@Suite("Kit: DocC articles")
struct DocCArticleTests {
    static let root = EmbeddedPoliciesTests.packageRoot

    /// Each shown block: the article, the source file, the region (GettingStarted.md's first program is
    /// checked apart, since it is main.swift with its import).
    static let blocks: [(article: String, source: String, region: String)] = [
        ("Sources/ConformKit/ConformKit.docc/GettingStarted.md", "Tests/ConformKitTests/GettingStartedExamples.swift", "check-a-file"),
        (
            "Sources/ConformAssertions/ConformAssertions.docc/ConformAssertions.md", "Tests/ConformAssertionsTests/AssertionExamples.swift",
            "reminders-form-tests"
        ),
        (
            "Sources/ConformAssertions/ConformAssertions.docc/ConformAssertions.md", "Tests/ConformAssertionsTests/AssertionExamples.swift",
            "reminders-form-expectations"
        ),
    ]

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The lines between `// docc:begin NAME` and `// docc:end NAME`, less their common indentation.
    static func region(_ name: String, in source: String) -> String? {
        let lines = source.components(separatedBy: "\n")
        guard let begin = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// docc:begin \(name)" }),
            let end = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// docc:end \(name)" }), begin < end
        else { return nil }
        let body = lines[(begin + 1)..<end]
        let indent = body.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return body.map { $0.isEmpty ? "" : String($0.dropFirst(indent)) }.joined(separator: "\n") + "\n"
    }

    @Test("every code block listed is its region of compiled test source, word for word", arguments: blocks.indices)
    func blockIsCompiledSource(index: Int) throws {
        let block = Self.blocks[index]
        let code = try #require(
            Self.region(block.region, in: try Self.read(block.source)), "no region '\(block.region)' in \(block.source)")
        #expect(
            try Self.read(block.article).contains("```swift\n" + code + "```\n"),
            "\(block.article) does not show \(block.source)'s '\(block.region)'")
    }

    @Test("every Swift code block of the catalogs is one of those checked, or the example package's manifest")
    func noUncheckedBlock() throws {
        let manifest = try Self.read("Examples/RecordReminders/Package.swift")
        var checked = Set(try Self.blocks.map { try #require(Self.region($0.region, in: try Self.read($0.source))) })
        checked.insert(manifest)
        checked.insert(
            "import ConformKit\n\n"
                + (try #require(Self.region("record-reminders", in: try Self.read("Tests/ConformKitTests/GettingStartedExamples.swift")))))
        for article in Set(Self.blocks.map(\.article)) {
            let text = try Self.read(article)
            for shown in text.components(separatedBy: "```swift\n").dropFirst() {
                let code = String(shown[..<(shown.range(of: "```\n")?.lowerBound ?? shown.endIndex)])
                #expect(checked.contains(code), "\(article) shows Swift that no test compiles:\n\(code)")
            }
        }
    }

    @Test("GettingStarted.md's first program is Examples/RecordReminders, as the README shows it")
    func gettingStartedIsTheExamplePackage() throws {
        let article = try Self.read("Sources/ConformKit/ConformKit.docc/GettingStarted.md")
        let main = try Self.read("Examples/RecordReminders/Sources/RecordReminders/main.swift")
        let region = try #require(Self.region("record-reminders", in: try Self.read("Tests/ConformKitTests/GettingStartedExamples.swift")))
        #expect(main == "import ConformKit\n\n" + region, "main.swift, after its import, is not the compiled region 'record-reminders'")
        #expect(article.contains("```swift\n" + main + "```\n"))
        #expect(article.contains("```swift\n" + (try Self.read("Examples/RecordReminders/Package.swift")) + "```\n"))
    }

    @Test("the article's file check runs, from the package root, and prints the departure's step and line")
    func checkAFileRuns() throws {
        try #require(
            FileManager.default.fileExists(atPath: "Traces/Reminders/swipe-after-edit.yaml"), "swift test runs from the package root")
        let printed = try checkAFileExample()
        #expect(printed.hasPrefix("step 1, line 10: "))
        // The article shows what it prints.
        let article = try Self.read("Sources/ConformKit/ConformKit.docc/GettingStarted.md")
        #expect(article.contains("```\n" + printed + "```\n"), "GettingStarted.md does not show the output:\n\(printed)")
    }
}
