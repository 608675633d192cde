import ConformKit

// The code that ConformKit's DocC article GettingStarted.md shows, compiled with the tests so that an API
// change that breaks the article breaks the build. Each `// docc:` region is a code block of the article,
// word for word once de-indented (DocCArticleTests checks it). Kept apart from the tests that call them.

/// README "Use as a library" and Examples/RecordReminders' main.swift, after its `import ConformKit` line:
/// CI runs that package, so it is only compiled here (it writes a file in the working directory).
func recordRemindersExample() throws {
    // docc:begin record-reminders
    // Record what a person did on Reminders' edit sheet and what the screen showed.
    var recorder = TraceRecorder(
        trace: "reminders-swipe-after-edit", title: "Swipe down after editing the title", app: "Reminders",
        platform: "iOS 17.4", screen: "Edit reminder", claims: ["apple-reminders"], form: ["title": "Milk", "notes": ""])
    recorder.see(.done(.disabled), .cancel(.absent))
    recorder.edit(["title": "Milk and eggs"])
    recorder.see(.done(.enabled))
    recorder.swipe()
    recorder.see(.sheet(actions: ["Discard Changes", "Cancel"]))
    recorder.choose("Discard Changes")
    recorder.see(.dismissed(true), .saved(false))

    // Write it where `conform run` finds it, then check it in-process against the policy it claims.
    try recorder.write(to: "reminders-swipe-after-edit.yaml")
    let check = try recorder.check(against: "apple-reminders")
    print("\(recorder.file): \(check.verdict.name) (\(check.summary))")
    // docc:end record-reminders
}

/// Checking a trace file, and reading the departure: run by DocCArticleTests from the package root.
func checkAFileExample() throws -> String {
    var printed = ""
    func print(_ line: String) { printed += line + "\n" }
    // docc:begin check-a-file
    let library = PolicyLibrary.builtIn() // or .builtIn(adding: ["MyPolicies/"])
    let check = try library.check(file: "Traces/Reminders/swipe-after-edit.yaml", against: "apple-contacts")
    if let departure = check.departure {
        print("step \(departure.step), line \(departure.line): \(departure.message)")
    }
    // docc:end check-a-file
    return printed
}
