import ConformCore
import ConformReports
import Foundation

/// Writes to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Prints located problems on standard error, the one way every command does (`DiagnosticPrinter`).
func printProblems(_ diagnostics: [Diagnostic]) {
    let printer = DiagnosticPrinter(terminal: Terminal(fileDescriptor: STDERR_FILENO))
    let text = diagnostics.map(printer.text).joined()
    if !text.isEmpty { FileHandle.standardError.write(Data(text.utf8)) }
}
