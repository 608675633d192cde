import ConformCore

/// The order of a history's runs, and which rule placed each one.
///
/// Runs that record their time (`recordedAt`, written by `--recorded-at`) are ordered by it. Runs that do
/// not are ordered by their file names, numbers by value (`run-9` before `run-10`), and come first:
/// `recordedAt` is newer than the run documents that lack it, so a history that starts recording the
/// time part way through has its older, untimed runs at the start.
public struct HistoryOrder: Sendable, Equatable {
    /// The runs, oldest first.
    public let runs: [HistoryRun]
    /// How many runs at the start are placed by file name (they record no time); the rest by time.
    public let untimed: Int

    /// Orders `runs`: untimed ones first by file name, then timed ones by time (the same time: by file name).
    public init(_ runs: [HistoryRun]) {
        let untimed = runs.filter { $0.recordedAt == nil }.sorted { Self.fileNameOrder($0.name, $1.name) }
        // By the moment each records (years 1 to 9999, compared as seconds, not as text).
        let timed = runs.compactMap { run in run.recordedAt.map { (run, $0) } }.sorted { a, b in
            a.1 != b.1 ? a.1 < b.1 : Self.fileNameOrder(a.0.name, b.0.name)
        }
        .map(\.0)
        self.runs = untimed + timed
        self.untimed = untimed.count
    }

    /// Whether every run is placed by its recorded time.
    public var byTimeOnly: Bool { untimed == 0 }

    /// Whether every run is placed by its file name.
    public var byNameOnly: Bool { untimed == runs.count }

    /// File name order with numbers by value: `run-2.json` before `run-10.json`, `2026-11-02` before
    /// `2026-11-10` either way. Compares Unicode scalars, not a locale's collation, so the order is the
    /// same on every machine; names equal by value (`run-01`, `run-1`) fall back to plain scalar order.
    /// The page orders app names and policy ids the same way (`App 2` before `App 10`).
    public static func fileNameOrder(_ a: String, _ b: String) -> Bool {
        let chunksA = chunks(a)
        let chunksB = chunks(b)
        for (x, y) in zip(chunksA, chunksB) where x != y {
            if x.isNumber && y.isNumber {
                let (valueX, valueY) = (x.scalars.drop { $0 == "0" }, y.scalars.drop { $0 == "0" })
                if valueX.count != valueY.count { return valueX.count < valueY.count }
                if valueX != valueY { return valueX.lexicographicallyPrecedes(valueY) }
                continue
            }
            return x.scalars.lexicographicallyPrecedes(y.scalars)
        }
        if chunksA.count != chunksB.count { return chunksA.count < chunksB.count }
        return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    }

    private struct Chunk: Equatable {
        var scalars: [Unicode.Scalar]
        var isNumber: Bool
    }

    /// The name split into runs of ASCII digits and runs of anything else.
    private static func chunks(_ name: String) -> [Chunk] {
        var out: [Chunk] = []
        for scalar in name.unicodeScalars {
            let isDigit = ("0"..."9").contains(scalar)
            if let last = out.indices.last, out[last].isNumber == isDigit {
                out[last].scalars.append(scalar)
            } else {
                out.append(Chunk(scalars: [scalar], isNumber: isDigit))
            }
        }
        return out
    }
}
