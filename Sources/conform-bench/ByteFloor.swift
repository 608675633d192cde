import Foundation

/// The physical floor (issue 37): every file read whole and its lines counted, nothing else, on one
/// thread. Any reader of these files must at least do this, so a path's ratio to it is how far conform
/// is from the machine rather than from another parser. Plain POSIX calls into one buffer reused for
/// every file, so that it times the system's reads and one pass over the bytes, not allocation.
enum ByteFloor {
    static func scan(_ files: [String]) -> (lines: Int, bytes: Int, seconds: Double) {
        var lines = 0
        var total = 0
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { buffer.deallocate() }
        let (_, seconds) = time {
            for file in files {
                let descriptor = open(file, O_RDONLY)
                guard descriptor >= 0 else { continue }
                while true {
                    let got = read(descriptor, buffer, 1 << 16)
                    if got <= 0 { break }
                    total += got
                    lines += newlines(in: buffer, count: got)
                }
                close(descriptor)
            }
        }
        return (lines, total, seconds)
    }

    /// How many `\n` bytes the first `count` bytes at `start` hold (`memchr` from each to the next).
    private static func newlines(in start: UnsafeMutableRawPointer, count: Int) -> Int {
        var found = 0
        var at = UnsafeRawPointer(start)
        var left = count
        while left > 0, let next = memchr(at, 0x0A, left) {
            found += 1
            let after = UnsafeRawPointer(next) + 1
            left -= at.distance(to: after)
            at = after
        }
        return found
    }
}

/// Both floors, each once, in this process on this thread, with the thread's CPU time (their memory is
/// the bench's own): measured once a round beside the paths, so that load slows them alike.
struct Floors {
    var bytes: ProcessMeasure
    var libyaml: ProcessMeasure

    static func measure(_ files: [String]) -> Floors {
        var cpu = threadCPUSeconds()
        let bytes = ByteFloor.scan(files).seconds
        let bytesCPU = threadCPUSeconds() - cpu
        cpu = threadCPUSeconds()
        let libyaml = LibyamlFloor.scan(files).seconds
        let libyamlCPU = threadCPUSeconds() - cpu
        return Floors(
            bytes: ProcessMeasure(seconds: bytes, peakMegabytes: 0, status: 0, cpuSeconds: bytesCPU),
            libyaml: ProcessMeasure(seconds: libyaml, peakMegabytes: 0, status: 0, cpuSeconds: libyamlCPU))
    }

    /// The median of each floor over the rounds.
    static func median(of all: [Floors]) -> Floors {
        Floors(bytes: ProcessMeasure.median(of: all.map(\.bytes)), libyaml: ProcessMeasure.median(of: all.map(\.libyaml)))
    }

    static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
