import Foundation

@testable import ConformRecording

/// The public `debugDescription` dumps, read in place from `../shared/ui-tree-dumps/` beside the package
/// (they are not copied into the project; see that folder's SOURCES.md).
let dumpsFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("../shared/ui-tree-dumps").standardized

/// Why the real-dump tests pass without looking at anything on a clone, said once per test run (not
/// once per dump): a newcomer reading `swift test`'s output should see what is skipped and that it is fine.
private let dumpsAbsent: Void = {
    print(
        "SKIPPED: the 10 tests of real XCUITest debugDescription dumps (Recording: Real debugDescription dumps). "
            + "The dumps come from public projects and are kept outside the repository, in \(dumpsFolder.path) "
            + "(../shared/ui-tree-dumps beside the checkout), which a clone does not have. Nothing is wrong: the reader "
            + "is still tested on the dumps in Tests/ConformRecordingTests/Fixtures.")
}()

/// The text of the dump whose file name starts with `number` (`"03"`), or `nil` when the folder is not
/// there (a clone without the shared folder): the test is skipped, and the first one says why.
func dumpText(_ number: String, in folder: URL = dumpsFolder) throws -> String? {
    guard FileManager.default.fileExists(atPath: folder.path) else {
        if folder == dumpsFolder { _ = dumpsAbsent }
        return nil
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    guard let name = names.sorted().first(where: { $0.hasPrefix(number + "-") && $0.hasSuffix(".txt") }) else {
        throw DumpMissing(number: number, folder: folder.path)
    }
    return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
}

/// The folder is there but the dump is not: a failure, not a skip.
struct DumpMissing: Error, CustomStringConvertible {
    var number: String
    var folder: String
    var description: String { "no dump \(number)-*.txt in \(folder)" }
}

/// The tree of the dump `number`, or `nil` when the dumps are absent (skipped).
func dumpTree(_ number: String) throws -> DebugDescriptionTree? {
    guard let text = try dumpText(number) else { return nil }
    return try DebugDescriptionReader.read(text)
}

/// Every element of `root`, itself first.
func everything(_ root: ElementSnapshot) -> [ElementSnapshot] {
    var result: [ElementSnapshot] = []
    var stack = [root]
    while let next = stack.popLast() {
        result.append(next)
        stack.append(contentsOf: next.elements.reversed())
    }
    return result
}

/// The path of types from `root` down to the first element matching `match`, both included.
func typePath(to match: (ElementSnapshot) -> Bool, in root: ElementSnapshot) -> [UIElementKind]? {
    if match(root) { return [root.elementType] }
    for child in root.elements {
        if let path = typePath(to: match, in: child) { return [root.elementType] + path }
    }
    return nil
}
