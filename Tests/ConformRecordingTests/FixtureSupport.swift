import ConformCore
import Foundation

@testable import ConformRecording

/// The folder of the JSON snapshots, found from this file so that the tests run from any directory.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// The snapshot in `Fixtures/NAME.json`.
func fixture(_ name: String) throws -> ElementSnapshot {
    let data = try Data(contentsOf: fixtures.appendingPathComponent("\(name).json"))
    return try ElementSnapshot.decode(json: data)
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
