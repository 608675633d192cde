import ArgumentParser
import ConformCore
import ConformReports
import Foundation

// The built-in policies are not loaded on a thread of their own while the arguments are parsed
// (`PolicyLibrary.startLoadingBuiltIn()`): measured twice side by side on this 2-core VM, it bought at
// most 1.7 ms of wall time for 0.6-2.5 ms more CPU and 1-1.5 MiB more peak memory (Docs/Performance.md,
// "Issue 37: where one trace's time goes, start to exit").

// A hand-written entry point: argument-parser exits 64 on a usage error, conform's contract says 2.
func exitForUsage(_ message: String) -> Never {
    // Through the one printer: a message may quote what was typed, escape sequences included.
    Console.standardError.write(message.hasSuffix("\n") ? message : message + "\n")
    exit(2)
}

// Every file the command reads is noted, so that no file it writes replaces one (Docs/Security.md).
InputFiles.startNoting()

/// Ends the process for an error thrown by a command: a usage problem (exit 2), a located problem
/// (exit 2, in compiler form), or the status an `ExitCode` carries; help and version as argument-parser
/// prints them. Any message goes through the one printer, its values escaped (`Escaping.terminal`).
func exitForError(_ error: Error, parsing: Bool) -> Never {
    if let diagnostic = error as? Diagnostic {
        printProblems([diagnostic])
        exit(2)
    }
    let code = ConformCommand.exitCode(for: error)
    if code == .validationFailure {
        // A mistyped command gets a did-you-mean, as a mistyped option does. A usage problem found while
        // running (an unknown policy id) prints the message alone: the root's usage line would point at
        // the wrong command.
        exitForUsage(
            parsing
                ? ConformCommand.usageMessage(for: error, arguments: Array(CommandLine.arguments.dropFirst()))
                : "Error: " + Escaping.terminal(ConformCommand.message(for: error)))
    }
    // `ExitCode`, help and the version print nothing of the user's; anything else is said here, escaped.
    if error is ExitCode || error is CleanExit || code == .success { ConformCommand.exit(withError: error) }
    Console.standardError.line("Error: " + Escaping.terminal(ConformCommand.message(for: error)))
    exit(code.rawValue)
}

if let unknown = ConformCommand.unknownCommandAskingHelp(Array(CommandLine.arguments.dropFirst())) { exitForUsage(unknown) }
var command: ParsableCommand
do {
    command = try ConformCommand.parseAsRoot()
} catch {
    exitForError(error, parsing: true)
}
do {
    try command.run()
} catch {
    exitForError(error, parsing: false)
}
