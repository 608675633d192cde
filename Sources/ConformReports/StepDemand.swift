import ConformCore
import Foundation

/// Whose steps a run's outputs want, asked on the checking threads before a trace's step summaries are
/// made: making them (display text for every step) costs more than checking the trace, and the reports
/// that show steps show those of a few hundred traces (`Retention`).
public enum StepDemand: Sendable {
    /// No output shows steps.
    case none
    /// Every trace's steps (a shard's document, which `conform merge` turns into any report).
    case all
    /// The steps of the traces that `Retention` may still keep in full.
    case retained(RetentionGate)

    /// Whether the trace whose pairs gave `results` is to be kept with its steps.
    public func wantsSteps(of results: [PairResult]) -> Bool {
        switch self {
        case .none: false
        case .all: true
        case .retained(let gate): gate.mayKeep(failing: Retention.isFailing(results))
        }
    }

    /// Whether every trace's steps are wanted, whatever its results.
    public var wantsEveryTrace: Bool {
        if case .all = self { return true }
        return false
    }

    /// What several outputs want together.
    static func combined(_ demands: [StepDemand]) -> StepDemand {
        var combined = StepDemand.none
        for demand in demands {
            switch demand {
            case .all: return .all
            case .retained: combined = demand
            case .none: break
            }
        }
        return combined
    }
}

/// A report's `Retention`, shared with the checking threads. A trace being checked comes after every
/// trace the report has decided on (outcomes are handed over in file order, a batch behind the
/// checking), so once `Retention` has kept its quota of one kind, no later trace of that kind will be
/// shown in full: its steps need not be made. The output does not depend on when a thread looks; only
/// how much is made for nothing does.
public final class RetentionGate: @unchecked Sendable {
    private let lock = NSLock()
    private var retention = Retention()

    public init() {}

    /// `Retention.decide`, for the report, in run order.
    func decide(_ outcome: FileOutcome) -> Retention.Keep {
        lock.withLock { retention.decide(outcome) }
    }

    func mayKeep(failing: Bool) -> Bool {
        lock.withLock { retention.mayStillShow(failing: failing) }
    }
}
