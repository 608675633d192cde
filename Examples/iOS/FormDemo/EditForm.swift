import SwiftUI

/// The edit form of the `one-handed` policy (Steve Gigou's FormViewController, BEHAVIOURS.md §2.6):
/// Cancel and Done in the bar; Done disabled until the first edit and enabled from then on (the flag is
/// sticky: typing the old text back does not clear it); once edited, Cancel asks before it discards,
/// and a swipe down is blocked and offers save or discard from the bottom of the screen.
struct EditForm: View {
    let original: String
    /// False in the broken variant: an edited form is then swiped away, edits lost, without a question.
    let blocksEditedSwipe: Bool
    let save: (String) -> Void

    @Environment(\.dismiss) private var dismiss
    @State private var title: String
    @State private var wasEdited = false
    @State private var question: Question?

    init(original: String, blocksEditedSwipe: Bool, save: @escaping (String) -> Void) {
        self.original = original
        self.blocksEditedSwipe = blocksEditedSwipe
        self.save = save
        _title = State(initialValue: original)
    }

    var body: some View {
        NavigationStack {
            Form {
                TextField("Title", text: $title)
                    .accessibilityIdentifier("title-field")
            }
            .accessibilityIdentifier("edit-form")
            .navigationTitle("Edit")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel", action: cancel)
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Done", action: saveAndClose).disabled(!wasEdited)
                }
            }
            // iOS 17's zero-argument onChange: the first edit sets the flag, nothing clears it.
            .onChange(of: title) { wasEdited = true }
            .confirmationDialog(
                question?.title ?? "", isPresented: asking, titleVisibility: .visible, presenting: question
            ) { question in
                if question == .swipe {
                    Button("Save changes", action: saveAndClose)
                }
                Button("Cancel changes", role: .destructive) { dismiss() }
                Button("Cancel", role: .cancel) {}
            } message: { question in
                Text(question.message)
            }
        }
        // Blocks the swipe once edited; SwipeAttempts hears the blocked attempt and asks.
        .interactiveDismissDisabled(wasEdited && blocksEditedSwipe)
        .background(SwipeAttempts { question = .swipe })
    }

    private var asking: Binding<Bool> {
        Binding(get: { question != nil }, set: { if !$0 { question = nil } })
    }

    private func cancel() {
        if wasEdited { question = .cancel } else { dismiss() }
    }

    private func saveAndClose() {
        save(title)
        dismiss()
    }

    /// The two questions, with the policy's words.
    enum Question {
        case cancel, swipe

        var title: String {
            self == .cancel ? "Do you want to cancel?" : "You have unsaved changes!"
        }

        var message: String {
            self == .cancel ? "The changes will be reversed." : "If you cancel, the changes will be reversed."
        }
    }
}
