import ConformCore
import ConformLoading
import ConformReports

/// The logic of `conform record`: a person at a device answers, one line at a time, what they did
/// and what the screen showed; the session offers the actions the claimed policy allows now and the
/// observation it predicts, so that most answers are a number or an empty line.
///
/// Answers (PRODUCT §6): a menu number; a step in trace syntax (`swipe: down`, `see: { done: enabled }`);
/// an empty line, which records the predicted observation; `note: TEXT` or `evidence: PATH`, which
/// annotate the step just recorded; `undo` (or `u`), which takes back the last step; a title of the
/// sheet on screen, which chooses it; `.`, which ends the trace. A departure is recorded as reported:
/// the session says where the trace now departs from the policy, and from then on predicts nothing
/// (the policy's model no longer follows the app, so Enter could only write something false).
///
/// Undo replays the steps that remain through the same logic, from the trace's header: whatever an
/// answer changed (the model, the prediction, the menu, the departure, the titles remembered) is
/// then exactly as it was before the step undone.
///
/// The trace holds what the screen showed, never a prediction: where the predicted sheet names an
/// action by its role only (`(destructive action)`), accepting it asks for the title the screen shows;
/// and a menu action picked while the prediction is unanswered is recorded after the observation it
/// was taken on, which is asked first (`question`).
public struct RecordingSession {
    /// The policy the recording claims, whose predictions and menu are offered.
    public let policy: Policy
    /// The trace recorded so far.
    public private(set) var recorder: TraceRecorder
    /// The actions the policy allows now, in a fixed order: what a menu number picks.
    public private(set) var menu: [RecordingMenuItem] = []
    /// What the policy predicts the screen shows after the latest action (or at the start), until
    /// the person answers it, with the titles given before for a sheet it knows by roles only; `nil`
    /// once the trace departs from the policy.
    public var prediction: Observation? { departure == nil ? offered : nil }
    /// The step whose `see` gave the titles `prediction` shows for a sheet the policy knows by roles
    /// only, when it shows such titles.
    public private(set) var titlesGivenAt: Int?
    /// The recorded trace's first departure from the policy, once it has one.
    public private(set) var departure: TraceCheck?
    /// How many steps `undo` has taken back in the whole recording.
    public private(set) var undoneSteps = 0
    /// The steps so far, replayed as they come: the whole trace is checked again only once they depart.
    private var stepwise: StepwiseCheck
    /// The trace's header without its steps: where `undo` replays the steps that remain from.
    private let header: TraceRecorder
    /// What the policy predicts now, sheet actions it knows by roles only under their placeholders.
    private var predicted: Observation?
    /// `predicted` with the titles remembered for its sheet: what is offered.
    private var offered: Observation?
    /// Titles given for sheets the policy knows by roles only: not asked again when the sheet shows again.
    private var remembered = RememberedSheetTitles()
    /// While steps are replayed, the menu is made once at the end rather than after each.
    private var replaying = false

    private let library: PolicyLibrary
    private let loader: TraceLoader
    private let simulator: PolicySimulator
    private var configuration: Configuration
    /// The action titles of the sheet the person last reported, in display order: offered as `choose`
    /// (none once a `see` says `sheet: none`).
    private var seenTitles: [String] = []
    /// A menu action picked while the prediction was unanswered: recorded once the observation is.
    private var picked: RecordingMenuItem?
    /// The predicted observation while the person gives the titles its sheet names by role only.
    private var titles: PredictedSheetTitles?

    /// What an answer did.
    public enum Outcome {
        /// Steps were added: one, or an observation asked for and then the action picked before it.
        /// `departs` is set when these steps made the trace depart from the policy; `skipped` says why
        /// the action picked before the observation could not be recorded after it.
        case recorded([Step], departs: TraceCheck?, skipped: String?)
        /// The step just recorded got a note or evidence.
        case annotated(Step)
        /// Nothing is recorded yet: the session asks `question` first.
        case asked
        /// The person is done.
        case finished
        /// The line could not be used; the message says why, and the question stands.
        case rejected(String)
        /// `undo` took back `step`, the last one; `departureUndone` when the trace departed with it and
        /// no longer does (its predictions are offered again).
        case undone(Step, departureUndone: Bool)
        /// `undo` took back the answer in progress, `question`'s (no step had been recorded for it).
        case withdrawn(RecordingQuestion)
    }

