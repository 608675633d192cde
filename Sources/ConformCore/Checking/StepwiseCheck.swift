/// A check fed one step at a time, as a recording grows: whether the steps so far still conform to a
/// policy, in time linear in the steps. Checking the whole trace again after every step, as a recorder
/// once did, made a long recording quadratic.
///
/// It replays the steps as ``Checker`` does (the same rules, the same model) and stops at the first
/// step that departs, cannot be evaluated, or uses a word the policy does not know. It says only
/// whether that happened: the recorder then checks the whole trace once, as `conform run` would, for
/// the verdict and its words.
public struct StepwiseCheck {
    private let replay: Replay
    private var model: ModelState
    private var steps: [Step] = []
    /// The position in `steps` of the last action that moved the model (what a missing sheet is blamed on).
    private var lastMove: Int?
    /// Whether every step added so far conforms.
    public private(set) var conforms = true

    /// A check of a trace with this `form:` and `settings:` against `policy`, before its first step.
    /// - Parameters:
    ///   - policy: the policy the trace claims.
    ///   - form: the trace's `form:`, the fields when the form opens.
    ///   - settings: the trace's `settings:`.
    public init(policy: Policy, form: [String: Value], settings: [String: Value]) {
        replay = Replay(tables: policy.tables, recordsPath: false)
        model = ModelState(tables: policy.tables, form: form, settings: settings)
    }

    /// Adds the next step of the trace.
    /// - Parameter step: the step, numbered as it is in the trace.
    /// - Returns: whether every step so far conforms (once `false`, it stays `false`).
    @discardableResult
    public mutating func add(_ step: Step) -> Bool {
        guard conforms else { return false }
        guard Applicability.knows(TraceWords(step: step), replay.tables) else {
            conforms = false
            return false
        }
        steps.append(step)
        let place = StepPlace(step)
        do {
            switch step.kind {
            case .see(let observation):
                if case .departs = try replay.compare(observation, at: place, after: lastMove, of: steps, model: &model) {
                    conforms = false
                }
            case .action(let action):
                switch try replay.perform(action, at: place, model: &model) {
                case .departed: conforms = false
                case .took: lastMove = steps.count - 1
                case .unchanged: break
                }
            }
        } catch {
            conforms = false
        }
        return conforms
    }
}
