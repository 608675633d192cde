import Foundation
import Testing

/// The README's "Use as a library" example is the example package, word for word (CI builds and runs it).
@Suite("Kit: README library example")
struct ReadmeExampleTests {
    @Test("the README shows Examples/RecordReminders' Package.swift and main.swift as they are")
    func sameCode() throws {
        let root = EmbeddedPoliciesTests.packageRoot
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        for file in ["Examples/RecordReminders/Package.swift", "Examples/RecordReminders/Sources/RecordReminders/main.swift"] {
            let code = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            #expect(readme.contains("```swift\n" + code + "```\n"), "README.md does not show \(file) as it is")
        }
    }
}