    /// A session that records into `recorder`, predicting from `policy`.
    /// - Parameters:
    ///   - policy: the policy the trace claims.
    ///   - library: the loaded policies, whose vocabulary a typed step may use.
    ///   - recorder: the trace's header (and any steps recorded before).
    public init(policy: Policy, library: PolicyLibrary, recorder: TraceRecorder) {
        self.policy = policy
        self.library = library
        var empty = recorder.trace
        empty.steps = []
        header = TraceRecorder(continuing: empty)
        self.recorder = header
        loader = TraceLoader(vocabulary: KnownVocabulary(policies: library.policies))
        simulator = PolicySimulator(policy: policy, form: recorder.trace.form)
        configuration = simulator.start(observing: false)
        stepwise = StepwiseCheck(policy: policy, form: recorder.trace.form, settings: recorder.trace.settings)
        // Steps recorded before move the model as if answered now.
        replay(recorder.trace.steps)
    }

    /// The control state the policy is in now.
    public var state: String { simulator.state(of: configuration) }

    /// What the session asks before it records anything else, or `nil` at an ordinary turn.
    public var question: RecordingQuestion? {
        if let titles, !titles.isComplete {
            let asking = titles.asking
            return .title(role: asking.role, number: asking.number, count: asking.count, before: picked)
        }
        return picked.map { .observation(before: $0) }
    }

    /// Takes one line of the person's answer: a menu number, an empty line, a step in trace syntax, a
    /// title of the sheet on screen, `note: TEXT`, `evidence: PATH`, `undo` (or `u`) or `.` (while a
    /// `question` stands, its answer).
    /// - Returns: what the line did; a rejected line changes nothing.
    public mutating func answer(_ line: String) -> Outcome {
        var text = Substring(line.trimmingWhitespace)
        if text == "." { return .finished }
        // Before a title: a sheet button titled "undo" is typed quoted ('undo').
        if Self.undoWords.contains(String(text)) { return undo() }
        // While titles are asked, a line is a title, unless it types the whole observation instead.
        if titles != nil, !Self.isObservation(text) { return giveTitle(Self.unquoted(String(text))) }
        if text.isEmpty { return acceptPrediction() }
        if let number = Int(text) { return pick(number) }
        for key in ["note", "evidence"] where text.hasPrefix(key + ":") {
            if let picked { return .rejected(Self.observationFirst(picked)) }
            return annotate(key, String(text.dropFirst(key.count + 1)))
        }
        // A title of the sheet on screen, as the menu offers it: that choice.
        if let number = menuNumber(choosing: Self.unquoted(String(text))) { return pick(number) }
        if text.hasPrefix("- ") { text = text.dropFirst(2) }
        switch parse(String(text)) {
        case .failure(let problem) where problem.message.isEmpty:
            return .rejected(notAnAnswer(Self.unquoted(String(text))))
        case .success(let step):
            if let path = step.evidence, let problem = Evidence.placementProblem(path) { return .rejected(problem) }
            switch step.kind {
            case .see(let observation):
                if Self.hasPlaceholder(observation) {
                    return .rejected(
                        "a title in parentheses such as '(destructive action)' names a role, not what the screen shows: type the titles the sheet shows"
                    )
                }
                titles = nil
                return observe(observation, note: step.note, at: step.at, evidence: step.evidence)
            case .action(let action):
                if let picked { return .rejected(Self.observationFirst(picked)) }
                if case .choose(let title) = action, PolicySimulator.isPlaceholder(title) {
                    return .rejected("'\(title)' names a role, not a title: type the title the person chose, as the sheet shows it")
                }
                return finish([add(step.kind, note: step.note, at: step.at, evidence: step.evidence)])
            }
        case .failure(let problem): return .rejected(problem.message)
        }
    }

    // MARK: - Answers

    /// The words that take back the last step (or the answer in progress).
    public static let undoWords: Set<String> = ["undo", "u"]

    /// Takes back the answer in progress, if any (a pick waiting for the screen, titles being given);
    /// else the last step, the others replayed from the start, so that everything is as it was before it.
    public mutating func undo() -> Outcome {
        if let question {
            picked = nil
            titles = nil
            return .withdrawn(question)
        }
        guard let last = recorder.trace.steps.last else { return .rejected("there is no step to undo: the trace has none yet") }
        let departed = departure != nil
        replay(Array(recorder.trace.steps.dropLast()))
        undoneSteps += 1
        return .undone(last, departureUndone: departed && departure == nil)
    }

