import ConformCore
import Foundation
import Testing

@testable import ConformReports

/// The one way conform writes a file (`AtomicFile`, Docs/Security.md), in-process, where the process id
/// that older conforms put in their temporary names is known: links planted there are never followed.
@Suite("Reports: AtomicFile: one safe way to write")
struct AtomicFileTests {
    /// A scratch folder with a victim outside the folder written to.
    final class Folder {
        let root: URL
        let out: URL
        let victim: URL
        let secret = Data("SECRET: must survive\n".utf8)

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("conform-atomic-\(UUID().uuidString)")
            out = root.appendingPathComponent("out")
            victim = root.appendingPathComponent("elsewhere/victim.txt")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: victim.deletingLastPathComponent(), withIntermediateDirectories: true)
            try secret.write(to: victim)
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func path(_ name: String) -> String { out.appendingPathComponent(name).path }

        /// A link to the victim at the name the old `AtomicFile` used for `name`: `.NAME.PID.tmp`.
        func plantOldTemporaryLink(for name: String) throws {
            try FileManager.default.createSymbolicLink(
                atPath: path(".\(name).\(getpid()).tmp"), withDestinationPath: victim.path)
        }

        var victimUntouched: Bool { (try? Data(contentsOf: victim)) == secret }

        func text(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }
    }

    @Test("a link planted at the old temporary name is not followed, whole or streamed; the file is written, no temporary file is left")
    func plantedTemporaryName() throws {
        let folder = try Folder()
        try folder.plantOldTemporaryLink(for: "whole.md")
        try folder.plantOldTemporaryLink(for: "streamed.json")
        try AtomicFile.write("whole\n", to: folder.path("whole.md"), what: "the report")
        let stream = AtomicFile.Stream(path: folder.path("streamed.json"), what: "the report")
        try stream.append("{\n")
        try stream.append("}\n")
        try stream.commit()
        #expect(folder.victimUntouched)
        #expect(try folder.text("whole.md") == "whole\n")
        #expect(try folder.text("streamed.json") == "{\n}\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.out.path).sorted()
        #expect(names == [".streamed.json.\(getpid()).tmp", ".whole.md.\(getpid()).tmp", "streamed.json", "whole.md"])
    }

    @Test("the temporary name is hidden, beside the target, with 16 random hex digits, never the same twice")
    func temporaryName() {
        let names = (0..<100).map { _ in AtomicFile.TemporaryFile.name(for: "/a/b/report.md") }
        #expect(Set(names).count == 100)
        #expect(names.allSatisfy { $0.hasPrefix(".report.md.") && $0.hasSuffix(".tmp") && $0.utf8.count == ".report.md.".utf8.count + 20 })
        let long = AtomicFile.TemporaryFile.name(for: String(repeating: "é", count: 200))
        #expect(long.utf8.count <= 255)
    }

    @Test("a link at the destination that leads out of its folder is refused, its target untouched; --follow-links writes through it")
    func linkOut() throws {
        let folder = try Folder()
        try FileManager.default.createSymbolicLink(atPath: folder.path("r.md"), withDestinationPath: folder.victim.path)
        for write in [
            { try AtomicFile.write("x", to: folder.path("r.md"), what: "the report") },
            {
                let stream = AtomicFile.Stream(path: folder.path("r.md"), what: "the report")
                try stream.append("x")
                try stream.commit()
            },
        ] {
            #expect {
                try write()
            } throws: { error in
                (error as? Diagnostic)?.formatted
                    == "\(folder.path("r.md")): error: not written: a symbolic link to \(folder.victim.resolvingSymlinksInPath().path), outside its folder, so it is not written through; remove the link, or give --follow-links to write through it"
            }
        }
        #expect(folder.victimUntouched)
        try AtomicFile.write("followed\n", to: folder.path("r.md"), what: "the report", rules: .init(followLinks: true))
        #expect(try String(contentsOf: folder.victim, encoding: .utf8) == "followed\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("r.md")) == folder.victim.path)
    }

    @Test(
        "a link that stays in its folder is written through (the target replaced, the link kept; a dangling one creates its target); one into a subfolder is not"
    )
    func linkInside() throws {
        let folder = try Folder()
        try "old\n".write(toFile: folder.path("real.md"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.path("r.md"), withDestinationPath: "real.md")
        try FileManager.default.createSymbolicLink(atPath: folder.path("new.md"), withDestinationPath: "./fresh.md")
        try AtomicFile.write("new\n", to: folder.path("r.md"))
        try AtomicFile.write("created\n", to: folder.path("new.md"))
        #expect(try folder.text("real.md") == "new\n")
        #expect(try folder.text("fresh.md") == "created\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("r.md")) == "real.md")
        // Below the folder is not in it: from a repository's root, that is `.git/hooks` too.
        try FileManager.default.createDirectory(at: folder.out.appendingPathComponent(".git/hooks"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path("hook.md"), withDestinationPath: ".git/hooks/post-checkout")
        #expect(throws: Diagnostic.self) { try AtomicFile.write("#!/bin/sh\n", to: folder.path("hook.md")) }
        #expect(!FileManager.default.fileExists(atPath: folder.path(".git/hooks/post-checkout")))
    }

    @Test("a chain of links that leaves at its last hop is judged by where it ends; a cycle is refused")
    func chains() throws {
        let folder = try Folder()
        try FileManager.default.createSymbolicLink(atPath: folder.path("b"), withDestinationPath: folder.victim.path)
        try FileManager.default.createSymbolicLink(atPath: folder.path("a"), withDestinationPath: "b")
        #expect(throws: Diagnostic.self) { try AtomicFile.write("x", to: folder.path("a")) }
        try FileManager.default.createSymbolicLink(atPath: folder.path("c1"), withDestinationPath: "c2")
        try FileManager.default.createSymbolicLink(atPath: folder.path("c2"), withDestinationPath: "c1")
        #expect {
            try AtomicFile.write("x", to: folder.path("c1"))
        } throws: { error in
            (error as? Diagnostic)?.message == "not written: a chain of symbolic links that does not end (or is too long); remove the link"
        }
        #expect(folder.victimUntouched)
    }

    @Test("a folder, a FIFO: refused at once with what they are (nothing opened, nothing waits)")
    func notFiles() throws {
        let folder = try Folder()
        #expect {
            try AtomicFile.write("x", to: folder.out.path, what: "the UI tests")
        } throws: { error in
            (error as? Diagnostic)?.message == "not written: this is a folder; give the path of a file for the UI tests"
        }
        #expect(mkfifo(folder.path("fifo"), 0o600) == 0)
        #expect {
            try AtomicFile.write("x", to: folder.path("fifo"))
        } throws: { error in
            (error as? Diagnostic)?.message
                == "not written: not a regular file (a FIFO), so it is not replaced; give the path of a regular file"
        }
    }

    @Test("a file replaced keeps its permissions; the new text is synced and renamed into place")
    func permissions() throws {
        let folder = try Folder()
        try "old".write(toFile: folder.path("p.yaml"), atomically: true, encoding: .utf8)
        #expect(chmod(folder.path("p.yaml"), 0o600) == 0)
        try AtomicFile.write("new", to: folder.path("p.yaml"))
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path("p.yaml"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try folder.text("p.yaml") == "new")
    }

    @Test("createOnly (conform init): anything at the path refuses the write, a link included")
    func createOnly() throws {
        let folder = try Folder()
        try AtomicFile.write("first", to: folder.path("c.yaml"), rules: .init(createOnly: true))
        #expect(throws: Diagnostic.self) { try AtomicFile.write("second", to: folder.path("c.yaml"), rules: .init(createOnly: true)) }
        try FileManager.default.createSymbolicLink(atPath: folder.path("l.yaml"), withDestinationPath: folder.victim.path + ".none")
        #expect {
            try AtomicFile.write("x", to: folder.path("l.yaml"), rules: .init(createOnly: true))
        } throws: { error in
            (error as? Diagnostic)?.message == "not written: a symbolic link is already there, and nothing is written over it"
        }
        #expect(try folder.text("c.yaml") == "first")
        #expect(!FileManager.default.fileExists(atPath: folder.victim.path + ".none"))
    }

    @Test("touch creates an empty file, or updates what is there without following a link")
    func touch() throws {
        let folder = try Folder()
        try AtomicFile.touch(folder.path("status"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("status"))).isEmpty)
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: folder.victim.path)
        try FileManager.default.createSymbolicLink(atPath: folder.path("link"), withDestinationPath: folder.victim.path)
        try AtomicFile.touch(folder.path("link"))
        #expect(try FileManager.default.attributesOfItem(atPath: folder.victim.path)[.modificationDate] as? Date == past)
        #expect(folder.victimUntouched)
    }

    @Test("the step summary: appended to a regular file, created when missing; a FIFO nobody reads, a link, a folder: a warning, at once")
    func stepSummary() throws {
        let folder = try Folder()
        #expect(GitHubStepSummary.append("one\n", to: folder.path("s.md")) == nil)
        #expect(GitHubStepSummary.append("two\n", to: folder.path("s.md")) == nil)
        #expect(try folder.text("s.md") == "one\ntwo\n")
        #expect(mkfifo(folder.path("fifo"), 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.path("link"), withDestinationPath: folder.victim.path)
        for (name, kind) in [("fifo", "a FIFO that nobody reads"), ("link", "a symbolic link"), ("", "a folder")] {
            let problem = GitHubStepSummary.append("x\n", to: folder.path(name))
            #expect(problem?.severity == .warning, "\(name)")
            #expect(
                problem?.message == "the step summary (GITHUB_STEP_SUMMARY) is \(kind), not a regular file, so no step summary was written",
                "\(name)")
        }
        #expect(folder.victimUntouched)
    }
}

