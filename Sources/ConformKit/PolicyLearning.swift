import ConformCore
import ConformLoading
import ConformReports
import Foundation

/// `conform learn`'s work, without printing: finds and loads the traces, groups them by app and settings,
/// learns a policy for each group, checks it (it loads, every trace holds on it, lint finds no error),
/// ranks the loaded policies by their distance from it and picks the traces to record next (Docs/Learning.md).
public struct PolicyLearning: Sendable {
    /// What learning the traces of one app (and one set of settings) gave.
    public enum Outcome: Sendable {
        /// A policy that holds on every trace.
        case learned(LearnedPolicy)
        /// Traces that contradict each other, as located errors naming both.
        case contradicted(app: String?, settings: [String: Value], problems: [Diagnostic])
        /// The policy learnt does not load or does not hold on a trace (located errors).
        case failed(app: String?, settings: [String: Value], problems: [Diagnostic])
    }

    /// A learned policy, checked, with its nearest policies and the traces to record next.
    public struct LearnedPolicy: Sendable {
        /// The model in policy terms.
        public var model: LearnedModel
        /// Its id.
        public var id: String
        /// The policy file's text.
        public var text: String
        /// The policy as the loader reads `text`.
        public var policy: Policy
        /// The loaded form policies, nearest first.
        public var nearest: [PolicyDistance]
        /// The traces worth recording next.
        public var suggestions: [LearningSuggestion]
        /// Lint's warnings about the learned policy.
        public var warnings: [Diagnostic]
        /// Whether the file the policy is to be written to was loaded as a policy (an earlier `learn --output`
        /// among the paths): writing replaces it.
        public var replacesLoadedPolicy: Bool
    }

    /// An app none of whose traces can be learnt from.
    public struct Skipped: Sendable {
        /// The app (`nil` for traces without one).
        public var app: String?
        /// Why.
        public var reason: String
    }

    /// What `learn` found and made.
    public struct Result: Sendable {
        /// One outcome per app and settings, by app name then settings.
        public var outcomes: [Outcome] = []
        /// Apps left out, with the reason.
        public var skipped: [Skipped] = []
        /// Files that could not be read or are no valid trace, traces left out (warnings), usage problems.
        public var diagnostics: [Diagnostic] = []

        /// 0 when every model was learnt and every file read; 2 otherwise (PRODUCT §6).
        public var exitStatus: Int32 {
            let learnedAny = outcomes.contains { if case .learned = $0 { true } else { false } }
            let failed = outcomes.contains { if case .learned = $0 { false } else { true } }
            return failed || !learnedAny || diagnostics.contains { $0.severity == .error } ? 2 : 0
        }
    }

    /// The policies the traces are read with and the learned policies ranked among.
    public var library: PolicyLibrary

    /// Learning with the policies of `library` (built-in and loaded).
    public init(library: PolicyLibrary) {
        self.library = library
    }

    /// Learns from the traces under `paths`.
    /// - Parameters:
    ///   - paths: trace files and folders (recursive); policy files among them are loaded as policies.
    ///   - app: learn the traces of this app only.
    ///   - id: the learned policy's id (one model only); by default derived from the app.
    ///   - file: the path the policy will be written to, named in the messages about it.
    public func learn(paths: [String], app: String? = nil, id: String? = nil, file: String? = nil) -> Result {
        var result = Result()
        var library = self.library
        let policyFiles = Set(library.loadPolicies(among: paths))
        result.diagnostics += library.diagnostics
        let found = FileDiscovery.find(in: paths)
        result.diagnostics += found.diagnostics + found.warnings
        var traces: [Trace] = []
        for path in found.files where !policyFiles.contains(path) {
            do {
                traces.append(try library.load(file: path))
            } catch {
                result.diagnostics += error.diagnostics
            }
        }
        if traces.isEmpty, found.diagnostics.isEmpty {
            result.diagnostics.append(
                Diagnostic(
                    .error, "no trace found (looked for .yaml, .yml and .json files)",
                    at: SourceLocation(file: paths.joined(separator: ", "), position: nil)))
            return result
        }
        var learned = PolicyLearning(library: library).learn(
            traces: traces, app: app, id: id, file: file, place: paths.joined(separator: ", "))
        learned.diagnostics = result.diagnostics + learned.diagnostics
        return learned
    }

