import Foundation
import Testing

/// `conform diff`, and the run document members it reads, through the binary: exit statuses and what
/// each stream carries. What the diff says is tested in-process (Reports: Run diffs).
@Suite("CLI: conform diff and the run document's header")
struct DiffCommandTests {
    @Test("--recorded-at writes the time in UTC after the version; a time that does not parse is a usage error")
    func recordedAt() throws {
        let run = try BinaryRunner.run(["run", "Traces/Reminders", "--format", "json", "--recorded-at", "2026-11-26T11:00:00+01:00"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasPrefix(
                "{\n  \"conform\": 1,\n  \"version\": \"0.1.0\",\n  \"recordedAt\": \"2026-11-26T10:00:00Z\",\n  \"policies\": [\n    {\n      \"id\": \"apple-calendar\",\n      \"digest\": \"fnv1a64:"
            ))
        let plain = try BinaryRunner.run(["run", "Traces/Reminders", "--format", "json"])
        #expect(!plain.stdout.contains("recordedAt"))
        let now = try BinaryRunner.run(["run", "Traces/Reminders", "--format", "json", "--recorded-at", "now"])
        #expect(now.stdout.range(of: #""recordedAt": "20\d\d-\d\d-\d\dT\d\d:\d\d:\d\dZ""#, options: .regularExpression) != nil)
        let bad = try BinaryRunner.run(["run", "Traces/Reminders", "--recorded-at", "yesterday"])
        #expect(bad.status == 2)
        #expect(
            bad.stderr.contains(
                "invalid --recorded-at 'yesterday': give now, or a time in ISO 8601 with its zone, such as 2026-11-26T10:00:00Z"))
        #expect(bad.stdout.isEmpty)
    }
}
