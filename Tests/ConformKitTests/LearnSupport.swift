import ConformCore
import ConformKit
import ConformLoading
import ConformReports
import ConformResources
import Foundation

/// Traces and policies for the tests of `conform learn`, in memory.
enum LearnSupport {
    static let loader = TraceLoader(vocabulary: KnownVocabulary(policies: builtIns.policies))

    /// Loads trace files given as (name, YAML text).
    static func traces(_ files: [(name: String, text: String)]) throws -> [Trace] {
        try files.map { file in
            let (trace, problems) = loader.load(Array(file.text.utf8), file: file.name)
            guard let trace else { throw LoadFailure(problems: problems.map { "\(file.name):\($0.position.line): \($0.message)" }) }
            return trace
        }
    }

    /// A trace file with these steps (each a line of YAML, indented by two spaces).
    static func trace(_ name: String, app: String? = "Demo", form: String = "{ title: Milk }", extra: String = "", _ steps: String) -> (
        name: String, text: String
    ) {
        (name, "conform: 1\n" + (app.map { "app: \($0)\n" } ?? "") + extra + "form: \(form)\nsteps:\n" + steps)
    }

    /// The one learned policy of `files`, or the failure.
    static func learn(_ files: [(name: String, text: String)], library: PolicyLibrary = builtIns, id: String? = nil) throws
        -> PolicyLearning.LearnedPolicy
    {
        let result = PolicyLearning(library: library).learn(traces: try traces(files), id: id)
        guard result.outcomes.count == 1, case .learned(let learned) = result.outcomes[0] else {
            throw LoadFailure(problems: ["not one learned model: \(result.outcomes) \(result.diagnostics.map(\.formatted))"])
        }
        return learned
    }

    /// The differences `compare` finds between two policies, both ways.
    static func differences(_ a: Policy, _ b: Policy) -> (forward: ConformCore.ComparisonResult, backward: ConformCore.ComparisonResult) {
        (PolicyComparison(a, b).compare(), PolicyComparison(b, a).compare())
    }

    /// What the judge of issue 36 does: `generate TRUTH --output`, learn, `compare` both ways, and while
    /// they differ, `compare TRUTH LEARNED --output`'s traces added and learned again, up to four rounds.
    struct Loop {
        var learned: PolicyLearning.LearnedPolicy
        /// The rounds of added traces it took (0: generate's traces were enough).
        var rounds: Int
        var traces: Int
        var equivalent: Bool
    }

    static func loop(_ truth: Policy, library: PolicyLibrary = builtIns, rounds: Int = 4) throws -> Loop {
        let suite = SuiteGenerator(policy: truth).generate()
        var files = GeneratedSuiteOutput(suite: suite, policy: truth).traceFiles().map { ("r0/\($0.name)", $0.text) }
        for round in 0...rounds {
            let learned = try learn(files, library: library, id: "learned-\(truth.id)")
            let (forward, backward) = differences(truth, learned.policy)
            if forward.differences.isEmpty, backward.differences.isEmpty {
                return Loop(learned: learned, rounds: round, traces: files.count, equivalent: true)
            }
            if round == rounds { return Loop(learned: learned, rounds: round, traces: files.count, equivalent: false) }
            files += ComparisonOutput(result: forward, a: truth, b: learned.policy).traceFiles().map {
                ("r\(round + 1)/\($0.name)", $0.text)
            }
        }
        throw LoadFailure(problems: ["unreachable"])
    }

    /// A built-in policy's text with another id (and title), as a held-out copy of it.
    static func renamedCopy(of id: String, as newID: String) throws -> Policy {
        let file = try required(EmbeddedPolicies.files.first { $0.name == "\(id).yaml" }?.text, "the built-in \(id)")
        return try load(policy: file.replacingOccurrences(of: "policy: \(id)\n", with: "policy: \(newID)\n"))
    }
}

/// `#require` for a helper that is not a test: throws when `nil`.
func required<T>(_ value: T?, _ what: String = "a value") throws -> T {
    guard let value else { throw LoadFailure(problems: ["missing \(what)"]) }
    return value
}
