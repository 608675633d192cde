import Foundation
import Testing

/// Issue 24: a trace cannot make a report publish a file of the machine. Evidence is read only inside
/// the folders given to the run (links resolved), only from regular files, and embedded only when its
/// first bytes are the image its extension says; nothing from it becomes markup (Docs/TraceFormat.md).
@Suite("CLI: conform run: evidence is confined and inert (hostile inputs, third round)")
struct EvidenceConfinementTests {
    static let marker = "CONFORM-SECRET-MARKER-7f3a"

    /// A trace that breaks its claim at step 1, whose evidence is `path`.
    static func trace(_ id: String, evidence path: String) -> String {
        "conform: 1\ntrace: \(id)\napp: Demo\npolicy: makeitso\nsteps:\n  - see: { done: disabled }\n    evidence: \(TraceText.quoted(path))\n"
    }

    @Test("outside paths, links out, FIFOs, folders, forged images and SVG: one warning each, nothing leaks, no hang")
    func hostileEvidence() throws {
        let scratch = try Scratch()
        let secret = "\(Self.marker) password=hunter2"
        // Outside the run's folder (Traces/): a secret with an image's name, and a real-looking PNG.
        let outside = scratch.url.appendingPathComponent("private/secret.png")
        try FileManager.default.createDirectory(at: outside.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(Self.png + Array(secret.utf8)).write(to: outside)
        try scratch.write("private/config", secret)
        let shots = scratch.url.appendingPathComponent("Traces/shots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: shots.appendingPathComponent("link.png").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(
            atPath: shots.appendingPathComponent("dir-link").path, withDestinationPath: scratch.url.appendingPathComponent("private").path)
        #expect(mkfifo(shots.appendingPathComponent("fifo.png").path, 0o600) == 0)
        try FileManager.default.createDirectory(at: shots.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
        try scratch.write("Traces/shots/forged.png", "<script>alert('\(Self.marker)')</script>")
        try scratch.write(
            "Traces/shots/drawing.svg", "<svg xmlns='http://www.w3.org/2000/svg'><script>alert('\(Self.marker)')</script></svg>")
        try Data(Self.png + Array("IHDR".utf8)).write(to: shots.appendingPathComponent("real.png"))
        let cases: [(id: String, path: String, warning: String?)] = [
            ("absolute", outside.path, "lies outside the folders given to the run, so it is not read"),
            ("dotdot", "../private/secret.png", "lies outside the folders given to the run, so it is not read"),
            ("dotdot-config", "../../private/config", "lies outside the folders given to the run, so it is not read"),
            ("link", "shots/link.png", "lies outside the folders given to the run, so it is not read (through a symbolic link)"),
            (
                "dir-link", "shots/dir-link/secret.png",
                "lies outside the folders given to the run, so it is not read (through a symbolic link)"
            ),
            ("fifo", "shots/fifo.png", "is not a regular file, so it is not read"),
            ("folder", "shots/folder.png", "is not a regular file, so it is not read"),
            ("forged", "shots/forged.png", "is not the image its extension says (its first bytes differ), so it is only linked"),
            ("svg", "shots/drawing.svg", nil),
            ("real", "shots/real.png", nil),
        ]
        for (index, item) in cases.enumerated() {
            try scratch.write("Traces/t\(index).yaml", Self.trace(item.id, evidence: item.path))
        }
        let output = try BinaryRunner.run(["run", "Traces", "--report", "all", "--output", "out", "--github"], in: scratch.url)
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        for (index, item) in cases.enumerated() {
            // A long path is clipped in the message: its end stands for it.
            let prefix = "Traces/t\(index).yaml:6:5: warning: evidence file '\(item.path.count > 40 ? "" : item.path)"
            if let warning = item.warning {
                let line = output.stdout.split(separator: "\n").first { $0.hasPrefix(prefix) }
                #expect(line?.hasSuffix("' " + warning + " (step 1)") == true, "\(item.id): \(output.stdout)")
            } else {
                #expect(!output.stdout.contains(prefix), "\(item.id) needs no warning")
            }
        }
        // No secret in any output, plain or Base64 at any alignment, and no script from evidence.
        var outputs = ["stdout": output.stdout + output.stderr]
        for name in try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("out").path) {
            outputs[name] = try String(contentsOf: scratch.url.appendingPathComponent("out/\(name)"), encoding: .utf8)
        }
        let needles = [Self.marker, "hunter2"] + Self.base64Needles(Self.marker)
        for (name, text) in outputs {
            for needle in needles { #expect(!text.contains(needle), "\(name) carries '\(needle)'") }
        }
        let html = try #require(outputs["conform-report.html"])
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("data:image/svg"))
        #expect(html.contains("<img src=\"data:image/png;base64,\(Data(Self.png + Array("IHDR".utf8)).base64EncodedString())\""))
        #expect(html.contains("its first bytes are not the image its extension says, so it is not embedded"))
    }

    @Test("a path cannot break out of a Markdown link or an HTML attribute")
    func linkEscaping() throws {
        let scratch = try Scratch()
        let path = "shots/a) [x](javascript:alert(1)) <b onload=x>\".txt"
        try scratch.write("Traces/\(path)", "note")
        try scratch.write("Traces/t.yaml", Self.trace("escape", evidence: path))
        let output = try BinaryRunner.run(["run", "Traces", "--report", "md,html", "--output", "out"], in: scratch.url)
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        let markdown = try String(contentsOf: scratch.url.appendingPathComponent("out/conform-report.md"), encoding: .utf8)
        #expect(
            markdown.contains("[evidence](../Traces/shots/a%29%20%5Bx%5D%28javascript%3Aalert%281%29%29%20%3Cb%20onload%3Dx%3E%22.txt)"))
        #expect(!markdown.contains("](javascript"))
        let html = try String(contentsOf: scratch.url.appendingPathComponent("out/conform-report.html"), encoding: .utf8)
        #expect(!html.contains("<b onload"))
    }

