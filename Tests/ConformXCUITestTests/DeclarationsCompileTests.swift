import Foundation
import Testing

/// The declared API is strict where Apple's is: code that misuses it does not compile. Each test
/// type-checks a snippet against the built `XCUIDeclarations` module with the toolchain's `swiftc`,
/// beside a correct twin that must compile (so the test can tell a wrong snippet from a broken set-up).
@MainActor
@Suite("XCUITest: the declared XCUITest API rejects misuse at compile time")
struct DeclarationsCompileTests {
    @Test("snapshot() without try does not compile; with try it does")
    func snapshotThrows() throws {
        let checker = try Typechecker.locate()
        let wrong = try checker.typecheck(
            """
            import XCUIDeclarations
            @MainActor func probe(_ app: XCUIApplication) { _ = app.snapshot() }
            """)
        #expect(wrong.status != 0, "a snapshot() call without try compiled")
        #expect(wrong.output.contains("call can throw"), "\(wrong.output)")
        let right = try checker.typecheck(
            """
            import XCUIDeclarations
            @MainActor func probe(_ app: XCUIApplication) throws { _ = try app.snapshot() }
            """)
        #expect(right.status == 0, "\(right.output)")
    }

    @Test("the element API is main-actor isolated: a nonisolated synchronous call does not compile")
    func mainActorIsolated() throws {
        let checker = try Typechecker.locate()
        let wrong = try checker.typecheck(
            """
            import XCUIDeclarations
            func probe(_ element: XCUIElement) { element.tap() }
            """)
        #expect(wrong.status != 0, "a nonisolated tap() compiled")
        #expect(wrong.output.contains("main actor-isolated"), "\(wrong.output)")
        let right = try checker.typecheck(
            """
            import XCUIDeclarations
            @MainActor func probe(_ element: XCUIElement) { element.tap() }
            """)
        #expect(right.status == 0, "\(right.output)")
    }

    @Test("a value is Any?, not String: using it as text without a cast does not compile")
    func valueIsAny() throws {
        let checker = try Typechecker.locate()
        let wrong = try checker.typecheck(
            """
            import XCUIDeclarations
            @MainActor func probe(_ element: XCUIElement) -> String? { element.value }
            """)
        #expect(wrong.status != 0, "Any? compiled as String?")
        let right = try checker.typecheck(
            """
            import XCUIDeclarations
            @MainActor func probe(_ element: XCUIElement) -> String? { element.value as? String }
            """)
        #expect(right.status == 0, "\(right.output)")
    }

    @Test(
        "XCTContext.runActivity is main-actor isolated (@preconcurrency: a warning, not an error, outside it); attachments go to its activity"
    )
    func activities() throws {
        let checker = try Typechecker.locate()
        // Apple declares it `@MainActor @preconcurrency`: a nonisolated call is diagnosed but compiles.
        let nonisolated = try checker.typecheck(
            """
            import Foundation
            import XCUIDeclarations
            func probe() { XCTContext.runActivity(named: "a") { _ in } }
            """)
        #expect(nonisolated.output.contains("main actor-isolated"), "\(nonisolated.output)")
        let right = try checker.typecheck(
            """
            import Foundation
            import XCUIDeclarations
            @MainActor func probe(_ data: Data) -> Int {
                XCTContext.runActivity(named: "trace") { activity in
                    let attachment = XCTAttachment(data: data, uniformTypeIdentifier: "public.yaml")
                    attachment.name = "trace.yaml"
                    attachment.lifetime = .keepAlways
                    activity.add(attachment)
                    return activity.name.count
                }
            }
            @MainActor func waits(_ element: XCUIElement) -> Bool { element.waitForNonExistence(timeout: 1) && element.isHittable }
            @MainActor final class Generated: XCTestCase { func test01() throws {} }
            """)
        #expect(right.status == 0, "\(right.output)")
    }

