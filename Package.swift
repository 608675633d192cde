// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "conform",
    // iOS 16 and visionOS 1 are the releases of macOS 13's SDK year or later: code that builds for macOS 13
    // calls nothing newer. The dependencies ask less (swift-mustache: iOS 13, macOS 10.15), and
    // FileHandle's throwing calls need iOS 13.4; PlatformFloorTests holds the manifests to that.
    platforms: [.macOS(.v13), .iOS(.v16), .visionOS(.v1)],
    products: [
        .executable(name: "conform", targets: ["ConformCLI"]),
        .library(name: "ConformKit", targets: ["ConformKit"]),
        // Every report format and all wording, for other Swift tools that render conform's results.
        .library(name: "ConformReports", targets: ["ConformReports"]),
        // Test helpers for XCTest and Swift Testing, apart so that ConformKit links no test framework.
        .library(name: "ConformAssertions", targets: ["ConformAssertions"]),
        .library(name: "ConformRecording", targets: ["ConformRecording"]),
        .library(name: "ConformXCUITest", targets: ["ConformXCUITest"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // Yams carries libyaml (its CYaml module); conform reads libyaml's events directly so that
        // every node keeps its line and column, duplicate keys are caught where they stand, and
        // aliases and nesting stay bounded.
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        // Markdown and HTML reports are rendered from Mustache templates in report-templates/.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        // `swift package generate-documentation`: the DocC catalogs of the library products (a plugin only; nothing links it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
    ],
    targets: [
        // Plain values (traces, policies, run results), the expression language, the checker. No I/O, no dependency.
        // Docs/Architecture.md says what each module may import.
        .target(name: "ConformCore"),
        // YAML/JSON text to model values, with every problem located. The only module that sees libyaml.
        .target(
            name: "ConformLoading",
            dependencies: ["ConformCore", .product(name: "Yams", package: "Yams")]
        ),
        // Generated: the built-in policies as string literals (single source: Policies/).
        .target(name: "ConformResources"),
        // The façade: discovery, loading, the run; recording and in-process checks. Returns values, never prints.
        .target(name: "ConformKit", dependencies: ["ConformCore", "ConformLoading", "ConformResources", "ConformReports"]),
        // Every byte a user reads: the renderers of every output, all wording, escaping, diagrams, atomic
        // writes. Below Kit, so that a renderer cannot read a file or start a run.
        .target(
            name: "ConformReports",
            dependencies: ["ConformCore", "ConformResources", .product(name: "Mustache", package: "swift-mustache")]
        ),
        // assertConforms (XCTest) and expectConforms (Swift Testing): fail a test at the caller's line.
        .target(name: "ConformAssertions", dependencies: ["ConformKit"]),
        .executableTarget(
            name: "ConformCLI",
            dependencies: [
                "ConformKit", "ConformReports", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // UI snapshots (the shape of XCUITest's) to the observations of a `see` step. Pure, platform-neutral.
        .target(name: "ConformRecording", dependencies: ["ConformCore"]),
        // The XCUITest adapter. On iOS and visionOS it imports XCTest; on Linux and macOS the same source compiles
        // against XCUIDeclarations (Tests/XCUIDeclarations), the declared slice of that API, where it is tested.
        .target(
            name: "ConformXCUITest",
            dependencies: [
                "ConformRecording", "ConformKit",
                .target(name: "XCUIDeclarations", condition: .when(platforms: [.linux, .macOS])),
            ]
        ),
        // Maintainer tool: rewrites Sources/ConformResources/Embedded+Generated.swift and
        // Sources/ConformKit/CompiledPolicies+Generated.swift from Policies/.
        .executableTarget(name: "conform-embed", dependencies: ["ConformEmbedding"]),
        // How Policies/ becomes Swift source (the texts, and the policies the loader makes of them as code);
        // shared by conform-embed and the staleness tests.
        .target(name: "ConformEmbedding", dependencies: ["ConformCore", "ConformLoading", "ConformReports"]),
        // The benchmark: prints timings against the libyaml floor and a Python peer; asserts nothing.
        .executableTarget(
            name: "conform-bench",
            dependencies: [
                "ConformKit", "ConformReports", "ConformLoading", "AllocationCounting", .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Benchmark and test only (issue 37): counts heap allocations. The C part defines malloc and its kin
        // (Linux, glibc) in the executable that links it, conform-bench and the test binary, never `conform`.
        .target(name: "CAllocationCount"),
        .target(name: "AllocationCounting", dependencies: ["CAllocationCount"]),
        // Test-only: the slice of XCTest's UI-testing API that ConformXCUITest uses, declared as Apple declares
        // it (Xcode 26 SDK), over a simulated device (`@_spi(Simulation)`), so the adapter compiles and runs on Linux.
        .target(name: "XCUIDeclarations", path: "Tests/XCUIDeclarations", exclude: ["README.md"]),
        // Test-only: a simulated device running small app models (written from BEHAVIOURS.md) in four
        // presentations (iOS 18 UIKit / SwiftUI, iOS 26 iPhone, iPad), behind XCUIDeclarations' SPI.
        .target(name: "XCUISimulator", dependencies: ["XCUIDeclarations"], path: "Tests/XCUISimulator", exclude: ["README.md"]),
        // Helpers shared by the test targets (golden files). A regular target, so `swift build` of the whole package
        // builds it too, where Swift Testing may not be importable (release): its Testing-dependent part is guarded.
        .target(name: "ConformTestSupport", dependencies: ["ConformCore"], path: "Tests/ConformTestSupport"),
        .testTarget(name: "ConformCoreTests", dependencies: ["ConformCore"]),
        .testTarget(name: "ConformLoadingTests", dependencies: ["ConformLoading"]),
        // Fixtures, goldens and schemas are read by path from the source tree, never bundled: excluded, so that
        // the build neither copies them nor warns about them.
        .testTarget(
            name: "ConformKitTests",
            dependencies: [
                "ConformKit", "ConformReports", "ConformResources", "ConformEmbedding", "ConformTestSupport", "AllocationCounting",
            ],
            exclude: ["Goldens", "Fixtures"]
        ),
        .testTarget(
            name: "ConformReportsTests",
            dependencies: ["ConformReports", "ConformKit", "ConformLoading", "ConformTestSupport"],
            exclude: ["Fixtures", "Goldens", "Schemas"]
        ),
        .testTarget(name: "ConformCLITests", dependencies: ["ConformCLI"]),
        .testTarget(name: "ConformAssertionsTests", dependencies: ["ConformAssertions", "ConformKit"]),
        .testTarget(name: "ConformRecordingTests", dependencies: ["ConformRecording"], exclude: ["Fixtures"]),
        .testTarget(name: "XCUISimulatorTests", dependencies: ["XCUISimulator", "XCUIDeclarations"]),
        // The adapter driven on simulated devices through the declared XCUITest API (Linux, macOS).
        .testTarget(
            name: "ConformXCUITestTests",
            dependencies: [
                "ConformXCUITest", "XCUIDeclarations", "ConformRecording", "ConformKit", "ConformCore", "XCUISimulator",
                "ConformTestSupport",
            ]
        ),
        // The XCTest UI tests `conform generate --format xcuitest` writes for every form policy and for a team's
        // own policy (Policies/, read by path), compiled as generated and run against the simulated apps
        // (issues 23, 34).
        .testTarget(
            name: "GeneratedUITests",
            dependencies: [
                "ConformXCUITest", "XCUIDeclarations", "ConformRecording", "ConformKit", "ConformCore", "ConformReports",
                "XCUISimulator", "ConformTestSupport",
            ],
            exclude: ["Policies"]
        ),
    ]
)