    /// An empty line: the screen shows the prediction, once the titles it names by role only are given.
    private mutating func acceptPrediction() -> Outcome {
        if let departure {
            let step = departure.departure.map { " at step \($0.step)" } ?? ""
            return .rejected(
                "nothing is predicted since the trace departs from '\(policy.id)'\(step): type what the screen shows "
                    + "(`see: { ... }`), or what the person did (a menu number or a step)")
        }
        guard let prediction else {
            return .rejected("there is no prediction to accept now: pick an action by its number, or type a step")
        }
        if let asked = PredictedSheetTitles(prediction) {
            titles = asked
            return .asked
        }
        return observe(prediction)
    }

    private mutating func giveTitle(_ title: String) -> Outcome {
        // A number here is a menu pick typed too early far more often than a button's title.
        if Int(title) != nil {
            return .rejected(
                "'\(title)' looks like a menu number: type the title the screen shows (the menu comes back once the titles are given)")
        }
        // The title goes into the file: it must read back as itself, as any typed step must.
        if !title.isEmpty, case .failure(let problem) = parse("choose: " + Escaping.yaml(title)) { return .rejected(problem.message) }
        guard var asked = titles else { return .rejected("there is no title to give now") }
        if let problem = asked.give(title) { return .rejected(problem) }
        titles = asked
        guard asked.isComplete else { return .asked }
        titles = nil
        return observe(asked.observation)
    }

    private mutating func pick(_ number: Int) -> Outcome {
        if let picked { return .rejected(Self.observationFirst(picked)) }
        guard number >= 1, number <= menu.count else {
            return .rejected(
                menu.isEmpty ? "the policy allows no action now" : "there is no action \(number) in the menu (1 to \(menu.count))")
        }
        let item = menu[number - 1]
        // The menu was offered on the predicted screen: what it showed is recorded before the action.
        if prediction != nil {
            picked = item
            return .asked
        }
        guard case .action(let action) = item else { return .rejected("that sheet action is offered only while its sheet is predicted") }
        return finish([add(.action(action))])
    }

