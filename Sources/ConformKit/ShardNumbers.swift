import ConformCore
import ConformLoading

/// Every number of a shard result held to its bounds and to the document's other numbers before
/// `conform merge` uses any of them (Docs/Limits.md, Docs/Sharding.md): a shard document is input like
/// any other, and a count or a step taken on trust can crash a report, allocate by the gigabyte or loop
/// for ever. The bounds are what a shard conform writes can hold:
/// - `shard.count` (N) 1 to `Shard.maximumCount`; `shard.index` (K) 1 to N; `shard.files` 0 or more,
///   and the shard holds exactly the files a run of that many dealt to shard K (`Shard.select`);
/// - each `outcomes[i].index` within the run's files and once in the shard; one entry at most without
///   one (the warnings found while looking for files);
/// - a trace's `stepCount` 0 to the steps a trace may have, its `steps` numbered 1, 2, 3...; every step
///   a verdict, a transition or evidence names within the trace's steps;
/// - every line and column 1 to `FileOutcome.maximumLine` (files conform reads have at most 16 MiB);
///   a transition's branch 0 to that bound.
/// (`evidenceWarnings` and `lineLengths` are checked as they are decoded, `FileOutcome.init(from:)`.)
enum ShardNumbers {
    static let maximumSteps = TraceLoader.defaultMaximumSteps

    /// The first number of a shard result out of its bounds or at odds with another, with its path.
    static func check(_ header: ShardHeader, _ outcomes: [ShardOutcome]) -> NumberOutOfRange? {
        let shard: [JSONPathStep] = [.key("shard")]
        guard (1...Shard.maximumCount).contains(header.count) else {
            return NumberOutOfRange(
                shard + [.key("count")], "is \(header.count), and a run is split into 1 to \(Shard.maximumCount) shards")
        }
        guard (1...header.count).contains(header.index) else {
            return NumberOutOfRange(
                shard + [.key("index")], "is \(header.index), and the shards of a run of \(header.count) are numbered 1 to \(header.count)")
        }
        guard header.files >= 0 else {
            return NumberOutOfRange(shard + [.key("files")], "is \(header.files), and a run has 0 or more files")
        }
        for (number, problem) in header.errors.enumerated() {
            if let wrong = position(problem.location.position, at: shard + [.key("errors"), .index(number), .key("location")]) {
                return wrong
            }
        }
        var places: [Int: Int] = [:]
        places.reserveCapacity(outcomes.count)
        var unindexed: Int?
        for (number, entry) in outcomes.enumerated() {
            // Paths are made only for what is refused: a shard of 10,000 files has millions of numbers.
            let place = { (more: [JSONPathStep]) in [.key("outcomes"), .index(number)] + more }
            if let index = entry.index {
                guard (0..<header.files).contains(index) else {
                    let files =
                        header.files == 0 ? "the run has no file" : "the run's \(header.files) files are numbered 0 to \(header.files - 1)"
                    return NumberOutOfRange(place([.key("index")]), "is \(index), and \(files)")
                }
                if let earlier = places[index] {
                    return NumberOutOfRange(
                        place([.key("index")]), "is \(index), as outcomes[\(earlier)].index is: a file is once in a shard")
                }
                places[index] = number
            } else if let earlier = unindexed {
                return NumberOutOfRange(
                    place([]),
                    "has no index, as outcomes[\(earlier)] has: one entry only carries the warnings found while looking for files")
            } else {
                unindexed = number
            }
            if let wrong = check(entry.outcome, at: { place([.key("outcome")] + $0) }) { return wrong }
        }
        // Shard K of N is dealt the ranks K-1, K-1+N, K-1+2N... of the run's files (`Shard.select`).
        let dealt = header.files / header.count + (header.files % header.count > header.index - 1 ? 1 : 0)
        guard places.count == dealt else {
            return NumberOutOfRange(
                shard + [.key("files")],
                "is \(header.files): shard \(header.index)/\(header.count) of a run of \(header.files) files is dealt \(dealt) of them, "
                    + "and the document holds \(places.count)")
        }
        return nil
    }

