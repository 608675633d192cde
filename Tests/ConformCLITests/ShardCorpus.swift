import Foundation

/// What one invocation of `conform` gave: its status, its two streams, every file it wrote under the
/// report folder, and the GitHub step summary it appended to.
struct RunCapture: Equatable {
    var status: Int32
    var stdout: String
    var stderr: String
    var files: [String: Data]
    var stepSummary: Data?
}

/// Runs `conform` with a fresh report folder `out` (and step summary), and captures everything it made,
/// so that two ways of making one run can be compared byte for byte.
func capture(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> RunCapture {
    let manager = FileManager.default
    let out = directory.appendingPathComponent("out")
    let summary = directory.appendingPathComponent("step-summary.md")
    try? manager.removeItem(at: out)
    try? manager.removeItem(at: summary)
    var environment = environment
    environment["GITHUB_STEP_SUMMARY"] = summary.path
    let output = try BinaryRunner.run(arguments, in: directory, environment: environment)
    var files: [String: Data] = [:]
    for name in (try? manager.contentsOfDirectory(atPath: out.path)) ?? [] {
        files[name] = try Data(contentsOf: out.appendingPathComponent(name))
    }
    return RunCapture(
        status: output.status, stdout: output.stdout, stderr: output.stderr, files: files, stepSummary: try? Data(contentsOf: summary))
}

/// A small corpus with everything a merge must carry over: broken claims, files that do not load, a
/// trace claiming a policy that is not loaded, trace ids used twice (in different shards), evidence that
/// is embedded and evidence that is missing, a claim that holds on observations alone (a warning that
/// every output keeps, unlike evidence warnings), and a symbolic link out of the folder (a warning).
enum ShardCorpus {
    static func write(in scratch: Scratch, traces: Int = 30) throws {
        let png = try Data(
            contentsOf: BinaryRunner.packageRoot.appendingPathComponent(
                "Tests/ConformReportsTests/Fixtures/evidence/shots/done (greyed).png"))
        let shots = scratch.url.appendingPathComponent("T/shots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        try png.write(to: shots.appendingPathComponent("a.png"))
        for number in 1...traces {
            try scratch.write(
                "T/\(number % 3 == 0 ? "deep/" : "")t\(number).yaml",
                """
                conform: 1
                trace: t\(number % 25)
                app: App \(number % 3)
                policy: \(number % 2 == 0 ? "makeitso" : "one-handed")
                form: { name: Steve }
                steps:
                  - see: { done: disabled }
                    evidence: \(number % 4 == 0 ? "../shots/a.png" : "shots/missing-\(number).png")
                  - edit: { name: Steven }
                  - swipe: down
                  - choose: Save changes
                  - see: { dismissed: true, saved: true }
                """)
        }
        try scratch.write("T/bad/values.yaml", "conform: 1\nsteps:\n  - see: { done: maybe }\n  - tapp: Done\n")
        try scratch.write("T/bad/syntax.yml", "not: [closed\n")
        try scratch.write("T/vacuous.yaml", "conform: 1\npolicy: one-handed\nform: { name: Steve }\nsteps:\n  - see: { done: disabled }\n")
        try scratch.write("T/bad/claims.yaml", "conform: 1\npolicy: nope\nsteps:\n  - tap: Done\n")
        try scratch.write("outside/o.yaml", "conform: 1\nsteps: [see: {}]\n")
        try FileManager.default.createSymbolicLink(
            atPath: scratch.url.appendingPathComponent("T/link").path, withDestinationPath: "../outside")
    }
}
