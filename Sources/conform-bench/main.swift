import ConformCore
import ConformKit
import ConformLoading
import ConformReports
import Foundation

// conform's benchmark: generates a deterministic corpus, times `conform run` end to end and phase by
// phase, and compares it with two floors (reading the bytes and counting lines; libyaml scanning
// events) and a Python peer (PyYAML's C loader plus `transitions`). Prints a table; asserts nothing.
//
//   swift build -c release && .build/release/conform-bench [--traces 10000] [--runs 3] [--work DIR] [--no-python] [--no-scaling]
//   [--phases-only] [--paths-only] [--learn-only] [--start-only] [--corpus passing|failure-heavy] [--versus CONFORM]

var traceCount = 10_000
var runs = 3
var work = FileManager.default.temporaryDirectory.appendingPathComponent("conform-bench").path
var python = true
var scalingCounts = [1_000, 10_000, 100_000]
/// `--phases-only`: time parsing and checking in this process (median of `--runs`) beside the floor, and stop;
/// quick to repeat, and a process that `perf record` sees doing nothing else.
var phasesOnly = false
/// `--learn-only`: only the `conform learn` row (1,000 traces of one app).
var learnOnly = false
/// `--corpus failure-heavy`: issue 25's corpus (every trace departs from most policies, a share break
/// their claim) and only the CI outputs' interleaved table on it (5 rounds unless `--runs` says).
var failureHeavy = false
var runsGiven = false
/// `--paths-only`: only the CI paths' table (with both floors), and stop.
var pathsOnly = false
/// `--start-only`: only `conform run` of one 20-step trace, start to exit, beside `conform --version` and
/// `/bin/true` (30 interleaved rounds unless `--runs` says), and stop.
var startOnly = false
/// `--versus CONFORM`: another `conform` binary (e.g. a build of the commit before a change) run beside
/// this build's in the paths' tables, round by round, with the ratio of each path between the two.
var versus: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--traces": traceCount = Int(arguments.popFirst() ?? "") ?? traceCount
    case "--runs":
        runs = Int(arguments.popFirst() ?? "") ?? runs
        runsGiven = true
    case "--work": work = arguments.popFirst() ?? work
    case "--no-python": python = false
    case "--no-scaling": scalingCounts = []
    case "--phases-only": phasesOnly = true
    case "--learn-only": learnOnly = true
    case "--paths-only": pathsOnly = true
    case "--start-only": startOnly = true
    case "--versus": versus = arguments.popFirst()
    case "--corpus":
        switch arguments.popFirst() {
        case "passing": failureHeavy = false
        case "failure-heavy": failureHeavy = true
        default:
            print("conform-bench: --corpus takes passing or failure-heavy")
            exit(2)
        }
    default:
        print(
            "usage: conform-bench [--traces N] [--runs N] [--work DIR] [--no-python] [--no-scaling] [--phases-only] [--paths-only] [--learn-only] [--start-only] [--corpus passing|failure-heavy] [--versus CONFORM]"
        )
        exit(2)
    }
}

let binDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
let conform = binDirectory.appendingPathComponent("conform").path
guard FileManager.default.isExecutableFile(atPath: conform) else {
    print("conform-bench: build conform first (swift build -c release); looked for \(conform)")
    exit(2)
}
var binaries = [(label: "this build", path: conform)]
if let versus {
    guard FileManager.default.isExecutableFile(atPath: versus) else {
        print("conform-bench: --versus names no executable: \(versus)")
        exit(2)
    }
    binaries.append((label: "versus", path: versus))
}

