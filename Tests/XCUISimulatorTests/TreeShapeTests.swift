import Foundation
import Testing

@testable @_spi(Simulation) import XCUISimulator

/// The trees take the shapes IOS-UI-TREES.md §2-3 gives for each presentation.
@MainActor @Suite("Simulator: element trees of each presentation") struct TreeShapeTests {
    @Test func uiKitBarButtonsSitDirectlyInTheNavigationBarWithTheirLabelAsIdentifier() throws {
        for presentation in [Presentation.iOS18UIKit, .iPad] {
            let tree = launched(OneHandedApp(), on: presentation).tree
            let bar = try #require(tree.every(.navigationBar).first { $0.identifier == "Edit contact" })
            let buttons = bar.children.filter { $0.kind == .button }
            #expect(buttons.map(\.identifier) == ["Cancel", "Done"], "\(presentation)")
            #expect(buttons.map(\.label) == ["Cancel", "Done"])
            #expect(buttons.map(\.isEnabled) == [true, false])
            #expect(tree.all.first { $0.identifier == "contact-form" }?.kind == .table)
            #expect(tree.first(.collectionView) == nil)
        }
    }

    @Test func swiftUIToolbarButtonsAreWrappedTwiceAndCarryNoIdentifier() throws {
        for presentation in [Presentation.iOS18SwiftUI, .iOS26iPhone] {
            let tree = launched(OneHandedApp(), on: presentation).tree
            let bar = try #require(tree.every(.navigationBar).first { $0.identifier == "Edit contact" })
            let wrappers = bar.children.filter { $0.kind == .other }
            #expect(wrappers.map(\.label) == ["Cancel", "Done"], "\(presentation)")
            for wrapper in wrappers {
                let inner = try #require(wrapper.children.first)
                #expect(inner.kind == .other && inner.label.isEmpty)
                let button = try #require(inner.children.first)
                #expect(button.kind == .button && button.identifier.isEmpty && button.label == wrapper.label)
            }
            #expect(tree.all.first { $0.identifier == "contact-form" }?.kind == .collectionView)
            #expect(tree.first(.table) == nil)
        }
    }

    @Test func theFormsFieldsAreCellsHoldingTextFieldsWithTheirValues() {
        for presentation in Presentation.all {
            let tree = launched(RemindersLikeApp(), on: presentation).tree
            let list = tree.all.first { $0.identifier == "reminder-form" }
            let fields = list?.children.compactMap { $0.kind == .cell ? $0.children.first : nil } ?? []
            #expect(fields.map(\.kind) == [.textField, .textField], "\(presentation)")
            #expect(fields.map(\.identifier) == ["title-field", "notes-field"])
            // An empty field reports its placeholder as its value, as XCUITest does.
            #expect(fields.map(\.value) == ["Milk", "Notes"])
            #expect(fields.map(\.placeholder) == ["Title", "Notes"])
        }
    }

    @Test func theRemindersLikeFormHasNoCancelButton() {
        for presentation in Presentation.all {
            let tree = launched(RemindersLikeApp(), on: presentation).tree
            #expect(!tree.inFront.contains { $0.label == "Cancel" }, "\(presentation)")
            #expect(tree.inFront.contains { $0.kind == .button && $0.label == "Done" && !$0.isEnabled })
        }
    }

