import ConformKit

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
