import ConformCore
import Testing

@testable import ConformRecording

@Suite("Recording: Form fixtures to observations")
struct FormObservationTests {
    @Test("an unedited Reminders-style form: Done greyed, no Cancel, the empty notes view reads as empty")
    func uneditedForm() throws {
        let observation = try ScreenObserver(options: formOptions).observe(fixture("reminders-form"))
        #expect(
            lines(observation) == [
                #"done: "disabled""#, #"cancel: "absent""#, #"sheet: "none""#, "dismissed: false",
                #"form: {"title":"Milk","notes":""}"#,
            ])
    }

    @Test("the same form edited: Done enabled, the new title")
    func editedForm() throws {
        let observation = try ScreenObserver(options: formOptions).observe(fixture("reminders-form-edited"))
        #expect(
            lines(observation) == [
                #"done: "enabled""#, #"cancel: "absent""#, #"sheet: "none""#, "dismissed: false",
                #"form: {"title":"Milk and eggs","notes":""}"#,
            ])
    }

    @Test("an action sheet: actions in display order, the action set apart is the cancel action")
    func actionSheet() throws {
        let observation = try ScreenObserver(options: formOptions).observe(fixture("action-sheet"))
        #expect(
            lines(observation) == [
                #"done: "enabled""#, #"cancel: "absent""#,
                #"sheet: {"actions":["Discard Changes",{"title":"Keep Editing","role":"cancel"}]}"#,
                "dismissed: false", #"form: {"title":"Milk and eggs","notes":""}"#,
            ])
    }

    @Test("an action sheet whose one text is declared the message: no title")
    func actionSheetLoneMessage() throws {
        var options = formOptions
        options.keys = [.sheet]
        options.loneSheetText = .message
        let observation = try ScreenObserver(options: options).observe(fixture("action-sheet"))
        #expect(
            lines(observation) == [
                #"sheet: {"title":null,"message":"Are you sure you want to discard your changes?","#
                    + #""actions":["Discard Changes",{"title":"Keep Editing","role":"cancel"}]}"#
            ])
    }

    @Test("an alert: title from its label, message, two buttons left to right, no roles")
    func alert() throws {
        let observer = ScreenObserver(options: ScreenObserver.Options(keys: [.sheet]))
        #expect(
            try lines(observer.observe(fixture("alert"))) == [
                #"sheet: {"title":"Discard Changes?","message":"Your edits to this reminder will be lost.","#
                    + #""actions":["Keep Editing","Discard"]}"#
            ])
    }

    @Test("a role rule the test supplies replaces the default")
    func customRoles() throws {
        let options = ScreenObserver.Options(keys: [.sheet]) { button in
            button.title == "Discard Changes" ? .destructive : ScreenObserver.cancelSetApart(button)
        }
        #expect(
            try lines(ScreenObserver(options: options).observe(fixture("action-sheet"))) == [
                #"sheet: {"actions":[{"title":"Discard Changes","role":"destructive"},{"title":"Keep Editing","role":"cancel"}]}"#
            ])
    }

    @Test("the list behind the form: dismissed, with saved as the test supplies it")
    func dismissed() throws {
        let observer = ScreenObserver(options: formOptions)
        #expect(try lines(observer.observe(fixture("dismissed"), saved: false)) == ["dismissed: true", "saved: false"])
        #expect(try lines(observer.observe(fixture("dismissed"))) == ["dismissed: true"])
        #expect(try lines(observer.observe(fixture("reminders-form"), saved: true)).last == "saved: true")
    }

    @Test("Done found by identifier, an identifier that is not there, and a bar that is not there")
    func buttonLookups() throws {
        let form = try fixture("reminders-form")
        var options = ScreenObserver.Options(keys: [.done, .cancel])
        options.done = .identifier("Done")
        options.cancel = .identifier("save-button")
        #expect(try lines(ScreenObserver(options: options).observe(form)) == [#"done: "disabled""#, #"cancel: "absent""#])
        options.bar = .identifier("Edit Reminder", kind: .navigationBar)
        #expect(try lines(ScreenObserver(options: options).observe(form)) == [#"done: "absent""#, #"cancel: "absent""#])
        // A label is matched exactly, case included.
        #expect(ScreenObserver().buttonState(.label("done"), in: form) == .symbol("absent"))
    }

    @Test("a form root given by identifier decides dismissed")
    func formRoot() throws {
        let observer = ScreenObserver(
            options: ScreenObserver.Options(keys: [.dismissed], formRoot: .identifier("Details", kind: .navigationBar)))
        #expect(try lines(observer.observe(fixture("reminders-form"))) == ["dismissed: false"])
        #expect(try lines(observer.observe(fixture("dismissed"))) == ["dismissed: true"])
        #expect(try observer.isDismissed(fixture("alert")) == false)
    }

    @Test("a configured field that is not on screen is left out, and so is form when none is")
    func missingFields() throws {
        var options = formOptions
        options.keys = [.form]
        options.fields.append(.init("url", identifier: "url-field"))
        #expect(try lines(ScreenObserver(options: options).observe(fixture("reminders-form"))) == [#"form: {"title":"Milk","notes":""}"#])
        options.fields = [.init("url", identifier: "url-field")]
        #expect(try lines(ScreenObserver(options: options).observe(fixture("reminders-form"))) == [])
    }
}
