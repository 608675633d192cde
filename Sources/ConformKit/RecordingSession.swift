import ConformCore
import ConformReports
import ConformLoading

/// The logic of `conform record`: a person at a device answers, one line at a time, what they did
/// and what the screen showed; the session offers the actions the claimed policy allows now and the
/// observation it predicts, so that most answers are a number or an empty line.
///
/// Answers (PRODUCT §6): a menu number; a step in trace syntax (`swipe: down`, `see: { done: enabled }`);
/// an empty line, which records the predicted observation; `note: TEXT` or `evidence: PATH`, which
/// annotate the step just recorded; `.`, which ends the trace. A departure is recorded as reported:
/// the session says where the trace now departs from the policy.
public struct RecordingSession {
    /// The policy the recording claims, whose predictions and menu are offered.
    public let policy: Policy
    /// The trace recorded so far.
    public private(set) var recorder: TraceRecorder
    /// The actions the policy allows now, in a fixed order: what a menu number picks.
    public private(set) var menu: [Action] = []
    /// What the policy predicts the screen shows after the latest action (or at the start), until
    /// the person answers it.
    public private(set) var prediction: Observation?
    /// The recorded trace's first departure from the policy, once it has one.
    public private(set) var departure: TraceCheck?

    private let library: PolicyLibrary
    private let loader: TraceLoader
    private let simulator: PolicySimulator
    private var configuration: Configuration
    /// The action titles of the sheet the person last reported, in display order: offered as `choose`.
    private var seenTitles: [String] = []

    /// What an answer did.
    public enum Outcome {
        /// A step was added; `departs` is set when this step made the trace depart from the policy.
        case recorded(Step, departs: TraceCheck?)
        /// The step just recorded got a note or evidence.
        case annotated(Step)
        /// The person is done.
        case finished
        /// The line could not be used; the message says why, and the question stands.
        case rejected(String)
    }

    /// A session that records into `recorder`, predicting from `policy`.
    /// - Parameters:
    ///   - policy: the policy the trace claims.
    ///   - library: the loaded policies, whose vocabulary a typed step may use.
    ///   - recorder: the trace's header (and any steps recorded before).
    public init(policy: Policy, library: PolicyLibrary, recorder: TraceRecorder) {
        self.policy = policy
        self.library = library
        self.recorder = recorder
        loader = TraceLoader(vocabulary: KnownVocabulary(policies: library.policies))
        simulator = PolicySimulator(policy: policy, form: recorder.trace.form)
        configuration = simulator.start(observing: false)
        predict()
    }

    /// The control state the policy is in now.
    public var state: String { simulator.state(of: configuration) }

    /// Takes one line of the person's answer: a menu number, an empty line, a step in trace syntax,
    /// `note: TEXT`, `evidence: PATH` or `.`.
    /// - Returns: what the line did; a rejected line changes nothing.
    public mutating func answer(_ line: String) -> Outcome {
        var text = Substring(line.trimmingWhitespace)
        if text == "." { return .finished }
        if text.isEmpty {
            guard let prediction else {
                return .rejected("there is no prediction to accept now: pick an action by its number, or type a step")
            }
            return record(.see(prediction))
        }
        if let number = Int(text) {
            guard number >= 1, number <= menu.count else {
                return .rejected(menu.isEmpty ? "the policy allows no action now" : "there is no action \(number) in the menu (1 to \(menu.count))")
            }
            return record(.action(menu[number - 1]))
        }
        for key in ["note", "evidence"] where text.hasPrefix(key + ":") {
            return annotate(key, String(text.dropFirst(key.count + 1)))
        }
        if text.hasPrefix("- ") { text = text.dropFirst(2) }
        switch parse(String(text)) {
        case .success(let step):
            if let path = step.evidence, let problem = Evidence.placementProblem(path) { return .rejected(problem) }
            return record(step.kind, note: step.note, at: step.at, evidence: step.evidence)
        case .failure(let problem): return .rejected(problem.message)
        }
    }

    // MARK: - Recording

