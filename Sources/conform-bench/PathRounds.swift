import Foundation

/// Paths through `conform run` timed round by round: each round runs every variant once with every
/// binary (this build's, then `--versus`'s), then measures both floors, so that a spell of load (another
/// build on this 2-core machine) slows each of them a little rather than one of them entirely. Medians
/// of each, and their ratios to the plain run (the first variant), to the byte floor and to the libyaml floor.
struct PathRounds {
    struct Variant {
        var name: String
        var arguments: [String]
        var target: String
    }

    struct Row {
        var name: String
        var measure: ProcessMeasure
        var target: String
    }

    /// The binaries compared, labelled: this build's `conform` first.
    let binaries: [(label: String, path: String)]
    let runs: Int
    /// Where report files go (emptied before each run).
    let reports: URL

    /// Per binary, a row per variant (in `variants`' order), and the floors on `files`.
    func measure(_ variants: [Variant], files: [String]) throws -> (rows: [[Row]], floors: Floors) {
        var measured = Array(repeating: Array(repeating: [ProcessMeasure](), count: variants.count), count: binaries.count)
        var floors: [Floors] = []
        for _ in 0..<max(1, runs) {
            for (index, variant) in variants.enumerated() {
                for (which, binary) in binaries.enumerated() {
                    try? FileManager.default.removeItem(at: reports)
                    measured[which][index].append(try ProcessMeasure.run(binary.path, variant.arguments))
                }
            }
            floors.append(Floors.measure(files))
        }
        let rows = measured.map { perVariant in
            variants.indices.map {
                Row(name: variants[$0].name, measure: ProcessMeasure.median(of: perVariant[$0]), target: variants[$0].target)
            }
        }
        return (rows, Floors.median(of: floors))
    }

    /// The table: each binary's rows (its plain run the base of its `× plain`), the floors, and with two
    /// binaries, each path's time and CPU of the first over the second's.
    func print(rows: [[Row]], floors: Floors, files: Int) {
        func s(_ value: Double) -> String { String(format: "%.3f s", value) }
        func x(_ value: Double) -> String { String(format: "%.2f×", value) }
        Swift.print("")
        Swift.print(
            "| \(files) files | time | × plain | × byte floor | × libyaml floor | CPU (all threads) | CPU × plain | peak memory | exit | target |"
        )
        Swift.print("|---|---|---|---|---|---|---|---|---|---|")
        for (which, binaryRows) in rows.enumerated() {
            guard let base = binaryRows.first?.measure else { continue }
            let label = binaries.count > 1 ? " (\(binaries[which].label))" : ""
            for row in binaryRows {
                let m = row.measure
                Swift.print(
                    "| \(row.name)\(label) | \(s(m.seconds)) | \(x(m.seconds / base.seconds)) | \(x(m.seconds / floors.bytes.seconds)) | \(x(m.seconds / floors.libyaml.seconds)) | \(s(m.cpuSeconds)) | \(x(m.cpuSeconds / base.cpuSeconds)) | \(String(format: "%.0f MB", m.peakMegabytes)) | \(m.status) | \(row.target) |"
                )
            }
        }
        for (name, floor) in [("byte floor: read + count lines", floors.bytes), ("libyaml floor: scan events", floors.libyaml)] {
            Swift.print(
                "| \(name) (1 thread, in the bench) | \(s(floor.seconds)) | | \(x(floor.seconds / floors.bytes.seconds)) | \(x(floor.seconds / floors.libyaml.seconds)) | \(s(floor.cpuSeconds)) | | (the bench's) | | |"
            )
        }
        guard rows.count > 1 else { return }
        Swift.print("")
        Swift.print(
            "| path | time: \(binaries[0].label) / \(binaries[1].label) | CPU: \(binaries[0].label) / \(binaries[1].label) | peak memory |")
        Swift.print("|---|---|---|---|")
        for (this, other) in zip(rows[0], rows[1]) {
            Swift.print(
                "| \(this.name) | \(x(this.measure.seconds / other.measure.seconds)) | \(x(this.measure.cpuSeconds / other.measure.cpuSeconds)) | \(String(format: "%.0f / %.0f MB", this.measure.peakMegabytes, other.measure.peakMegabytes)) |"
            )
        }
    }
}