let root = URL(fileURLWithPath: work)
/// The 20-step trace timed start to exit, written into the work folder.
func writeOneTrace() throws -> URL {
    var generator = CorpusGenerator()
    let one = root.appendingPathComponent("one.yaml")
    try generator.write(generator.formTrace(id: "one", policy: "one-handed", length: 20).0, to: one)
    return one
}
if startOnly {
    let bench = StartBench(binaries: binaries, rounds: runsGiven ? max(4, runs) : 30, trace: try writeOneTrace().path)
    bench.print(try bench.measure())
    exit(0)
}
if learnOnly {
    print("| measurement | value | target |")
    print("|---|---|---|")
    print(try LearnBench.row(conform: conform, runs: runs, work: root))
    exit(0)
}
if failureHeavy {
    let corpus = root.appendingPathComponent("failure-heavy-\(traceCount)")
    var generator = CorpusGenerator()
    try? FileManager.default.removeItem(at: corpus)
    let made = try generator.writeFailureHeavyCorpus(count: traceCount, to: corpus)
    print(
        "failure-heavy corpus: \(made.files) files, \(made.steps) steps, \(String(format: "%.1f", Double(made.bytes) / 1_048_576)) MB in \(corpus.path)"
    )
    let rounds = runsGiven ? max(1, runs) : 5
    let reports = root.appendingPathComponent("reports")
    let bench = FailureHeavyBench(binaries: binaries, runs: rounds, corpus: corpus, reports: reports)
    let loadBefore = FailureHeavyBench.loadAverage()
    let (rows, floors) = try bench.measure()
    print("")
    print(
        "failure-heavy corpus, medians of \(rounds) interleaved rounds (load average before: \(loadBefore); after: \(FailureHeavyBench.loadAverage()))"
    )
    PathRounds(binaries: binaries, runs: rounds, reports: reports).print(rows: rows, floors: floors, files: made.files)
    let diff = DiffBench(conform: conform, runs: rounds, work: root)
    if let (measure, bytes) = try diff.measure(base: corpus, count: traceCount) {
        print(
            "| `conform diff` of two such runs (\(bytes.base / 1_048_576) and \(bytes.head / 1_048_576) MB; exit \(measure.status)) | \(String(format: "%.3f s", measure.seconds)) | | | \(String(format: "%.3f s", measure.cpuSeconds)) | | \(String(format: "%.0f MB", measure.peakMegabytes)) | | < 2 s, < 200 MB |"
        )
    } else {
        print("| `conform diff` | not run: this conform has no diff command | | | | | | | < 2 s, < 200 MB |")
    }
    exit(0)
}
let corpus = root.appendingPathComponent("corpus-\(traceCount)")
var generator = CorpusGenerator()
try? FileManager.default.removeItem(at: corpus)
let made = try generator.writeCorpus(count: traceCount, to: corpus)
print("corpus: \(made.files) files, \(made.steps) steps, \(String(format: "%.1f", Double(made.bytes) / 1_048_576)) MB in \(corpus.path)")
let ci = CIPaths(binaries: binaries, runs: runs, reports: root.appendingPathComponent("reports"))
if pathsOnly {
    let loadBefore = FailureHeavyBench.loadAverage()
    let (rows, floors) = try ci.measure(corpus: corpus, files: Array(FileDiscovery.find(in: [corpus.path]).files))
    print("medians of \(max(1, runs)) interleaved rounds (load average before: \(loadBefore); after: \(FailureHeavyBench.loadAverage()))")
    ci.rounds.print(rows: rows, floors: floors, files: made.files)
    exit(0)
}

