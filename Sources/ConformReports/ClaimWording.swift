import ConformCore

/// How `conform run` words a claim that does not hold: the place in compiler form, the sentence, and
/// the lines under it. The terminal report and in-process checks (`TraceCheck`) share it, so a test
/// failure reads as the command line does.
public enum ClaimWording {
    public struct Parts: Sendable {
        /// `file:line:column`, or the file alone.
        public var place: String
        public var message: String
        /// Under a departure, the parts that differ (`DepartureDifference.lines`), and with `verbose` the
        /// whole `expected: {...}` and `observed: {...}`.
        public var details: [String]

        /// The lines as `conform run` prints them, without colour: each value escaped for the terminal
        /// (`Escaping.terminal`), so that none breaks its line or starts a workflow command in a test log.
        public var text: String {
            let first = Escaping.terminal(place) + ": error: " + Escaping.terminal(message)
            return ([first] + details.map { "    " + Escaping.terminal($0) }).joined(separator: "\n")
        }
    }

    /// How a message names a recorded trace that was never written: in the compiler's form for text
    /// without a file (`<stdin>`), so that no one looks for a file that does not exist.
    public static func unwrittenTrace(_ id: String) -> String {
        "<trace '\(id)', not written>"
    }

    /// `nil` when the claim holds.
    /// - Parameter verbose: add a departure's whole expected and observed values (`conform run --verbose`).
    public static func parts(_ pair: PairResult, verbose: Bool = false) -> Parts? {
        switch pair.verdict {
        case .fail(let departure):
            let difference = departure.difference
            var details = difference.lines
            if verbose { details += ["expected: \(departure.expected.serialized())", "observed: \(departure.observed.serialized())"] }
            return Parts(
                place: "\(pair.file):\(departure.position.line):\(departure.position.column)",
                message: "'\(pair.policy)' departs at step \(departure.step) (state '\(departure.state)'): \(difference.headline)",
                details: details)
        case .inapplicable(let reason):
            return Parts(place: pair.file, message: "claims '\(pair.policy)', which cannot judge it: \(reason)", details: [])
        case .error(let message, _, let position):
            return Parts(place: "\(pair.file):\(position.line):\(position.column)", message: message, details: [])
        case .pass:
            return nil
        }
    }
}
