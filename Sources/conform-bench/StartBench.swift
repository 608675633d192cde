import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 37's "one trace, start to exit": `conform run` of one trace, timed beside what no run of
/// conform can go below, all in interleaved rounds. `/usr/bin/time` reports wall time in hundredths of
/// a second, too coarse here; each child is spawned directly and waited for with `wait4`, whose usage
/// record gives that child's CPU time in microseconds.
struct StartBench {
    let binaries: [(label: String, path: String)]
    let rounds: Int
    let trace: String

    /// One command of the table: what it runs, and why it is there.
    struct Command {
        var label: String
        var executable: String
        var arguments: [String]
    }

    /// One child's wall and CPU time, in seconds.
    struct Sample {
        var wall: Double
        var cpu: Double
        var status: Int32
    }

    /// The rows, in order: a process that does nothing (the cost of starting any process here), then per
    /// binary `--version` (a Swift process with conform's runtime and argument parsing, nothing read) and
    /// the run of one trace.
    var commands: [Command] {
        var all = [Command(label: "`/bin/true` (starting a process)", executable: "/bin/true", arguments: [])]
        for binary in binaries {
            let suffix = binaries.count > 1 ? " (\(binary.label))" : ""
            all.append(Command(label: "`conform --version`\(suffix)", executable: binary.path, arguments: ["--version"]))
            all.append(Command(label: "`conform run` of one trace\(suffix)", executable: binary.path, arguments: ["run", trace]))
        }
        return all
    }

    /// Every command once a round, in turn (the order reversed every other round), `rounds` times.
    func measure() throws -> [(command: Command, samples: [Sample])] {
        let commands = commands
        var samples = Array(repeating: [Sample](), count: commands.count)
        for round in 0..<rounds {
            let order = round % 2 == 0 ? Array(commands.indices) : commands.indices.reversed()
            for index in order {
                samples[index].append(try Self.spawn(commands[index].executable, commands[index].arguments))
            }
        }
        return zip(commands, samples).map { ($0, $1) }
    }

    /// Prints the table: medians and the middle half of each command's samples, in milliseconds.
    func print(_ measured: [(command: Command, samples: [Sample])]) {
        func ms(_ value: Double) -> String { String(format: "%.2f", value * 1000) }
        func quartiles(_ values: [Double]) -> (Double, Double, Double) {
            let sorted = values.sorted()
            return (sorted[sorted.count / 4], sorted[sorted.count / 2], sorted[(sorted.count * 3) / 4])
        }
        Swift.print("one trace, start to exit: medians of \(rounds) interleaved rounds [25th–75th percentile], ms")
        Swift.print("")
        Swift.print("| command | wall | CPU | exit | target |")
        Swift.print("|---|---|---|---|---|")
        for (command, samples) in measured {
            let wall = quartiles(samples.map(\.wall))
            let cpu = quartiles(samples.map(\.cpu))
            let statuses = Set(samples.map(\.status)).sorted().map(String.init).joined(separator: ", ")
            let target = command.arguments.first == "run" ? "≤ 10 ms" : ""
            Swift.print(
                "| \(command.label) | \(ms(wall.1)) [\(ms(wall.0))–\(ms(wall.2))] | \(ms(cpu.1)) [\(ms(cpu.0))–\(ms(cpu.2))] | \(statuses) | \(target) |"
            )
        }
    }

    /// Runs one child with its output discarded and returns its wall time, CPU time (user and system,
    /// every thread) and exit status.
    static func spawn(_ executable: String, _ arguments: [String]) throws -> Sample {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t = nil // an opaque pointer there, a struct in glibc
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        // This process's environment, passed on as `/usr/bin/time` would (`environ` is not imported on macOS).
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + environment { free(pointer) } }
        var pid = pid_t()
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environment)
        guard spawned == 0 else { throw BenchError("could not start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw BenchError("could not wait for \(executable)") }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        // The exit status as a shell shows it: the code, or 128 + the signal that ended the child.
        let exited = status & 0x7f == 0
        return Sample(
            wall: wall, cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime),
            status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f))
    }
}
