import ConformCore
import Foundation

@testable import ConformRecording

/// The folder of the JSON snapshots, found from this file so that the tests run from any directory.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// A fixture file: where its tree comes from, and the tree.
///
/// ```json
/// {"fixture": {"ios": "18.0", "device": "iPhone 14 (390x844)", "presentation": "UIKit", "source": "IOS-UI-TREES.md §3 ..."},
///  "tree": {"type": "application", ...}}
/// ```
/// or `{"fixture": {"synthetic": "why no real tree is imitated"}, "tree": ...}`. The wrapper lives in the tests,
/// not in `ElementSnapshot`: a snapshot kept from a device (`ElementSnapshot(xcui:).json()`) is a bare tree,
/// and where it came from is the test's to say.
struct FixtureFile: Decodable {
    var fixture: Provenance
    var tree: ElementSnapshot
}

/// Which iOS version, device and source a fixture's tree imitates (one of each: a fixture imitates one
/// version), or why it imitates none.
struct Provenance: Decodable, Hashable {
    var ios: String?
    var device: String?
    var presentation: String?
    var source: String?
    var synthetic: String?

    /// The iOS major version, when `ios` is one (`"26.5"` → 26).
    var major: Int? { ios.flatMap { Int($0.prefix { $0 != "." }) } }

    /// The device's size in points, from the `(WxH)` its name ends with.
    var size: (width: Double, height: Double)? {
        guard let device, let open = device.lastIndex(of: "("), device.hasSuffix(")") else { return nil }
        let numbers = device[device.index(after: open)..<device.index(before: device.endIndex)].split(separator: "x")
        guard numbers.count == 2, let width = Double(numbers[0]), let height = Double(numbers[1]) else { return nil }
        return (width, height)
    }

    var isPad: Bool { device?.hasPrefix("iPad") == true }

    /// What is missing or wrong, empty when the provenance is complete.
    var problems: [String] {
        if let synthetic {
            let extra = [ios, device, presentation, source].contains { $0 != nil }
            return synthetic.trimmingWhitespace.isEmpty
                ? ["'synthetic' says nothing"]
                : extra ? ["a synthetic fixture imitates no version, device or source"] : []
        }
        var problems: [String] = []
        let version = ios.map { $0.split(separator: ".", omittingEmptySubsequences: false) } ?? []
        if version.isEmpty || version.count > 3 || !version.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) {
            problems.append("'ios' is one version such as \"18.0\" (got \(ios.map { "'\($0)'" } ?? "none"))")
        }
        if size == nil {
            problems.append("'device' names the device and its size in points, e.g. \"iPhone 14 (390x844)\"")
        }
        if !["UIKit", "SwiftUI"].contains(presentation ?? "") { problems.append("'presentation' is UIKit or SwiftUI") }
        if (source ?? "").trimmingWhitespace.isEmpty { problems.append("'source' says where the shape comes from") }
        return problems
    }
}

/// Reads a fixture file; a file without its provenance is an error. `NAME.json` is the JSON form above;
/// `NAME.txt` is a `debugDescription` dump, as XCUITest prints it, after one line `fixture: {...}` with
/// its provenance, read through `DebugDescriptionReader` as a pasted tree is.
func fixtureFile(_ name: String) throws -> FixtureFile {
    let text = fixtures.appendingPathComponent("\(name).txt")
    guard FileManager.default.fileExists(atPath: text.path) else {
        let data = try Data(contentsOf: fixtures.appendingPathComponent("\(name).json"))
        return try JSONDecoder().decode(FixtureFile.self, from: data)
    }
    let dump = try String(contentsOf: text, encoding: .utf8)
    guard let newline = dump.firstIndex(of: "\n"), dump.hasPrefix("fixture: ") else {
        throw FixtureHeaderMissing(name: name)
    }
    let header = Data(dump[dump.index(dump.startIndex, offsetBy: "fixture: ".count)..<newline].utf8)
    let tree = try DebugDescriptionReader.read(String(dump[dump.index(after: newline)...]))
    return FixtureFile(fixture: try JSONDecoder().decode(Provenance.self, from: header), tree: tree.root)
}

/// A `.txt` fixture that does not start with its `fixture: {...}` line.
struct FixtureHeaderMissing: Error, CustomStringConvertible {
    var name: String
    var description: String { "\(name).txt: the first line is not `fixture: {...}` with the tree's provenance" }
}

/// The snapshot in `Fixtures/NAME.json`.
func fixture(_ name: String) throws -> ElementSnapshot {
    try fixtureFile(name).tree
}

/// The names of every fixture in the folder, so that a new file is checked without being listed.
func fixtureNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: fixtures.path)
        .filter { $0.hasSuffix(".json") || $0.hasSuffix(".txt") }
        .map { ($0 as NSString).deletingPathExtension }.sorted()
}

/// An observation as comparable text: `key: JSON` per item, in order.
func lines(_ observation: Observation) -> [String] {
    observation.items.map { "\($0.key): \($0.value.json.serialized(pretty: false))" }
}

/// The options of the Reminders-style form fixtures.
let formOptions = ScreenObserver.Options(fields: [
    .init("title", identifier: "title-field"), .init("notes", identifier: "notes-field"),
])

/// Decodes JSON text and returns the error it gives, or `nil` when it decodes.
func decodingError(_ json: String) -> ElementSnapshotError? {
    do {
        _ = try ElementSnapshot.decode(json: Data(json.utf8))
        return nil
    } catch {
        return error
    }
}
