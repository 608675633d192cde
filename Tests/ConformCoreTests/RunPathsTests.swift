import Testing

@testable import ConformCore

/// Where a run's files lie within the paths it was given, as `conform diff` matches the files of runs
/// made from different folders.
@Suite("Core: Run paths")
struct RunPathsTests {
    @Test("a file found under a folder is the rest of its path, however the folder was written")
    func folders() {
        #expect(RunPaths(["/tmp/a/Traces"]).relative("/tmp/a/Traces/Calendar/x.yaml") == "Calendar/x.yaml")
        #expect(RunPaths(["Traces"]).relative("Traces/Calendar/x.yaml") == "Calendar/x.yaml")
        #expect(RunPaths(["Traces/"]).relative("Traces/Calendar/x.yaml") == "Calendar/x.yaml")
        #expect(RunPaths(["./Traces"]).relative("./Traces/Calendar/x.yaml") == "Calendar/x.yaml")
        #expect(RunPaths(["."]).relative("./Traces/x.yaml") == "Traces/x.yaml")
        #expect(RunPaths(["/"]).relative("/x.yaml") == "x.yaml")
        #expect(RunPaths(["Traces//"]).relative("Traces//x.yaml") == "x.yaml")
        // An entry that starts with a combining mark: the `/` and the mark are one Character, not one byte.
        #expect(RunPaths(["Traces"]).relative("Traces/\u{301}x.yaml") == "\u{301}x.yaml")
        // Bytes, not canonical equivalence: a path written otherwise is another path, as the file system has it.
        #expect(RunPaths(["Caf\u{E9}"]).relative("Cafe\u{301}/x.yaml") == nil)
    }

    @Test("a path that names the file itself gives the file's name")
    func files() {
        #expect(RunPaths(["Traces/Calendar/x.yaml"]).relative("Traces/Calendar/x.yaml") == "x.yaml")
        #expect(RunPaths(["/tmp/b/x.yaml"]).relative("/tmp/b/x.yaml") == "x.yaml")
        #expect(RunPaths(["x.yaml"]).relative("x.yaml") == "x.yaml")
        #expect(RunPaths(["Traces/\u{301}x.yaml"]).relative("Traces/\u{301}x.yaml") == "\u{301}x.yaml")
    }

    @Test("the first path a file lies under decides, as discovery keeps a file where first found; a prefix that is not a folder is not one")
    func firstPath() {
        let paths = RunPaths(["Traces", "Traces/Calendar"])
        #expect(paths.relative("Traces/Calendar/x.yaml") == "Calendar/x.yaml")
        #expect(RunPaths(["Traces/Calendar", "Traces"]).relative("Traces/Calendar/x.yaml") == "x.yaml")
        #expect(RunPaths(["Trace"]).relative("Traces/x.yaml") == nil)
        #expect(RunPaths(["Traces"]).relative("Other/x.yaml") == nil)
        #expect(RunPaths([]).relative("Traces/x.yaml") == nil)
        #expect(RunPaths([""]).relative("x.yaml") == nil)
    }

    @Test("the paths of a sharded run's shards: each once, in the order first given")
    func union() {
        #expect(RunPaths.union([["Traces", "More"], ["Traces", "More"]]) == ["Traces", "More"])
        #expect(RunPaths.union([["/a/Traces"], ["Traces"], ["/a/Traces"]]) == ["/a/Traces", "Traces"])
        #expect(RunPaths.union([]) == [])
    }
}
