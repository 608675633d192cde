import ArgumentParser
import ConformCore
import ConformKit
import ConformReports

/// `--policies DIR`: user policies loaded beside the built-in library.
struct PolicyOptions: ParsableArguments {
    @Option(
        name: .customLong("policies"),
        help: ArgumentHelp("Load more policies from DIR (repeatable); ids must be unique.", valueName: "DIR"),
        completion: .directory)
    var directories: [String] = []

    /// The built-in library plus the user's policies; problems are in its diagnostics.
    func library() -> PolicyLibrary {
        var library = PolicyLibrary.builtIn()
        library.load(paths: directories)
        return library
    }
}

/// How a result is shown on standard output.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}

extension PolicyLibrary {
    /// The policy with this id, or a usage error (exit 2) that suggests the nearest id.
    func requirePolicy(_ id: String) throws -> Policy {
        guard let policy = policy(id: id) else {
            let hint = Spelling.nearest(to: id, among: ids).map { " Did you mean '\($0)'?" } ?? ""
            throw ValidationError("unknown policy '\(id)'.\(hint) Known: \(ids.joined(separator: ", ")).")
        }
        return policy
    }
}
