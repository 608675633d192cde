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

    /// `conform WORD --help` (or `-h`, or `conform help WORD`) where WORD names no command: argument-parser
    /// would show the root's help and exit 0, as if the word were not there, so a mistyped or missing
    /// command would look like one without help of its own. The usage error a mistyped command gets
    /// instead (`Error: unknown command 'rnu'; did you mean 'run'?`, exit 2); `nil` for anything else.
    static func unknownCommandAskingHelp(_ arguments: [String]) -> String? {
        // What follows `--` is an argument, never an option.
        var words = Array(arguments.prefix { $0 != "--" })
        let asksHelp: Bool
        if words.first == "help" {
            words.removeFirst()
            asksHelp = true
        } else {
            asksHelp = words.contains("--help") || words.contains("-h")
        }
        guard asksHelp, let word = words.first, !word.hasPrefix("-"), word != "help", !commandNames.contains(word) else { return nil }
        return usageMessage(for: ValidationError(word), arguments: [word])
    }
}
