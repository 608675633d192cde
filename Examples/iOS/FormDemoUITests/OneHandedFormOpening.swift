// The team's side of the generated OneHandedConformanceTests (Generated/, never edited by hand): how
// FormDemo's edit form is opened and how its screen is read.
import ConformKit
import ConformRecording
import ConformXCUITest
import Foundation
import XCTest

extension OneHandedConformanceTests {
    /// Launches FormDemo and opens the edit form of its item ("Buy milk"). With CONFORM_BROKEN_VARIANT=YES
    /// in the test runner's environment (`TEST_RUNNER_CONFORM_BROKEN_VARIANT=YES xcodebuild test ...`)
    /// it launches the broken variant, whose edited form is swiped away without a question.
    func openForm(_ app: XCUIApplication) throws {
        if ProcessInfo.processInfo.environment["CONFORM_BROKEN_VARIANT"] == "YES" {
            app.launchArguments += ["-conformBrokenVariant", "YES"]
        }
        app.launch()
        let edit = app.buttons["edit-item"]
        guard edit.waitForExistence(timeout: 10) else { throw FormDemoError("no Edit button after launch") }
        edit.tap()
        let field = app.textFields["title-field"]
        guard field.waitForExistence(timeout: 5) else { throw FormDemoError("the edit form did not open") }
        // The generated tests start from `form`; a form that opens with other values would make
        // every verdict meaningless.
        if case .string(let expected)? = Self.form["title"], (field.value as? String) != expected {
            throw FormDemoError("the title field shows \(String(describing: field.value)), not \(expected)")
        }
    }

    /// The form is the element marked `edit-form`; its one field is `title`, marked `title-field`.
    var observerOptions: ScreenObserver.Options {
        ScreenObserver.Options(
            formRoot: .identifier("edit-form"),
            fields: [ScreenObserver.FormField("title", identifier: "title-field")]
        )
    }

    /// The trace names the app and the screen; `saved` is read from the item's row behind the form
    /// (`item-title`), which shows the title the app stored once the form is gone.
    var scenarioOptions: XCUIScenario.Options {
        XCUIScenario.Options(app: "FormDemo", screen: "Edit", saved: .row("item-title", shows: "title"))
    }
}

/// Why FormDemo's form could not be opened; the generated test fails with it before any step.
struct FormDemoError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