    /// Learns from traces already loaded (one model per app and settings), ranking the learned policies
    /// among the library's.
    /// - Parameter traces: the traces, of any apps.
    /// - Parameter app: learn the traces of this app only.
    /// - Parameter id: the learned policy's id (one model only); by default derived from the app.
    /// - Parameter file: the path the policy will be written to, named in the messages about it.
    /// - Parameter place: what messages about the traces as a whole name (the paths given).
    public func learn(traces: [Trace], app: String? = nil, id: String? = nil, file: String? = nil, place: String = "") -> Result {
        var result = Result()
        let paths = [place]
        if let id, let taken = Self.others(library, replacing: file).first(where: { $0.id == id }) {
            result.diagnostics.append(
                Diagnostic(
                    .error, "--id '\(id)' is the id of a loaded policy (\(taken.file)); choose another",
                    at: SourceLocation(file: paths.joined(separator: ", "), position: nil)))
            return result
        }
        var groups = Self.groups(traces)
        if let app {
            groups = groups.filter { $0.app == app }
            if groups.isEmpty {
                let apps = Set(traces.compactMap(\.app)).sorted()
                let hint = Spelling.nearest(to: app, among: apps).map { " Did you mean '\($0)'?" } ?? ""
                result.diagnostics.append(
                    Diagnostic(
                        .error,
                        "no trace of the app '\(app)' among the traces given.\(hint) Apps: \(apps.isEmpty ? "none" : apps.joined(separator: ", "))",
                        at: SourceLocation(file: paths.joined(separator: ", "), position: nil)))
                return result
            }
        }
        for group in groups {
            let refused = group.traces.compactMap { trace in PolicyLearner.refusal(for: trace).map { (trace, $0) } }
            let usable = group.traces.filter { PolicyLearner.refusal(for: $0) == nil }
            guard !usable.isEmpty else {
                result.skipped.append(
                    Skipped(
                        app: group.app,
                        reason:
                            "its traces are of another domain, and conform learn infers form policies only: in \(refused[0].0.file), \(refused[0].1)"
                    ))
                continue
            }
            result.diagnostics += refused.map { LearnWording.refused($0.0, reason: $0.1) }
            result.outcomes.append(learn(usable, app: group.app, settings: group.settings, id: id, file: file))
        }
        if app == nil, result.outcomes.isEmpty, !result.skipped.isEmpty {
            result.diagnostics.append(
                Diagnostic(
                    .error, "nothing to learn: conform learn infers form policies, and every trace given is of another domain",
                    at: SourceLocation(file: paths.joined(separator: ", "), position: nil)))
        }
        return result
    }

    private func learn(_ traces: [Trace], app: String?, settings: [String: Value], id: String?, file: String?) -> Outcome {
        let learner = PolicyLearner(traces: traces)
        var model: LearnedModel
        // A candidate is kept only if it holds on every trace as the checker replays it, written and read back.
        let holds = { (candidate: LearnedModel) -> Bool in
            let text = LearnedPolicyYAML.text(of: candidate, id: "learned-candidate")
            guard let policy = PolicyLoader().load(Array(text.utf8), file: "<learned>/learned-candidate.yaml").policy else { return false }
            return candidate.traces.allSatisfy { Checker.check($0, against: policy).verdict.kind == .pass }
        }
        switch learner.learn(holds: holds) {
        case .contradicted(let contradictions):
            return .contradicted(
                app: app, settings: settings, problems: contradictions.map { LearnWording.contradiction($0, traces: learner.traces) })
        case .learned(let learned):
            model = learned
        }
        let others = Self.others(library, replacing: file)
        let id = id ?? Self.defaultID(model, taken: Set(others.map(\.id)))
        // The model under the other guard, loaded as the learned one is: the traces fit it as well, so a policy
        // is as near as it is to either; what tells the two apart decides the guard.
        var alternative = model.alternatives.first.flatMap { other -> Policy? in
            let otherID = "\(id)-\(other.editGuard.rawValue)"
            return PolicyLoader().load(Array(LearnedPolicyYAML.text(of: other, id: otherID).utf8), file: "<learned>/\(otherID).yaml").policy
        }
        let guardExample = alternative.flatMap { alternative -> String? in
            let draft = PolicyLoader().load(Array(LearnedPolicyYAML.text(of: model, id: id).utf8), file: "<learned>/\(id).yaml").policy
            guard let draft,
                let first = LearningSuggestion.guardScenarios(learned: draft, alternative: alternative, settings: settings).first
            else { return nil }
            return LearnWording.scenario(first.difference, policy: draft, form: first.form)
        }
        if model.editGuard == .none, model.editsSeen {
            // No guard and `modified` both fit: undetermined only where a scenario tells them apart.
            if guardExample == nil {
                model.alternatives = []
                alternative = nil
            } else {
                model.guardDetermined = false
            }
        }
        let text = LearnedPolicyYAML.text(of: model, id: id, guardExample: guardExample)
        let written = file ?? "<learned>/\(id).yaml"
        let (loaded, problems) = PolicyLoader().load(Array(text.utf8), file: written)
        guard let policy = loaded else {
            return .failed(
                app: app, settings: settings,
                problems: problems.map {
                    Diagnostic(
                        .error, "the policy learnt does not load (a bug in conform learn): \($0.message)",
                        at: SourceLocation(file: written, position: $0.position))
                })
        }
        var failures: [Diagnostic] = []
        for trace in model.traces {
            let outcome = Checker.check(trace, against: policy)
            switch outcome.verdict {
            case .pass: continue
            case .fail(let departure):
                failures.append(LearnWording.doesNotHold(trace, policy: id, departure: departure.message, at: departure.position))
            default:
                failures.append(LearnWording.doesNotHold(trace, policy: id, departure: outcome.verdict.name, at: nil))
            }
        }
        if !failures.isEmpty { return .failed(app: app, settings: settings, problems: failures) }
        let claimed = Set(model.traces.flatMap { $0.claims.map(\.policy) })
        let nearest = NearestPolicies.rank(
            policy, alternatives: alternative.map { [$0] } ?? [], among: others, traces: model.traces, settings: settings, claimed: claimed)
        let suggestions = LearningSuggestion.suggestions(learned: policy, nearest: nearest, alternative: alternative, settings: settings)
        // Lint's warnings name the file written, or the learned policy itself when none is: never a made-up path.
        let place = file ?? LearnWording.unwrittenPolicy(id)
        return .learned(
            LearnedPolicy(
                model: model, id: id, text: text, policy: policy, nearest: nearest, suggestions: suggestions,
                warnings: ModelLint.diagnostics(for: policy).map {
                    Diagnostic($0.severity, $0.message, at: SourceLocation(file: place, position: $0.location.position))
                },
                replacesLoadedPolicy: library.policies.contains { Self.sameFile($0.file, written) }))
    }

