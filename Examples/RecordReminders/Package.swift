// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "RecordReminders",
    platforms: [.macOS(.v13)],
    dependencies: [
        // This checkout; from elsewhere: .package(path: "path/to/conform") or .package(url: "...", branch: "main").
        .package(name: "conform", path: "../..")
    ],
    targets: [
        .executableTarget(name: "RecordReminders", dependencies: [.product(name: "ConformKit", package: "conform")])
    ]
)