    @Test func onIOS18TheDialogIsABottomSheetWithEveryActionAndCancelSetApart() throws {
        for presentation in [Presentation.iOS18UIKit, .iOS18SwiftUI] {
            let device = launched(OneHandedApp(), on: presentation)
            device.type("X", into: "name-field")
            device.swipeDownOnForm()
            let tree = device.tree
            let sheet = try #require(tree.first(.sheet), "\(presentation)")
            #expect(tree.first(.popover) == nil && !tree.hasIdentifier("PopoverDismissRegion"))
            #expect(sheet.label == "You have unsaved changes!")
            #expect(
                sheet.children.filter { $0.kind == .staticText }.map(\.label)
                    == ["You have unsaved changes!", "If you cancel, the changes will be reversed."])
            let buttons = sheet.children.filter { $0.kind == .button }
            #expect(buttons.map(\.label) == ["Save changes", "Cancel changes", "Cancel"])
            #expect(buttons[2].frame.minY - buttons[1].frame.maxY >= 6, "Cancel set apart")
            #expect(buttons[1].frame.minY - buttons[0].frame.maxY < 1, "the others stacked")
            #expect(abs(buttons[2].frame.maxY - (presentation.screen.height - presentation.bottomInset)) < 0.5)
        }
    }

    @Test func onIOS26AndIPadTheDialogIsAPopoverWithoutItsCancelButtonOverADismissRegion() throws {
        for presentation in [Presentation.iOS26iPhone, .iPad] {
            let device = launched(RemindersLikeApp(), on: presentation)
            device.type("and eggs", into: "notes-field")
            device.swipeDownOnForm()
            let window = try #require(device.tree.children.first)
            let region = try #require(window.children.first { $0.identifier == "PopoverDismissRegion" }, "\(presentation)")
            // An Other on iOS 26, a Button before (IOS-UI-TREES.md §4).
            #expect(region.kind == (presentation == .iPad ? .button : .other) && region.label == "dismiss popup")
            #expect(region.frame == CGRect(origin: .zero, size: presentation.screen))
            let popover = try #require(window.children.last)
            #expect(popover.kind == .popover && popover.frame.width == 240)
            #expect(
                window.children.firstIndex { $0.kind == .popover }! > window.children.firstIndex {
                    $0.identifier == "PopoverDismissRegion"
                }!)
            let sheet = try #require(popover.children.first)
            #expect(sheet.kind == .sheet)
            #expect(sheet.children.filter { $0.kind == .button }.map(\.label) == ["Discard Changes"])
            #expect(!device.tree.inFront.contains { $0.label == "Cancel" })
        }
    }

    @Test func aPopoverOpenedByCancelHangsBelowTheCancelButton() throws {
        let device = launched(OneHandedApp(), on: .iPad)
        device.type("X", into: "name-field")
        let cancel = try #require(device.tree.frontButton("Cancel"))
        device.tap(at: cancel.centre)
        let popover = try #require(device.tree.first(.popover))
        #expect(popover.frame.minX == cancel.frame.minX && popover.frame.minY > cancel.frame.maxY)
        let sheet = try #require(popover.children.first)
        #expect(sheet.label == "Do you want to cancel?")
        #expect(sheet.children.map(\.label) == ["Do you want to cancel?", "The changes will be reversed.", "Cancel changes"])
    }

    @Test func aFocusedNonEmptyFieldShowsAClearButtonAtItsRightEdgeAndTheKeyboardShows() throws {
        let device = launched(RemindersLikeApp(), on: .iOS18UIKit)
        #expect(device.tree.first(.keyboard) == nil)
        let field = try #require(device.tree.all.first { $0.identifier == "title-field" })
        #expect(field.children.isEmpty, "no clear button without focus")
        device.tap(at: field.centre)
        let focused = try #require(device.tree.all.first { $0.identifier == "title-field" })
        #expect(focused.hasFocus)
        let clear = try #require(focused.children.first)
        #expect(clear.kind == .button && clear.label == "Clear text" && clear.frame.maxX == focused.frame.maxX)
        // The keyboard is a Keyboard element in a second top-level window.
        #expect(device.tree.children.count == 2)
        #expect(device.tree.children[1].first(.keyboard) != nil)
        // An empty focused field shows no clear button.
        device.typeText("\u{8}\u{8}\u{8}\u{8}")
        #expect(device.tree.all.first { $0.identifier == "title-field" }?.children.isEmpty == true)
    }

    @Test func onceDismissedOnlyTheListScreenIsLeft() throws {
        for presentation in Presentation.all {
            let device = launched(RemindersLikeApp(), on: presentation)
            device.type(" and eggs", into: "title-field")
            let done = try #require(device.tree.frontButton("Done"))
            device.tap(at: done.centre)
            let tree = device.tree
            #expect(!tree.hasIdentifier("reminder-form"), "\(presentation)")
            #expect(tree.every(.navigationBar).map(\.identifier) == (presentation == .iPad ? ["Lists", "Reminders"] : ["Reminders"]))
            #expect(tree.every(.staticText).map(\.label).contains("Milk and eggs"), "the list shows the saved title")
            #expect(tree.first(.keyboard) == nil)
        }
    }
}