    // MARK: - Support

    /// PNG's eight-byte signature.
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The marker as Base64 at each of the three alignments it can take inside a longer encoding.
    static func base64Needles(_ text: String) -> [String] {
        (0..<3).map { shift in
            let encoded = Data((String(repeating: "x", count: shift) + text).utf8).base64EncodedString()
            // Drop the characters that the leading padding and the trailing group influence.
            return String(encoded.dropFirst(4).dropLast(4))
        }
    }
}

/// YAML double-quoted text, for paths with any character.
enum TraceText {
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// Issue 24: no input file is lost or clobbered by what a run writes.
@Suite("CLI: conform run never writes over its inputs")
struct NoClobberTests {
    static let trace = "conform: 1\ntrace: t\npolicy: apple-contacts\nsteps:\n  - see: { cancel: absent }\n"

    @Test("a report whose name a trace of the run has is not written; the trace is kept; exit 2")
    func reportOverTrace() throws {
        let scratch = try Scratch()
        try scratch.write("traces/conform-report.json", Self.trace.replacingOccurrences(of: "trace: t", with: "trace: u"))
        try scratch.write("traces/t.yaml", Self.trace)
        let output = try BinaryRunner.run(["run", "traces", "--report", "json,md", "--output", "traces"], in: scratch.url)
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        #expect(
            output.stderr.contains(
                "traces/conform-report.json: error: not written: this report would replace a file the run reads as a trace; give --output another folder"
            ))
        #expect(
            try String(contentsOf: scratch.url.appendingPathComponent("traces/conform-report.json"), encoding: .utf8).hasPrefix(
                "conform: 1"))
        #expect(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("traces/conform-report.md").path))
    }

    @Test("--write-baseline given a trace's path does not replace the trace")
    func baselineOverTrace() throws {
        let scratch = try Scratch()
        try scratch.write("traces/t.yaml", Self.trace)
        let output = try BinaryRunner.run(["run", "traces", "--write-baseline", "traces/t.yaml"], in: scratch.url)
        #expect(output.status == 2)
        // The run read it as a trace: the rule for every output (issue 33) refuses it before its text is looked at.
        #expect(
            output.stderr.contains(
                "traces/t.yaml: error: not written: the command reads this file, so it is not replaced; write the baseline to another path\n"
            ))
        #expect(try String(contentsOf: scratch.url.appendingPathComponent("traces/t.yaml"), encoding: .utf8) == Self.trace)
        // A trace the run does not read is still not a baseline.
        try scratch.write("other.yaml", Self.trace)
        let other = try BinaryRunner.run(["run", "traces", "--write-baseline", "other.yaml"], in: scratch.url)
        #expect(other.status == 2)
        #expect(other.stderr.contains("other.yaml: error: not written: the file is not a baseline"))
        #expect(try String(contentsOf: scratch.url.appendingPathComponent("other.yaml"), encoding: .utf8) == Self.trace)
    }
}
