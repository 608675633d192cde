import ConformCore
import ConformReports
import Foundation

/// The run documents under a folder, read for `conform history`: every `.json` file under it
/// (recursively, hidden entries skipped), each reduced to a `HistoryRun` named by its path relative
/// to the folder. A file that cannot be read, or is not a run document this conform reads, is a
/// problem located at the file, and the others are still read.
public enum HistoryFolder {
    /// The runs read, in no particular order (`RunHistory` orders them), and the problems: a folder
    /// that does not exist, no run document in it, and each file that is not one.
    public static func read(_ directory: String) -> (runs: [HistoryRun], problems: [Diagnostic]) {
        var isDirectory: ObjCBool = false
        let here = SourceLocation(file: directory, position: nil)
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            return ([], [Diagnostic(.error, "no such folder", at: here)])
        }
        guard isDirectory.boolValue else {
            return ([], [Diagnostic(.error, "not a folder: give the folder that holds the run documents", at: here)])
        }
        let found = FileDiscovery.find(in: [directory])
        var problems = found.diagnostics
        var runs: [HistoryRun] = []
        let files = found.files.filter { $0.lowercased().hasSuffix(".json") }
        if files.isEmpty && problems.isEmpty {
            problems.append(Diagnostic(.error, "no run document (.json file) in this folder", at: here))
        }
        for file in files {
            switch readRun(file, name: relative(file, to: directory)) {
            case .success(let run): runs.append(run)
            case .failure(let problem): problems.append(problem)
            }
        }
        // In the order the runs are named in (a folder's own files and its sub-folders' mixed by name).
        problems.sort { HistoryOrder.fileNameOrder($0.location.file, $1.location.file) }
        return (runs, problems)
    }

    /// `file`'s path below `directory`, as the page names the run.
    static func relative(_ file: String, to directory: String) -> String {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
    }

    /// The run document at `file` as the history needs it, or why it cannot be used: the reader's
    /// refusals (a `recordedAt` that is not a time among them, at its line and column), one shard's
    /// document (not a whole run).
    static func readRun(_ file: String, name: String) -> Result<HistoryRun, Diagnostic> {
        RunDocument.read(file: file).flatMap { document in
            if let shard = document.shard {
                return .failure(
                    Diagnostic(
                        .error, "one shard's document (--shard \(shard)), not a whole run: give the document conform merge writes",
                        at: SourceLocation(file: file, position: nil)))
            }
            return .success(HistoryRun(document, name: name))
        }
    }
}

extension HistoryRun {
    /// The run `document` states, keeping its claims only; its counts from its summary (from its
    /// results when it has none).
    init(_ document: RunDocument, name: String) {
        let claims = document.results.filter(\.claimed).map { result in
            // A departure is kept as the page words it: its headline and the parts that differ.
            let difference =
                result.verdict == .fail
                ? DepartureDifference(message: result.message ?? "", expected: result.expected ?? .null, observed: result.observed ?? .null)
                : nil
            return HistoryRun.Claim(
                app: result.app, trace: result.trace, file: result.file, policy: result.policy,
                outcome: result.verdict == .pass ? .holds : result.baselined == true ? .baselined : .broken,
                step: result.step, line: result.line, message: difference?.headline ?? result.message,
                differences: difference?.differences.map(\.sentence) ?? [])
        }
        let counts: Counts
        if let summary = document.summary {
            counts = Counts(
                traces: summary.traces, claimsHeld: summary.claimsPassed, claimsBroken: summary.claimsFailed,
                claimsBaselined: summary.claimsBaselined ?? 0, errors: summary.errors)
        } else {
            counts = Counts(
                traces: Set(document.results.map(\.file)).count, claimsHeld: claims.filter { $0.outcome == .holds }.count,
                claimsBroken: claims.filter { $0.outcome == .broken }.count,
                claimsBaselined: claims.filter { $0.outcome == .baselined }.count, errors: document.errors.count)
        }
        self.init(name: name, recordedAt: document.recordedAt, version: document.version, counts: counts, claims: claims)
    }
}
