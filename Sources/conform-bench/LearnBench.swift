import ConformCore
import ConformKit
import ConformReports
import Foundation

/// The corpus `conform learn` is timed on (Docs/Learning.md): traces of one app that follows a policy,
/// each a random walk of up to 20 actions through the actions `compare` tries (edits that change the
/// title and set it back, the bar buttons, the swipe, every sheet action), every `see` what the policy
/// predicts, deterministic.
enum LearnBench {
    /// Writes `count` traces of the app "Bench learn" following `policy` into `directory`.
    static func writeCorpus(count: Int, policy: Policy, to directory: URL) throws -> (files: Int, steps: Int) {
        var random = SplitMix(seed: 36)
        let alphabet = ActionAlphabet(policies: [policy])
        let simulator = PolicySimulator(policy: policy, form: alphabet.form)
        let actions = alphabet.actions.filter { if case .present = $0 { false } else { true } }
        var steps = 0
        for index in 0..<count {
            var configuration = simulator.start()
            var scenario = Scenario(opening: simulator.prediction(configuration), steps: [])
            for _ in 0..<(1 + Int(random.next() % 20)) {
                let moves = actions.compactMap { action in simulator.perform(action, from: configuration).map { (action, $0) } }
                guard !moves.isEmpty else { break }
                let (action, move) = moves[Int(random.next() % UInt64(moves.count))]
                configuration = move.configuration
                scenario.steps.append(
                    ScenarioStep(
                        action: action, transition: move.transition, isFirstCoverage: false, expected: simulator.prediction(configuration)))
            }
            steps += 1 + scenario.steps.count * 2
            let text = TraceYAML.trace(
                id: "learn-\(index)", title: "A random walk through \(policy.id)", claims: [policy.id], note: "conform-bench",
                form: alphabet.form, scenario: scenario, app: "Bench learn")
            let folder = directory.appendingPathComponent("\(index / 100)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try text.write(to: folder.appendingPathComponent("learn-\(index).yaml"), atomically: false, encoding: .utf8)
        }
        return (count, steps)
    }

    /// The table row: `conform learn` on 1,000 traces of one app following one-handed, end to end (median of `runs`).
    static func row(conform: String, runs: Int, work: URL) throws -> String {
        guard let policy = PolicyLibrary.builtIn().policy(id: "one-handed") else { return "| conform learn | not run: no one-handed | |" }
        let corpus = work.appendingPathComponent("learn-1000")
        try? FileManager.default.removeItem(at: corpus)
        let made = try writeCorpus(count: 1_000, policy: policy, to: corpus)
        let output = work.appendingPathComponent("learned.yaml").path
        let measure = try ProcessMeasure.median(runs: runs) { try ProcessMeasure.run(conform, ["learn", corpus.path, "--output", output]) }
        return "| conform learn: \(made.files) traces (\(made.steps) steps) of one app following one-handed (exit \(measure.status)) | "
            + String(format: "%.3f s, %.0f MB", measure.seconds, measure.peakMegabytes) + " | < 1 s |"
    }
}
