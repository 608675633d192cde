import Foundation
import Testing

/// Package.swift declares the Apple platforms the libraries run on, and no dependency asks for a newer
/// one: without an iOS entry SwiftPM assumes iOS 12 and Xcode refuses swift-mustache (iOS 13).
/// The manifests are read with `swift package dump-package`, as SwiftPM itself reads them.
@Suite("Kit: Package: platform floors against the resolved dependencies' manifests")
struct PlatformFloorTests {
    static let root = EmbeddedPoliciesTests.packageRoot

    @Test("our manifest declares iOS, macOS and visionOS, and every dependency's floor is at or below ours")
    func floors() throws {
        let ours = try Self.platforms(ofManifestIn: Self.root)
        for name in ["ios", "macos", "visionos"] {
            #expect(ours[name] != nil, "Package.swift declares no \(name) platform")
        }
        let checkouts = try #require(Self.checkouts(), "no checkouts folder beside the build: run swift test from the package")
        let dependencies = try FileManager.default.contentsOfDirectory(atPath: checkouts.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(dependencies.count >= 3, "expected the resolved dependencies in \(checkouts.path), found \(dependencies)")
        for dependency in dependencies {
            let floors = try Self.platforms(ofManifestIn: checkouts.appendingPathComponent(dependency))
            for (platform, version) in floors {
                // A platform we do not declare cannot be built for, so its floor cannot conflict.
                guard let own = ours[platform] else { continue }
                #expect(
                    Self.compare(version, own) <= 0,
                    "\(dependency) needs \(platform) \(version), above Package.swift's \(own)")
            }
        }
    }

    @Test("the comparison of versions is numeric, part by part")
    func versionOrder() {
        #expect(Self.compare("13.0", "16.0") < 0)
        #expect(Self.compare("10.15", "13.0") < 0)
        #expect(Self.compare("13.4", "13.10") < 0)
        #expect(Self.compare("16", "16.0") == 0)
        #expect(Self.compare("17.0", "16.4") > 0)
    }

    // MARK: - Support

    /// `platformName: version` of the manifest in `folder`, read by `swift package dump-package` from a
    /// copy of it (the package's own build folder is locked by the running `swift test`).
    static func platforms(ofManifestIn folder: URL) throws -> [String: String] {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("conform-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: copy) }
        let manifests = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("Package") && $0.hasSuffix(".swift")
        }
        for manifest in manifests {
            try FileManager.default.copyItem(at: folder.appendingPathComponent(manifest), to: copy.appendingPathComponent(manifest))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", copy.path, "dump-package"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let manifest = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { throw ManifestUnreadable(folder: folder.path) }
        var floors: [String: String] = [:]
        for entry in manifest["platforms"] as? [[String: Any]] ?? [] {
            if let name = entry["platformName"] as? String, let version = entry["version"] as? String { floors[name] = version }
        }
        return floors
    }

    struct ManifestUnreadable: Error, CustomStringConvertible {
        var folder: String
        var description: String { "swift package dump-package failed for \(folder)" }
    }

    /// The `checkouts` folder of the build that runs this test: up from the test bundle, else `.build/`.
    static func checkouts() -> URL? {
        var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = folder.appendingPathComponent("checkouts")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        let fallback = root.appendingPathComponent(".build/checkouts")
        return FileManager.default.fileExists(atPath: fallback.path) ? fallback : nil
    }

    /// Negative, zero or positive as `a` is below, equal to or above `b` (`"13.4"` < `"13.10"`).
    static func compare(_ a: String, _ b: String) -> Int {
        let left = a.split(separator: ".").map { Int($0) ?? 0 }
        let right = b.split(separator: ".").map { Int($0) ?? 0 }
        for index in 0..<max(left.count, right.count) {
            let (x, y) = (index < left.count ? left[index] : 0, index < right.count ? right[index] : 0)
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }
}
