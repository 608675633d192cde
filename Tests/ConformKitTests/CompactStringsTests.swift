import ConformCore
import Testing

@testable import ConformKit

/// What a run keeps of every file for the whole run: paths and trace ids, kept compactly.
@Suite("Kit: Compact per-file state: CompactStrings, HashedPositions, TraceIDs")
struct CompactStringsTests {
    @Test("strings read back exactly as appended, across restarts, shared prefixes and split characters")
    func roundTrip() {
        var strings = [
            "", "a", "", "/tmp/x/trace-1.yaml", "/tmp/x/trace-10.yaml", "/tmp/x/trace-2.yaml", "/tmp/y", "/tmp/y/é", "/tmp/y/è",
            "café", "cafe\u{301}", "日本語/ファイル.yaml", "日本/x", String(repeating: "long/", count: 60),
        ]
        strings += (0..<100).map { "/work/corpus/form/\($0 / 30)/trace-\($0).yaml" }
        var compact = CompactStrings()
        for string in strings { compact.append(string) }
        #expect(compact.count == strings.count)
        #expect(Array(compact) == strings)
        // Byte for byte, not only as equal strings: "café" and "cafe\u{301}" are equal as strings.
        #expect(compact.map { Array($0.utf8) } == strings.map { Array($0.utf8) })
        #expect(compact[strings.count - 1] == strings.last)
        #expect(CompactStrings(strings) == compact)
        #expect(CompactStrings().isEmpty)
    }

    @Test("containsBytes walks every string's exact bytes in order, across restarts, and stops at the first match")
    func containsBytes() {
        var strings = ["", "a", "café", "cafe\u{301}", "日本/x"]
        strings += (0..<100).map { "/work/corpus/form/\($0 / 30)/trace-\($0).yaml" }
        let compact = CompactStrings(strings)
        var seen: [[UInt8]] = []
        #expect(
            !compact.containsBytes {
                seen.append(Array($0))
                return false
            })
        #expect(seen == strings.map { Array($0.utf8) })
        var visited = 0
        #expect(
            compact.containsBytes {
                visited += 1
                return String(decoding: $0, as: UTF8.self) == "/work/corpus/form/1/trace-40.yaml"
            })
        #expect(visited == 46, "the five strings before the corpus paths, then trace-0 to trace-40")
    }

    @Test("a report's path is among the inputs by its exact name, or an equivalent one when its name could have one")
    func reportAmongInputs() {
        let files = CompactStrings([
            "Traces/a.yaml", "out/conform-report.md", "out/\u{212A}.json", "x/conform.sarif.yaml", "b/cafe\u{301}.yaml",
        ])
        let isAmong = ConformRunner.isAmong(files)
        #expect(isAmong("out/conform-report.md"))
        #expect(isAmong("./out/conform-report.md"), "compared as standardised paths")
        #expect(!isAmong("out/conform.sarif"))
        #expect(!isAmong("x/conform.sarif"), "a longer name that ends in the report's is another file")
        #expect(isAmong("out/K.json"), "the Kelvin sign is K to String's comparison")
        #expect(isAmong("b/caf\u{E9}.yaml"), "a composed é is the decomposed one")
    }

    @Test("positions sharing a hash are told apart by the caller's comparison, also as the table grows")
    func collidingHashes() {
        var positions = HashedPositions()
        var strings: [String] = []
        for index in 0..<1_000 {
            // Every tenth string has the same hash: as if they collided.
            let hash: UInt32 = index % 10 == 0 ? 7 : UInt32(index)
            #expect(positions.first(hash: hash, where: { strings[$0] == "s\(index)" }) == nil)
            strings.append("s\(index)")
            positions.append(hash: hash)
        }
        #expect(positions.count == 1_000)
        for index in 0..<1_000 {
            let hash: UInt32 = index % 10 == 0 ? 7 : UInt32(index)
            #expect(positions.first(hash: hash, where: { strings[$0] == "s\(index)" }) == index)
        }
    }

    @Test("a second trace with an id is refused, naming the first file; canonically equal ids are one id")
    func duplicateIDs() {
        func outcome(_ id: String, _ file: String) -> FileOutcome {
            FileOutcome(
                summary: TraceSummary(id: id, file: file, app: nil, title: nil, claims: [], stepCount: 0, steps: []), results: [],
                errors: [])
        }
        var ids = TraceIDs()
        for index in 0..<500 { #expect(ids.admit(outcome("trace-\(index)", "/c/form/trace-\(index).yaml")).summary != nil) }
        #expect(ids.admit(outcome("café", "/c/a.yaml")).summary != nil)
        let refused = ids.admit(outcome("trace-123", "/c/z.yaml"))
        #expect(refused.summary == nil)
        #expect(
            refused.errors.map(\.message) == [
                "the trace id 'trace-123' is already the id of /c/form/trace-123.yaml; ids must be unique, so this trace is not checked"
            ])
        #expect(refused.errors.first?.location.file == "/c/z.yaml")
        let canonical = ids.admit(outcome("cafe\u{301}", "/c/b.yaml"))
        #expect(canonical.errors.first?.message.contains("already the id of /c/a.yaml") == true)

        // A run names each first file by its place among the run's files; an outcome without one, by its path.
        let files = CompactStrings((0..<300).map { "/r/form/trace-\($0).yaml" })
        var run = TraceIDs(files: files)
        for place in 0..<300 { #expect(run.admit(outcome("t\(place)", files[place]), place: place).summary != nil) }
        #expect(run.admit(outcome("elsewhere", "/other/e.yaml")).summary != nil)
        #expect(
            run.admit(outcome("t17", "/r/x.yaml"), place: 299).errors.first?.message.contains("already the id of /r/form/trace-17.yaml")
                == true)
        #expect(run.admit(outcome("elsewhere", "/r/y.yaml")).errors.first?.message.contains("already the id of /other/e.yaml") == true)
    }
}