    /// The first number of one file's outcome out of its bounds; `place` makes the path to a member of it.
    private static func check(_ outcome: FileOutcome, at place: @escaping ([JSONPathStep]) -> [JSONPathStep]) -> NumberOutOfRange? {
        var stepCount = maximumSteps
        if let summary = outcome.summary {
            let at = { (more: [JSONPathStep]) in place([.key("summary")] + more) }
            guard (0...maximumSteps).contains(summary.stepCount) else {
                return NumberOutOfRange(at([.key("stepCount")]), "is \(summary.stepCount), and a trace has 0 to \(maximumSteps) steps")
            }
            stepCount = summary.stepCount
            guard summary.steps.isEmpty || summary.steps.count == stepCount else {
                return NumberOutOfRange(
                    at([.key("stepCount")]), "is \(stepCount), and the summary lists \(summary.steps.count) steps (all of them or none)")
            }
            for (index, step) in summary.steps.enumerated() {
                guard step.number == index + 1 else {
                    return NumberOutOfRange(
                        at([.key("steps"), .index(index), .key("number")]),
                        "is \(step.number), and the trace's step \(index + 1) is numbered \(index + 1)")
                }
                if !isPosition(step.position) { return position(step.position, at: at([.key("steps"), .index(index)])) }
            }
            if let id = summary.idPosition, !isPosition(id) { return position(id, at: at([]), key: "idPosition") }
        }
        let steps = 1..<stepCount + 1
        let reason = { (step: Int) in
            "is \(step), " + (stepCount == 0 ? "and the trace has no step" : "and the trace's steps are numbered 1 to \(stepCount)")
        }
        for (number, result) in outcome.results.enumerated() {
            let at = { (more: [JSONPathStep]) in place([.key("results"), .index(number)] + more) }
            switch result.outcome.verdict {
            case .fail(let departure):
                let departed: [JSONPathStep] = [.key("outcome"), .key("verdict"), .key("fail"), .key("_0")]
                guard steps.contains(departure.step) else { return NumberOutOfRange(at(departed + [.key("step")]), reason(departure.step)) }
                if !isPosition(departure.position) { return position(departure.position, at: at(departed)) }
            case .error(_, let step, let stepPosition):
                let failed: [JSONPathStep] = [.key("outcome"), .key("verdict"), .key("error")]
                guard steps.contains(step) else { return NumberOutOfRange(at(failed + [.key("step")]), reason(step)) }
                if !isPosition(stepPosition) { return position(stepPosition, at: at(failed)) }
            case .pass, .inapplicable:
                break
            }
            for (index, taken) in result.outcome.path.enumerated() {
                guard steps.contains(taken.step) else {
                    return NumberOutOfRange(at([.key("outcome"), .key("path"), .index(index), .key("step")]), reason(taken.step))
                }
                guard (0...FileOutcome.maximumLine).contains(taken.branch) else {
                    return NumberOutOfRange(
                        at([.key("outcome"), .key("path"), .index(index), .key("branch")]),
                        "is \(taken.branch), and a transition's branch is 0 to \(FileOutcome.maximumLine)")
                }
            }
            if let evidence = result.departureEvidence, !steps.contains(evidence.step) {
                return NumberOutOfRange(at([.key("departureEvidence"), .key("step")]), reason(evidence.step))
            }
        }
        for (key, problems) in [("errors", outcome.errors), ("warnings", outcome.warnings)] {
            for (number, problem) in problems.enumerated() where !isPosition(problem.location.position) {
                return position(problem.location.position, at: place([.key(key), .index(number), .key("location")]))
            }
        }
        return nil
    }

    /// Whether a line and column (if any) are within any file conform reads.
    private static func isPosition(_ position: TextPosition?) -> Bool {
        guard let position else { return true }
        return (1...FileOutcome.maximumLine).contains(position.line) && (1...FileOutcome.maximumLine).contains(position.column)
    }

    /// Why a line and column are not within any file conform reads; `place` the path to the object that
    /// holds the position under `key`.
    private static func position(_ position: TextPosition?, at place: [JSONPathStep], key: String = "position") -> NumberOutOfRange? {
        guard let position else { return nil }
        let maximum = FileOutcome.maximumLine
        if !(1...maximum).contains(position.line) {
            return NumberOutOfRange(place + [.key(key), .key("line")], "is \(position.line), and a line is 1 to \(maximum)")
        }
        if !(1...maximum).contains(position.column) {
            return NumberOutOfRange(place + [.key(key), .key("column")], "is \(position.column), and a column is 1 to \(maximum)")
        }
        return nil
    }
}
