/// Why a snapshot could not be turned into the observation asked for. Each is a problem with the screen or
/// with the options, never a crash.
public enum ScreenObserverError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `offset` or `inset` was asked for, and no element carries the debug hook's identifier.
    case hookMissing(key: String, identifier: String)
    /// The hook element's value is not a number.
    case hookNotANumber(key: String, identifier: String, value: String?)
    /// `indicators` was asked for, and no visible cell can disclose.
    case noDisclosableCell
    /// Some visible disclosable cells show an indicator and some do not.
    case indicatorsDisagree(shown: [String], hidden: [String])

    /// What was looked for and not found, in a sentence.
    public var description: String {
        switch self {
        case .hookMissing(let key, let identifier):
            return "'\(key)' is read from an element with identifier '\(identifier)', and the screen has none"
        case .hookNotANumber(let key, let identifier, let value):
            return "'\(key)' is read from the value of '\(identifier)', which is \(value.map { "'\($0)'" } ?? "null"), not a number"
        case .noDisclosableCell:
            return "'indicators' needs a visible cell that can disclose, and the screen shows none"
        case .indicatorsDisagree(let shown, let hidden):
            return "'indicators': some visible cells show an indicator (\(shown.joined(separator: ", "))) and some do not "
                + "(\(hidden.joined(separator: ", "))); scroll further or skip this observation"
        }
    }
}