    private mutating func record(_ kind: Step.Kind, note: String? = nil, at: Double? = nil, evidence: String? = nil) -> Outcome {
        recorder.record(kind, note: note, at: at, evidence: evidence)
        switch kind {
        case .action(let action):
            // An action the policy does not allow leaves its model where it was; the check below says so.
            if let move = simulator.perform(action, from: configuration, observing: false) { configuration = move.configuration }
            predict()
        case .see(let observation):
            simulator.observe(observation, in: &configuration)
            if let titles = Self.sheetTitles(observation) { seenTitles = titles }
            prediction = nil
            updateMenu()
        }
        var departs: TraceCheck?
        if departure == nil, let check = try? library.check(yaml: recorder.yaml(), file: recorder.trace.file, against: policy.id),
            !check.passed
        {
            departure = check
            departs = check
        }
        // `recorder.trace.steps` is never empty here: a step was just recorded.
        return .recorded(recorder.trace.steps[recorder.trace.steps.count - 1], departs: departs)
    }

    private mutating func annotate(_ key: String, _ value: String) -> Outcome {
        guard var step = recorder.trace.steps.last else { return .rejected("there is no step yet to give a \(key) to") }
        let text = Self.unquoted(value.trimmingWhitespace)
        guard !text.isEmpty else { return .rejected("'\(key):' needs a text after the colon") }
        if key == "evidence", let problem = Evidence.placementProblem(text) { return .rejected(problem) }
        if key == "note" { step.note = text } else { step.evidence = text }
        recorder.removeLastStep()
        recorder.record(step.kind, note: step.note, at: step.at, evidence: step.evidence)
        return .annotated(step)
    }

    /// What the policy predicts now, and the menu that goes with it.
    private mutating func predict() {
        let predicted = simulator.prediction(configuration)
        prediction = predicted.items.isEmpty ? nil : predicted
        updateMenu()
    }

    private mutating func updateMenu() {
        // A sheet's actions in the order it shows them, then everything else.
        let titles = prediction.flatMap(Self.sheetTitles) ?? seenTitles
        let candidates = titles.map(Action.choose) + Self.candidates(for: policy, form: recorder.trace.form, screen: recorder.trace.screen)
        // Offered as if the prediction were seen: a sheet's actions become choosable once it shows.
        var probe = configuration
        if let prediction { simulator.observe(prediction, in: &probe) }
        var seen: Set<String> = []
        menu = candidates.filter { action in
            seen.insert(TraceYAML.action(action)).inserted && simulator.perform(action, from: probe, observing: false) != nil
        }
    }

    /// Everything a person could do on the screen, as `conform generate` explores it, except that a
    /// form's edits change the trace's own fields (to some new value) rather than a made-up one, and
    /// `present` reopens the trace's own screen.
    static func candidates(for policy: Policy, form: [String: Value], screen: String?) -> [Action] {
        let alphabet = ActionAlphabet(policies: [policy]).actions
        guard policy.isFormDomain else { return alphabet }
        let fields = form.isEmpty ? [ActionAlphabet.field] : form.keys.sorted()
        let others = alphabet.filter { $0.verb != "edit" && $0.verb != "present" }
        return fields.map { .edit([FieldEdit(field: $0, value: nil)]) } + others + [.present(screen)]
    }

    private static func sheetTitles(_ observation: Observation) -> [String]? {
        for item in observation.items {
            if case .sheet(.details(_, _, let actions?, _)) = item.value { return actions.map(\.title) }
        }
        return nil
    }

    // MARK: - Reading a step

    /// A line in trace-step syntax, read as the step of a one-step trace, so that it means exactly
    /// what it means in a trace file; a problem's column is the line's own.
    private func parse(_ line: String) -> Result<Step, Problem> {
        // The trace's `form:` goes before the step, so that an edit of a field it does not declare is refused
        // as in the file (the file would not load), and the step stays on the last line.
        let form = recorder.trace.form
        let declared = form.isEmpty
            ? "" : "form: " + TraceYAML.record(form.sorted { $0.key < $1.key }.map { NamedValue(name: $0.key, value: $0.value) }) + "\n"
        let stepLine = form.isEmpty ? 3 : 4
        let prefix = "conform: 1\n" + declared + "steps:\n  - "
        let (trace, problems) = loader.load(Array((prefix + line + "\n").utf8), file: recorder.trace.file)
        if let step = trace?.steps.first, trace?.steps.count == 1 { return .success(step) }
        guard let problem = problems.first, !problem.message.contains("must be a map") else {
            return .failure(Problem("not an answer: type a menu number, a step such as `swipe: down`, an empty line, or `.`", at: .start))
        }
        let column = problem.position.line == stepLine ? " (column \(max(1, problem.position.column - 4)))" : ""
        return .failure(Problem(problem.message + column, at: problem.position))
    }

    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, let first = text.first, first == text.last, first == "\"" || first == "'" else { return text }
        return String(text.dropFirst().dropLast())
    }
}
