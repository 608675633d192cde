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
        return (runs, problems)
    }

    /// `file`'s path below `directory`, as the page names the run.
    static func relative(_ file: String, to directory: String) -> String {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
    }

    static func readRun(_ file: String, name: String) -> Result<HistoryRun, Diagnostic> {
        .failure(Diagnostic(.error, "the run document reader is not merged yet", at: SourceLocation(file: file, position: nil)))
    }
}
