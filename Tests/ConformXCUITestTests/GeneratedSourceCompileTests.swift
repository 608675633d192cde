import ConformCore
import ConformKit
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

    static func source(_ id: String) throws -> XCUITestSource {
        let policy = try #require(PolicyLibrary.builtIn().policy(id: id))
        return XCUITestSource(suite: SuiteGenerator(policy: policy).generate(), policy: policy)
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
