import Foundation

/// `conform diff` of two runs of the failure-heavy corpus (issue 25 §4: under 2 s and 200 MB for
/// 10,000 traces): the base run, and a head run where one trace in five behaves otherwise (1,000
/// claims break, 1,000 are fixed, apps change). Skipped when this `conform` has no `diff` command.
struct DiffBench {
    let conform: String
    let runs: Int
    let work: URL

    /// The median of `runs` diffs, or `nil` when `conform diff` does not exist.
    func measure(base corpus: URL, count: Int) throws -> (measure: ProcessMeasure, bytes: (base: Int, head: Int))? {
        guard Self.hasDiff(conform) else { return nil }
        let head = work.appendingPathComponent("failure-heavy-head-\(count)")
        try? FileManager.default.removeItem(at: head)
        var generator = CorpusGenerator()
        _ = try generator.writeFailureHeavyCorpus(count: count, to: head, changingEvery: 5)
        let baseDocument = work.appendingPathComponent("failure-heavy-base.json")
        let headDocument = work.appendingPathComponent("failure-heavy-head.json")
        for (folder, document) in [(corpus, baseDocument), (head, headDocument)] {
            try Self.runJSON(conform, folder, to: document)
        }
        let measure = try ProcessMeasure.median(runs: runs) {
            try ProcessMeasure.run(conform, ["diff", baseDocument.path, headDocument.path])
        }
        func size(_ url: URL) -> Int { (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0 }
        return (measure, (size(baseDocument), size(headDocument)))
    }

    /// Whether `conform diff --help` is the help of a diff command (an unknown one prints the tool's).
    static func hasDiff(_ conform: String) -> Bool {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: conform)
        process.arguments = ["diff", "--help"]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        let help = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return help.contains("USAGE: conform diff")
    }

    /// `conform run FOLDER --format json > DOCUMENT` (exit 1, claims broken, is expected).
    static func runJSON(_ conform: String, _ folder: URL, to document: URL) throws {
        guard FileManager.default.createFile(atPath: document.path, contents: nil) else {
            throw BenchError("cannot write \(document.path)")
        }
        let output = try FileHandle(forWritingTo: document)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: conform)
        process.arguments = ["run", folder.path, "--format", "json"]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus <= 1 else {
            throw BenchError("conform run \(folder.path) --format json exited \(process.terminationStatus)")
        }
    }
}
