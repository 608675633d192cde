import ConformCore
import ConformXCUITest
import Foundation
import Testing
@_spi(Simulation) import XCUIDeclarations

@MainActor
@Suite("XCUITest: edit records what the field holds")
struct EditReadBackTests {
    @Test("the value read back is recorded, and the note says what was typed when they differ")
    func capitalised() throws {
        let device = TinyFormDevice()
        let recorder = RecorderSupport.recorder(on: device)
        try recorder.edit(XCUIApplication().textFields["title"], name: "title", text: "milk", observe: false)
        #expect(device.text == "Milk")
        #expect(RecorderSupport.edits(recorder, step: 1) == ["title": .string("Milk")])
        let note = try #require(recorder.recorder.trace.steps.first?.note)
        #expect(note.contains("typed 'milk'"))
        #expect(note.contains("holds 'Milk'"))
        #expect(Simulation.failures == [])
    }

    @Test("no note when the field holds what was typed; the caller's note is kept")
    func asTyped() throws {
        let device = TinyFormDevice()
        let recorder = RecorderSupport.recorder(on: device)
        try recorder.edit(XCUIApplication().textFields["title"], name: "title", text: "Milk", note: "first edit", observe: false)
        #expect(RecorderSupport.edits(recorder, step: 1) == ["title": .string("Milk")])
        #expect(recorder.recorder.trace.steps.first?.note == "first edit")
    }

    @Test("a secure field is recorded as typed, and the note says it cannot be read back")
    func secure() throws {
        let device = TinyFormDevice(text: "old", secure: true)
        let recorder = RecorderSupport.recorder(on: device)
        try recorder.edit(XCUIApplication().secureTextFields["title"], name: "password", text: "hunter2", observe: false)
        #expect(device.text == "hunter2")
        #expect(RecorderSupport.edits(recorder, step: 1) == ["password": .string("hunter2")])
        let note = try #require(recorder.recorder.trace.steps.first?.note)
        #expect(note.contains("secure field"))
        #expect(Simulation.failures == [])
    }

    @Test("with a clear button shown, clearing taps that button at its centre, never the field's right edge")
    func clearButtonOnPurpose() throws {
        let device = TinyFormDevice(text: "Eggs", clearButton: true)
        let recorder = RecorderSupport.recorder(on: device)
        try recorder.edit(XCUIApplication().textFields["title"], name: "title", text: "Bread", observe: false)
        let fieldCentre = CGPoint(x: TinyFormDevice.fieldFrame.midX, y: TinyFormDevice.fieldFrame.midY)
        let clearCentre = CGPoint(x: TinyFormDevice.clearFrame.midX, y: TinyFormDevice.clearFrame.midY)
        #expect(device.taps == [fieldCentre, clearCentre])
        #expect(device.text == "Bread")
        #expect(RecorderSupport.edits(recorder, step: 1) == ["title": .string("Bread")])
        #expect(Simulation.failures == [])
    }

    @Test("without a clear button, the cursor goes to the end and the old text is deleted")
    func deleteFromTheEnd() throws {
        let device = TinyFormDevice(text: "Eggs", clearButton: false)
        let recorder = RecorderSupport.recorder(on: device)
        try recorder.edit(XCUIApplication().textFields["title"], name: "title", text: "Bread", observe: false)
        #expect(device.taps.count == 2)
        let frame = TinyFormDevice.fieldFrame
        #expect(device.taps.last.map { frame.contains($0) && $0.x >= frame.minX + frame.width * 0.9 } == true)
        #expect(device.text == "Bread")
        #expect(RecorderSupport.edits(recorder, step: 1) == ["title": .string("Bread")])
        #expect(Simulation.failures == [])
    }

    @Test("when the old text is not all deleted, the step records what is left, not what was asked")
    func honestWhenClearingFails() throws {
        // A field where no tap puts the cursor at the end: deleting from the middle leaves the tail,
        // and the read-back records it.
        let device = TinyFormDevice(text: "Eggs", clearButton: false)
        device.tapsMoveCursorToEnd = false
        let recorder = RecorderSupport.recorder(on: device)
        try recorder.edit(XCUIApplication().textFields["title"], name: "title", text: "Bread", observe: false)
        #expect(device.text == "Breadgs")
        #expect(RecorderSupport.edits(recorder, step: 1) == ["title": .string("Breadgs")])
        #expect(recorder.recorder.trace.steps.first?.note?.contains("holds 'Breadgs'") == true)
    }
}
