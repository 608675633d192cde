import ArgumentParser
import ConformCore
import ConformKit
import ConformReports
import Foundation

/// `--policies PATH`, `--config FILE`, `--no-config`: user policies loaded beside the built-in library,
/// and the project configuration (`.conform.yaml`) that names them when the command line does not.
struct PolicyOptions: ParsableArguments {
    @Option(
        name: .customLong("policies"),
        help: ArgumentHelp(
            "Load more policies from PATH, a folder or one policy file (repeatable; replaces the configuration's `policies:`); ids must be unique.",
            valueName: "PATH"),
        completion: .file(extensions: ["yaml", "yml", "json"]))
    var directories: [String] = []

    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "Read the project configuration from FILE (default: the first .conform.yaml in the working directory or a parent, up to the repository's root).",
            valueName: "FILE"),
        completion: .yamlFiles)
    var configFile: String?

    @Flag(name: .customLong("no-config"), help: "Ignore any .conform.yaml: only the command line counts.")
    var noConfig = false

    func validate() throws {
        if noConfig, configFile != nil { throw ValidationError("--config and --no-config say opposite things; give one of them") }
    }

    /// The project configuration in effect: `--config FILE`, else the one found from the working
    /// directory up, else none; a working directory that cannot be resolved (removed) is an error, exit 2. A configuration with a problem stops the command: its located problems
    /// are printed and the exit status is 2 (a command run with settings half read would mislead).
    func config() throws -> ProjectConfig? {
        if noConfig { return nil }
        var found = configFile
        if found == nil {
            do throws(Diagnostic) {
                found = try ConfigFile.findFromWorkingDirectory()
            } catch {
                printProblems([error])
                throw ExitCode(2)
            }
        }
        guard let path = found else { return nil }
        let (config, problems) = ConfigFile.load(path)
        guard let config else {
            printProblems(problems)
            throw ExitCode(2)
        }
        return config
    }

    /// The policy paths in effect: those of the command line, else the configuration's.
    func policyPaths(_ config: ProjectConfig?) -> [String] {
        directories.isEmpty ? (config?.policies ?? []) : directories
    }

    /// The built-in library plus the user's policies; problems are in its diagnostics.
    func library(_ config: ProjectConfig?) -> PolicyLibrary {
        var library = PolicyLibrary.builtIn()
        library.load(paths: policyPaths(config))
        return library
    }

    /// The configuration in effect and the library it and the flags make.
    func load() throws -> (config: ProjectConfig?, library: PolicyLibrary) {
        let config = try config()
        return (config, library(config))
    }

    /// The words of these options as given on the command line, quoted for a shell: what a command
    /// printed as advice needs in order to load the same policies.
    var commandLineWords: [String] {
        var words: [String] = []
        if let configFile { words += ["--config", ShellWord.quoted(configFile)] }
        if noConfig { words.append("--no-config") }
        for path in directories { words += ["--policies", ShellWord.quoted(path)] }
        return words
    }
}

/// How a result is shown on standard output.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}

extension PolicyLibrary {
    /// The policy with this id, or a usage error (exit 2) that suggests the nearest id and says how a
    /// project's own policies are loaded.
    func requirePolicy(_ id: String) throws -> Policy {
        guard let policy = policy(id: id) else { throw ValidationError(unknownPolicyMessage(id)) }
        return policy
    }

    /// "unknown policy 'X'", the nearest id, the ids known, and how custom policies are loaded.
    func unknownPolicyMessage(_ id: String) -> String {
        let hint = Spelling.nearest(to: id, among: ids).map { " Did you mean '\($0)'?" } ?? ""
        return "unknown policy '\(id)'.\(hint) Known: \(ids.joined(separator: ", ")). "
            + "A project's own policies are loaded from the folders named by `policies:` in .conform.yaml "
            + "(`conform init` writes one) or by --policies PATH."
    }
}