extension AtomicFileTests {
    @Test("what a file held before it was replaced is put back byte for byte, its permissions kept; a file that was not there is removed")
    func originalPutBack() throws {
        let folder = try Folder()
        let path = folder.path("kept.yaml")
        let before: [UInt8] = Array("conform: 1\n".utf8) + [0xFF, 0x0A]
        try Data(before).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o640)
        let original = AtomicFile.original(at: path, what: "the trace")
        #expect(original == .contents(before))
        try AtomicFile.write("steps: []\n", to: path, what: "the trace")
        try AtomicFile.restore(original, at: path, replacing: "steps: []\n", what: "the trace")
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == before)
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o640)
        // Nothing there before: the file written is removed.
        let new = folder.path("new.yaml")
        #expect(AtomicFile.original(at: new) == .absent)
        try AtomicFile.write("x\n", to: new)
        try AtomicFile.restore(.absent, at: new, replacing: "x\n")
        #expect(!FileManager.default.fileExists(atPath: new))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.out.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test("a file changed since it was written is not put back over: it is left as it is, and the error says so")
    func originalChangedMeanwhile() throws {
        let folder = try Folder()
        let path = folder.path("kept.yaml")
        try AtomicFile.write("written\n", to: path)
        try "edited by hand\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            try AtomicFile.restore(.absent, at: path, replacing: "written\n", what: "the trace")
        } throws: { error in
            (error as? Diagnostic)?.formatted
                == "\(path): error: not put back: the trace changed since conform wrote it, so it is left as it is"
        }
        #expect(try folder.text("kept.yaml") == "edited by hand\n")
        #expect {
            try AtomicFile.restore(.unreadable("Permission denied"), at: path, replacing: "edited by hand\n", what: "the trace")
        } throws: { error in
            (error as? Diagnostic)?.message
                == "cannot put back the file that was there before: it could not be read (Permission denied), so it holds what conform wrote last"
        }
    }
}
