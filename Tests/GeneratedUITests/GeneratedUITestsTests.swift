import ConformCore
import ConformKit
import ConformReports
import ConformTestSupport
import ConformXCUITest
import Foundation
import Testing
@_spi(Simulation) import XCUIDeclarations
import XCUISimulator

/// Issue 23: the UI tests `conform generate ID --format xcuitest` writes compile, and run on Linux
/// against simulated apps: each form policy's suite passes against the app that follows it, on every
/// presentation, and the broken app fails at its swipe. The files in `Generated/` are the generator's
/// output as committed (Swift Testing flavour), compiled here as they are; `swift test` also runs them
/// on their own (on the iOS 26 iPhone).
@MainActor
@Suite("Generated UI tests: Generated UI tests, end to end on the simulated device", .serialized)
struct GeneratedUITestsTests {
    /// Each form policy's generated suite, as a list of its scenarios.
    static let suites: [(policy: String, scenarios: [() throws -> Void])] = [
        ("apple-reminders", AppleRemindersConformanceTests.all), ("apple-contacts", AppleContactsConformanceTests.all),
        ("apple-calendar", AppleCalendarConformanceTests.all), ("apple-sample", AppleSampleConformanceTests.all),
        ("one-handed", OneHandedConformanceTests.all), ("makeitso", MakeitsoConformanceTests.all),
        ("swiftui-dismiss-disabled", SwiftuiDismissDisabledConformanceTests.all),
    ]

    @Test(
        "every form policy's generated suite passes against the app that follows it, on every presentation",
        arguments: Presentation.all)
    func following(on presentation: Presentation) throws {
        defer { SimulatedRun.presentation = .iOS26iPhone }
        SimulatedRun.presentation = presentation
        SimulatedRun.app = { SimulatedApps.following($0) ?? SimulatedApps.broken() }
        for (policy, scenarios) in Self.suites {
            for (index, scenario) in scenarios.enumerated() {
                do {
                    try scenario()
                } catch {
                    Issue.record("\(policy) scenario \(index + 1) on \(presentation): \(error)")
                }
                #expect(Simulation.failures.isEmpty, "\(policy) scenario \(index + 1) on \(presentation): \(Simulation.failures)")
            }
        }
    }

    @Test(
        "apple-reminders' generated suite run against the broken app fails at the edited swipe, on every presentation",
        arguments: Presentation.all)
    func broken(on presentation: Presentation) throws {
        defer {
            SimulatedRun.presentation = .iOS26iPhone
            SimulatedRun.app = { SimulatedApps.following($0) ?? SimulatedApps.broken() }
        }
        SimulatedRun.presentation = presentation
        SimulatedRun.app = { _ in SimulatedApps.broken() }
        var departures: [XCUIScenarioDeparture] = []
        for scenario in AppleRemindersConformanceTests.all {
            do { try scenario() } catch let departure as XCUIScenarioDeparture { departures.append(departure) }
        }
        #expect(!departures.isEmpty, "the broken app passed every scenario on \(presentation)")
        for departure in departures {
            let trace = try String(contentsOfFile: departure.traceFile, encoding: .utf8)
            let steps = trace.components(separatedBy: "\n  - ").dropFirst()
            let step = try #require(departure.step)
            // The departure is reported at the swipe that dismissed the edited form without asking.
            #expect(steps.dropFirst(step - 1).first?.hasPrefix("swipe: down") == true, "\(departure)")
            #expect(departure.description.contains("the form was dismissed"), "\(departure)")
        }
    }

    @Test(
        "the committed files are what conform generate writes today (CONFORM_RECORD=1 rewrites them)",
        arguments: [
            "apple-reminders", "apple-contacts", "apple-calendar", "apple-sample", "one-handed", "makeitso", "swiftui-dismiss-disabled",
        ])
    func golden(policy id: String) throws {
        let library = PolicyLibrary.builtIn()
        let policy = try #require(library.policy(id: id))
        let source = XCUITestSource(suite: SuiteGenerator(policy: policy).generate(), policy: policy, framework: .swiftTesting)
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Generated/\(source.testTypeName).swift")
        if let mismatch = try GoldenFile.mismatch(source.source(version: ""), at: file) { Issue.record(Comment(rawValue: mismatch)) }
        // ScenarioLists.swift lists each suite's scenarios for the runs above: as many as were planned.
        #expect(Self.suites.first { $0.policy == id }?.scenarios.count == source.suite.scenarios.count)
    }
}