    /// Traces by app, then by settings, in that order (traces without an app last).
    private static func groups(_ traces: [Trace]) -> [(app: String?, settings: [String: Value], traces: [Trace])] {
        var order: [String] = []
        var byKey: [String: (app: String?, settings: [String: Value], traces: [Trace])] = [:]
        for trace in traces {
            let settings = trace.settings.keys.sorted().map { "\($0)=\(trace.settings[$0].map { TraceYAML.value($0) } ?? "")" }
            let key = (trace.app == nil ? "1" : "0" + (trace.app ?? "")) + "\u{0}" + settings.joined(separator: "\u{0}")
            if byKey[key] == nil {
                order.append(key)
                byKey[key] = (trace.app, trace.settings, [])
            }
            byKey[key]?.traces.append(trace)
        }
        return order.sorted().compactMap { byKey[$0] }
    }

    /// `learned-` and the app in lower case with hyphens; without an app, the policy every trace claims;
    /// the settings after it; `-2`, `-3`, ... while the id is taken.
    static func defaultID(_ model: LearnedModel, taken: Set<String>) -> String {
        var base = "learned"
        let claims = Set(model.traces.flatMap { $0.claims.map(\.policy) })
        if let app = model.app, !slug(app).isEmpty {
            base += "-" + slug(app)
        } else if model.app == nil, claims.count == 1, let claim = claims.first, !slug(claim).isEmpty {
            base += "-" + slug(claim)
        }
        for name in model.settings.keys.sorted() {
            let value = model.settings[name].map { TraceYAML.value($0) } ?? ""
            base += "-" + slug("\(name)-\(value)")
        }
        var id = base
        var number = 2
        while taken.contains(id) {
            id = "\(base)-\(number)"
            number += 1
        }
        return id
    }

    /// The loaded policies but one loaded from the file the learned policy will replace (an earlier
    /// `learn --output` among the paths): it is neither in the way of its id nor a policy to rank it against.
    private static func others(_ library: PolicyLibrary, replacing file: String?) -> [Policy] {
        guard let file else { return library.policies }
        return library.policies.filter { !sameFile($0.file, file) }
    }

    /// Whether two paths name one file (as written, or resolved).
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        let standard = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        return a == b || standard(a) == standard(b)
    }

    /// Lower-case ASCII letters and digits, other runs of characters as one hyphen.
    static func slug(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                out.unicodeScalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            } else if !out.isEmpty, !out.hasSuffix("-") {
                out += "-"
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out
    }
}
