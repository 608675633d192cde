import ArgumentParser
import ConformReports
import Foundation

extension ConformCommand {
    /// The names of the commands, as typed.
    static var commandNames: [String] { configuration.subcommands.map { $0._commandName } }

    /// argument-parser's usage error with its first line replaced, when the first argument names no
    /// command, by `Error: unknown command 'rnu'; did you mean 'run'?` (as it does for options).
    static func usageMessage(for error: Error, arguments: [String]) -> String {
        let message = fullMessage(for: error)
        guard let word = arguments.first, !word.hasPrefix("-"), !commandNames.contains(word), word != "help" else { return message }
        let rest = message.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        let isPath = FileManager.default.fileExists(atPath: word)
        return (["Error: " + CommandWording.unknownCommand(word, commands: commandNames, isPath: isPath)] + rest).joined(separator: "\n")
    }
}
