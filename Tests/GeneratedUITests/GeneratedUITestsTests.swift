import ConformCore
import ConformKit
import ConformReports
import ConformTestSupport
import ConformXCUITest
import Foundation
import Testing
@_spi(Simulation) import XCUIDeclarations
@_spi(Simulation) import XCUISimulator

/// Issues 23 and 34: the XCTest UI tests `conform generate ID --format xcuitest` writes compile, and run on
/// Linux against simulated apps whose changes take time: each form policy's suite, and the suite of a
/// team's own policy (`team-drafts`, not built in), passes against the app that follows it on every
/// presentation; the broken app fails at its swipe, after waiting; the same suites with one snapshot at
/// once (the recorder before issue 34) fail. The files in `Generated/` are the generator's output as
/// committed, compiled here as they are.
@MainActor
@Suite("Generated UI tests: Generated UI tests, end to end on the simulated device", .serialized)
struct GeneratedUITestsTests {
    /// Each generated suite, as a list of its scenarios.
    static let suites: [(policy: String, scenarios: [() throws -> Void])] = [
        ("apple-reminders", AppleRemindersConformanceTests.all), ("apple-contacts", AppleContactsConformanceTests.all),
        ("apple-calendar", AppleCalendarConformanceTests.all), ("apple-sample", AppleSampleConformanceTests.all),
        ("one-handed", OneHandedConformanceTests.all), ("makeitso", MakeitsoConformanceTests.all),
        ("swiftui-dismiss-disabled", SwiftuiDismissDisabledConformanceTests.all), ("team-drafts", TeamDraftsConformanceTests.all),
    ]

    /// The broken app, whatever the policy: an edited form's swipe dismisses it without asking.
    static func brokenApp(_ policy: String) -> any FormApp { SimulatedApps.broken() }

    /// The forgetful app, whatever the policy: Done closes the form without saving.
    static func forgetfulApp(_ policy: String) -> any FormApp { RemindersLikeApp.forgetful() }

    /// The folder of the team's own policy.
    static let teamPolicies = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Policies")

    /// Runs `body` with the simulated team set as a test says, and puts it back afterwards.
    func with(
        presentation: Presentation, app: ((String) -> any FormApp)? = nil, settle: Settle? = nil, checksSaved: Bool = true,
        _ body: () throws -> Void
    ) rethrows {
        defer {
            SimulatedRun.presentation = .iOS26iPhone
            SimulatedRun.app = { SimulatedApps.following($0) ?? SimulatedApps.broken() }
            SimulatedRun.settle = { Settle(clock: SimulatedClock()) }
            SimulatedRun.checksSaved = true
        }
        SimulatedRun.presentation = presentation
        if let app { SimulatedRun.app = app }
        if let settle { SimulatedRun.settle = { settle } }
        SimulatedRun.checksSaved = checksSaved
        Simulation.attachments = []
        try body()
    }

    /// The trace the last scenario wrote.
    static func lastTrace(policy: String, number: Int) throws -> String {
        let file = XCUIScenario.defaultFolder.appendingPathComponent(String(format: "%@-uitest-%02d.yaml", policy, number))
        return try String(contentsOf: file, encoding: .utf8)
    }

    @Test(
        "every generated suite passes against the app that follows its policy, on every presentation, reading only what is in front",
        arguments: Presentation.all)
    func following(on presentation: Presentation) throws {
        try with(presentation: presentation) {
            var savedChecks = 0
            for (policy, scenarios) in Self.suites {
                for (index, scenario) in scenarios.enumerated() {
                    do {
                        try scenario()
                    } catch {
                        Issue.record("\(policy) scenario \(index + 1) on \(presentation): \(error)")
                    }
                    let place = "\(policy) scenario \(index + 1) on \(presentation)"
                    #expect(Simulation.failures.isEmpty, "\(place): \(Simulation.failures)")
                    // The screen behind the form has its own Cancel, Done or scope segment: none was tapped.
                    #expect(SimulatedRun.devices.first?.listTaps == [], "\(place)")
                    let trace = try Self.lastTrace(policy: policy, number: index + 1)
                    #expect(trace.contains("platform: \(presentation.platform)"), "\(place)")
                    if trace.contains("saved: ") { savedChecks += 1 }
                    // A form that closed without `saved` could not tell: it closed on the value it opened with.
                    if trace.contains("dismissed: true"), !trace.contains("saved: ") {
                        #expect(trace.contains("cannot tell a save from a discard"), "\(place)")
                    }
                    #expect(!trace.contains("no scenarioOptions.saved"), "\(place)")
                }
            }
            // `saved` is read from the list behind the form wherever the form closed on a changed value.
            #expect(savedChecks >= 15, "only \(savedChecks) traces record saved")
        }
    }

