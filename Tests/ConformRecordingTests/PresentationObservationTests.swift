import ConformCore
import Testing

@testable import ConformRecording

/// The same Reminders-style form on each presentation (iOS 18 UIKit and SwiftUI, iOS 26 iPhone, iPad), and
/// the trees that used to be misread: a sheet whose form's bar is left out, a keyboard's Done toolbar.
@Suite("Recording: Presentations to observations")
struct PresentationObservationTests {
    @Test("SwiftUI on iOS 18: Done and Cancel found through their wrappers; the disabled button, not its wrapper")
    func swiftUIForm() throws {
        let observation = try ScreenObserver(options: formOptions).observe(fixture("swiftui-form-ios18"))
        #expect(
            lines(observation) == [
                #"done: "disabled""#, #"cancel: "enabled""#, #"sheet: "none""#, "dismissed: false",
                #"form: {"title":"Milk","notes":""}"#,
            ])
    }

    @Test("SwiftUI on iOS 18: the confirmation dialog at the bottom, its cancel action set apart")
    func swiftUIDialog() throws {
        let screen = try fixture("swiftui-form-ios18-dialog")
        let observer = ScreenObserver(options: formOptions)
        #expect(
            try lines(observer.observe(screen)) == [
                #"done: "enabled""#, #"cancel: "enabled""#,
                #"sheet: {"title":null,"message":null,"actions":["Discard Changes",{"title":"Keep Editing","role":"cancel"}]}"#,
                "dismissed: false", #"form: {"title":"Milk and eggs","notes":""}"#,
            ])
        #expect(observer.sheetIsCancelledOutside(in: screen) == false)
    }

    @Test("iOS 26 iPhone: the popover's title, message and its one button; a tap outside cancels")
    func iOS26Popover() throws {
        let screen = try fixture("ios26-iphone-popover-dialog")
        let observer = ScreenObserver(options: formOptions)
        #expect(
            try lines(observer.observe(screen)) == [
                #"done: "enabled""#, #"cancel: "enabled""#,
                #"sheet: {"title":"Discard changes?","message":"Your edits to this reminder will be lost.","actions":["Discard Changes"],"outside":"cancel"}"#,
                "dismissed: false", #"form: {"title":"Milk and eggs","notes":""}"#,
            ])
        #expect(observer.sheetIsCancelledOutside(in: screen))
    }

    @Test("iPad: the popover anchored in a form sheet; a tap outside cancels; the form named by the test")
    func iPadPopover() throws {
        let screen = try fixture("ipad-popover-dialog")
        var options = formOptions
        options.formRoot = .identifier("edit-form")
        let observer = ScreenObserver(options: options)
        #expect(
            try lines(observer.observe(screen)) == [
                #"done: "enabled""#, #"cancel: "enabled""#,
                #"sheet: {"title":null,"message":null,"actions":["Discard Changes"],"outside":"cancel"}"#,
                "dismissed: false", #"form: {"title":"Milk and eggs","notes":""}"#,
            ])
        #expect(observer.sheetIsCancelledOutside(in: screen))
    }

    @Test("no tap outside: without the dismiss region, outside a popover, or when a shown button takes the cancel role")
    func notCancelledOutside() throws {
        var screen = try fixture("ios26-iphone-popover-dialog")
        // A role rule that calls the one shown button the cancel action.
        let cancelShown = ScreenObserver(options: .init(role: { _ in .cancel }))
        #expect(cancelShown.sheetIsCancelledOutside(in: screen) == false)
        #expect(
            lines(try cancelShown.observe(screen)).filter { $0.hasPrefix("sheet") } == [
                #"sheet: {"title":"Discard changes?","message":"Your edits to this reminder will be lost.","#
                    + #""actions":[{"title":"Discard Changes","role":"cancel"}]}"#
            ])
        // The same dialog without its dismiss region.
        screen.elements[0].elements[1].elements.removeFirst()
        #expect(ScreenObserver().sheetIsCancelledOutside(in: screen) == false)
        #expect(try ScreenObserver().sheetIsCancelledOutside(in: fixture("action-sheet")) == false)
        #expect(try ScreenObserver().sheetIsCancelledOutside(in: fixture("alert")) == false)
    }

    @Test(
        "a sheet while the form's bar is left out of the snapshot: not dismissed, the sheet kept, Done and Cancel not guessed"
    )
    func sheetWithoutBar() throws {
        let screen = try fixture("sheet-without-navbar")
        #expect(
            try lines(ScreenObserver(options: formOptions).observe(screen, saved: false)) == [
                #"sheet: {"actions":["Discard Changes",{"title":"Keep Editing","role":"cancel"}]}"#, "dismissed: false",
                "saved: false",
            ])
        // Even with the form named, and its root not in the snapshot, a shown dialog means not dismissed.
        var named = formOptions
        named.formRoot = .identifier("Details", kind: .navigationBar)
        #expect(ScreenObserver(options: named).isDismissed(screen) == false)
    }

    @Test(
        "the form named by the test decides dismissed; without a name, a configured field on screen means the form is there"
    )
    func namedForm() throws {
        var options = formOptions
        options.keys = [.dismissed]
        options.formRoot = .identifier("edit-form")
        let named = ScreenObserver(options: options)
        #expect(try named.isDismissed(fixture("swiftui-form-ios18")) == false)
        #expect(try named.isDismissed(fixture("dismissed")) == true)
        // The form's bar without Done or Cancel, its fields still on screen: not dismissed by the guess.
        var bare = try fixture("swiftui-form-ios18")
        bare.elements[0].elements[0].elements[0].elements[0].elements = []
        #expect(ScreenObserver(options: formOptions).isDismissed(bare) == false)
        #expect(ScreenObserver(options: .init()).isDismissed(bare) == true)
    }

    @Test("a toolbar holds Done as a navigation bar does; bars can be narrowed to navigation bars")
    func toolbarAsBar() throws {
        var screen = try fixture("swiftui-form-ios18-dialog")
        screen.elements[0].elements[0].elements[0].elements[0].elementType = .toolbar
        #expect(ScreenObserver().buttonState(.label("Done"), in: screen) == .symbol("enabled"))
        var options = ScreenObserver.Options()
        options.bar = .kind(.navigationBar)
        #expect(ScreenObserver(options: options).buttonState(.label("Done"), in: screen) == .symbol("absent"))
    }

    @Test("the keyboard's Done toolbar is not the form's Done, whether in the keyboard's window or on its top edge")
    func keyboardToolbar() throws {
        let screen = try fixture("keyboard-toolbar")
        #expect(
            try lines(ScreenObserver(options: formOptions).observe(screen)) == [
                #"done: "absent""#, #"cancel: "enabled""#, #"sheet: "none""#, "dismissed: false",
                #"form: {"title":"Milk and eggs","notes":""}"#,
            ])
        let observer = ScreenObserver()
        // In the keyboard's window, away from the keyboard's edge.
        var apart = screen
        apart.elements[1].elements[0].elements[0].frame.y = 300
        apart.elements[1].elements[0].elements[0].elements[0].frame.y = 300
        #expect(observer.buttonState(.label("Done"), in: apart) == .symbol("absent"))
        // In the app's window, on the keyboard's top edge.
        var moved = screen
        let toolbar = moved.elements[1].elements[0].elements.removeFirst()
        moved.elements[0].elements.append(toolbar)
        #expect(observer.buttonState(.label("Done"), in: moved) == .symbol("absent"))
        // In the app's window and away from the keyboard: a bar of the app's, so its Done counts.
        moved.elements[0].elements[1].frame.y = 300
        #expect(observer.buttonState(.label("Done"), in: moved) == .symbol("enabled"))
    }
}
