import ArgumentParser
import ConformCore
import ConformKit
import ConformReports
import Foundation

/// `--baseline`, `--write-baseline`, `--strict-baseline`, `--as-of`: known broken claims that
/// `conform run` accepts (Docs/Baselines.md).
struct BaselineOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Accept the broken claims FILE lists: reported as baselined, they do not fail the run (default: the configuration's `baseline:`).",
            valueName: "FILE"),
        completion: .yamlFiles)
    var baseline: String?

    @Option(
        help: ArgumentHelp(
            "Write every broken claim of this run to FILE as a baseline (keeping the reasons of --baseline's entries).", valueName: "FILE"),
        completion: .yamlFiles)
    var writeBaseline: String?

    @Flag(help: "Stale baseline entries (that match no broken claim) fail the run instead of warning.")
    var strictBaseline = false

    @Option(
        help: ArgumentHelp(
            "The day baseline expiry is judged on (default: SOURCE_DATE_EPOCH's day, else today; UTC).", valueName: "YYYY-MM-DD"))
    var asOf: String?

    func validate() throws {
        if let asOf, case .failure(let refusal) = CalendarDate.parse(asOf) {
            throw ValidationError("invalid --as-of '\(asOf)': \(refusal.reason). Give the day expiry is judged on, such as 2026-11-26.")
        }
    }

    /// What the other options need, once the configuration's `baseline:` is known (`applying(_:)`).
    func validateNeeds() throws {
        if baseline == nil, writeBaseline == nil {
            if strictBaseline { throw ValidationError("--strict-baseline needs --baseline FILE.") }
            if asOf != nil { throw ValidationError("--as-of needs --baseline FILE or --write-baseline FILE.") }
        }
    }

    /// These options with the configuration's `baseline:` where the command line gives none.
    func applying(_ config: ProjectConfig?) -> BaselineOptions {
        var options = self
        if options.baseline == nil { options.baseline = config?.baseline }
        return options
    }

    /// The baseline to judge the run against, the errors of its file, and its warnings (an older file's
    /// entries), which are said before any trace's outcome and change no exit status; `nil` without one.
    /// - Throws: a usage error when `SOURCE_DATE_EPOCH`, which gives the day expiry is judged on, is not a time.
    func matcher() throws -> (matcher: BaselineMatcher, errors: [Diagnostic], warnings: FileOutcome)? {
        guard baseline != nil || writeBaseline != nil else { return nil }
        let today = try today()
        let (read, problems) = baseline.map(BaselineFile.load) ?? (Baseline(file: writeBaseline ?? "", entries: []), [])
        let matcher = BaselineMatcher(baseline: read, today: today, strict: strictBaseline, writing: writeBaseline != nil)
        let warnings = FileOutcome(summary: nil, results: [], errors: [], warnings: problems.filter { $0.severity == .warning })
        return (matcher, problems.filter { $0.severity != .warning }, warnings)
    }

    /// `--as-of`, else the UTC day of `SOURCE_DATE_EPOCH`, else of the clock.
    /// - Throws: a usage error when `SOURCE_DATE_EPOCH` is set to anything but a time (`RecordedTime`).
    func today() throws -> CalendarDate {
        if let asOf, let date = CalendarDate(asOf) { return date }
        if let moment = try RecordedTime.sourceDateEpoch() { return moment.day }
        guard let clock = Timestamp(secondsSince1970: Date().timeIntervalSince1970) else {
            throw ValidationError("the clock reads a time outside years 0001 to 9999: give --as-of YYYY-MM-DD")
        }
        return clock.day
    }
}
