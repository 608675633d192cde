/// Line lengths of source files (in Unicode scalars), keyed by file and 1-based line: what outputs
/// whose regions run to the end of a line (SARIF) need, measured by whoever has the file's bytes.
public struct LineLengths: Sendable {
    private var lengths: [String: [Int: Int]] = [:]

    /// No lengths yet.
    public init() {}

    /// Records the length of `line` (1-based) of `file`.
    public mutating func set(_ length: Int, ofLine line: Int, in file: String) {
        lengths[file, default: [:]][line] = length
    }

    /// The length of `line` of `file`, when it was measured.
    public func length(ofLine line: Int, in file: String) -> Int? {
        lengths[file]?[line]
    }

    /// The same lengths under other file names (a report that shows paths relative to somewhere).
    public func renamingFiles(_ rename: (String) -> String) -> LineLengths {
        var renamed = LineLengths()
        for (file, lines) in lengths { renamed.lengths[rename(file), default: [:]].merge(lines) { a, _ in a } }
        return renamed
    }

    /// Takes in `other`'s lengths; where both have a line, this one's stays.
    public mutating func merge(_ other: LineLengths) {
        lengths.merge(other.lengths) { mine, theirs in mine.merging(theirs) { a, _ in a } }
    }

    /// The lengths of `lines` in a file's bytes (UTF-8; a CR before the line break does not count).
    public static func measure(_ lines: Set<Int>, in bytes: [UInt8]) -> [Int: Int] {
        guard let last = lines.max() else { return [:] }
        var found: [Int: Int] = [:]
        var current = 1
        var length = 0
        for byte in bytes {
            if byte == 0x0A {
                if lines.contains(current) { found[current] = length }
                current += 1
                length = 0
                if current > last { return found }
            } else if byte != 0x0D, byte & 0xC0 != 0x80 {
                length += 1
            }
        }
        if lines.contains(current) { found[current] = length }
        return found
    }
}
