import SwiftUI

/// FormDemo: one item whose title is edited in a sheet that follows conform's `one-handed` policy.
/// The launch argument `-conformBrokenVariant YES` breaks that policy on purpose (see `EditForm`), so
/// that the generated UI tests can be seen to fail.
@main
struct FormDemoApp: App {
    /// Launch arguments of the form `-key value` land in UserDefaults' argument domain.
    private let broken = UserDefaults.standard.bool(forKey: "conformBrokenVariant")

    var body: some Scene {
        WindowGroup {
            ItemScreen(broken: broken)
        }
    }
}

/// The item and the button that opens its edit form. The title starts as "Buy milk", the value the
/// generated tests expect the form to open with (`OneHandedConformanceTests.form`).
struct ItemScreen: View {
    let broken: Bool
    @State private var title = "Buy milk"
    @State private var editing = false

    var body: some View {
        NavigationStack {
            List {
                Text(title).accessibilityIdentifier("item-title")
            }
            .navigationTitle(broken ? "FormDemo (broken)" : "FormDemo")
            .toolbar {
                Button("Edit") { editing = true }
                    .accessibilityIdentifier("edit-item")
            }
        }
        .sheet(isPresented: $editing) {
            EditForm(original: title, blocksEditedSwipe: !broken) { title = $0 }
        }
    }
}
