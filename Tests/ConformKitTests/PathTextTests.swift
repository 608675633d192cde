import Foundation
import Testing

@testable import ConformKit

/// Paths split and joined as text, for the did-you-mean of a missing path (Foundation's
/// `deletingLastPathComponent` traps on a one-character path on Linux).
@Suite("Kit: path text and the missing path's did-you-mean")
struct PathTextTests {
    @Test("split: the folder and the last name, whatever the path's shape")
    func split() {
        let cases: [(String, String, String)] = [
            ("P", "", "P"), (".", "", "."), ("..", "", ".."), ("/", "/", ""), ("", "", ""), ("a/", "", "a"), ("a//", "", "a"),
            ("/a", "/", "a"), ("//a", "/", "a"), ("a/b", "a", "b"), ("a/b/", "a", "b"), ("a//b", "a", "b"), ("/a/b", "/a", "b"),
            ("//", "/", ""), (" ", "", " "), ("../x", "..", "x"), ("./x", ".", "x"),
        ]
        for (path, parent, name) in cases {
            let split = PathText.split(path)
            #expect(split.parent == parent && split.name == name, "'\(path)': '\(split.parent)', '\(split.name)'")
        }
        #expect(PathText.join("", "a") == "a")
        #expect(PathText.join("/", "a") == "/a")
        #expect(PathText.join("x", "a") == "x/a")
        #expect(PathText.join("x/", "a") == "x/a")
        #expect(PathText.components(ofAbsolute: "/a/./b/../c//d/") == ["a", "c", "d"])
        #expect(PathText.components(ofAbsolute: "/../..").isEmpty)
    }

    @Test("the missing path's hint: nil for a path that exists, a near name or nothing for one that does not; never a trap")
    func missingPathHint() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("conform-hint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Policies"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.path
        #expect(ConfigFile.missingPathHint("Policies", in: folder) == nil)
        #expect(ConfigFile.missingPathHint(".", in: folder) == nil)
        #expect(ConfigFile.missingPathHint("/", in: folder) == nil)
        #expect(ConfigFile.missingPathHint("Policy", in: folder) == "; did you mean 'Policies'?")
        #expect(ConfigFile.missingPathHint("Policy/", in: folder) == "; did you mean 'Policies'?")
        #expect(ConfigFile.missingPathHint(root.path + "/Policy", in: "") == "; did you mean '\(root.path)/Policies'?")
        for path in ["P", "a/", "P/", " ", "x/y", "/nonexistent-conform-test", "/nonexistent-conform-test/x/", "..."] {
            // Whatever it says, it says it without trapping; a path that does not exist gets a hint or "".
            #expect(ConfigFile.missingPathHint(path, in: folder) == "", "'\(path)'")
        }
        // An empty path is the folder itself, `//` the root: both exist.
        #expect(ConfigFile.missingPathHint("", in: folder) == nil)
        #expect(ConfigFile.missingPathHint("//", in: folder) == nil)
    }

    @Test("the lookup climbs the path's own folders and ends at /, whatever the file system says")
    func lookup() throws {
        #expect(ConfigFile.find(from: "") == nil)
        #expect(ConfigFile.find(from: "relative/folder") == nil)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("conform-lookup-\(UUID().uuidString)")
            .resolvingSymlinksInPath()
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try "conform: 1\n".write(to: root.appendingPathComponent(".conform.yaml"), atomically: true, encoding: .utf8)
        // Folders that do not exist below it are climbed as text.
        #expect(ConfigFile.find(from: root.path + "/gone/deeper/../x") == "../../.conform.yaml")
    }
}
