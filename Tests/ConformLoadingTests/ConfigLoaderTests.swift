import ConformCore
import Testing

@testable import ConformLoading

/// `.conform.yaml` read as policies and baselines are: every problem located, unknown keys with a
/// did-you-mean, nothing half read.
@Suite("Loading: the project configuration (.conform.yaml)")
struct ConfigLoaderTests {
    static func load(_ yaml: String) -> (config: ProjectConfig?, problems: [String]) {
        let (config, problems) = ConfigLoader().load(Array(yaml.utf8), file: ".conform.yaml")
        return (config, problems.map(describe))
    }

    @Test("every key is read; one path alone is a list of one; 'md, html' is two formats")
    func everyKey() throws {
        let (config, problems) = Self.load(
            """
            conform: 1
            policies: [Policies, More/extra.yaml]
            traces: Traces
            baseline: conform-baseline.yaml
            reports: ["md, html", junit]
            output: out
            """)
        #expect(problems == [])
        let read = try #require(config)
        #expect(read.policies == ["Policies", "More/extra.yaml"])
        #expect(read.traces == ["Traces"])
        #expect(read.baseline == "conform-baseline.yaml")
        #expect(read.reports == ["md", "html", "junit"])
        #expect(read.output == "out")
    }

    @Test("'paths' is the contract's name of 'traces' (PRODUCT §6); giving both is a located error")
    func pathsNamesTheDefaultTraces() throws {
        #expect(try #require(Self.load("conform: 1\npaths: [Traces, More]\n").config).traces == ["Traces", "More"])
        #expect(
            Self.load("conform: 1\ntraces: [A]\npaths: [B]\n").problems == [
                "3:1: 'traces' and 'paths' are two names of one key (the default trace paths); keep one"
            ])
        #expect(
            Self.load("conform: 1\npaths: []\n").problems == [
                "2:8: 'paths' (the paths run and lint check by default) is an empty list; remove the key or name a path"
            ])
    }

    @Test("a configuration of the version alone leaves every setting to the command line")
    func versionAlone() throws {
        let config = try #require(Self.load("conform: 1\n").config)
        #expect(config.policies == [] && config.traces == nil && config.baseline == nil && config.reports == nil && config.output == nil)
    }

    @Test("an unknown key is located with the nearest known one, and nothing is read")
    func unknownKey() {
        let (config, problems) = Self.load("conform: 1\npolicies: [P]\nreprts: [md]\n")
        #expect(config == nil)
        #expect(problems == ["3:1: unknown key 'reprts' in a configuration; did you mean 'reports'?"])
        // The singular of a list key is the likeliest slip.
        #expect(
            Self.load("conform: 1\ntrace: [T]\n").problems == [
                "2:1: unknown key 'trace' in a configuration; did you mean 'traces'? (a list)"
            ])
        #expect(
            Self.load("conform: 1\nfoo: 1\n").problems == [
                "2:1: unknown key 'foo' in a configuration (expected one of: baseline, conform, output, paths, policies, reports, traces)"
            ])
    }

    @Test("the version is required; a report format and an empty list are located errors")
    func locatedErrors() {
        #expect(Self.load("policies: [P]\n").problems == ["1:1: a configuration needs 'conform: 1' (the format version)"])
        #expect(
            Self.load("conform: 1\nreports: [md, htm]\n").problems == ["2:15: unknown report format 'htm'; did you mean 'html'?"])
        #expect(
            Self.load("conform: 1\ntraces: []\n").problems == [
                "2:9: 'traces' (the paths run and lint check by default) is an empty list; remove the key or name a path"
            ])
        #expect(Self.load("conform: 1\nbaseline: [a, b]\n").problems == ["2:11: 'baseline' (a baseline file) must be a string, not a list"])
    }

    @Test("a policy or a trace given as the configuration is said to be one")
    func wrongFile() {
        #expect(Self.load("conform: 1\npolicy: p\nstates: {}\n").problems == ["1:1: this is a trace or policy file, not a configuration"])
    }

    @Test("paths are made relative to the configuration's folder, unless absolute")
    func resolved() {
        var config = ProjectConfig(file: "../.conform.yaml")
        config.policies = ["Policies", "/abs/p.yaml"]
        config.traces = ["Traces"]
        config.baseline = "b.yaml"
        config.output = "out"
        let resolved = config.resolved(in: "..")
        #expect(resolved.policies == ["../Policies", "/abs/p.yaml"])
        #expect(resolved.traces == ["../Traces"] && resolved.baseline == "../b.yaml" && resolved.output == "../out")
        #expect(config.resolved(in: ".") == config && config.resolved(in: "") == config)
    }
}
