import ConformCore
import ConformKit
import ConformReports

extension BaselineOptions {
    /// Writes the baseline `--write-baseline` asks for (`conform run`, `conform merge`), unless the one
    /// read had a problem (its entries would be lost); says on standard error what was written and which
    /// entries were left out.
    /// The `--baseline` file may be replaced (rewriting it is what `--write-baseline` is for); no other
    /// file the run read may.
    func write(_ written: Baseline, _ outcome: BaselineOutcome, readProblems: [Diagnostic], followLinks: Bool) -> [Diagnostic] {
        guard readProblems.isEmpty else {
            let problem = "not written, since the baseline read (\(baseline ?? "")) has problems; fix them first"
            return [Diagnostic(.error, problem, at: SourceLocation(file: written.file, position: nil))]
        }
        do {
            try BaselineFile.write(written, rules: AtomicFile.Rules(followLinks: followLinks, replaceable: [baseline].compactMap { $0 }))
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
