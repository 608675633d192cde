import ConformCore
import ConformKit
import ConformXCUITest
import Foundation
@_spi(Simulation) import XCUIDeclarations
@_spi(Simulation) import XCUISimulator

/// One recording, set up as a UI test on a device sets itself up: the app is launched through
/// `XCUIApplication`, and everything after goes through the declared XCUITest API and the adapter.
///
/// The one thing read past the UI is `saved`: a UI test cannot see whether the app persisted the
/// edits, so it reads the app's store (on a device, a file the app writes; here, the model's store),
/// and only once the form is gone.
@MainActor
struct RecordingSession {
    let app: ModelledApp
    let presentation: Presentation
    let device: FormAppDevice
    let ui: XCUIApplication
    let recorder: XCUITraceRecorder

    /// Installs a fresh device running `app` in `presentation`, launches it and starts a trace `id`
    /// (its file in `folder`; screenshots beside it when `screenshots` is set).
    init(_ app: ModelledApp, on presentation: Presentation, trace id: String, title: String, in folder: URL, screenshots: URL? = nil) {
        self.app = app
        self.presentation = presentation
        let device = FormAppDevice(app: app.make(), presentation: presentation)
        self.device = device
        Simulation.device = device
        Simulation.failures = []
        ui = XCUIApplication()
        ui.launch()
        recorder = XCUITraceRecorder(
            trace: id, title: title, app: ui, appName: device.app.name, platform: presentation.platform,
            device: presentation.device, screen: app.formTitle, claims: [app.claim], form: app.opening, observer: app.observer,
            traceFile: folder.appendingPathComponent(id + ".yaml"), screenshots: screenshots,
            saved: { device.app.document.isDismissed ? device.app.document.saveCount > 0 : nil })
        recorder.settle = RecorderSupport.simulatedSettle
    }

    // MARK: - What a UI test does, through the declared API

    func field(_ identifier: String) -> XCUIElement { ui.textFields[identifier] }

    /// The form's navigation bar: where a person swipes down to dismiss the sheet.
    var formBar: XCUIElement { ui.navigationBars[app.formTitle] }

    func edit(_ identifier: String, as name: String, to text: String) throws {
        try recorder.edit(field(identifier), name: name, text: text)
    }

    /// Edits the form's first field (as the app's description lists them).
    func editFirst(to text: String) throws {
        guard let first = app.fieldValues.first else { return }
        try edit(first.field.identifier, as: first.field.name, to: text)
    }

    /// Edits the form's last field.
    func editLast(to text: String) throws {
        guard let last = app.fieldValues.last else { return }
        try edit(last.field.identifier, as: last.field.name, to: text)
    }

    func swipeDown() throws { try recorder.swipeDown(formBar) }

    func tapBar(_ label: String) throws { try recorder.tapBarButton(label) }

    func choose(_ title: String, role: SheetRole? = nil) throws { try recorder.choose(title, role: role) }

    /// The recorded trace checked against the app's claim, as `conform run` checks its file.
    func check() throws -> TraceCheck { try recorder.recorder.check(against: app.claim) }

    /// What a real XCUITest would have failed the test with, plus the adapter's warnings.
    var problems: [String] { Simulation.failures + recorder.warnings }
}
