import ConformKit
import Foundation

/// Issue 25 §4: the CI outputs on the failure-heavy corpus. The plain run, `--format json`,
/// `--report all` and the libyaml floor, each once a round for `runs` rounds in one sitting, so that a
/// spell of load (another build on this 2-core machine) slows each of them a little rather than one
/// of them entirely; medians of each, and their ratios to the plain run and to the floor.
struct FailureHeavyBench {
    let conform: String
    let runs: Int
    let corpus: URL
    /// Where `--report all` writes (emptied before each of its runs).
    let reports: URL

    struct Row {
        var name: String
        var measure: ProcessMeasure
        var target: String
    }

    func measure() throws -> (rows: [Row], floor: ProcessMeasure) {
        let path = corpus.path
        let variants: [(String, [String], String)] = [
            ("plain `conform run`", ["run", path], ""),
            ("`--format json`", ["run", path, "--format", "json"], "≤ 1.3× plain"),
            ("`--report all`", ["run", path, "--report", "all", "--output", reports.path], "≤ 2× plain"),
        ]
        let files = Array(FileDiscovery.find(in: [path]).files)
        var measured = Array(repeating: [ProcessMeasure](), count: variants.count)
        var floors: [ProcessMeasure] = []
        for _ in 0..<runs {
            for (index, variant) in variants.enumerated() {
                try? FileManager.default.removeItem(at: reports)
                measured[index].append(try ProcessMeasure.run(conform, variant.1))
            }
            floors.append(Self.floor(files))
        }
        let rows = variants.indices.map {
            Row(name: variants[$0].0, measure: ProcessMeasure.median(of: measured[$0]), target: variants[$0].2)
        }
        return (rows, ProcessMeasure.median(of: floors))
    }

    /// The libyaml floor in this process, with the CPU time of this thread (its memory is the bench's own).
    static func floor(_ files: [String]) -> ProcessMeasure {
        let cpuBefore = threadCPUSeconds()
        let seconds = LibyamlFloor.scan(files).seconds
        return ProcessMeasure(
            seconds: seconds, peakMegabytes: 0, status: 0,
            cpuSeconds: threadCPUSeconds() - cpuBefore)
    }

    static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The table, one row per variant and the floor last.
    static func print(rows: [Row], floor: ProcessMeasure, files: Int, runs: Int, load: (before: String, after: String)) {
        func s(_ value: Double) -> String { String(format: "%.3f s", value) }
        func x(_ value: Double) -> String { String(format: "%.2f×", value) }
        let base = rows[0].measure
        Swift.print("")
        Swift.print(
            "failure-heavy corpus, medians of \(runs) interleaved rounds (load average before: \(load.before); after: \(load.after))")
        Swift.print("| \(files) files | time | × plain | × libyaml floor | CPU (all threads) | CPU × plain | peak memory | exit | target |")
        Swift.print("|---|---|---|---|---|---|---|---|---|")
        for row in rows {
            let m = row.measure
            Swift.print(
                "| \(row.name) | \(s(m.seconds)) | \(x(m.seconds / base.seconds)) | \(x(m.seconds / floor.seconds)) | \(s(m.cpuSeconds)) | \(x(m.cpuSeconds / base.cpuSeconds)) | \(String(format: "%.0f MB", m.peakMegabytes)) | \(m.status) | \(row.target) |"
            )
        }
        Swift.print(
            "| libyaml floor (1 thread, in the bench) | \(s(floor.seconds)) | \(x(floor.seconds / base.seconds)) | 1.00× | \(s(floor.cpuSeconds)) | \(x(floor.cpuSeconds / base.cpuSeconds)) | (the bench's) | | |"
        )
    }

    /// The 1, 5 and 15 minute load averages, as /proc/loadavg gives them.
    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
