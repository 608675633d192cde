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

                Per app (1):
                Reminders: no longer agrees with apple-reminders (now: claimed, broken 2/3 hold)

                Worse: 1 claim newly broken. Also: 1 app agreeing otherwise.

                """)
    }

    /// The swipe trace as it breaks its claim: it saves where apple-reminders discards (step 7).
    static func savesOnDiscard() throws -> String {
        try DiffScratch.corpus(swipe).replacingOccurrences(of: "saved: false", with: "saved: true")
    }

    @Test("a claim fixed: what it was, exit status 0")
    func claimFixed() throws {
        let scratch = try DiffScratch()
        defer { scratch.remove() }
        try Self.reminders(scratch)
        try scratch.write("Traces/" + Self.swipe, try Self.savesOnDiscard())
        let base = try scratch.document()
        try scratch.write("Traces/" + Self.swipe, try DiffScratch.corpus(Self.swipe))
        let result = try diff(base, try scratch.document())
        #expect(result.exitStatus == 0)
        #expect(result.newlyBroken.isEmpty && result.fixed.map(\.policy) == ["apple-reminders"])
        #expect(
            result.text().split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n") == """
                Claims fixed (1):
                Traces/Reminders/swipe-after-edit.yaml: reminders-swipe-after-edit holds its claim 'apple-reminders' now (in the base run it departs at step 7 (state 'discarded'): expected saved: false, saw saved: true)

                Per app (1):
                Reminders: now agrees with apple-reminders (was: claimed, broken 2/3 hold)

                Nothing got worse: 1 claim fixed; 1 app agreeing otherwise.

                """)
    }

    @Test("a departure moved to another step: step, state, expected and observed before and after; not worse")
    func departureMoved() throws {
        let scratch = try DiffScratch()
        defer { scratch.remove() }
        try Self.reminders(scratch)
        try scratch.write("Traces/" + Self.swipe, try Self.savesOnDiscard())
        let base = try scratch.document()
        try scratch.write(
            "Traces/" + Self.swipe,
            try Self.savesOnDiscard().replacingOccurrences(of: "  - see: { done: enabled }", with: "  - see: { done: disabled }"))
        let result = try diff(base, try scratch.document())
        #expect(result.exitStatus == 0)
        #expect(result.newlyBroken.isEmpty && result.fixed.isEmpty)
        let move = try #require(result.moved.first)
        #expect(result.moved.count == 1 && move.policy == "apple-reminders" && move.claimed)
        #expect(move.base.step == 7 && move.head.step == 3)
        #expect(move.aspects == [.step, .state, .expected, .observed])
        #expect(
            result.text().split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n") == """
                Departures moved (1):
                Traces/Reminders/swipe-after-edit.yaml:12:5: reminders-swipe-after-edit departs from 'apple-reminders' elsewhere now:
                    step: step 7 → step 3
                    state: 'discarded' → 'editing'
                    was: expected saved: false, saw saved: true
                    now: expected done: enabled, saw done: disabled

                Nothing got worse: 1 departure moved.

                """)
    }

    @Test("traces renamed (the same file with a new id; the same id in a new file), added and removed")
    func renamedAddedRemoved() throws {
        let scratch = try DiffScratch()
        defer { scratch.remove() }
        try Self.reminders(scratch)
        let base = try scratch.document()
        let done = try DiffScratch.corpus("Reminders/done-saves.yaml")
        try scratch.write(
            "Traces/Reminders/done-saves.yaml",
            done.replacingOccurrences(of: "trace: reminders-done-saves", with: "trace: reminders-done-greyed-then-saves"))
        try scratch.delete("Traces/Reminders/keep-editing.yaml")
        try scratch.write("Traces/Reminders/Swipes/keep-editing.yaml", try DiffScratch.corpus("Reminders/keep-editing.yaml"))
        try scratch.delete("Traces/" + Self.swipe)
        try scratch.write("Traces/Calendar/swipe-asks.yaml", try DiffScratch.corpus("Calendar/swipe-asks.yaml"))
        let result = try diff(base, try scratch.document())
        #expect(result.exitStatus == 0)
        #expect(result.renamed.map(\.kind) == [.id, .file])
        #expect(result.renamed.map(\.base.trace) == ["reminders-done-saves", "reminders-keep-editing"])
        #expect(result.renamed.map(\.head.trace) == ["reminders-done-greyed-then-saves", "reminders-keep-editing"])
        #expect(result.renamed.map(\.head.file) == ["Traces/Reminders/done-saves.yaml", "Traces/Reminders/Swipes/keep-editing.yaml"])
        #expect(result.added.map(\.trace) == ["calendar-swipe-asks"])
        #expect(result.removed.map(\.trace) == ["reminders-swipe-after-edit"])
        // Only the file's path decides: the Calendar trace lies where no base trace did.
        #expect(result.apps.map(\.app) == ["Reminders"])
        try assertGolden(result.text(), named: "diff-renamed.txt")
        try assertGolden(result.markdown(), named: "diff-renamed.md")
        try assertGolden(result.json().serialized(pretty: true) + "\n", named: "diff-renamed.json")
    }

    @Test("an app that switched from one policy to another: now agrees with apple-calendar, no longer with apple-reminders")
    func appSwitched() throws {
        let scratch = try DiffScratch()
        defer { scratch.remove() }
        func notes(_ path: String, claim: Bool) throws -> String {
            var text = try DiffScratch.corpus(path).replacingOccurrences(of: "app: Reminders", with: "app: Notes")
                .replacingOccurrences(of: "app: Calendar", with: "app: Notes")
                .replacingOccurrences(of: "trace: reminders-swipe-after-edit", with: "trace: notes-swipe")
                .replacingOccurrences(of: "trace: calendar-swipe-asks", with: "trace: notes-swipe")
            text = text.replacingOccurrences(of: "policy: apple-calendar", with: "policy: apple-reminders")
            if !claim { text = text.replacingOccurrences(of: "policy: apple-reminders\n", with: "") }
            return text
        }
        for claim in [false, true] {
            try scratch.write("Traces/Notes/swipe.yaml", try notes(Self.swipe, claim: claim))
            let base = try scratch.document()
            try scratch.write("Traces/Notes/swipe.yaml", try notes("Calendar/swipe-asks.yaml", claim: claim))
            let result = try diff(base, try scratch.document())
            let app = try #require(result.apps.first)
            #expect(result.apps.count == 1 && app.app == "Notes")
            #expect(app.nowAgrees.map(\.policy) == ["apple-calendar"])
            #expect(app.noLongerAgrees.map(\.policy) == ["apple-reminders"])
            #expect(app.nowAgrees.first?.base == .differ && app.nowAgrees.first?.head == .agree)
            #expect(app.noLongerAgrees.first?.head == (claim ? .broken(held: 0, made: 1) : .differ))
            #expect(result.exitStatus == (claim ? 1 : 0))
            #expect(result.unclaimedMoved.map(\.policy) == ["apple-contacts", "apple-sample", "one-handed"])
            if !claim {
                #expect(
                    result.text().split(separator: "\n").dropFirst(1).prefix(2).joined(separator: "\n") == """
                        Per app (1):
                        Notes: now agrees with apple-calendar (was: differ); no longer agrees with apple-reminders (now: differ)
                        """)
            } else {
                // Unclaimed departures are counted in one line; --verbose lists them, each "elsewhere" at another step.
                try assertGolden(result.text(), named: "diff-app-switched.txt")
                try assertGolden(result.markdown(), named: "diff-app-switched.md")
                try assertGolden(result.text(verbose: true), named: "diff-app-switched-verbose.txt")
                try assertGolden(result.markdown(verbose: true), named: "diff-app-switched-verbose.md")
            }
        }
    }
}
