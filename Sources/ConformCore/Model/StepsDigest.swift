/// What a reader learns of a trace's steps while it reads them, which every run asks of every trace:
/// the words the steps use (which policies can read the trace, `Applicability`) and whether a title may
/// be a recorder's placeholder (`PolicySimulator.isPlaceholder`, which only a title ending in `)` is).
///
/// Why (issue 37): each of those questions walked the steps again, and a walk of the steps copies every
/// step's payload (a `switch` that binds an enum's payload copies the enum, retaining what it holds):
/// about 4% of a plain run. The direct reader notes both as it reads (`Trace.digest`); a change to a
/// trace's steps drops the digest, and a trace without one is walked as before.
public struct StepsDigest: Sendable, Equatable {
    /// The verbs and observation keys the steps use.
    public var words = TraceWords()
    /// Whether some `choose` title or some sheet action title ends in `)`: when none does, no title of
    /// the trace is a placeholder.
    public var hasTitleEndingInParenthesis = false

    /// Nothing noted yet.
    public init() {}

    /// What a walk of `steps` finds: what a reader that notes as it reads must have noted (the readers'
    /// tests and fuzz target compare the two).
    public init(walking steps: [Step]) {
        words = TraceWords(steps: steps)
        for step in steps {
            switch step.kind {
            case .action(.choose(let title)): noteTitle(title)
            case .see(let observation):
                for item in observation.items {
                    guard case .sheet(.details(_, _, let actions?, _)) = item.value else { continue }
                    for action in actions { noteTitle(action.title) }
                }
            default: continue
            }
        }
    }

    /// Notes a `choose` title or a sheet action title.
    public mutating func noteTitle(_ title: String) {
        if title.utf8.last == UInt8(ascii: ")") { hasTitleEndingInParenthesis = true }
    }
}
