import ConformCore
import Foundation

/// The evidence (screenshots) of broken claims' departures, as the templates show it: embedded in the
/// HTML page, linked from the Markdown. Everything comes from the `RunResult`; nothing is read here.
extension ReportModel {
    /// One figure per departing step of the trace's broken claims that has evidence, in step order.
    func evidenceFigures(_ pairs: [PairResult], trace: TraceSummary) -> [HTMLTraceDetails.EvidenceFigure] {
        var byStep: [Int: (evidence: Evidence, policies: [String])] = [:]
        for pair in pairs where pair.claimed {
            guard let evidence = pair.departureEvidence else { continue }
            byStep[evidence.step, default: (evidence, [])].policies.append(pair.policy)
        }
        return byStep.keys.sorted().compactMap { step -> HTMLTraceDetails.EvidenceFigure? in
            guard let (evidence, policies) = byStep[step] else { return nil }
            var figure = HTMLTraceDetails.EvidenceFigure(
                step: step, path: evidence.path, pathHTML: Escaping.htmlPath(evidence.path), policies: policies.joined(separator: ", "),
                anchor: Self.anchor(trace.file + "-evidence-\(step)"))
            if let mediaType = evidence.mediaType, let bytes = evidence.bytes, Evidence.isEmbeddable(bytes, as: mediaType) {
                figure.image = (
                    src: "data:\(mediaType);base64," + Data(bytes).base64EncodedString(),
                    alt: "Screenshot of step \(step) of \(trace.id): \(evidence.path)"
                )
            } else {
                figure.note =
                    evidence.notEmbedded
                    ?? (evidence.mediaType == nil ? "not an image, so not embedded" : "larger than 4 MiB, so not embedded")
            }
            return figure
        }
    }

    /// What the Markdown adds to a broken claim's departing step: a link to its evidence file.
    func evidenceLink(_ evidence: Evidence, traceFile: String) -> [String: Any] {
        var link: [String: Any] = ["evidenceText": evidence.mediaType == nil ? "evidence" : "screenshot"]
        if let folder = context.reportDirectory,
            let path = RelativePath.path(to: evidence.resolved, from: folder, workingDirectory: context.workingDirectory)
        {
            link["evidenceLink"] = Escaping.uriPath(path)
        } else if evidence.resolved.hasPrefix("/") {
            // Folded, so that no `//host/...` can make it a link to another site.
            link["evidenceLink"] = Escaping.uriPath("/" + RelativePath.components(evidence.resolved).joined(separator: "/"))
        } else {
            // Without the report's folder the link can only be what the trace wrote; say from where.
            link["evidenceLink"] = Escaping.uriPath(evidence.path)
            link["evidenceNote"] = "relative to \(traceFile)"
        }
        return link
    }
}
