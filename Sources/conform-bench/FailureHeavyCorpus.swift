import Foundation

/// The failure-heavy corpus of issue 25 §4: form traces that each claim one policy and depart from
/// most of the others, and a share of them break their own claim, so that most of the matrix's
/// results carry a message, expected and observed values and a step (what reports show in full).
extension CorpusGenerator {
    /// `count` form traces of 5 to 100 steps in `directory/form/` (no keyboard or disclosure traces:
    /// every trace is a form trace, failing at least six of the eleven built-in policies).
    ///
    /// Of every ten traces: five behave as `one-handed` and claim it, two behave as `makeitso` and
    /// claim it (both claims hold); two behave as `one-handed` until a random cycle where the sheet
    /// shows makeitso's actions, and claim `one-handed` (broken deep in the trace); one behaves as
    /// `makeitso` and claims `one-handed` (broken at its first sheet). Departures from the unclaimed
    /// policies come after a random number of edits, so their steps, lines and values vary.
    ///
    /// `changingEvery` N: every Nth trace (from the third) is written as a trace of another kind, from
    /// a random sequence of its own, so that the others stay as they are (the head run of a diff).
    mutating func writeFailureHeavyCorpus(count: Int, to directory: URL, changingEvery: Int? = nil) throws -> (
        files: Int, steps: Int, bytes: Int
    ) {
        var steps = 0
        var bytes = 0
        var other = CorpusGenerator(random: SplitMix(seed: 25))
        for index in 0..<count {
            let length = 5 + Int(random.next() % 96)
            var (text, stepCount) = failingFormTrace(id: "trace-\(index)", kind: index % 10, length: length)
            // Kinds 2 and 7 become 9 (a claim broken at its first sheet) and 4 (a broken claim fixed).
            if let every = changingEvery, index % every == 2 {
                (text, stepCount) = other.failingFormTrace(id: "trace-\(index)", kind: (index + 7) % 10, length: length)
            }
            let folder = directory.appendingPathComponent("form/\(index / 1000)")
            try write(text, to: folder.appendingPathComponent("trace-\(index).yaml"))
            steps += stepCount
            bytes += text.utf8.count
        }
        return (count, steps, bytes)
    }

    /// One trace of about `length` steps; `kind` (0 to 9) chooses its behaviour and claim as
    /// `writeFailureHeavyCorpus` describes.
    mutating func failingFormTrace(id: String, kind: Int, length: Int) -> (String, Int) {
        let behavesOneHanded = kind < 5 || kind == 7 || kind == 8
        let claim = (5...6).contains(kind) ? "makeitso" : "one-handed"
        let behaviour = behavesOneHanded ? "one-handed" : "makeitso"
        var lines = [
            "conform: 1", "trace: \(id)", "title: Failure-heavy \(behaviour) scenario claiming \(claim)",
            "app: Failing \(claim) \(kind)", "policy: \(claim)",
        ]
        lines.append("form: { name: Ada, city: Paris, notes: \"\" }")
        lines.append("steps:")
        var count = 0
        func step(_ text: String) {
            lines.append("  - " + text)
            count += 1
        }
        step(behavesOneHanded ? "see: { done: disabled, cancel: enabled }" : "see: { done: enabled, cancel: enabled }")
        // Edits before the first swipe, so that the unclaimed policies depart at varying steps.
        let early = Int(random.next() % 4)
        for _ in 0..<early {
            let field = ["name", "city", "notes"][Int(random.next() % 3)]
            step("edit: { \(field): early-\(random.next() % 1000) }")
            step("see: { done: enabled, sheet: none }")
        }
        // At least one swipe, so that every trace departs from the policies that differ on it.
        let cycles = max(1, (length - 4 - 2 * early) / 6)
        // The cycle where a slipping one-handed trace shows the wrong sheet (kinds 7 and 8).
        let slip = kind == 7 || kind == 8 ? Int(random.next() % UInt64(cycles)) : -1
        for cycle in 0..<cycles {
            let field = ["name", "city", "notes"][Int(random.next() % 3)]
            step("edit: { \(field): value-\(random.next() % 1000) }")
            step("see: { done: enabled, sheet: none }")
            step("swipe: down")
            if behavesOneHanded && cycle != slip {
                step("see: { sheet: { title: You have unsaved changes!, actions: [Save changes, Cancel changes, Cancel] } }")
            } else {
                step("see: { sheet: { actions: [Discard Changes, Cancel] } }")
            }
            step("choose: Cancel")
            step("see: { sheet: none, dismissed: false }")
        }
        step("edit: { name: Grace }")
        step("tap: Done")
        step("see: { dismissed: true, saved: true }")
        return (lines.joined(separator: "\n") + "\n", count)
    }
}
