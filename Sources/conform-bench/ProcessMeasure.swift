import Foundation

/// Wall time, CPU time and peak resident memory of a child process, as GNU time reads them from the OS.
struct ProcessMeasure {
    var seconds: Double
    var peakMegabytes: Double
    var status: Int32
    /// User and system time of every thread together: what the run costs, which another process taking
    /// a core changes far less than the wall time.
    var cpuSeconds: Double = 0

    static func run(_ executable: String, _ arguments: [String]) throws -> ProcessMeasure {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("conform-bench-time-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: report) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%U %S %e %M %x", "-o", report.path, executable] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let fields = (try String(contentsOf: report, encoding: .utf8)).split(whereSeparator: \.isWhitespace)
        // The last five fields: a line before them says why a child was killed, if it was.
        guard fields.count >= 5, let user = Double(fields[fields.count - 5]), let system = Double(fields[fields.count - 4]),
            let seconds = Double(fields[fields.count - 3]), let kilobytes = Double(fields[fields.count - 2]),
            let status = Int32(fields[fields.count - 1])
        else {
            throw BenchError("could not read /usr/bin/time's report for \(executable)")
        }
        return ProcessMeasure(seconds: seconds, peakMegabytes: kilobytes / 1024, status: status, cpuSeconds: user + system)
    }

    /// The median of `runs` measurements (wall time), with the largest peak memory seen.
    static func median(runs: Int, _ body: () throws -> ProcessMeasure) rethrows -> ProcessMeasure {
        var all: [ProcessMeasure] = []
        for _ in 0..<runs { all.append(try body()) }
        return median(of: all)
    }

    /// The measurement of median wall time, with the median CPU time and the largest peak memory seen.
    static func median(of all: [ProcessMeasure]) -> ProcessMeasure {
        var middle = all.sorted { $0.seconds < $1.seconds }[all.count / 2]
        middle.cpuSeconds = all.map(\.cpuSeconds).sorted()[all.count / 2]
        middle.peakMegabytes = all.map(\.peakMegabytes).max() ?? middle.peakMegabytes
        return middle
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Times a closure in this process, in seconds.
func time<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let value = try body()
    return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
