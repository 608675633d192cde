import Foundation

/// Writes report files whole or not at all (see `AtomicFile`).
public enum ReportWriter {
    /// Writes `contents` to `name` in `directory`, creating the folder if needed.
    /// - Throws: a `Diagnostic` naming the file that could not be written.
    public static func write(
        _ contents: String, named name: String, in directory: String, what: String = "the report", rules: AtomicFile.Rules = .init()
    ) throws {
        try AtomicFile.write(contents, to: URL(fileURLWithPath: directory).appendingPathComponent(name).path, what: what, rules: rules)
    }
}