// Phases, one thread, in this process.
let library = PolicyLibrary.builtIn()
let (found, discovery) = time { FileDiscovery.find(in: [corpus.path]) }
let files = Array(found.files)
// What a run that cannot start over (`--format json`, `--github`, a shard) pays to find the policy files among
// its paths (every core), beyond the one read each file gets; a plain run finds them in that read.
var sniffed = library
let (_, sniffing) = time { sniffed.loadPolicies(among: found).count }
let loader = TraceLoader(vocabulary: KnownVocabulary(policies: library.policies))
let (traces, parsing) = time {
    files.compactMap { file -> Trace? in
        guard case .success(let bytes) = FileReader.read(file) else { return nil }
        return loader.load(bytes, file: file).trace
    }
}
// Checked as a run checks: every policy at once (sharing the trace's words), no paths recorded.
func checkAll() -> Int {
    traces.reduce(0) { count, trace in
        count + Checker.check(trace, against: library.policies) { _ in false }.filter { $0.verdict.kind == .pass }.count
    }
}
let (verdicts, checking) = time { checkAll() }
/// Allocations per step of loading and of the replay (issue 37), counted apart from the timed phases.
func printAllocations() {
    print("")
    print("| allocations (this process, one thread) | per step (slope) | per trace (intercept) | mean per trace |")
    print("|---|---|---|---|")
    switch AllocationBench.measure(files: files, loader: loader, library: library) {
    case .success(let counted): for row in counted.rows { print(row) }
    case .failure(let unavailable): print("| not counted: \(unavailable.reason) | | | |")
    }
}
if phasesOnly {
    func parse() -> [Trace] {
        files.compactMap { file -> Trace? in
            guard case .success(let bytes) = FileReader.read(file) else { return nil }
            return loader.load(bytes, file: file).trace
        }
    }
    var parses: [Double] = [parsing]
    var checks: [Double] = []
    var floors: [Double] = []
    var byteFloors: [Double] = []
    var sniffs: [Double] = [sniffing]
    for run in 0..<max(1, runs) {
        if run > 0 {
            parses.append(time { parse().count }.1)
            var again = library
            sniffs.append(time { again.loadPolicies(among: found).count }.1)
        }
        checks.append(time { checkAll() }.1)
        floors.append(LibyamlFloor.scan(files).seconds)
        byteFloors.append(ByteFloor.scan(files).seconds)
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    let (p, c, f, b, n) = (median(parses), median(checks), median(floors), median(byteFloors), median(sniffs))
    print(
        String(
            format: "parsing %.3f s, checking %.3f s, policy-file sniff %.3f s (every core); libyaml floor %.3f s, byte floor %.3f s; "
                + "(parsing + checking) / libyaml floor %.2f×, / byte floor %.2f×", p, c, n, f, b, (p + c) / f, (p + c) / b))
    printAllocations()
    exit(0)
}
let runner = ConformRunner(library: library)
let result = runner.run(.init(paths: [corpus.path]))
let (_, rendering) = time {
    result.jsonDocument(context: RunContext(policies: library.policies, version: ConformVersion.current)).serialized(pretty: true).utf8
        .count
}
_ = verdicts

// End to end, and the references.
let endToEnd = try ProcessMeasure.median(runs: runs) { try ProcessMeasure.run(conform, ["run", corpus.path]) }
var floors: [Double] = []
var byteFloors: [Double] = []
for _ in 0..<runs {
    floors.append(LibyamlFloor.scan(files).seconds)
    byteFloors.append(ByteFloor.scan(files).seconds)
}
let floor = floors.sorted()[floors.count / 2]
let byteFloor = byteFloors.sorted()[byteFloors.count / 2]
var peer: ProcessMeasure?
if python {
    peer = try? ProcessMeasure.median(runs: runs) {
        try ProcessMeasure.run("/usr/bin/env", ["python3", "Benchmarks/python_peer.py", corpus.path])
    }
    if peer?.status != 0 { peer = nil }
}

// Memory with ten times fewer files, and time against trace length.
let small = root.appendingPathComponent("corpus-small")
try? FileManager.default.removeItem(at: small)
var smallGenerator = CorpusGenerator()
_ = try smallGenerator.writeCorpus(count: max(1, traceCount / 10), to: small)
let smallRun = try ProcessMeasure.median(runs: runs) { try ProcessMeasure.run(conform, ["run", small.path]) }
var lengths: [(Int, ProcessMeasure)] = []
for length in [50_000, 100_000, 200_000] {
    let file = root.appendingPathComponent("long-\(length).yaml")
    var longGenerator = CorpusGenerator()
    try longGenerator.write(longGenerator.formTrace(id: "long", policy: "one-handed", length: length).0, to: file)
    lengths.append((length, try ProcessMeasure.median(runs: runs) { try ProcessMeasure.run(conform, ["run", file.path]) }))
}
let one = try writeOneTrace()
// Spawned directly: /usr/bin/time gives wall time in hundredths of a second, coarser than this run.
let singleRuns = max(15, runs)
let single = try (0..<singleRuns).map { _ in try StartBench.spawn(conform, ["run", one.path]).wall }.sorted()[singleRuns / 2]
let session = root.appendingPathComponent("session-10000.yaml")
try ShrinkBench.trace(length: 10_000).write(to: session, atomically: true, encoding: .utf8)
let shrunk = root.appendingPathComponent("session-shrunk.yaml").path
let shrinking = try ProcessMeasure.median(runs: runs) {
    try ProcessMeasure.run(conform, ["shrink", session.path, "--policy", "makeitso", "--output", shrunk])
}
let learnRow = try LearnBench.row(conform: conform, runs: runs, work: root)

// The table.
func s(_ value: Double) -> String { String(format: "%.3f s", value) }
func mb(_ value: Double) -> String { String(format: "%.0f MB", value) }
print("")
print("| measurement | value | target |")
print("|---|---|---|")
print("| discovery (1 thread) | \(s(discovery)) | |")
print("| policy-file sniff, before a run that streams: every file looked at for `states` (every core) | \(s(sniffing)) | |")
print("| parsing: read + YAML + trace model (1 thread) | \(s(parsing)) | |")
print("| checking: \(traces.count) traces × \(library.policies.count) policies (1 thread) | \(s(checking)) | |")
print("| rendering: JSON document of the matrix | \(s(rendering)) | |")
print("| **conform run** end to end (exit \(endToEnd.status)) | \(s(endToEnd.seconds)) | |")
print("| libyaml floor: scan events only (1 thread) | \(s(floor)) | |")
print("| ratio conform / libyaml | \(String(format: "%.2f×", endToEnd.seconds / floor)) | ≤ 2× |")
print("| byte floor: read every file, count its lines (1 thread) | \(s(byteFloor)) | |")
print("| ratio conform / byte floor | \(String(format: "%.2f×", endToEnd.seconds / byteFloor)) | ≤ 3× |")
if let peer {
    print("| Python peer: PyYAML CLoader + transitions | \(s(peer.seconds)) | |")
    print("| ratio Python / conform | \(String(format: "%.1f×", peer.seconds / endToEnd.seconds)) | ≥ 10× |")
} else {
    print("| Python peer | not run (needs python3 with PyYAML's C loader and `transitions`) | |")
}
print("| peak memory, \(made.files) files | \(mb(endToEnd.peakMegabytes)) | ≤ 30 MB |")
print("| peak memory, \(max(1, traceCount / 10)) form traces | \(mb(smallRun.peakMegabytes)) | no growth with files |")
for (length, measure) in lengths {
    print(
        "| one trace of \(length) steps | \(s(measure.seconds)), \(String(format: "%.2f µs", measure.seconds / Double(length) * 1e6))/step, \(mb(measure.peakMegabytes)) | linear |"
    )
}
print(
    "| one small trace (20 steps), start to exit (`--start-only` for its floors) | \(String(format: "%.1f ms", single * 1000)) | ≤ 10 ms |"
)
print(
    "| conform shrink: a 10,000-step session to 3 steps (exit \(shrinking.status)) | \(s(shrinking.seconds)), \(mb(shrinking.peakMegabytes)) | |"
)
print(learnRow)
printAllocations()

// The paths CI takes, beside the plain run, then time and memory as the corpus grows.
let (rows, pathFloors) = try ci.measure(corpus: corpus, files: files)
ci.rounds.print(rows: rows, floors: pathFloors, files: made.files)
if !scalingCounts.isEmpty {
    print("")
    print("| form traces | files | plain: time, memory | `--report all`: time, memory | `--report all` µs/file |")
    print("|---|---|---|---|---|")
    for point in try ci.scaling(counts: scalingCounts, work: root) {
        let perFile = point.all.seconds / Double(point.files) * 1e6
        print(
            "| \(point.count) | \(point.files) | \(s(point.plain.seconds)), \(mb(point.plain.peakMegabytes)) | \(s(point.all.seconds)), \(mb(point.all.peakMegabytes)) | \(String(format: "%.0f", perFile)) |"
        )
    }
}
