import ConformCore
import Foundation

/// The outputs of one run, each a renderer and where its text goes, fed in one pass: what
/// `conform run` prints and writes. Also keeps the run's one tally, whose exit status every output
/// agrees with.
public final class RunOutputs {
    /// Where an output's text goes.
    public enum Destination: Sendable, Equatable {
        case standardOutput
        case standardError
        /// A report file, written whole or not at all when the run is done.
        case file(String)
        /// Appended to a file that others write too (GitHub's step summary).
        case appending(String)
    }

    private struct Output {
        var renderer: any RunRenderer
        var destination: Destination
        /// Text not yet written: flushed in large pieces.
        var pending = ""
        /// A report file being written (whole once committed).
        var file: AtomicFile.Stream?
        /// The first problem writing it; the rest of its text is dropped.
        var failed = false
    }

    private var outputs: [Output]
    public private(set) var tally = RunTally()
    /// Outputs that could not be made or written, found at `finish`.
    public private(set) var problems: [Diagnostic] = []
    /// Outputs left out without changing the exit status: a step summary that is not a regular file.
    public private(set) var warnings: [Diagnostic] = []
    /// The report files written whole at `finish`, in the order of the outputs.
    public private(set) var written: [String] = []

    /// - Parameter rules: how the report files are written (`--follow-links`).
    public init(_ outputs: [(renderer: any RunRenderer, destination: Destination)], rules: AtomicFile.Rules = .init()) {
        self.outputs = outputs.map { output in
            var made = Output(renderer: output.renderer, destination: output.destination)
            if case .file(let path) = output.destination { made.file = AtomicFile.Stream(path: path, what: "the report", rules: rules) }
            return made
        }
    }

    /// The work each output wants done on the checking threads, for `ConformRunner.run(_:prepare:each:)`.
    public var prepare: @Sendable (inout FileOutcome) -> Void {
        let preparers = outputs.compactMap(\.renderer.preparer)
        // Before the preparers: JUnit's test cases read the differences too.
        guard outputs.contains(where: \.renderer.wordsDepartures) else {
            return { outcome in for prepare in preparers { prepare(&outcome) } }
        }
        return { outcome in
            outcome.rememberBrokenClaimsDifferences()
            for prepare in preparers { prepare(&outcome) }
        }
    }

    /// Which traces' steps the outputs show together, for `ConformRunner.Options.steps`.
    public var stepDemand: StepDemand { .combined(outputs.map(\.renderer.stepDemand)) }

    /// Leaves out every report file that `isInput` says the run reads (a trace named
    /// `conform-report.json` in the folder that `--output` also names): a report never replaces an input.
    /// Each is a problem, so the run exits 2; the other outputs are still written.
    public func protectInputs(_ isInput: (String) -> Bool) {
        for index in outputs.indices {
            guard case .file(let path) = outputs[index].destination, isInput(path) else { continue }
            outputs[index].failed = true
            outputs[index].file?.discard()
            problems.append(
                Diagnostic(
                    .error, "not written: this report would replace a file the run reads as a trace; give --output another folder",
                    at: SourceLocation(file: path, position: nil)))
        }
    }

    public func begin() {
        for index in outputs.indices { append(outputs[index].renderer.begin(), to: index) }
    }

    /// Hands one file's outcome to every output, in file order.
    public func add(_ outcome: FileOutcome) {
        tally.add(outcome)
        for index in outputs.indices { append(outputs[index].renderer.add(outcome), to: index) }
    }

    /// Drops every report file being written and what is left unwritten: a pass that the run starts over
    /// (`ConformRunner.Ending.metPolicyFile`). Only for outputs that printed nothing yet, or whose caller
    /// takes back what they printed (`StandardOutputMark`).
    public func discard() {
        for index in outputs.indices {
            outputs[index].file?.discard()
            outputs[index].pending = ""
            outputs[index].failed = true
        }
    }

