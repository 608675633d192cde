import Foundation

/// The paths CI takes through `conform run` (reports, JSON, coverage, one thread), each timed beside
/// the plain run on the same corpus, in the same process run, so that their ratios hold on a noisy machine.
struct CIPaths {
    let conform: String
    let runs: Int
    /// Where report files go (emptied before each run).
    let reports: URL

    struct Row {
        var name: String
        var measure: ProcessMeasure
        var target: String
    }

    /// The variants of issue 14's table, in its order; the plain run first (the ratios' base).
    func measure(corpus: URL) throws -> [Row] {
        let path = corpus.path
        let variants: [(String, [String], String)] = [
            ("plain `conform run`", ["run", path], ""),
            ("`--report all`", ["run", path, "--report", "all", "--output", reports.path], "≤ 2× plain, ≤ 150 MB"),
            ("`--format json`", ["run", path, "--format", "json"], "≤ 1.3× plain"),
            ("`--coverage`", ["run", path, "--coverage"], "≤ 1.5× plain"),
            ("`--jobs 1`", ["run", path, "--jobs", "1"], "(one thread)"),
        ]
        // Round by round, each variant once a round: a spell of load (another build, the disk) then
        // slows every variant a little rather than one of them entirely.
        var measured = Array(repeating: [ProcessMeasure](), count: variants.count)
        for _ in 0..<runs {
            for (index, variant) in variants.enumerated() {
                try? FileManager.default.removeItem(at: reports)
                measured[index].append(try ProcessMeasure.run(conform, variant.1))
            }
        }
        return variants.indices.map { Row(name: variants[$0].0, measure: ProcessMeasure.median(of: measured[$0]), target: variants[$0].2) }
    }

    /// Time and peak memory of the plain run and of `--report all` as the corpus grows.
    func scaling(counts: [Int], work: URL) throws -> [(count: Int, files: Int, plain: ProcessMeasure, all: ProcessMeasure)] {
        try counts.map { count in
            let corpus = work.appendingPathComponent("corpus-scaling-\(count)")
            try? FileManager.default.removeItem(at: corpus)
            var generator = CorpusGenerator()
            let made = try generator.writeCorpus(count: count, to: corpus)
            defer { try? FileManager.default.removeItem(at: corpus) }
            let plain = try ProcessMeasure.median(runs: runs) { try ProcessMeasure.run(conform, ["run", corpus.path]) }
            let all = try ProcessMeasure.median(runs: runs) {
                try? FileManager.default.removeItem(at: reports)
                return try ProcessMeasure.run(conform, ["run", corpus.path, "--report", "all", "--output", reports.path])
            }
            return (count, made.files, plain, all)
        }
    }
}
