import ArgumentParser
import Foundation

// A hand-written entry point: argument-parser exits 64 on a usage error, conform's contract says 2.
do {
    var command = try ConformCommand.parseAsRoot()
    try command.run()
} catch {
    let code = ConformCommand.exitCode(for: error)
    if code == .validationFailure {
        let message = ConformCommand.fullMessage(for: error)
        FileHandle.standardError.write(Data((message.hasSuffix("\n") ? message : message + "\n").utf8))
        exit(2)
    }
    ConformCommand.exit(withError: error)
}
