import ArgumentParser
import ConformReports
import Foundation

extension ConformCommand {
    /// The names of the commands, as typed.
    static var commandNames: [String] { configuration.subcommands.map { $0._commandName } }

    /// argument-parser's usage error, its message (which may quote what was typed) escaped for the
    /// terminal; its first line replaced, when the first argument names no command, by
    /// `Error: unknown command 'rnu'; did you mean 'run'?` (as it does for options).
    static func usageMessage(for error: Error, arguments: [String]) -> String {
        let message = message(for: error)
        var full = fullMessage(for: error)
        // The message is the first line's text; what follows it (help, usage) is argument-parser's own.
        if let range = full.range(of: message), !message.isEmpty {
            full.replaceSubrange(range, with: Escaping.terminal(message))
        }
        guard let word = arguments.first, !word.hasPrefix("-"), !commandNames.contains(word), word != "help" else { return full }
        let rest = full.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        let isPath = FileManager.default.fileExists(atPath: word)
        return (["Error: " + Escaping.terminal(CommandWording.unknownCommand(word, commands: commandNames, isPath: isPath))] + rest)
            .joined(separator: "\n")
    }
}
