import ConformCore
import ConformKit
import ConformReports

extension BaselineOptions {
    /// Writes the baseline `--write-baseline` asks for (`conform run`, `conform merge`), unless the one
    /// read had a problem (its entries would be lost); says on standard error what was written and which
    /// entries were left out.
    func write(_ written: Baseline, _ outcome: BaselineOutcome, readProblems: [Diagnostic]) -> [Diagnostic] {
        guard readProblems.isEmpty else {
            let problem = "not written, since the baseline read (\(baseline ?? "")) has problems; fix them first"
            return [Diagnostic(.error, problem, at: SourceLocation(file: written.file, position: nil))]
        }
        do {
            try BaselineFile.write(written)
        } catch let diagnostic as Diagnostic {
            return [diagnostic]
        } catch {
            return [Diagnostic(.error, "\(error)", at: SourceLocation(file: written.file, position: nil))]
        }
        let (dropped, summary) = BaselineWording.written(outcome)
        printProblems(dropped)
        printError(summary)
        return []
    }
}
