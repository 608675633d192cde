import Foundation

/// The paths CI takes through `conform run` (reports, JSON, coverage, one thread), each timed beside
/// the plain run on the same corpus, in the same process run, so that their ratios hold on a noisy machine.
struct CIPaths {
    /// This build's `conform`, then the one `--versus` names, if any.
    let binaries: [(label: String, path: String)]
    let runs: Int
    /// Where report files go (emptied before each run).
    let reports: URL

    var conform: String { binaries[0].path }

    /// The variants of issue 14's table, in its order; the plain run first (the ratios' base).
    static func variants(corpus path: String, reports: URL) -> [PathRounds.Variant] {
        [
            .init(name: "plain `conform run`", arguments: ["run", path], target: "≤ 3× byte floor, ≤ 30 MB"),
            .init(name: "`--report all`", arguments: ["run", path, "--report", "all", "--output", reports.path], target: "≤ 1.5× plain"),
            .init(name: "`--format json`", arguments: ["run", path, "--format", "json"], target: "≤ 1.2× plain"),
            .init(name: "`--coverage`", arguments: ["run", path, "--coverage"], target: "≤ 1.5× plain"),
            .init(name: "`--jobs 1`", arguments: ["run", path, "--jobs", "1"], target: "(one thread) < rapidyaml's tree parse"),
        ]
    }

    /// Each variant, round by round with both floors (`PathRounds`): per binary, a row per variant.
    func measure(corpus: URL, files: [String]) throws -> (rows: [[PathRounds.Row]], floors: Floors) {
        try rounds.measure(Self.variants(corpus: corpus.path, reports: reports), files: files)
    }

    var rounds: PathRounds { PathRounds(binaries: binaries, runs: runs, reports: reports) }

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
