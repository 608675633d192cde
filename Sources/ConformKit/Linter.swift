import ConformCore
import ConformLoading
import ConformReports

/// Validates trace and policy files: every problem of every file, located (claims of policies that
/// are not loaded included). Verdicts are not reported.
public struct Linter: Sendable {
    /// What `conform lint` found.
    public struct Result: Sendable {
        /// Every problem of every file, located, in file order.
        public var diagnostics: [Diagnostic]
        /// How many trace files were validated.
        public var traceFiles: Int
        /// How many policy files were validated.
        public var policyFiles: Int
        /// Files that are not YAML (a syntax error, or not UTF-8): neither traces nor policies.
        public var unreadableFiles: Int = 0

        /// 2 when anything is wrong, else 0.
        public var exitStatus: Int32 { diagnostics.contains { $0.severity == .error } ? 2 : 0 }
    }

    /// The policies traces are validated against (their vocabulary and ids).
    public let library: PolicyLibrary

    /// A linter that knows the policies of `library`.
    public init(library: PolicyLibrary) {
        self.library = library
    }

    /// Policy files among `paths` (recognised by their `states:`) are loaded first, so traces may use their vocabulary.
    public func lint(paths: [String]) -> Result {
        let discovery = FileDiscovery.find(in: paths)
        var result = Result(diagnostics: library.diagnostics + discovery.diagnostics + discovery.warnings, traceFiles: 0, policyFiles: 0)
        if discovery.files.isEmpty, discovery.diagnostics.isEmpty {
            result.diagnostics.append(
                Diagnostic(.error, "no trace or policy file found", at: SourceLocation(file: paths.joined(separator: ", "), position: nil)))
        }
        var library = self.library
        var traceFiles: [String] = []
        var traceForms: [FieldReadCheck.TraceForm] = []
        for file in discovery.files {
            // A policy file of the configuration's `policies:` is among lint's paths too: the library
            // reported its problems already, once.
            let reported = library.hasLoaded(file: file)
            switch FileReader.read(file) {
            case .failure(let diagnostic):
                if !reported { result.diagnostics.append(diagnostic) }
            case .success(let bytes):
                let parsed = YAMLReader().read(bytes)
                if case .failure(let problem) = parsed {
                    result.unreadableFiles += 1
                    if !reported { result.diagnostics.append(problem.diagnostic(in: file)) }
                    library.noteFailed(bytes: bytes, file: file)
                } else if Self.looksLikePolicy(parsed) {
                    result.policyFiles += 1
                    let before = library.diagnostics.count
                    library.add(bytes: bytes, file: file, replacingBuiltIn: true)
                    result.diagnostics += library.diagnostics.dropFirst(before)
                } else {
                    traceFiles.append(file)
                    if case .success(let root) = parsed, let form = FieldReadCheck.traceForm(root) { traceForms.append(form) }
                }
            }
        }
        for policy in library.policies where !policy.file.hasPrefix(PolicyLibrary.builtInPrefix) {
            result.diagnostics += ModelLint.diagnostics(for: policy)
            result.diagnostics += FieldReadCheck.warnings(for: policy, traces: traceForms)
        }
        var runner = ConformRunner(library: library)
        runner.traceChecks = ConformRunner.lintChecks(
            fieldsDeclaredByClaimingTraces: traceForms.reduce(into: [:]) { declared, form in
                for claim in form.claims { declared[claim, default: []].formUnion(form.fields) }
            })
        // The run refuses a second trace with an id already used; lint says so first, in the same words.
        var ids = TraceIDs()
        for file in traceFiles {
            result.traceFiles += 1
            let outcome = ids.admit(runner.check(file: file, commandLineClaims: []))
            // Claims that would hold without showing their behaviour are warned about, as `run` does.
            result.diagnostics += outcome.errors + outcome.warnings
        }
        return result
    }

    /// A policy file is a map with `states:`; anything else is read as a trace.
    static func looksLikePolicy(_ bytes: [UInt8]) -> Bool {
        looksLikePolicy(YAMLReader().read(bytes))
    }

    static func looksLikePolicy(_ parsed: Swift.Result<YNode?, Problem>) -> Bool {
        guard case .success(let root?) = parsed, let pairs = root.mapping else { return false }
        return pairs.contains { $0.key.scalarText == "states" } && !pairs.contains { $0.key.scalarText == "steps" }
    }
}
