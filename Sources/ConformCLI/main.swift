import ArgumentParser
import ConformReports
import Foundation

// A hand-written entry point: argument-parser exits 64 on a usage error, conform's contract says 2.
func exitForUsage(_ message: String) -> Never {
    // Through the one printer: a message may quote what was typed, escape sequences included.
    Console.standardError.write(message.hasSuffix("\n") ? message : message + "\n")
    exit(2)
}

// Every file the command reads is noted, so that no file it writes replaces one (Docs/Security.md).
InputFiles.startNoting()
var command: ParsableCommand
do {
    command = try ConformCommand.parseAsRoot()
} catch {
    if ConformCommand.exitCode(for: error) == .validationFailure {
        // A mistyped command gets a did-you-mean, as a mistyped option does.
        exitForUsage(ConformCommand.usageMessage(for: error, arguments: Array(CommandLine.arguments.dropFirst())))
    }
    ConformCommand.exit(withError: error)
}
do {
    try command.run()
} catch {
    // A usage problem found while running (an unknown policy id): the message alone; the root's usage
    // line would point at the wrong command.
    if ConformCommand.exitCode(for: error) == .validationFailure { exitForUsage("Error: " + ConformCommand.message(for: error)) }
    ConformCommand.exit(withError: error)
}
