import ConformCore

extension ReportModel {
    /// Per app, what the terminal report's "Per app" lines say, from the same count (`AppAgreements`):
    /// its claims with holds or broken, then the policies it does not claim that its traces agree with
    /// (all, partly, or none of them). Apps with a broken claim come first, then by name; in an app,
    /// broken claims come first.
    func appSummary() -> [[String: Any]] {
        let apps = facts.apps.apps
        let ordered = apps.filter(\.hasBrokenClaim) + apps.filter { !$0.hasBrokenClaim }
        return ordered.map { app -> [String: Any] in
            let byState =
                app.claims.filter { $0.state == .broken } + app.claims.filter { $0.state == .baselined }
                + app.claims.filter { $0.state == .holds }
            let claims = byState.map { claim -> [String: Any] in
                [
                    "policy": claim.policy, "verdict": claim.verdict, "count": claim.count, "anchor": Self.anchor("policy-" + claim.policy),
                    // A claim that does not hold is in the broken claims' table.
                    "brokenLink": claim.state != .holds && !facts.brokenClaims.isEmpty,
                ]
            }
            return [
                "name": app.name, "tracesText": Plural.count(app.traces, "trace"),
                "claims": Self.listed(claims), "hasClaims": !claims.isEmpty, "unclaimed": Self.listed(unclaimed(app)),
            ]
        }
    }

    /// Policies named in a row at most where they differ; more are a count that unfolds to name them
    /// (a `<details>` on the page: a phone has no tooltip), so that a row stays one line on a laptop's screen.
    static let differNamed = 2

    /// The app's unclaimed policies in the terminal's words: `agree …`, `partly … 1/3`, `differ …`, each
    /// part present only when it has a policy.
    private func unclaimed(_ app: AppAgreements.App) -> [[String: Any]] {
        var parts: [[String: Any]] = []
        if !app.agree.isEmpty { parts.append(["word": "agree", "items": Self.listed(app.agree.map { ["text": $0] })]) }
        if !app.partly.isEmpty { parts.append(["word": "partly", "items": Self.listed(app.partly.map { ["text": $0.text] })]) }
        if app.differ.count > Self.differNamed {
            parts.append([
                "word": "differ", "items": [], "others": "\(app.differ.count) others", "named": app.differ.joined(separator: ", "),
            ])
        } else if !app.differ.isEmpty {
            parts.append(["word": "differ", "items": Self.listed(app.differ.map { ["text": $0] })])
        }
        return parts
    }
}
