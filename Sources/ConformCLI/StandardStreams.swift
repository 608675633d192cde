import ConformCore
import ConformReports
import Foundation

/// Says something on standard error (through the one `Console`), followed by a line break.
func printError(_ text: String) {
    Console.standardError.line(text)
}

/// Prints located problems on standard error, the one way every command does (`DiagnosticPrinter`).
func printProblems(_ diagnostics: [Diagnostic]) {
    Console.standardError.problems(diagnostics)
}

/// Prints a command's result on standard output (through the one `Console`), followed by `terminator`.
func printOutput(_ text: String, terminator: String = "\n") {
    Console.standardOutput.write(text + terminator)
}