    @Test("the suites wait: with one snapshot at once after each action, as before issue 34, they fail", arguments: Presentation.all)
    func immediateSnapshotsFail(on presentation: Presentation) throws {
        try with(presentation: presentation, settle: .immediate) {
            for (policy, scenarios) in Self.suites {
                var departures: [XCUIScenarioDeparture] = []
                for scenario in scenarios {
                    do { try scenario() } catch let departure as XCUIScenarioDeparture { departures.append(departure) }
                }
                #expect(!departures.isEmpty, "\(policy) passed on \(presentation) without waiting")
                for departure in departures {
                    #expect(departure.description.contains("conform took one snapshot at once"), "\(departure)")
                }
            }
        }
    }

    @Test(
        "apple-reminders' generated suite run against the broken app fails at the edited swipe, after waiting, on every presentation",
        arguments: Presentation.all)
    func broken(on presentation: Presentation) throws {
        try with(presentation: presentation, app: Self.brokenApp) {
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
    }

    @Test("a departure at a see step says how long conform waited, and the trace is written and attached")
    func departureSaysHowLong() throws {
        // The broken app never asks; a policy that expects the dialog is waited for until the timeout.
        try with(presentation: .iOS18UIKit, app: Self.brokenApp) {
            var departure: XCUIScenarioDeparture?
            do { try AppleRemindersConformanceTests().test03() } catch let thrown as XCUIScenarioDeparture { departure = thrown }
            let found = try #require(departure)
            #expect(found.settle?.waited ?? 0 >= 2.99)
            #expect(
                found.description.hasSuffix(
                    "    waited: conform waited 3 s (the settle timeout; CONFORM_SETTLE_TIMEOUT sets it) for the screen to show "
                        + "what the policy predicts; it had stopped changing"), "\(found)")
            let names = Simulation.attachments.map { $0.attachment.name ?? "" }
            #expect(names.first == "apple-reminders-uitest-03.yaml")
            #expect(names.dropFirst().allSatisfy { $0.hasPrefix("apple-reminders-uitest-03--") && $0.hasSuffix(".png") })
            #expect(Simulation.attachments.allSatisfy { $0.attachment.lifetime == .keepAlways })
        }
    }

    @Test("each trace and its screenshots are attached to the test result, kept always, named to be put back in place")
    func attachments() throws {
        try with(presentation: .iPad) {
            try OneHandedConformanceTests().test01()
            let trace = try Self.lastTrace(policy: "one-handed", number: 1)
            let attached = Simulation.attachments.map(\.attachment)
            let yaml = try #require(attached.first)
            #expect(yaml.name == "one-handed-uitest-01.yaml" && yaml.uniformTypeIdentifier == "public.yaml")
            #expect(yaml.data == Data(trace.utf8))
            let shots = attached.dropFirst()
            let evidence = trace.split(separator: "\n").filter { $0.contains("evidence: ") }
                .map { $0.components(separatedBy: "evidence: ")[1] }
            #expect(shots.count == evidence.count && !shots.isEmpty)
            #expect(shots.map { $0.name ?? "" } == evidence.map { $0.replacingOccurrences(of: "/", with: "--") })
            #expect(attached.allSatisfy { $0.lifetime == .keepAlways })
            #expect(Set(Simulation.attachments.map(\.activity)) == ["conform trace one-handed-uitest-01"])
        }
    }

