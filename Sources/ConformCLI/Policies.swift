import ArgumentParser
import ConformCore
import ConformKit
import ConformReports
import Foundation

extension ConformCommand {
    /// `conform policies`: list the loaded policies.
    struct Policies: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "policies",
            abstract:
                "List the policies: built-in ones and any loaded with --policies or named by .conform.yaml, with titles, a one-line summary and sources."
        )

        @OptionGroup var policyOptions: PolicyOptions

        @Option(help: "What to print: text or json.")
        var format: OutputFormat = .text

        func run() throws {
            let library = try policyOptions.load().library
            printProblems(library.diagnostics)
            switch format {
            case .json:
                printOutput(JSONValue.array(library.policies.map(Self.json)).serialized(pretty: true))
            case .text:
                let console = Console.standardOutput
                console.write(PolicyListing.text(library.policies, terminal: console.terminal))
            }
            throw ExitCode(library.diagnostics.isEmpty ? 0 : 2)
        }

        static func json(_ policy: Policy) -> JSONValue {
            .object([
                ("id", .string(policy.id)), ("title", .string(policy.title)), ("domain", .string(policy.domain)),
                ("summary", .string(policy.summary)), ("file", .string(policy.file)),
                ("sources", .object(policy.sources.map { ($0.name, .string($0.text)) })),
            ])
        }
    }
}
