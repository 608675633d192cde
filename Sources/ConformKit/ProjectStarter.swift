import ConformCore
import ConformReports
import Foundation

/// What `conform init` writes: a project configuration, one policy of the user's own app to edit (an
/// edit form with Save and Cancel) and one trace that conforms to it, so that `conform run` passes at
/// once and every file shows by example how its format is written.
public enum ProjectStarter {
    /// The files, by path relative to the project's folder, in the order they are written.
    public static let files: [(path: String, text: String)] = [
        ("Policies/my-app-edit-form.yaml", policy),
        ("Traces/my-app-edit-form-cancel-then-save.yaml", trace),
        (".conform.yaml", configuration),
    ]

    /// The files of `files` that already exist in `folder` (as paths joined to it), a symbolic link
    /// counting as one wherever it leads: `init` writes nothing when there is one, so that no file of
    /// the user's is replaced and nothing is written through a link.
    public static func existing(in folder: String) -> [String] {
        files.map { path(of: $0.path, in: folder) }.filter { path in
            var status = stat()
            return lstat(path, &status) == 0
        }
    }

    /// Writes every file into `folder`, creating the folders they need; each only where nothing is,
    /// even something that appears meanwhile (`AtomicFile.Rules.createOnly`).
    /// - Returns: the paths written.
    /// - Throws: a `Diagnostic` naming the file that could not be written.
    public static func write(in folder: String) throws -> [String] {
        var written: [String] = []
        for file in files {
            let path = path(of: file.path, in: folder)
            try AtomicFile.write(file.text, to: path, what: "the starter file", rules: AtomicFile.Rules(createOnly: true))
            written.append(path)
        }
        return written
    }

    static func path(of file: String, in folder: String) -> String {
        folder == "." || folder.isEmpty ? file : (folder.hasSuffix("/") ? folder + file : folder + "/" + file)
    }

    static let policy = """
        # A starter policy written by `conform init`: the edit form of your app, to make your own.
        # Change the labels, the expectations and the transitions to what your app should do, then record
        # traces of the app (`conform record`) and check them with `conform run`. The format: Docs/PolicyFormat.md.
        conform: 1
        policy: my-app-edit-form            # the id traces claim with `policy: my-app-edit-form`
        title: My app's edit form
        summary: >-
          Save is enabled once a change leaves a non-empty title; Cancel and the swipe-down close an unchanged
          form at once and ask before discarding a changed one.
        domain: form                        # the form-dismissal vocabulary: edit, tap, swipe, choose, present
        source: our team's design decision  # where the behaviour comes from; states and branches cite it as `source`
        buttons:                            # the bar buttons' labels in your app
          done: Save
          cancel: Cancel
        see:                                # what every open state shows (a state's own `see` overrides it)
          done: "modified && form.title != '' ? enabled : disabled"   # quoted: it holds ': '
          cancel: enabled
        initial: editing
        states:
          editing:
            source: source
            on:
              edit: editing                 # any edit keeps the form open
              tap done:                     # the confirming button (labelled Save above)
                to: saved
                source: source
              tap cancel:                   # branches are tried in order; the last has no `if`
                - if: modified
                  to: confirm-discard
                - to: discarded
              swipe down:
                - if: modified
                  to: confirm-discard
                  note: the swipe is held back while the form holds changes
                - to: discarded
          confirm-discard:
            see:
              sheet:                        # the confirmation sheet, as the screen shows it
                title: Discard changes?
                actions:
                  - { title: Discard Changes, role: destructive }
                  - { title: Keep Editing, role: cancel }
            on:
              choose Discard Changes: discarded
              choose Keep Editing: editing  # the sheet closes; the edits stay
          saved:
            final: true
            see: { dismissed: true, saved: true }
          discarded:
            final: true
            see: { dismissed: true, saved: false }
        """

    static let trace = """
        # A starter trace written by `conform init`: what a person did on the form and what it showed.
        # Record your own with `conform record --policy my-app-edit-form --app MyApp --output Traces/NAME.yaml`.
        # The format: Docs/TraceFormat.md.
        conform: 1
        trace: my-app-edit-form-cancel-then-save
        title: Cancel on a changed form asks first; Save saves once the title is set
        app: MyApp
        screen: Edit item
        policy: my-app-edit-form            # the claim: this trace must conform to the policy
        form: { title: Milk }               # the fields when the form opens
        steps:
          - see: { done: disabled, cancel: enabled, sheet: none }
          - edit: { title: Bread }
          - see: { done: enabled }
          - tap: Cancel
          - see:
              sheet:
                title: Discard changes?
                actions: [Discard Changes, Keep Editing]
          - choose: Keep Editing
          - see: { sheet: none, done: enabled }
          - tap: Save
          - see: { dismissed: true, saved: true }
        """

    static let configuration = """
        # conform's project configuration, written by `conform init` (Docs/Configuration.md).
        # Paths are relative to this file's folder; what the command line gives wins over what is here.
        conform: 1
        policies: [Policies]        # folders (or files) of this project's policies, loaded beside the built-in ones
        traces: [Traces]            # what `conform run` and `conform lint` check when given no paths
        # baseline: conform-baseline.yaml   # broken claims accepted for now (Docs/Baselines.md), as --baseline
        # reports: [md, html]               # report files every run writes, as --report
        # output: conform-report            # the folder they go to, as --output
        """
}
