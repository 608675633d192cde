import ConformCore
import ConformReports

/// `conform record`'s conversation: a `RecordingSession` and the words said around it, with the trace
/// saved after every step. The command reads lines and prints what this says; a test can answer it
/// the same way, in-process, as a person would.
public struct RecordingConversation {
    /// The recording: its policy, its menu, the trace so far.
    public private(set) var session: RecordingSession
    /// The wording of every prompt and reply.
    public let transcript: RecordingTranscript
    /// The app under test, as the greeting names it.
    public let app: String
    /// Where the trace goes, as said to the person.
    public let path: String
    /// Keeps the trace (the command rewrites its file); called after every step recorded or annotated.
    private let save: (TraceRecorder) throws -> Void
    /// Words after `conform run FILE` in the closing advice that load the policy (`--policies DIR`), shell-quoted.
    public var checkArguments: [String] = []

    /// A conversation over a session that has not taken an answer yet.
    /// - Parameters:
    ///   - session: the recording, with its policy and the trace so far.
    ///   - transcript: the wording of every prompt and reply.
    ///   - app: the app under test, as the greeting names it.
    ///   - path: where the trace goes, as said to the person.
    ///   - save: keeps the trace; called after every step recorded or annotated.
    public init(
        session: RecordingSession, transcript: RecordingTranscript, app: String, path: String,
        save: @escaping (TraceRecorder) throws -> Void
    ) {
        self.session = session
        self.transcript = transcript
        self.app = app
        self.path = path
        self.save = save
    }

    /// The greeting and the first question.
    public func opening() -> String {
        transcript.opening(policy: session.policy.id, app: app, path: path) + prompt()
    }

    /// Answers one line of the person's.
    /// - Returns: what to say next, or `nil` when the person is done.
    /// - Throws: what `save` throws.
    public mutating func reply(_ line: String) throws -> String? {
        let policy = session.policy.id
        switch session.answer(line) {
        case .finished:
            return nil
        case .rejected(let reason):
            return transcript.rejected(reason, question: session.question.map(asked))
        case .asked:
            return prompt()
        case .annotated(let step):
            try save(session.recorder)
            return transcript.annotated(step) + prompt()
        case .undone(let step, let departureUndone):
            // The file follows: the step is gone from it too (with no step left, it is as before the recording).
            try save(session.recorder)
            return transcript.undone(step, remaining: session.recorder.trace.steps.count, policy: policy, departureUndone: departureUndone)
                + prompt()
        case .withdrawn(let question):
            return transcript.withdrawn(question) + prompt()
        case .recorded(let steps, let departs, let skipped):
            try save(session.recorder)
            return transcript.recorded(steps, policy: policy, departure: departs.map { $0.place ?? $0.summary }, skipped: skipped)
                + prompt()
        }
    }

    /// What the recording came to. The whole trace is checked once more, as `conform run` reads it, so
    /// that what is said is what run will say.
    public func closing() -> String {
        let steps = session.recorder.trace.steps.count
        let departure = session.departure ?? (steps == 0 ? nil : session.wholeCheck().flatMap { $0.passed ? nil : $0 })
        return transcript.closing(
            steps: steps, path: path, policy: session.policy.id, departure: departure.map { $0.place ?? $0.summary },
            unanswered: session.question, checkArguments: checkArguments, everyStepUndone: steps == 0 && session.undoneSteps > 0)
    }

    /// The question that stands: one the session asks first, else the turn's prediction and menu.
    private func prompt() -> String {
        if let question = session.question { return asked(question) }
        return transcript.turn(
            number: session.recorder.trace.steps.count + 1, policy: session.policy.id, state: session.state,
            prediction: session.prediction, menu: session.menu, departed: session.departure != nil,
            titlesGivenAt: session.titlesGivenAt)
    }

    private func asked(_ question: RecordingQuestion) -> String {
        transcript.question(question, policy: session.policy.id, prediction: session.prediction)
    }
}