    /// Records what the screen showed, then the menu action picked before it, if any.
    private mutating func observe(_ observation: Observation, note: String? = nil, at: Double? = nil, evidence: String? = nil) -> Outcome {
        var steps = [add(.see(observation), note: note, at: at, evidence: evidence)]
        var skipped: String?
        if let item = picked {
            picked = nil
            switch Self.action(item, after: observation) {
            case .success(let action): steps.append(add(.action(action)))
            case .failure(let reason): skipped = reason.message
            }
        }
        return finish(steps, skipped: skipped)
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

    /// The action a menu item stands for once the screen it was picked on is recorded: a sheet action
    /// known by its role takes the title the sheet showed for that role.
    private static func action(_ item: RecordingMenuItem, after observation: Observation) -> Result<Action, Problem> {
        switch item {
        case .action(let action):
            return .success(action)
        case .sheetAction(let position, let role):
            let name = RecordingTranscript.roleName(role)
            guard let actions = sheetActions(observation) else {
                return .failure(
                    Problem("the screen showed no sheet's actions, so there is no \(name) to choose: pick again from the menu", at: .start))
            }
            if actions.indices.contains(position), actions[position].role == role { return .success(.choose(actions[position].title)) }
            guard let seen = actions.first(where: { $0.role == role }) else {
                return .failure(Problem("the sheet showed no \(name) to choose: pick again from the menu", at: .start))
            }
            return .success(.choose(seen.title))
        }
    }

    // MARK: - Recording

    /// Starts again from the header and records `steps` as they were answered: the model, the
    /// prediction, the menu, the departure and the remembered titles come out as they were then.
    private mutating func replay(_ steps: [Step]) {
        recorder = header
        configuration = simulator.start(observing: false)
        stepwise = StepwiseCheck(policy: policy, form: header.trace.form, settings: header.trace.settings)
        departure = nil
        seenTitles = []
        picked = nil
        titles = nil
        remembered = RememberedSheetTitles()
        replaying = true
        predict()
        for step in steps { _ = finish([add(step.kind, note: step.note, at: step.at, evidence: step.evidence)]) }
        replaying = false
        updateMenu()
    }

    /// Adds a step and moves the policy's model along.
    private mutating func add(_ kind: Step.Kind, note: String? = nil, at: Double? = nil, evidence: String? = nil) -> Step {
        recorder.record(kind, note: note, at: at, evidence: evidence)
        switch kind {
        case .action(let action):
            // An action the policy does not allow leaves its model where it was; the check says so.
            if let move = simulator.perform(action, from: configuration, observing: false) { configuration = move.configuration }
            predict()
        case .see(let observation):
            simulator.observe(observation, in: &configuration)
            remembered.learn(predicted: predicted, observed: observation, step: recorder.trace.steps.count)
            if let actions = Self.sheetActions(observation) {
                seenTitles = actions.map(\.title)
            } else if observation.items.contains(where: { $0.key == "sheet" }) {
                seenTitles = [] // `sheet: none` (or `shown`): no title of a sheet is on screen
            }
            predicted = nil
            offered = nil
            titlesGivenAt = nil
            updateMenu()
        }
        // `recorder.trace.steps` is never empty here: a step was just recorded.
        return recorder.trace.steps[recorder.trace.steps.count - 1]
    }

    /// The outcome of recording `steps`: with the departure they made, if they made the trace depart.
    /// The steps are replayed one by one (`StepwiseCheck`); only once they depart is the whole trace
    /// checked as `conform run` reads its file, for the departure's words.
    private mutating func finish(_ steps: [Step], skipped: String? = nil) -> Outcome {
        var departs: TraceCheck?
        for step in steps { stepwise.add(step) }
        if departure == nil, !stepwise.conforms, let check = wholeCheck(), !check.passed {
            departure = check
            departs = check
            // Nothing is predicted from here: the menu is no longer the model's.
            updateMenu()
        }
        return .recorded(steps, departs: departs, skipped: skipped)
    }

    /// The trace recorded so far, checked as `conform run` checks its file (the YAML read back); `nil`
    /// when it does not load.
    public func wholeCheck() -> TraceCheck? {
        try? library.check(yaml: recorder.yaml(), file: recorder.trace.file, against: policy.id)
    }

    /// What the policy predicts now, and the menu that goes with it.
    private mutating func predict() {
        let raw = simulator.prediction(configuration)
        predicted = raw.items.isEmpty ? nil : raw
        let filled = predicted.map(remembered.filled)
        offered = filled?.observation
        titlesGivenAt = filled?.step
        updateMenu()
    }

    private mutating func updateMenu() {
        guard !replaying else { return }
        // A sheet's actions in the order it shows them, then everything else. A predicted action known
        // by its role only is offered as that role, never under its placeholder as if it were a title.
        var sheet: [RecordingMenuItem] = seenTitles.map { .action(.choose($0)) }
        if let predicted = prediction.flatMap(Self.sheetActions) {
            sheet = predicted.enumerated().map { position, action in
                PolicySimulator.isPlaceholder(action.title)
                    ? .sheetAction(position: position, role: action.role) : .action(.choose(action.title))
            }
        }
        let others = Self.candidates(for: policy, form: recorder.trace.form, screen: recorder.trace.screen).filter { action in
            if case .choose(let title) = action { return !PolicySimulator.isPlaceholder(title) }
            return true
        }
        if departure != nil {
            // The model no longer follows the app, so it filters nothing: every action a person could
            // take here, a choice only among the titles of the sheet last seen.
            var listed: Set<String> = []
            menu = (sheet + others.filter { $0.verb != "choose" }.map(RecordingMenuItem.action)).filter { item in
                guard case .action(let action) = item else { return false }
                return listed.insert(TraceYAML.action(action)).inserted
            }
            return
        }
        // Offered as if the prediction were seen: a sheet's actions become choosable once it shows.
        var probe = configuration
        if let prediction { simulator.observe(prediction, in: &probe) }
        var seen: Set<String> = []
        menu = (sheet + others.map(RecordingMenuItem.action)).filter { item in
            let action: Action
            switch item {
            case .action(let offered): action = offered
            // The probe saw the placeholder with its role, so the placeholder chooses that role there.
            case .sheetAction(let position, let role):
                guard seen.insert("sheet action \(position)").inserted else { return false }
                action = .choose(PolicySimulator.placeholderTitle(for: role))
            }
            if case .action = item, !seen.insert(TraceYAML.action(action)).inserted { return false }
            return simulator.perform(action, from: probe, observing: false) != nil
        }
    }

    /// Everything a person could do on the screen, as `conform generate` explores it, except that a
    /// form's edits change the trace's own fields (to some new value) rather than the alphabet's values, and
    /// `present` reopens the trace's own screen.
    static func candidates(for policy: Policy, form: [String: Value], screen: String?) -> [Action] {
        let alphabet = ActionAlphabet(policies: [policy]).actions
        guard policy.isFormDomain else { return alphabet }
        // Without a form of its own, the fields the policy reads, or the stand-in when it names none.
        let named = FieldValues([policy]).names
        let fields = !form.isEmpty ? form.keys.sorted() : named.isEmpty ? [ActionAlphabet.field] : named
        let others = alphabet.filter { $0.verb != "edit" && $0.verb != "present" }
        return fields.map { .edit([FieldEdit(field: $0, value: nil)]) } + others + [.present(screen)]
    }

    private static func sheetActions(_ observation: Observation) -> SheetActions? {
        for item in observation.items {
            if case .sheet(.details(_, _, let actions?, _)) = item.value { return actions }
        }
        return nil
    }

    private static func hasPlaceholder(_ observation: Observation) -> Bool {
        RecordingTranscript.hasPlaceholder(observation)
    }

    /// `see: ...` (or `- see: ...`): a line that types the observation instead of answering a title.
    private static func isObservation(_ text: Substring) -> Bool {
        text.hasPrefix("see:") || text.hasPrefix("- see:")
    }

    private static func observationFirst(_ picked: RecordingMenuItem) -> String {
        "first say what the screen showed before \(RecordingTranscript.pickText(picked)): "
            + "an empty line if it is the prediction, or `see: { ... }` as it shows (`undo` takes the pick back)"
    }

    // MARK: - Titles typed at the menu

    /// The titles of the sheet on screen: the predicted one's (those the policy or the person gave),
    /// else the one last seen, until a `see` says it is gone.
    private var sheetTitlesOnScreen: [String] {
        if let predicted = prediction.flatMap(Self.sheetActions) {
            return predicted.map(\.title).filter { !PolicySimulator.isPlaceholder($0) }
        }
        return seenTitles
    }

    /// The menu number of `choose: TITLE` when `title` is, exactly, a title of the sheet on screen.
    private func menuNumber(choosing title: String) -> Int? {
        guard sheetTitlesOnScreen.contains(title) else { return nil }
        let index = menu.firstIndex { item in
            if case .action(.choose(let offered)) = item { return offered == title }
            return false
        }
        return index.map { $0 + 1 }
    }

    /// Why `text` (no menu number, no step) is not an answer, with the title meant when it is a near
    /// miss of one on the sheet on screen.
    private func notAnAnswer(_ text: String) -> String {
        let titles = sheetTitlesOnScreen
        let caseless = titles.first { $0.lowercased() == text.lowercased() }
        if !text.isEmpty, let meant = caseless ?? Spelling.nearest(to: text, among: titles) {
            let shown = titles.map { "'\($0)'" }.joined(separator: ", ")
            let exactly = caseless != nil ? " (only the case differs: a title is taken exactly as the sheet shows it)" : ""
            return "'\(text)' is no title of the sheet on screen (it shows \(shown)); did you mean '\(meant)'?\(exactly)"
        }
        if let predicted = prediction.flatMap(Self.sheetActions), predicted.contains(where: { PolicySimulator.isPlaceholder($0.title) }) {
            return "not an answer: the titles of the predicted sheet are not known yet: press Enter if the screen shows it "
                + "(its titles are asked then), or pick its action by number"
        }
        let enter = prediction == nil ? "" : ", an empty line (the screen shows what is predicted)"
        return "not an answer: type a menu number, a step (`swipe: down`, `see: { ... }`, `choose: TITLE`)\(enter), `undo`, or `.`"
    }

    // MARK: - Reading a step

    /// A line in trace-step syntax, read as the step of a one-step trace, so that it means exactly
    /// what it means in a trace file; a problem's column is the line's own.
    private func parse(_ line: String) -> Result<Step, Problem> {
        // The trace's `form:` goes before the step, so that an edit of a field it does not declare is refused
        // as in the file (the file would not load), and the step stays on the last line.
        let form = recorder.trace.form
        let declared =
            form.isEmpty
            ? "" : "form: " + TraceYAML.record(form.sorted { $0.key < $1.key }.map { NamedValue(name: $0.key, value: $0.value) }) + "\n"
        // The claim too: a policy that declares its fields refuses any other, as in the file.
        let stepLine = form.isEmpty ? 4 : 5
        let prefix = "conform: 1\npolicy: " + Escaping.yaml(policy.id) + "\n" + declared + "steps:\n  - "
        let (trace, problems) = loader.load(Array((prefix + line + "\n").utf8), file: recorder.trace.file)
        if let step = trace?.steps.first, trace?.steps.count == 1 { return .success(step) }
        // Not a step at all: an empty message, which `answer` words for the screen at hand.
        guard let problem = problems.first, !problem.message.contains("must be a map") else { return .failure(Problem("", at: .start)) }
        let column = problem.position.line == stepLine ? " (column \(max(1, problem.position.column - 4)))" : ""
        return .failure(Problem(problem.message + column, at: problem.position))
    }

    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, let first = text.first, first == text.last, first == "\"" || first == "'" else { return text }
        return String(text.dropFirst().dropLast())
    }
}
