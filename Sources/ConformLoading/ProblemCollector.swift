import ConformCore

/// Gathers the problems found in one file, so that a file reports all of them, not only the first:
/// the first `listed` in full, the rest counted (a file of 100,000 bad steps gives 100 messages and a
/// count, not 100,000 messages, and no more did-you-mean work than 100 need).
struct ProblemCollector {
    /// How many problems of one file are worded in full.
    static let listed = 100

    private(set) var problems: [Problem] = []
    /// Problems found after the first `listed`: counted, not kept.
    private(set) var omitted = 0

    /// The problems in the order they stand in the file, each once (a YAML alias can bring the same
    /// node, and so the same problem, to several places), then how many more there are.
    var sortedProblems: [Problem] {
        var seen = Set<Problem>()
        var sorted = problems.enumerated()
            .sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
            .map(\.element)
            .filter { seen.insert($0).inserted }
        if omitted > 0, let last = sorted.last {
            sorted.append(
                Problem(
                    "and \(omitted) more problem\(omitted == 1 ? "" : "s") in this file, not listed (only the first \(Self.listed) are)",
                    at: last.position))
        }
        return sorted
    }

    /// Whether more problems are only counted: callers skip costly wording (suggestions) then.
    var isFull: Bool { problems.count >= Self.listed }

    mutating func add(_ message: String, at position: TextPosition, notes: [String] = []) {
        guard !isFull else {
            omitted += 1
            return
        }
        problems.append(Problem(message, at: position, notes: notes))
    }

    /// `; did you mean 'X'?` for a misspelt word, while problems are still worded in full.
    func hint(for word: String, among known: @autoclosure () -> [String]) -> String {
        isFull ? "" : Suggestion.hint(for: word, among: known())
    }

    /// Reports each key of `mapping` that is not in `known`, with the nearest known key as a hint.
    mutating func rejectUnknownKeys(in mapping: [YPair], known: [String], what: String) {
        for pair in mapping {
            guard let key = pair.key.scalarText else {
                add("\(what) keys must be plain words, not \(pair.key.kindDescription)", at: pair.key.position)
                continue
            }
            if !known.contains(key) {
                add("unknown key '\(key)' in \(what)\(hint(for: key, among: known))", at: pair.key.position)
            }
        }
    }

    /// The node's mapping, or a problem saying what was expected.
    mutating func mapping(_ node: YNode, _ what: @autoclosure () -> String) -> [YPair]? {
        if let pairs = node.mapping { return pairs }
        add("\(what()) must be a map, not \(node.kindDescription)", at: node.position)
        return nil
    }

    mutating func sequence(_ node: YNode, _ what: @autoclosure () -> String) -> [YNode]? {
        if let items = node.sequence { return items }
        add("\(what()) must be a list, not \(node.kindDescription)", at: node.position)
        return nil
    }

    /// A scalar's text (numbers and booleans as written), or a problem for a collection.
    mutating func text(_ node: YNode, _ what: @autoclosure () -> String) -> String? {
        if let text = node.scalarText, node.scalarValue != .null { return text }
        add("\(what()) must be a string, not \(node.kindDescription)", at: node.position)
        return nil
    }

    mutating func bool(_ node: YNode, _ what: @autoclosure () -> String) -> Bool? {
        if case .bool(let value)? = node.scalarValue { return value }
        add("\(what()) must be true or false, not \(node.kindDescription)\(YAMLOneOneBoolean.fix(node))", at: node.position)
        return nil
    }

    mutating func number(_ node: YNode, _ what: @autoclosure () -> String) -> Double? {
        guard case .number(let value)? = node.scalarValue else {
            add("\(what()) must be a finite number, not \(node.kindDescription)", at: node.position)
            return nil
        }
        guard value.isFinite else {
            add("\(what()) must be a finite number, not '\(node.scalarText ?? "")'", at: node.position)
            return nil
        }
        if let problem = ExactNumber.problem(node.scalarText ?? "", value) {
            add("\(what()) is '\(node.scalarText ?? "")', \(problem)", at: node.position)
            return nil
        }
        return value
    }

    /// Seconds since the trace began (`at:`): a finite, exact number from 0 to `ExactNumber.latestTime`.
    mutating func time(_ node: YNode, _ what: @autoclosure () -> String) -> Double? {
        guard let seconds = number(node, what()) else { return nil }
        guard seconds >= 0, seconds <= ExactNumber.latestTime else {
            add(
                "\(what()) is \(node.scalarText ?? ""): seconds since the trace began run from 0 to \(Int(ExactNumber.latestTime)) (a week)",
                at: node.position)
            return nil
        }
        return seconds
    }
}

extension Array where Element == YPair {
    /// The value under `key`, if present.
    subscript(key key: String) -> YNode? {
        // Matched in place: a loader asks this of every map for each key it knows, and copying each
        // key's text out (`scalarText`) only to compare it costs a retain and a release a key.
        for pair in self {
            if case .scalar(let text, _) = pair.key.kind, text == key { return pair.value }
        }
        return nil
    }
}

/// Numbers are doubles: what a double cannot hold exactly is refused where exactness matters (times,
/// geometry), rather than silently rounded.
enum ExactNumber {
    /// The largest integer a double holds exactly, and every integer below it.
    static let largestExactInteger = 9_007_199_254_740_992.0
    /// The latest `at:` a recording may give, in seconds (a week).
    static let latestTime = 604_800.0

    /// Why `value`, written as `text`, is not exact; `nil` when it is.
    static func problem(_ text: String, _ value: Double) -> String? {
        if abs(value) > largestExactInteger {
            return "beyond what a number holds exactly (integers up to \(Int(largestExactInteger)))"
        }
        // A decimal of more significant digits than a double keeps (17) is rounded when read.
        let digits = text.prefix { $0 != "e" && $0 != "E" }.filter(\.isNumber).drop { $0 == "0" }
        if digits.count > 17 { return "more digits than a number holds exactly (17)" }
        return nil
    }
}

/// "did you mean" hints for misspelt keys.
enum Suggestion {
    static func hint(for word: String, among known: [String]) -> String {
        guard let best = Spelling.nearest(to: word, among: known) else {
            // An empty list would read "expected one of: " and name nothing to write.
            if known.isEmpty { return "" }
            return " (expected one of: \(known.sorted().joined(separator: ", ")))"
        }
        return "; did you mean '\(best)'?"
    }
}
