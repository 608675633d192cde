import ConformCore
import ConformLoading
import ConformReports

/// One trace checked against one policy in-process: the verdict `conform run` gives for the claim,
/// and its words.
public struct TraceCheck: Sendable, CustomStringConvertible {
    /// The pair as a run reports it (always claimed).
    public var result: PairResult
    /// The trace's steps, to name the departing step in `summary`.
    private var stepTexts: [String]

    init(result: PairResult, trace: Trace) {
        self.result = result
        stepTexts = trace.steps.map { StepSummary($0).text }
    }

    /// The verdict: `pass`, `fail` with the departure, `inapplicable` with the reason, or `error`.
    public var verdict: Verdict { result.verdict }
    /// The first departure when the trace departs from the policy (`verdict` is `fail`); `nil` otherwise.
    /// Its `step`, `line`, `state`, `message`, `expected` and `observed` are those `conform run` reports.
    public var departure: Departure? { result.verdict.departure }
    /// Whether the trace conforms to the policy (`verdict` is `pass`).
    public var passed: Bool {
        if case .pass = result.verdict { return true }
        return false
    }

    /// The lines `conform run` prints for this claim (`file:line:column: error: ...`); empty when it holds.
    public var report: String { ClaimWording.parts(result)?.text ?? "" }

    /// One sentence for a test failure: the policy, the step and what it did, what was expected and seen.
    /// Escaped for a terminal line (`Escaping.terminal`): a test log is read as `conform run`'s output is.
    public var summary: String {
        Escaping.terminal(sentence)
    }

    private var sentence: String {
        switch result.verdict {
        case .pass:
            return "'\(result.trace)' conforms to '\(result.policy)'"
        case .fail:
            return "'\(result.trace)' departs from '\(result.policy)' " + (place ?? "")
        case .inapplicable(let reason):
            return "'\(result.policy)' cannot judge '\(result.trace)': \(reason)"
        case .error(let message, _, _):
            return message
        }
    }

    /// Where and how the trace departs: `at step 4 (swipe down), in state 'editing': expected ...` (the
    /// departure's headline: `report` has the parts that differ under it).
    public var place: String? {
        guard let departure else { return nil }
        let step = departure.step - 1 < stepTexts.count ? " (\(stepTexts[departure.step - 1]))" : ""
        return "at step \(departure.step)\(step), in state '\(departure.state)': \(departure.difference.headline)"
    }

    /// The one-sentence `summary`.
    public var description: String { summary }
}

/// Why an in-process check could not be made: the policy is not loaded, or the trace does not load.
public struct CheckProblem: Error, Sendable, CustomStringConvertible {
    /// Each problem, located (`file:line:column`), as `conform run` prints it.
    public var diagnostics: [Diagnostic]

    /// The problems, one per line, in the compiler's form, as `conform run` prints them (without colour).
    public var description: String {
        let printer = DiagnosticPrinter(terminal: Terminal(colours: false))
        return diagnostics.map { printer.line($0.location.description, $0.severity, $0.message).dropLast() }.joined(separator: "\n")
    }
}

extension PolicyLibrary {
    /// The built-in policies and those in `paths` (files or folders), as `--policies` loads them.
    /// - Throws: `CheckProblem` when a policy file does not load.
    public static func builtIn(adding paths: [String]) throws(CheckProblem) -> PolicyLibrary {
        var library = builtIn()
        library.load(paths: paths)
        if !library.diagnostics.isEmpty { throw CheckProblem(diagnostics: library.diagnostics) }
        return library
    }

    /// Checks a trace against the policy `id`, as `conform run --policy ID` judges it.
    /// - Throws: `CheckProblem` when no policy has that id.
    public func check(_ trace: Trace, against id: String) throws(CheckProblem) -> TraceCheck {
        guard let policy = policy(id: id) else {
            let hint = Spelling.nearest(to: id, among: ids).map { "; did you mean '\($0)'?" } ?? ""
            throw CheckProblem(diagnostics: [
                Diagnostic(.error, "unknown policy '\(id)'\(hint)", at: SourceLocation(file: trace.file, position: nil))
            ])
        }
        let outcome = Checker.check(trace, against: policy)
        let pair = PairResult(
            trace: trace.id, file: trace.file, app: trace.app, title: trace.title, policy: id, claimed: true, outcome: outcome)
        return TraceCheck(result: pair, trace: trace)
    }

    /// Loads trace text as `conform run` reads a file, then checks it against the policy `id`; the
    /// departure's line is the text's.
    /// - Throws: `CheckProblem` with every located problem when the text is not a valid trace.
    public func check(yaml text: String, file: String, against id: String) throws(CheckProblem) -> TraceCheck {
        try check(load(yaml: text, file: file), against: id)
    }

    /// Reads a trace file (as `conform run` does) and checks it against the policy `id`.
    public func check(file: String, against id: String) throws(CheckProblem) -> TraceCheck {
        switch FileReader.read(file) {
        case .success(let bytes): return try check(load(bytes: bytes, file: file), against: id)
        case .failure(let diagnostic): throw CheckProblem(diagnostics: [diagnostic])
        }
    }

    /// Reads a trace file as `conform run` does, with this library's vocabulary.
    /// - Throws: `CheckProblem` with every located problem when the file cannot be read or is not a valid trace.
    public func load(file: String) throws(CheckProblem) -> Trace {
        switch FileReader.read(file) {
        case .success(let bytes): return try load(bytes: bytes, file: file)
        case .failure(let diagnostic): throw CheckProblem(diagnostics: [diagnostic])
        }
    }

    /// Loads trace text with this library's vocabulary.
    public func load(yaml text: String, file: String) throws(CheckProblem) -> Trace {
        try load(bytes: Array(text.utf8), file: file)
    }

    private func load(bytes: [UInt8], file: String) throws(CheckProblem) -> Trace {
        let (trace, problems) = TraceLoader(vocabulary: KnownVocabulary(policies: policies)).load(bytes, file: file)
        guard let trace else { throw CheckProblem(diagnostics: problems.map { $0.diagnostic(in: file) }) }
        return trace
    }
}

extension TraceRecorder {
    /// Checks the recorded trace against the policy `id` as `conform run` would check its file: the
    /// YAML that `yaml()` writes is read back, so a step the trace format cannot hold is an error here
    /// too, and a departure's line is the line in that YAML.
    ///
    /// Messages name the trace's file once it has one (`write(to:)`, `file`); before, they name
    /// `<trace 'ID', not written>`, with the line and column in `yaml()`, rather than a file that does not exist.
    /// - Parameters:
    ///   - id: the policy's id, e.g. `apple-reminders`.
    ///   - library: where the policy is looked up: the built-in policies unless given.
    /// - Throws: ``CheckProblem`` when no policy has that id, or when a step cannot be written as a trace.
    public func check(against id: String, in library: PolicyLibrary = .builtIn()) throws(CheckProblem) -> TraceCheck {
        try library.check(yaml: yaml(), file: trace.file, against: id)
    }
}
