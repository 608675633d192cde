/// The HTML page's matrix tables while the run goes: a spool of rows per domain the traces speak
/// (`HTMLMatrix.domain(of:)`), and how many rows each has. The tables come in the order of their
/// domain's first policy among the loaded ones (sorted by id), then the traces no policy can judge:
/// the same run gives the same page.
final class MatrixTables {
    struct Table {
        var domain: String
        var rows = Spool()
        var count = 0
    }

    private var byDomain: [String: Table] = [:]
    /// The loaded policies' domains, in the columns' order.
    let domains: [String]
    /// Each loaded policy's domain by id.
    let domainOf: [String: String]

    init(policies: [(id: String, domain: String)]) {
        domains = policies.map(\.domain)
        domainOf = Dictionary(policies.map { ($0.id, $0.domain) }) { first, _ in first }
    }

    func append(_ row: String, domain: String) {
        if byDomain[domain] == nil { byDomain[domain] = Table(domain: domain) }
        byDomain[domain]?.rows.append(row)
        byDomain[domain]?.count += 1
    }

    /// The tables that have rows, in the page's order.
    var tables: [Table] {
        var order: [String] = []
        for domain in domains where !order.contains(domain) { order.append(domain) }
        order.append("")
        var tables = order.compactMap { byDomain[$0] }
        // A domain no loaded policy has (not made by `HTMLMatrix.domain(of:)`): after the others, by name.
        tables += byDomain.keys.filter { !order.contains($0) }.sorted().compactMap { byDomain[$0] }
        return tables
    }
}
