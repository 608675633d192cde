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
        var unindexed: Int?
        for (number, entry) in outcomes.enumerated() {
            let place: [JSONPathStep] = [.key("outcomes"), .index(number)]
            if let index = entry.index {
                guard (0..<header.files).contains(index) else {
                    let files =
                        header.files == 0 ? "the run has no file" : "the run's \(header.files) files are numbered 0 to \(header.files - 1)"
                    return NumberOutOfRange(place + [.key("index")], "is \(index), and \(files)")
                }
                if let earlier = places[index] {
                    return NumberOutOfRange(
                        place + [.key("index")], "is \(index), as outcomes[\(earlier)].index is: a file is once in a shard")
                }
                places[index] = number
            } else if let earlier = unindexed {
                return NumberOutOfRange(
                    place, "has no index, as outcomes[\(earlier)] has: one entry only carries the warnings found while looking for files")
            } else {
                unindexed = number
            }
            if let wrong = check(entry.outcome, at: place + [.key("outcome")]) { return wrong }
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

    /// The first number of one file's outcome out of its bounds, `place` the path to the outcome.
    private static func check(_ outcome: FileOutcome, at place: [JSONPathStep]) -> NumberOutOfRange? {
        var stepCount = maximumSteps
        if let summary = outcome.summary {
            let at = place + [.key("summary")]
            guard (0...maximumSteps).contains(summary.stepCount) else {
                return NumberOutOfRange(at + [.key("stepCount")], "is \(summary.stepCount), and a trace has 0 to \(maximumSteps) steps")
            }
            stepCount = summary.stepCount
            guard summary.steps.isEmpty || summary.steps.count == stepCount else {
                return NumberOutOfRange(
                    at + [.key("stepCount")], "is \(stepCount), and the summary lists \(summary.steps.count) steps (all of them or none)")
            }
            for (index, step) in summary.steps.enumerated() {
                let stepPlace = at + [.key("steps"), .index(index)]
                guard step.number == index + 1 else {
                    return NumberOutOfRange(
                        stepPlace + [.key("number")], "is \(step.number), and the trace's step \(index + 1) is numbered \(index + 1)")
                }
                if let wrong = position(step.position, at: stepPlace) { return wrong }
            }
            if let wrong = position(summary.idPosition, at: at, key: "idPosition") { return wrong }
        }
        let steps = stepCount == 0 ? "and the trace has no step" : "and the trace's steps are numbered 1 to \(stepCount)"
        for (number, result) in outcome.results.enumerated() {
            let at = place + [.key("results"), .index(number), .key("outcome")]
            switch result.outcome.verdict {
            case .fail(let departure):
                let departed = at + [.key("verdict"), .key("fail"), .key("_0")]
                guard (1..<stepCount + 1).contains(departure.step) else {
                    return NumberOutOfRange(departed + [.key("step")], "is \(departure.step), \(steps)")
                }
                if let wrong = position(departure.position, at: departed) { return wrong }
            case .error(_, let step, let stepPosition):
                let failed = at + [.key("verdict"), .key("error")]
                guard (1..<stepCount + 1).contains(step) else {
                    return NumberOutOfRange(failed + [.key("step")], "is \(step), \(steps)")
                }
                if let wrong = position(stepPosition, at: failed) { return wrong }
            case .pass, .inapplicable:
                break
            }
            for (index, taken) in result.outcome.path.enumerated() {
                let transition = at + [.key("path"), .index(index)]
                guard (1..<stepCount + 1).contains(taken.step) else {
                    return NumberOutOfRange(transition + [.key("step")], "is \(taken.step), \(steps)")
                }
                guard (0...FileOutcome.maximumLine).contains(taken.branch) else {
                    return NumberOutOfRange(
                        transition + [.key("branch")], "is \(taken.branch), and a transition's branch is 0 to \(FileOutcome.maximumLine)")
                }
            }
            if let evidence = result.departureEvidence, !(1..<stepCount + 1).contains(evidence.step) {
                return NumberOutOfRange(
                    place + [.key("results"), .index(number), .key("departureEvidence"), .key("step")], "is \(evidence.step), \(steps)")
            }
        }
        for (key, problems) in [("errors", outcome.errors), ("warnings", outcome.warnings)] {
            for (number, problem) in problems.enumerated() {
                if let wrong = position(problem.location.position, at: place + [.key(key), .index(number), .key("location")]) {
                    return wrong
                }
            }
        }
        return nil
    }

    /// Whether a line and column are within any file conform reads; `place` the path to the object that
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
