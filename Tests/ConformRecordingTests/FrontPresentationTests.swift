import ConformCore
import Testing

@testable import ConformRecording

/// Issue 34, rule 3 of Docs/Recording.md "On a device": only the front-most presentation is read and
/// tapped. Each fixture is a `debugDescription` dump (iOS 17, 18, 26; iPhone and iPad; UIKit and SwiftUI)
/// whose screen behind the form holds a control named as one of the form's: an active search's Cancel, a
/// scope bar's Done segment, a split view's bars and toolbar, an edit-mode list's Cancel and Done.
@Suite("Recording: Only the front-most presentation is read and tapped")
struct FrontPresentationTests {
    /// The frame of what `find` returns, to say which element it is.
    static func frame(_ element: (any UIElementSnapshot)?) -> UIRect? { element?.frame }

    static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> UIRect {
        UIRect(x: x, y: y, width: width, height: height)
    }

    static let title = ScreenObserver.Options(fields: [.init("title", identifier: "title-field")])

    @Test("iOS 18 UIKit: an active search's Cancel behind the page sheet is neither read nor tapped")
    func searchCancelBehindSheet() throws {
        let screen = try fixture("ios18-uikit-search-cancel-behind-sheet")
        for options in [
            formOptions,
            {
                var named = formOptions
                named.formRoot = .identifier("reminder-form")
                return named
            }(),
        ] {
            let observer = ScreenObserver(options: options)
            #expect(
                try lines(observer.observe(screen)) == [
                    #"done: "disabled""#, #"cancel: "absent""#, #"sheet: "none""#, "dismissed: false",
                    #"form: {"title":"Milk","notes":""}"#,
                ])
            #expect(Self.frame(observer.barButton("Done", in: screen)) == Self.rect(316, 63, 58, 44))
            #expect(observer.barButton("Cancel", in: screen) == nil)
            #expect(observer.button("Cancel", in: screen) == nil)
        }
    }

    @Test("iOS 18 UIKit: once the form is gone, the list's search Cancel does not make it look open")
    func dismissedWithSearchCancel() throws {
        let screen = try fixture("ios18-uikit-dismissed-search-cancel")
        #expect(try lines(ScreenObserver(options: formOptions).observe(screen)) == ["dismissed: true"])
        var named = formOptions
        named.formRoot = .identifier("reminder-form")
        #expect(try lines(ScreenObserver(options: named).observe(screen, saved: false)) == ["dismissed: true", "saved: false"])
    }

    @Test("iOS 18 UIKit: an alert over the form, the search behind it; the alert's buttons are the ones tapped")
    func alertOverForm() throws {
        let screen = try fixture("ios18-uikit-alert-over-form-search-behind")
        let observer = ScreenObserver(options: formOptions)
        #expect(
            try lines(observer.observe(screen)) == [
                #"done: "disabled""#, #"cancel: "absent""#,
                #"sheet: {"title":"Discard changes?","message":"Your edits to this reminder will be lost.","actions":["Cancel","Discard"]}"#,
                "dismissed: false", #"form: {"title":"Milk","notes":""}"#,
            ])
        #expect(Self.frame(observer.sheetButton("Discard", in: screen)) == Self.rect(195, 460, 135, 44))
        #expect(Self.frame(observer.sheetButton("Cancel", in: screen)) == Self.rect(60, 460, 135, 44))
    }

    @Test("iOS 17 SwiftUI: a scope bar's Done segment behind the sheet; the form's wrapped Done is read and tapped")
    func scopeDoneBehindSheet() throws {
        let screen = try fixture("ios17-swiftui-scope-done-behind-sheet")
        let observer = ScreenObserver(options: Self.title)
        #expect(
            try lines(observer.observe(screen)) == [
                #"done: "disabled""#, #"cancel: "enabled""#, #"sheet: "none""#, "dismissed: false", #"form: {"title":"Buy milk"}"#,
            ])
        let done = try #require(observer.barButton("Done", in: screen))
        #expect(done.frame == Self.rect(325, 75, 52, 44) && done.elementType == .button)
        #expect(Self.frame(observer.button("Done", in: screen)) == Self.rect(325, 75, 52, 44))
        #expect(Self.frame(observer.barButton("Cancel", in: screen)) == Self.rect(16, 75, 62, 44))
    }

    @Test("iOS 17 UIKit: the keyboard's accessory toolbar and return key, both Done, are not the form's")
    func keyboardDone() throws {
        let screen = try fixture("ios17-uikit-keyboard-done-toolbar-and-return")
        let observer = ScreenObserver(options: Self.title)
        #expect(
            try lines(observer.observe(screen)) == [
                #"done: "disabled""#, #"cancel: "enabled""#, #"sheet: "none""#, "dismissed: false", #"form: {"title":"Milk"}"#,
            ])
        #expect(Self.frame(observer.barButton("Done", in: screen)) == Self.rect(319, 75, 58, 44))
        #expect(Self.frame(observer.button("Done", in: screen)) == Self.rect(319, 75, 58, 44))
    }

    @Test(
        "iPad: a form sheet over a split view whose columns have their own Cancel and a toolbar Done",
        arguments: [
            ("ipad18-uikit-formsheet-over-splitview", rect(621, 303, 58, 44), rect(155, 303, 70, 44)),
            ("ipad-flattened-formsheet-over-splitview", rect(720, 384, 58, 44), rect(254, 384, 70, 44)),
        ])
    func iPadFormSheet(name: String, done: UIRect, cancel: UIRect) throws {
        let screen = try fixture(name)
        for options in [
            formOptions,
            {
                var named = formOptions
                named.formRoot = .identifier("reminder-form")
                return named
            }(),
        ] {
            let observer = ScreenObserver(options: options)
            #expect(
                try lines(observer.observe(screen)) == [
                    #"done: "disabled""#, #"cancel: "enabled""#, #"sheet: "none""#, "dismissed: false",
                    #"form: {"title":"Milk","notes":""}"#,
                ], "\(name)")
            #expect(Self.frame(observer.barButton("Done", in: screen)) == done, "\(name)")
            #expect(Self.frame(observer.barButton("Cancel", in: screen)) == cancel, "\(name)")
        }
    }

    @Test("iPhone, flattened: an edit-mode list's Cancel and Done beside the sheet in the window are behind it")
    func flattenedIPhone() throws {
        let screen = try fixture("iphone-flattened-sheet-over-edit-mode-list")
        let observer = ScreenObserver(options: Self.title)
        #expect(
            try lines(observer.observe(screen)) == [
                #"done: "disabled""#, #"cancel: "absent""#, #"sheet: "none""#, "dismissed: false", #"form: {"title":"Milk"}"#,
            ])
        #expect(Self.frame(observer.barButton("Done", in: screen)) == Self.rect(316, 63, 58, 44))
        #expect(observer.button("Cancel", in: screen) == nil)
    }

    @Test("iPad: an action sheet in a popover whose dismiss region is a Button; cancel is a tap outside the popover")
    func iPadRegionButton() throws {
        let screen = try fixture("ipad18-uikit-action-sheet-popover-region-button")
        let observer = ScreenObserver(options: formOptions)
        #expect(
            try lines(observer.observe(screen)) == [
                #"done: "disabled""#, #"cancel: "enabled""#,
                #"sheet: {"actions":["Discard Changes","Save"],"outside":"cancel"}"#, "dismissed: false",
                #"form: {"title":"Milk","notes":""}"#,
            ])
        #expect(observer.dismissRegion(in: screen)?.elementType == .button)
        #expect(observer.sheetIsCancelledOutside(in: screen))
        #expect(observer.sheetButton("Cancel", in: screen) == nil)
        let point = try #require(observer.pointOutsidePopovers(in: screen))
        #expect(abs(point.x - 417) < 0.01 && abs(point.y - 1014.9) < 0.01)
        #expect(Self.frame(observer.sheetButton("Save", in: screen)) == Self.rect(151, 461, 260, 50))
    }

    @Test("iOS 18 iPhone: a date picker's popover with its dismiss region as a Button is no dialog; the form is read")
    func datePickerPopover() throws {
        let screen = try fixture("ios18-uikit-datepicker-popover-region-button")
        let observer = ScreenObserver(options: .init(fields: [.init("title", identifier: "event-title-field")]))
        #expect(
            try lines(observer.observe(screen)) == [
                #"done: "enabled""#, #"cancel: "enabled""#, #"sheet: "none""#, "dismissed: false", #"form: {"title":"Lunch"}"#,
            ])
        #expect(observer.dismissRegion(in: screen)?.elementType == .button)
        #expect(observer.sheetIsCancelledOutside(in: screen) == false)
    }

    @Test("iOS 26 SwiftUI: the list's bottom-toolbar search behind the form; a popover dialog cancelled outside")
    func iOS26SearchToolbar() throws {
        let screen = try fixture("ios26-swiftui-search-toolbar-behind-popover-dialog")
        let observer = ScreenObserver(options: Self.title)
        #expect(
            try lines(observer.observe(screen)) == [
                #"done: "enabled""#, #"cancel: "enabled""#,
                #"sheet: {"title":"Discard changes?","message":"Your edits to this reminder will be lost.","actions":["Discard Changes"],"outside":"cancel"}"#,
                "dismissed: false", #"form: {"title":"Milk and eggs"}"#,
            ])
        #expect(Self.frame(observer.barButton("Cancel", in: screen)) == Self.rect(16, 77, 44, 44))
        #expect(observer.dismissRegion(in: screen)?.elementType == .other)
        let point = try #require(observer.pointOutsidePopovers(in: screen))
        #expect(abs(point.x - 201) < 0.01 && abs(point.y - 742.9) < 0.01)
    }

    @Test("in another language: titles by identifier, roles by identifier, the policy's words recorded")
    func german() throws {
        let screen = try fixture("ios18-swiftui-german-identifiers-action-sheet")
        let options = ScreenObserver.Options(
            formRoot: .identifier("edit-form"), fields: [.init("title", identifier: "title-field")],
            titles: [
                "Done": .identifier("done-button"), "Cancel": .identifier("cancel-button"),
                "Discard Changes": .identifier("discard-button"), "Keep Editing": .identifier("keep-editing-button"),
            ],
            role: ScreenObserver.roles(byIdentifier: ["discard-button": .destructive, "keep-editing-button": .cancel]))
        let observer = ScreenObserver(options: options)
        #expect(
            try lines(observer.observe(screen)) == [
                #"done: "enabled""#, #"cancel: "enabled""#,
                #"sheet: {"title":null,"message":null,"actions":[{"title":"Discard Changes","role":"destructive"},{"title":"Keep Editing","role":"cancel"}]}"#,
                "dismissed: false", #"form: {"title":"Milch und Eier"}"#,
            ])
        #expect(Self.frame(observer.barButton("Done", in: screen)) == Self.rect(310, 63, 64, 44))
        #expect(Self.frame(observer.sheetButton("Keep Editing", in: screen)) == Self.rect(8, 753, 374, 57))
        // Without the table, the English labels are not on screen.
        let english = ScreenObserver(options: .init(fields: [.init("title", identifier: "title-field")]))
        #expect(try lines(english.observe(screen)).prefix(2) == [#"done: "absent""#, #"cancel: "absent""#])
        #expect(english.barButton("Done", in: screen) == nil)
    }

    @Test("the form's own bar beside SwiftUI's full-height content is not behind it")
    func ownBarNotBehind() throws {
        let screen = try fixture("ios17-swiftui-scope-done-behind-sheet")
        let observer = ScreenObserver(options: .init(formRoot: .identifier("edit-form")))
        let all = everything(screen)
        let ownBar = try #require(all.firstIndex { $0.identifier == "Edit Task" })
        let listBar = try #require(all.firstIndex { $0.identifier == "Tasks" })
        #expect(observer.isBehind(elementAt: ownBar, in: screen) == false)
        #expect(observer.isBehind(elementAt: listBar, in: screen))
    }
}
