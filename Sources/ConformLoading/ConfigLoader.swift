import ConformCore

/// Turns the text of a `.conform.yaml` into a `ProjectConfig`, reporting every problem with its line
/// and column (unknown keys with a did-you-mean), as policies and baselines are read.
public struct ConfigLoader: Sendable {
    public var reader: YAMLReader

    public init(reader: YAMLReader = YAMLReader()) {
        self.reader = reader
    }

    /// The name looked for in the working directory and its parents.
    public static let fileName = ".conform.yaml"
    public static let topLevelKeys = ["conform", "policies", "traces", "paths", "baseline", "reports", "output"]
    /// The words `reports:` takes, as `--report` does.
    public static let reportFormats = ["md", "html", "junit", "json", "sarif", "all"]

    /// The configuration, or `nil` when any problem was found (a half-read configuration would run
    /// with settings the user did not write). `missingPath` says of a path of `policies:` or `traces:`
    /// (as written, relative to the file's folder) whether it is missing: `nil` when it exists, else a
    /// did-you-mean (or ""); a missing one is a problem at its value, as a misspelt key is.
    public func load(
        _ bytes: [UInt8], file: String, missingPath: (String) -> String? = { _ in nil }
    ) -> (config: ProjectConfig?, problems: [Problem]) {
        let root: YNode
        switch reader.read(bytes) {
        case .failure(let problem): return (nil, [problem])
        case .success(nil):
            return (nil, [Problem("the file is empty; a configuration starts with 'conform: \(FormatVersion.supported)'", at: .start)])
        case .success(let node?): root = node
        }
        var problems = ProblemCollector()
        let config = parse(root, file: file, missingPath: missingPath, problems: &problems)
        return problems.problems.isEmpty ? (config, []) : (nil, problems.sortedProblems)
    }

    private func parse(
        _ root: YNode, file: String, missingPath: (String) -> String?, problems: inout ProblemCollector
    ) -> ProjectConfig? {
        guard let top = problems.mapping(root, "a configuration") else { return nil }
        if top[key: "steps"] != nil || top[key: "states"] != nil {
            problems.add("this is a trace or policy file, not a configuration", at: root.position)
            return nil
        }
        rejectUnknownKeys(in: top, problems: &problems)
        FormatVersion.check(top, root: root, what: "configuration", problems: &problems)
        var config = ProjectConfig(file: file)
        config.policies =
            top[key: "policies"].map {
                existingPaths($0, "'policies' (folders or files of policies)", missingPath: missingPath, problems: &problems)
            } ?? []
        config.traces = defaultTracePaths(in: top, missingPath: missingPath, problems: &problems)
        config.baseline = top[key: "baseline"].flatMap { path($0, "'baseline' (a baseline file)", problems: &problems) }
        config.output = top[key: "output"].flatMap { path($0, "'output' (the folder for report files)", problems: &problems) }
        config.reports = top[key: "reports"].map { reports($0, problems: &problems) }
        return config
    }

    /// `traces:`, or `paths:` under the name the product's contract gives it (PRODUCT §6): one key, two names.
    private func defaultTracePaths(in top: [YPair], missingPath: (String) -> String?, problems: inout ProblemCollector) -> [String]? {
        let given = top.filter { ["traces", "paths"].contains($0.key.scalarText ?? "") }
        if given.count > 1, let second = given.last {
            problems.add("'traces' and 'paths' are two names of one key (the default trace paths); keep one", at: second.key.position)
        }
        guard let pair = given.first, let key = pair.key.scalarText else { return nil }
        return existingPaths(
            pair.value, "'\(key)' (the paths run and lint check by default)", missingPath: missingPath, problems: &problems)
    }

    /// Each unknown key, with the nearest known one; a singular (`policy:`, `trace:`, `report:`) is
    /// the likeliest slip, and further from its plural than spelling alone would suggest.
    private func rejectUnknownKeys(in top: [YPair], problems: inout ProblemCollector) {
        let known = Self.topLevelKeys
        for pair in top {
            guard let key = pair.key.scalarText, !known.contains(key) else { continue }
            let plural = key.hasSuffix("y") ? key.dropLast() + "ies" : key + "s"
            guard known.contains(plural) else { continue }
            problems.add("unknown key '\(key)' in a configuration; did you mean '\(plural)'? (a list)", at: pair.key.position)
        }
        let rest = top.filter { pair in
            guard let key = pair.key.scalarText else { return true }
            return !known.contains((key.hasSuffix("y") ? key.dropLast() + "ies" : key + "s"))
        }
        problems.rejectUnknownKeys(in: rest, known: known, what: "a configuration")
    }

    /// A list of paths; a single path is taken as a list of one, as a user who has one folder writes it.
    private func paths(_ node: YNode, _ what: String, problems: inout ProblemCollector) -> [String] {
        guard let items = node.sequence else { return path(node, what, problems: &problems).map { [$0] } ?? [] }
        if items.isEmpty { problems.add("\(what) is an empty list; remove the key or name a path", at: node.position) }
        return items.compactMap { path($0, what, problems: &problems) }
    }

    /// The paths of a list that must exist: a command run on a misspelt folder would check nothing
    /// (or no policy of the project) and say little about why.
    private func existingPaths(
        _ node: YNode, _ what: String, missingPath: (String) -> String?, problems: inout ProblemCollector
    ) -> [String] {
        let items = node.sequence ?? [node]
        let paths = self.paths(node, what, problems: &problems)
        for item in items {
            guard let text = item.scalarText, !text.isEmpty, let hint = missingPath(text) else { continue }
            problems.add("no file or folder '\(text)' (paths are relative to the configuration's folder)\(hint)", at: item.position)
        }
        return paths
    }

    private func path(_ node: YNode, _ what: String, problems: inout ProblemCollector) -> String? {
        guard let text = problems.text(node, what) else { return nil }
        if text.isEmpty {
            problems.add("\(what) is an empty path", at: node.position)
            return nil
        }
        return text
    }

    private func reports(_ node: YNode, problems: inout ProblemCollector) -> [String] {
        let items = node.sequence ?? [node]
        var formats: [String] = []
        for item in items {
            guard let text = problems.text(item, "'reports' (report formats: \(Self.reportFormats.joined(separator: ", ")))") else {
                continue
            }
            // `md, html` written as one word, as `--report md,html` takes it.
            for word in text.split(separator: ",").map({ String($0).trimmingWhitespace }) {
                if Self.reportFormats.contains(word) {
                    formats.append(word)
                } else {
                    problems.add("unknown report format '\(word)'\(problems.hint(for: word, among: Self.reportFormats))", at: item.position)
                }
            }
        }
        return formats
    }
}
