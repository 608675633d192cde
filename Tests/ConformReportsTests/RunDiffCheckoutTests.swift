import ConformCore
import Foundation
import Testing

@testable import ConformReports

/// `conform diff` of runs made from different folders: a main checkout and a pull request's, absolute
/// and relative paths. Files are compared relative to the paths each run was given (the documents'
/// `"paths"`), so the same run reports no change and a real rename is still one; a document that does
/// not record its paths falls back to files as written, and says so.
@Suite("Reports: Run diffs across checkouts")
struct RunDiffCheckoutTests {
    /// The Reminders traces under `traces` in a new scratch folder.
    static func checkout(_ traces: String = "Traces") throws -> DiffScratch {
        let scratch = try DiffScratch()
        for name in ["done-saves", "keep-editing", "swipe-after-edit"] {
            try scratch.write("\(traces)/Reminders/\(name).yaml", try DiffScratch.corpus("Reminders/\(name).yaml"))
        }
        return scratch
    }

    @Test("the same run from two folders (absolute and relative paths, different parents) reports no change, either way round")
    func sameRunTwoFolders() throws {
        let main = try Self.checkout()
        let pull = try Self.checkout("pr/checkout/Traces")
        defer {
            main.remove()
            pull.remove()
        }
        let base = try main.document(absolute: true)
        let head = try pull.document(traces: "pr/checkout/Traces")
        #expect(base.results.first?.file == main.root.path + "/Traces/Reminders/done-saves.yaml")
        #expect(head.results.first?.file == "pr/checkout/Traces/Reminders/done-saves.yaml")
        #expect(base.paths == [main.root.path + "/Traces"] && head.paths == ["pr/checkout/Traces"])
        for (old, new) in [(base, head), (head, base)] {
            let result = try diff(old, new)
            #expect(result.isEmpty && result.exitStatus == 0 && result.filesCompared == .relative)
            #expect(result.text().hasSuffix("\n\nNo change: every trace and claim is as it was.\n"))
            #expect(result.text().split(separator: "\n").count == 2, "\(result.text())")
            #expect(result.markdown().hasPrefix("## conform diff: no change\n"))
        }
    }

    @Test("a real rename across checkouts is still one: the same id in another file, another id in the same file")
    func renameAcrossCheckouts() throws {
        let main = try Self.checkout()
        let pull = try Self.checkout("pr/Traces")
        defer {
            main.remove()
            pull.remove()
        }
        let base = try main.document(absolute: true)
        try pull.delete("pr/Traces/Reminders/keep-editing.yaml")
        try pull.write("pr/Traces/Reminders/Swipes/keep-editing.yaml", try DiffScratch.corpus("Reminders/keep-editing.yaml"))
        let done = try DiffScratch.corpus("Reminders/done-saves.yaml")
        try pull.write(
            "pr/Traces/Reminders/done-saves.yaml",
            done.replacingOccurrences(of: "trace: reminders-done-saves", with: "trace: reminders-done-greyed-then-saves"))
        let result = try diff(base, try pull.document(traces: "pr/Traces"))
        #expect(result.exitStatus == 0 && result.added.isEmpty && result.removed.isEmpty)
        #expect(result.renamed.map(\.kind) == [.id, .file])
        #expect(
            result.text().split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n") == """
                Traces renamed (2):
                pr/Traces/Reminders/done-saves.yaml: id reminders-done-saves → reminders-done-greyed-then-saves
                reminders-keep-editing: file \(main.root.path)/Traces/Reminders/keep-editing.yaml → pr/Traces/Reminders/Swipes/keep-editing.yaml

                Nothing got worse: traces: 2 renamed.

                """)
    }

    @Test("a document that does not record its paths: files compared as written, every trace renamed, and the header says why")
    func olderDocument() throws {
        let main = try Self.checkout()
        let pull = try Self.checkout()
        defer {
            main.remove()
            pull.remove()
        }
        var base = try main.document(absolute: true)
        base.paths = nil
        let result = try diff(base, try pull.document())
        #expect(result.filesCompared == .asWritten)
        #expect(result.renamed.count == 3 && result.renamed.allSatisfy { $0.kind == .file })
        let note =
            "base.json does not record the paths its run was given: trace files are compared as written, "
            + "so the traces of a run made from another folder show as renamed."
        #expect(result.text().split(separator: "\n").dropFirst().first.map(String.init) == note)
        #expect(result.markdown().contains("\n> " + Escaping.markdown(note) + "\n"))
        guard case .object(let members) = result.json(), case .object(let side)? = members.first(where: { $0.0 == "base" })?.1 else {
            Issue.record("not the diff's JSON")
            return
        }
        #expect(side.first { $0.0 == "paths" }?.1 == .null)
        #expect(members.first { $0.0 == "filesCompared" }?.1 == .string("asWritten"))
        // Run from the same folder, an older document still compares as before: nothing renamed.
        var same = try pull.document()
        same.paths = nil
        #expect(try diff(same, try pull.document()).isEmpty)
    }

    @Test("a departure at the same step that departs otherwise is not said to be elsewhere; one at another step is")
    func sameStepOtherwise() throws {
        let scratch = try Self.checkout()
        defer { scratch.remove() }
        let swipe = "Traces/" + RunDiffTests.swipe
        try scratch.write(swipe, try RunDiffTests.savesOnDiscard())
        let base = try scratch.document()
        // Step 7 still departs from apple-reminders, now on `dismissed` rather than `saved`.
        try scratch.write(
            swipe,
            try DiffScratch.corpus(RunDiffTests.swipe).replacingOccurrences(
                of: "see: { dismissed: true, saved: false }", with: "see: { dismissed: false, saved: false }"))
        let result = try diff(base, try scratch.document())
        let move = try #require(result.moved.first)
        #expect(result.moved.count == 1 && move.base.step == 7 && move.head.step == 7)
        #expect(move.aspects == [.expected, .observed])
        let text = result.text()
        #expect(
            text.contains(
                "\nDepartures moved (1):\nTraces/Reminders/swipe-after-edit.yaml:18:5: reminders-swipe-after-edit still departs from 'apple-reminders' at step 7, otherwise now:\n"
            ), "\(text)")
        #expect(!text.contains("elsewhere"))
        #expect(RunDiff.moveWords(move).hasSuffix("at step 7, otherwise now:"))
    }
}
