import ConformCore
import ConformKit
import Foundation
import Testing

@testable import ConformReports

/// Issue 23: the XCTest file `conform generate ID --format xcuitest` writes compiles, for every built-in
/// form policy, against the declared XCUITest API (as it compiles against XCTest on iOS), with the one
/// extension a team writes; without that extension it does not compile, so no test passes by default.
@MainActor
@Suite("XCUITest: generate --format xcuitest: every form policy's XCTest file compiles")
struct GeneratedSourceCompileTests {
    nonisolated static let formPolicies = [
        "apple-calendar", "apple-contacts", "apple-reminders", "apple-sample", "makeitso", "one-handed", "swiftui-dismiss-disabled",
    ]

    @Test("the list above is every built-in form policy")
    func everyFormPolicy() {
        #expect(PolicyLibrary.builtIn().policies.filter(\.isFormDomain).map(\.id).sorted() == Self.formPolicies)
    }

    static func source(_ id: String, in library: PolicyLibrary = .builtIn()) throws -> XCUITestSource {
        let policy = try #require(library.policy(id: id))
        let text = try #require(library.sourceText(of: id))
        return XCUITestSource(suite: SuiteGenerator(policy: policy).generate(), policy: policy, policyText: text, policyFile: policy.file)
    }

    /// A team's own policy in a folder of its own, as `--policies` loads it.
    static func teamLibrary() throws -> PolicyLibrary {
        var library = PolicyLibrary.builtIn()
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("GeneratedUITests/Policies")
        library.load(paths: [folder.path])
        return library
    }

    static func teamSide(_ type: String) -> String {
        """
        import ConformRecording
        import XCUIDeclarations
        extension \(type) {
            func openForm(_ app: XCUIApplication) throws { app.launch() }
            var observerOptions: ScreenObserver.Options { ScreenObserver.Options(fields: [.init("title", identifier: "title-field")]) }
        }
        """
    }

    @Test("with the team's extension it compiles", arguments: formPolicies)
    func compiles(policy id: String) throws {
        let source = try Self.source(id)
        let result = try Typechecker.locate().typecheck(source.source(version: ""), Self.teamSide(source.testTypeName))
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("a team's own policy: the file compiles and carries that policy's text, which a scenario loads")
    func teamPolicy() throws {
        let source = try Self.source("team-drafts", in: Self.teamLibrary())
        let text = source.source(version: "")
        #expect(text.contains("static let policyFile = \"team-drafts.yaml\""))
        let result = try Typechecker.locate().typecheck(text, Self.teamSide(source.testTypeName))
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("the team may set scenarioOptions: app, screen, a saved check, a settle timeout")
    func scenarioOptions() throws {
        let source = try Self.source("apple-reminders")
        let team = """
            import ConformRecording
            import ConformXCUITest
            import XCUIDeclarations
            extension \(source.testTypeName) {
                func openForm(_ app: XCUIApplication) throws { app.launch() }
                var observerOptions: ScreenObserver.Options { ScreenObserver.Options(fields: [.init("title", identifier: "title-field")]) }
                var scenarioOptions: XCUIScenario.Options {
                    XCUIScenario.Options(
                        app: "Reminders", screen: "Details", saved: .row("item-title", shows: "title"), settle: Settle(timeout: 5))
                }
            }
            """
        let result = try Typechecker.locate().typecheck(source.source(version: ""), team)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("a policy text that would close a raw string, or escape in it, is carried exactly")
    func awkwardPolicyText() {
        let text = "a: \"\"\"#\nb: \\#(x) \\n\n"
        let literal = XCUITestSource.multilineLiteral(text)
        // `"""#` and `\#` are in the text: two `#` close and escape, and the text is carried as it is.
        #expect(literal == "##\"\"\"\n" + text + "\n\"\"\"##")
        #expect(XCUITestSource.multilineLiteral("a\r\nb").hasPrefix("\"a\\r\\nb"))
        #expect(XCUITestSource.multilineLiteral("x\u{202E}y") == "\"x\\u{202e}y\"")
    }

    @Test("Examples/iOS: the generated file and the team's side compile together against the declared API")
    func iOSExample() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/iOS/FormDemoUITests")
        let generated = try String(contentsOf: folder.appendingPathComponent("Generated/OneHandedConformanceTests.swift"), encoding: .utf8)
        // The team's file imports XCTest, which on Linux has no UI testing: the declared API stands in for it.
        let team = try String(contentsOf: folder.appendingPathComponent("OneHandedFormOpening.swift"), encoding: .utf8)
            .replacingOccurrences(of: "import XCTest\n", with: "import XCUIDeclarations\n")
        #expect(team.contains("import XCUIDeclarations\n"))
        let result = try Typechecker.locate().typecheck(generated, team)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("without it, it does not compile: the extension point is required")
    func extensionPointRequired() throws {
        let source = try Self.source("one-handed")
        let result = try Typechecker.locate().typecheck(source.source(version: ""))
        #expect(result.status != 0)
        #expect(result.output.contains("does not conform to protocol 'OneHandedFormOpening'"), "\(result.output)")
    }

    @Test("keyboard and disclosure policies are refused with the reason", arguments: ["keyboard-listener", "disclosure-always"])
    func refused(policy id: String) throws {
        let policy = try #require(PolicyLibrary.builtIn().policy(id: id))
        #expect(XCUITestSource.refusal(for: policy)?.contains("XCUITest cannot perform") == true)
    }

    @Test("strings land as Swift literals: quotes, backslashes, interpolation and controls are escaped")
    func literals() {
        #expect(Escaping.swiftLiteral("Say \"hi\" \\(x) \n\u{7}") == "\"Say \\\"hi\\\" \\\\(x) \\n\\u{7}\"")
        #expect(XCUITestSource.literal(["b": .number(2), "a": .string("x")]) == "[\"a\": .string(\"x\"), \"b\": .number(2)]")
    }
}
