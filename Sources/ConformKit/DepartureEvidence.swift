import ConformCore
import ConformReports

/// Reads the evidence of each broken claim's departing step and attaches it to that claim, when the run
/// keeps steps (only reports show evidence). Only departures of broken claims: that is where reports
/// show it, and it keeps a report's size bounded. Each step's file is read once, however many claims
/// depart there, and warned about once.
struct DepartureEvidence: TraceWarningCheck {
    var warnsAboutEvidence: Bool { true }

    /// The warnings about evidence files that could not be found or embedded, in step order.
    func warnings(about checked: inout CheckedTrace) -> [Diagnostic] {
        guard let confinement = checked.evidenceFolders else { return [] }
        let trace = checked.trace
        var read: [Int: Evidence?] = [:]
        var warnings: [(step: Int, warning: Diagnostic)] = []
        // Found first, written after: a loop that may write into the results would make them unique (a
        // copy, if they are shared) before its first turn, even when it writes nothing.
        var found: [(index: Int, evidence: Evidence)] = []
        for index in checked.results.indices where checked.results[index].claimed {
            guard let departure = checked.results[index].verdict.departure else { continue }
            if let evidence = read[departure.step] {
                if let evidence { found.append((index, evidence)) }
                continue
            }
            guard let step = Self.step(departure.step, of: trace), step.evidence != nil else {
                read[departure.step] = .some(nil)
                continue
            }
            let (evidence, warning) = EvidenceReader.read(step, in: trace.file, confinement: confinement)
            read[departure.step] = .some(evidence)
            if let evidence { found.append((index, evidence)) }
            if let warning { warnings.append((departure.step, warning)) }
        }
        for (index, evidence) in found { checked.results[index].departureEvidence = evidence }
        return warnings.sorted { $0.step < $1.step }.map(\.warning)
    }

    /// Step `number` (1-based), found by its index when the numbering is the usual one.
    private static func step(_ number: Int, of trace: Trace) -> Step? {
        if trace.steps.indices.contains(number - 1), trace.steps[number - 1].number == number { return trace.steps[number - 1] }
        return trace.steps.first { $0.number == number }
    }
}
