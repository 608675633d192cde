import ConformCore

/// The history page's sentences: run numbers and ranges, how a claim has fared, how the runs were
/// ordered. Runs are numbered from 1, oldest first, across the whole history.
enum HistoryWording {
    /// `run 3`, the run at `index`.
    static func run(_ index: Int) -> String { "run \(index + 1)" }

    /// `run 3` or `runs 3–6` for consecutive indices.
    static func runs(_ range: ClosedRange<Int>) -> String {
        range.count == 1 ? run(range.lowerBound) : "runs \(range.lowerBound + 1)–\(range.upperBound + 1)"
    }

    /// A recorded time as people read it: `2026-11-26 10:00:00 UTC` for `2026-11-26T10:00:00Z`
    /// (`short`: `2026-11-26 10:00 UTC`, for a chart's axis).
    static func time(_ recordedAt: Timestamp, short: Bool = false) -> String {
        let text = recordedAt.description
        return text.prefix(10) + " " + text.dropFirst(11).prefix(short ? 5 : 8) + " UTC"
    }

    /// The run's name and, when it recorded one, its time: `r3.json, 2026-11-26 10:00:00 UTC`.
    static func identify(_ run: HistoryRun) -> String {
        run.name + (run.recordedAt.map { ", " + time($0) } ?? "")
    }

    /// The word for an outcome of a group of claims in one run.
    static func word(_ cell: RunHistory.Cell?) -> String {
        guard let cell else { return "not claimed" }
        return cell.outcome.rawValue
    }

    /// `holds in runs 1–2; broken in runs 3–6; not claimed in run 7`: every run of `cells` from `first`
    /// (an index into the history), consecutive runs of one word together.
    static func ranges(_ cells: ArraySlice<RunHistory.Cell?>) -> String {
        var parts: [(word: String, range: ClosedRange<Int>)] = []
        for index in cells.indices {
            let word = word(cells[index])
            if let last = parts.last, last.word == word, last.range.upperBound == index - 1 {
                parts[parts.count - 1].range = last.range.lowerBound...index
            } else {
                parts.append((word, index...index))
            }
        }
        return parts.map { "\($0.word) in \(runs($0.range))" }.joined(separator: "; ")
    }

    /// How a series stands in the latest run, and since when: `broken since run 3 (4 runs)`, `holds in
    /// every run`, `holds since run 5`, `not claimed in the latest run (last in run 4)`.
    static func standing(_ cells: [RunHistory.Cell?]) -> (text: String, outcome: HistoryRun.Outcome?) {
        guard let last = cells.last else { return ("no run", nil) }
        guard let current = last?.outcome else {
            let lastClaimed = cells.lastIndex { $0 != nil }
            return ("not claimed in the latest run" + (lastClaimed.map { " (last in \(run($0)))" } ?? ""), nil)
        }
        var start = cells.count - 1
        let holding = current == .holds
        // A broken streak counts baselined runs too: the claim did not hold in either.
        while start > 0, let previous = cells[start - 1]?.outcome, (previous == .holds) == holding { start -= 1 }
        if holding {
            if start == 0 { return ("holds in every run", .holds) }
            if cells[..<start].allSatisfy({ $0 == nil }) { return ("holds in every run since its first, \(run(start))", .holds) }
            return ("holds since \(run(start))", .holds)
        }
        let length = "\(Plural.count(cells.count - start, "run"))"
        // Broken and baselined runs make one streak of not holding; said so when it mixes them.
        if cells[start...].allSatisfy({ $0?.outcome == current }) {
            return ("\(current.rawValue) since \(run(start)) (\(length))", current)
        }
        return ("\(current.rawValue); not holding since \(run(start)) (\(length))", current)
    }

    /// How the runs were ordered, naming the files placed by name when some are placed by time: HTML,
    /// each name escaped and isolated (a right-to-left override in one ends with it).
    static func order(_ order: HistoryOrder) -> String {
        let total = order.runs.count
        if order.byTimeOnly {
            return "\(total == 1 ? "The run records" : "Every run records") its time: runs in order of their recorded time (recordedAt)."
        }
        if order.byNameOnly {
            return
                (total == 1
                ? "The run records no time." : "No run records its time: runs in file name order, numbers by value (run-9 before run-10).")
                + " Run conform with --recorded-at now to record it."
        }
        let untimed = order.runs.prefix(order.untimed).map(\.name)
        let isolated = untimed.map { "<bdi>\(Escaping.xml($0))</bdi>" }
        // Every one of a few; the first and the last of more (the runs table marks each).
        let named = isolated.count <= 3 ? isolated.joined(separator: ", ") : "\(isolated[0]) to \(isolated[isolated.count - 1])"
        return "\(Plural.count(order.untimed, "run")) without a recorded time first, in file name order (\(named)); "
            + (total - order.untimed == 1
                ? "then the run that records its time (recordedAt)."
                : "then \(total - order.untimed) runs in order of their recorded time (recordedAt).")
    }
}