    /// Finishes every output and writes what is left; returns the exit status: the tally's, or 2 when
    /// an output could not be made or written (the others are still written).
    public func finish(_ ending: RunEnding) -> Int32 {
        tally.add(errors: ending.leadingErrors)
        if let baseline = ending.baseline { tally.add(baseline: baseline) }
        let ends = finishRenderers(ending)
        for index in outputs.indices where !outputs[index].failed {
            do {
                for part in try ends[index].get() {
                    switch part {
                    case .text(let text): append(text, to: index)
                    case .spool(let spool): spool.drain { append($0, to: index) }
                    }
                }
                try flush(index, final: true)
                try outputs[index].file?.commit()
                if case .file(let path) = outputs[index].destination { written.append(path) }
            } catch let diagnostic as Diagnostic {
                outputs[index].file?.discard()
                problems.append(diagnostic)
            } catch {
                outputs[index].file?.discard()
                problems.append(Diagnostic(.error, "\(error)", at: SourceLocation(file: "conform", position: nil)))
            }
        }
        for index in outputs.indices where outputs[index].failed { outputs[index].file?.discard() }
        return problems.isEmpty ? tally.exitStatus : 2
    }

    /// Every renderer's end, made at once on every core: the checking threads are done by now, and
    /// the pages rendered from the digest (Markdown, HTML) would otherwise leave a core idle. Written in
    /// the outputs' order afterwards.
    private func finishRenderers(_ ending: RunEnding) -> [Result<[OutputPart], any Error>] {
        var ends = [Result<[OutputPart], any Error>](repeating: .success([]), count: outputs.count)
        // The HTML page takes longest (its diagrams, its template): started first, the other core
        // makes the other ends meanwhile instead of leaving the page for last.
        let unfailed =
            outputs.indices.filter { !outputs[$0].failed && outputs[$0].renderer is HTMLReport }
            + outputs.indices.filter { !outputs[$0].failed && !(outputs[$0].renderer is HTMLReport) }
        guard unfailed.count > 1 else {
            for index in unfailed { ends[index] = Result { try outputs[index].renderer.finishInParts(ending) } }
            return ends
        }
        outputs.withUnsafeMutableBufferPointer { outputs in
            ends.withUnsafeMutableBufferPointer { ends in
                // Each index is one thread's alone; the renderers share only the digest, which is read.
                let slots = Slots(outputs: outputs, ends: ends)
                DispatchQueue.concurrentPerform(iterations: unfailed.count) { taken in
                    let index = unfailed[taken]
                    slots.ends[index] = Result { try slots.outputs[index].renderer.finishInParts(ending) }
                }
            }
        }
        return ends
    }

    private struct Slots: @unchecked Sendable {
        let outputs: UnsafeMutableBufferPointer<Output>
        let ends: UnsafeMutableBufferPointer<Result<[OutputPart], any Error>>
    }

    private func append(_ text: String, to index: Int) {
        guard !text.isEmpty else { return }
        outputs[index].pending += text
        guard outputs[index].pending.utf8.count >= Self.flushSize, !outputs[index].failed else { return }
        do {
            try flush(index, final: false)
        } catch let diagnostic as Diagnostic {
            // Found again at `finish`, which reports it; meanwhile nothing more is kept.
            outputs[index].failed = true
            outputs[index].pending = ""
            problems.append(diagnostic)
        } catch {
            outputs[index].failed = true
        }
    }

    /// How much text an output keeps before writing it out.
    private static let flushSize = 1 << 16

    /// Empties `index`'s pending text, with room for the next `flushSize` bytes and a piece more while
    /// more may come: regrown from empty after every flush, a run's JSON was copied about twice over.
    private func restartPending(_ index: Int, final: Bool) {
        outputs[index].pending = ""
        if !final { outputs[index].pending.reserveCapacity(Self.flushSize + Self.flushSize / 2) }
    }

    private func flush(_ index: Int, final: Bool) throws {
        let text = outputs[index].pending
        switch outputs[index].destination {
        case .standardOutput:
            restartPending(index, final: final)
            // Every renderer escapes for its format; the one printer is the net under them all, but for
            // text that cannot hold what it catches.
            if outputs[index].renderer.writesWorkflowCommands {
                Console.standardOutput.write(workflowCommands: text)
            } else if outputs[index].renderer.writesJSON {
                Console.standardOutput.write(json: text)
            } else {
                Console.standardOutput.write(text)
            }
        case .standardError:
            restartPending(index, final: final)
            if outputs[index].renderer.writesWorkflowCommands {
                Console.standardError.write(workflowCommands: text)
            } else {
                Console.standardError.write(text)
            }
        case .file:
            restartPending(index, final: final)
            try outputs[index].file?.append(text)
        case .appending(let path):
            guard final else { return }
            outputs[index].pending = ""
            if let problem = GitHubStepSummary.append(text + "\n", to: path) {
                if problem.severity == .error { throw problem }
                warnings.append(problem)
            }
        }
    }
}