    @Test("the simulated device is SPI: without @_spi(Simulation) it cannot be seen")
    func simulationIsSPI() throws {
        let checker = try Typechecker.locate()
        let wrong = try checker.typecheck(
            """
            import XCUIDeclarations
            @MainActor func probe() { Simulation.failures = [] }
            """)
        #expect(wrong.status != 0, "Simulation was visible without the SPI import")
        let right = try checker.typecheck(
            """
            @_spi(Simulation) import XCUIDeclarations
            @MainActor func probe() { Simulation.failures = [] }
            """)
        #expect(right.status == 0, "\(right.output)")
    }
}

/// `swiftc -typecheck` against the built XCUIDeclarations module.
struct Typechecker {
    let swiftc: URL
    let modules: URL

    struct Result {
        let status: Int32
        let output: String
    }

    struct SetUpProblem: Error, CustomStringConvertible {
        let description: String
    }

    /// Finds `swiftc` (SWIFT_EXEC, else the PATH) and the folder holding `XCUIDeclarations.swiftmodule`
    /// (beside the running test binary, else under the package's .build). Throws, failing the test,
    /// when either is missing: a check that cannot run must not pass.
    static func locate() throws -> Typechecker {
        guard let swiftc = findSwiftc() else {
            throw SetUpProblem(description: "no swiftc: set SWIFT_EXEC or put the toolchain's bin folder on PATH")
        }
        guard let modules = findModules() else {
            throw SetUpProblem(
                description: "XCUIDeclarations.swiftmodule not found beside \(CommandLine.arguments.first ?? "the test binary") "
                    + "or under \(packageRoot.appendingPathComponent(".build").path)")
        }
        return Typechecker(swiftc: swiftc, modules: modules)
    }

    func typecheck(_ source: String, _ more: String...) throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for (index, text) in ([source] + more).enumerated() {
            let file = folder.appendingPathComponent("probe\(index).swift")
            try Data(text.utf8).write(to: file)
            files.append(file.path)
        }
        // Modules that import ConformKit see libyaml's module (through ConformLoading): its map is in the
        // checkout of Yams beside the build.
        var clang: [String] = []
        if let include = Self.cYamlInclude(near: modules) { clang = ["-Xcc", "-I", "-Xcc", include.path] }
        let process = Process()
        process.executableURL = swiftc
        process.arguments = ["-typecheck", "-swift-version", "6", "-I", modules.path] + clang + files
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self))
    }

    private static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private static func findSwiftc() -> URL? {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [String] = []
        if let exec = environment["SWIFT_EXEC"], !exec.isEmpty { candidates.append(exec) }
        for folder in (environment["PATH"] ?? "").split(separator: ":") { candidates.append("\(folder)/swiftc") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map(URL.init(fileURLWithPath:))
    }

    /// `checkouts/Yams/Sources/CYaml/include` of the build that made `modules`, or of the package's .build.
    static func cYamlInclude(near modules: URL) -> URL? {
        var folder = modules
        var candidates: [URL] = []
        for _ in 0..<4 {
            folder = folder.deletingLastPathComponent()
            candidates.append(folder.appendingPathComponent("checkouts/Yams/Sources/CYaml/include"))
        }
        candidates.append(packageRoot.appendingPathComponent(".build/checkouts/Yams/Sources/CYaml/include"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("module.modulemap").path) }
    }

    private static func findModules() -> URL? {
        let name = "XCUIDeclarations.swiftmodule"
        var folders: [URL] = []
        if let binary = CommandLine.arguments.first {
            // .build/<triple>/<config>/<package>PackageTests.xctest: Modules is its sibling.
            var folder = URL(fileURLWithPath: binary).deletingLastPathComponent()
            for _ in 0..<4 {
                folders.append(folder.appendingPathComponent("Modules"))
                folders.append(folder)
                folder = folder.deletingLastPathComponent()
            }
        }
        let build = packageRoot.appendingPathComponent(".build")
        for config in ["debug", "release"] {
            folders.append(build.appendingPathComponent(config).appendingPathComponent("Modules"))
        }
        if let triples = try? FileManager.default.contentsOfDirectory(atPath: build.path) {
            for triple in triples.sorted() {
                folders.append(build.appendingPathComponent(triple).appendingPathComponent("debug/Modules"))
            }
        }
        return folders.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent(name).path) }
    }
}
