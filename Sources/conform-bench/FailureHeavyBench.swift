import ConformKit
import Foundation

/// Issue 25 §4: the CI outputs on the failure-heavy corpus. The plain run, `--format json`,
/// `--report all` and `--jobs 1`, with both floors, round by round (`PathRounds`), medians of each,
/// and their ratios to the plain run and to the floors.
struct FailureHeavyBench {
    /// This build's `conform`, then the one `--versus` names, if any.
    let binaries: [(label: String, path: String)]
    let runs: Int
    let corpus: URL
    /// Where `--report all` writes (emptied before each of its runs).
    let reports: URL

    func measure() throws -> (rows: [[PathRounds.Row]], floors: Floors) {
        let path = corpus.path
        let variants: [PathRounds.Variant] = [
            .init(name: "plain `conform run`", arguments: ["run", path], target: ""),
            .init(name: "`--format json`", arguments: ["run", path, "--format", "json"], target: "≤ 1.2× plain"),
            .init(name: "`--report all`", arguments: ["run", path, "--report", "all", "--output", reports.path], target: "≤ 1.5× plain"),
            .init(name: "`--jobs 1`", arguments: ["run", path, "--jobs", "1"], target: "(one thread)"),
        ]
        let files = Array(FileDiscovery.find(in: [path]).files)
        return try PathRounds(binaries: binaries, runs: runs, reports: reports).measure(variants, files: files)
    }

    /// The 1, 5 and 15 minute load averages, as /proc/loadavg gives them.
    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
