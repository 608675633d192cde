import ConformCore
import ConformKit
import ConformTestSupport
import Foundation
import Testing

@testable import ConformReports

/// `conform diff` on pairs of real runs of small trace folders: what each change to the traces shows
/// as, in every format, and the exit status it gives.
@Suite("Reports: Run diffs")
struct RunDiffTests {
    static let swipe = "Reminders/swipe-after-edit.yaml"

    /// The Reminders traces, as in the example corpus.
    static func reminders(_ scratch: DiffScratch) throws {
        for name in ["done-saves", "keep-editing", "swipe-after-edit"] {
            try scratch.write("Traces/Reminders/\(name).yaml", try DiffScratch.corpus("Reminders/\(name).yaml"))
        }
    }

    @Test("a claim broken: the departure, what it was before, exit status 1; nothing else")
    func claimBroken() throws {
        let scratch = try DiffScratch()
        defer { scratch.remove() }
        try Self.reminders(scratch)
        let base = try scratch.document()
        let text = try DiffScratch.corpus(Self.swipe)
        try scratch.write("Traces/" + Self.swipe, text.replacingOccurrences(of: "saved: false", with: "saved: true"))
        let result = try diff(base, try scratch.document())
        #expect(result.exitStatus == 1)
        #expect(result.newlyBroken.map(\.policy) == ["apple-reminders"])
        #expect(result.fixed.isEmpty && result.moved.isEmpty && result.renamed.isEmpty && result.added.isEmpty && result.removed.isEmpty)
        #expect(
            result.text() == """
                conform diff: base.json (conform \(ConformVersion.current), 3 traces) → head.json (conform \(ConformVersion.current), 3 traces); 11 policies

                Claims newly broken (1):
                Traces/Reminders/swipe-after-edit.yaml:18:5: error: reminders-swipe-after-edit breaks its claim 'apple-reminders' (held in the base run): departs at step 7 (state 'discarded'): expected saved: false, saw saved: true
                    expected: {"saved":false}
                    observed: {"saved":true}

                Per app (1):
                Reminders: no longer agrees with apple-reminders (now: claimed, broken 2/3 hold)

                Worse: claims: 1 claim newly broken; 1 app agreeing otherwise.

                """)
    }
}