    @Test("without a saved check the trace says that saved was not checked, and records none")
    func savedNotChecked() throws {
        try with(presentation: .iOS18SwiftUI, checksSaved: false) {
            try OneHandedConformanceTests().test01()
            let trace = try Self.lastTrace(policy: "one-handed", number: 1)
            #expect(trace.contains("note: \"\(XCUIScenario.savedNotCheckedNote)\"\n"), "\(trace)")
            #expect(!trace.contains("saved: "))
            #expect(trace.contains("saved not checked: no scenarioOptions.saved"))
        }
    }

    @Test("saved is checked: an app that discards what its Done claims to save fails at the dismissal")
    func savedIsObserved() throws {
        // A Reminders-like app whose store is never written: the row behind shows the old title.
        try with(presentation: .iOS26iPhone, app: Self.forgetfulApp) {
            var departure: XCUIScenarioDeparture?
            do { try AppleRemindersConformanceTests().test01() } catch let thrown as XCUIScenarioDeparture { departure = thrown }
            let found = try #require(departure, "the app that never saves passed")
            // Everything on screen is right; the departure is the dismissal that saved nothing.
            #expect(found.description.contains("saved"), "\(found)")
            let trace = try Self.lastTrace(policy: "apple-reminders", number: 1)
            #expect(trace.contains("saved: false"), "\(trace)")
        }
    }

    @Test(
        "the committed files are what conform generate writes today (CONFORM_RECORD=1 rewrites them)",
        arguments: [
            "apple-reminders", "apple-contacts", "apple-calendar", "apple-sample", "one-handed", "makeitso", "swiftui-dismiss-disabled",
            "team-drafts",
        ])
    func golden(policy id: String) throws {
        var library = PolicyLibrary.builtIn()
        library.load(paths: [Self.teamPolicies.path])
        #expect(library.diagnostics.isEmpty, "\(library.diagnostics)")
        let policy = try #require(library.policy(id: id))
        let text = try #require(library.sourceText(of: id))
        let source = XCUITestSource(
            suite: SuiteGenerator(policy: policy).generate(), policy: policy, policyText: text, policyFile: policy.file)
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Generated/\(source.testTypeName).swift")
        if let mismatch = try GoldenFile.mismatch(source.source(version: ""), at: file) { Issue.record(Comment(rawValue: mismatch)) }
        // ScenarioLists.swift lists each suite's scenarios for the runs above: as many as were planned.
        #expect(Self.suites.first { $0.policy == id }?.scenarios.count == source.suite.scenarios.count)
    }

    @Test("the team's file carries its policy, byte for byte, and loads it; the built-in library does not know it")
    func carriesTheTeamPolicy() throws {
        let text = try String(contentsOf: Self.teamPolicies.appendingPathComponent("team-drafts.yaml"), encoding: .utf8)
        #expect(TeamDraftsConformanceTests.policyText == text)
        #expect(TeamDraftsConformanceTests.policyFile == "team-drafts.yaml")
        let library = try XCUIScenario.library(
            embedding: TeamDraftsConformanceTests.policyText, file: TeamDraftsConformanceTests.policyFile)
        #expect(library.ids == ["team-drafts"])
        #expect(PolicyLibrary.builtIn().policy(id: "team-drafts") == nil)
        // A built-in policy's file carries the built-in text as it was.
        #expect(OneHandedConformanceTests.policyText == PolicyLibrary.builtIn().sourceText(of: "one-handed"))
    }

    @Test("a carried policy that does not load stops the test with the located problem")
    func brokenCarriedPolicy() throws {
        #expect(throws: XCUIScenarioError.self) { try XCUIScenario.library(embedding: "conform: 1\npolicy: [", file: "mine.yaml") }
        do {
            _ = try XCUIScenario.library(embedding: "conform: 1\npolicy: [", file: "mine.yaml")
        } catch {
            #expect("\(error)".hasPrefix("the policy this test carries does not load: mine.yaml:"), "\(error)")
        }
    }
}
