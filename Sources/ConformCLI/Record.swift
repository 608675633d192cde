import ArgumentParser
import ConformCore
import ConformKit
import ConformReports
import Foundation

extension ConformCommand {
    /// `conform record`: a guided recorder for a person at a device.
    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "record",
            abstract: "Record a trace step by step, guided by what a policy predicts.",
            discussion: """
                Asks, turn by turn, what the person did and what the screen showed, and writes a trace that \
                claims policy ID. Each turn prints (to standard error) what the policy predicts the screen \
                shows now and a numbered menu of the actions it allows. Answer one line at a time:

                  NUMBER          the action of that number in the menu; while a prediction
                                  is unanswered, what the screen showed is asked first
                  (empty line)    the screen shows what the policy predicts: record it;
                                  where it names a sheet action by its role only, as in
                                  "(destructive action)", the title the screen shows is
                                  asked for each
                  STEP            a step in trace syntax: `swipe: down`,
                                  `edit: { title: Milk }`, `see: { done: enabled }`
                  TITLE           a title of the sheet on screen, exactly as it shows:
                                  `choose: TITLE`
                  note: TEXT      a note on the step just recorded
                  evidence: PATH  a screenshot of that step (relative to the trace)
                  undo, u         take back the last step (again: the one before), or
                                  the answer in progress while a question stands
                  .               the trace is complete (so is the end of input)

                Record what the screen really shows: when it differs from the prediction, the trace departs \
                from the policy, the recorder says where, and from then on it predicts nothing (each turn asks \
                what the screen shows or what the person did). A prediction is never written as an \
                observation: a title in the placeholder form is refused (conform lint warns at one in a \
                trace); titles given for a sheet are remembered and shown when it is predicted again. Bad \
                lines are explained and the question is asked again.

                The file is written whole (a temporary file renamed into place), never before the first \
                step: a file already at FILE stays as it was until the recording has a step to replace it \
                with. Every complete step is in the file whenever the recorder waits for an answer, at the \
                end of input, and on Ctrl-C (or SIGTERM, SIGHUP); answers piped in quickly are written in \
                batches, so a long recording takes time in proportion to its steps. An undone step leaves \
                the file too; undone back to no step, FILE is put back as it was before the recording (a \
                file it created is removed). A recording with no step (nothing on standard input, `.` at \
                once, every step undone) writes nothing and says so.

                Exit status: 0 when the trace was written (whether or not it conforms); 2 when no step was \
                recorded, on a usage error, an unknown id, a --policies file that does not load, or a FILE \
                that may not or cannot be written (a folder, a symbolic link leading out of its folder, a \
                file the command reads); 128 plus the signal's number when stopped by one (130: Ctrl-C).
                """)

        @Option(
            help: ArgumentHelp("The policy the app claims to follow (see `conform policies`).", valueName: "ID"), completion: .policyIDs)
        var policy: String

        @Option(help: ArgumentHelp("The app under test (reports group traces by it).", valueName: "NAME"))
        var app: String

        @Option(
            help: ArgumentHelp(
                "Where to write the trace (.yaml); written whole once it has a step, and kept up to date.", valueName: "FILE"),
            completion: .file(extensions: ["yaml"]))
        var output: String

        @Option(help: ArgumentHelp("The trace id (default: the file name without its extension).", valueName: "ID"))
        var trace: String?

        @Option(help: ArgumentHelp("A one-line title for the trace.", valueName: "TEXT"))
        var title: String?

        @Option(help: ArgumentHelp("The screen under test, e.g. 'Edit reminder'.", valueName: "NAME"))
        var screen: String?

        @Option(help: ArgumentHelp("The platform, e.g. 'iOS 17.4'.", valueName: "TEXT"))
        var platform: String?

        @Option(
            help: ArgumentHelp(
                "The form's fields when it opens, as a YAML map: --form '{ title: Milk, notes: \"\" }'.", valueName: "MAP"))
        var form: String?

        @OptionGroup var policyOptions: PolicyOptions

        @OptionGroup var writeOptions: WriteOptions

        func run() throws {
            let library = try policyOptions.load().library
            printProblems(library.diagnostics)
            if !library.diagnostics.isEmpty { throw ExitCode(2) }
            let policy = try library.requirePolicy(self.policy)
            let fields = try formFields(library, policy: policy.id)
            let id = trace ?? Self.defaultID(for: output)
            var recorder = TraceRecorder(
                trace: id, title: title, app: app, platform: platform, screen: screen, claims: [policy.id], form: fields)
            recorder.file = output
            let session = RecordingSession(policy: policy, library: library, recorder: recorder)
            let writer = RecordingWriter(path: output, rules: writeOptions.rules)
            // A path the trace could never go to is refused before the person starts.
            try writer.check()
            RecordingStop.install(path: output)

            var conversation = RecordingConversation(
                session: session, transcript: RecordingTranscript(terminal: Terminal(fileDescriptor: STDERR_FILENO)), app: app,
                path: output, save: writer.changed)
            // The closing advice must work as printed: a policy not built in needs what loaded it.
            if !policy.file.hasPrefix(PolicyLibrary.builtInPrefix) { conversation.checkArguments = policyOptions.commandLineWords }
            say(conversation.opening())
            var lines = AnswerLines()
            while RecordingStop.received == 0,
                let line = try lines.next(beforeWaiting: { try writer.flush(conversation.session.recorder) }),
                let text = try conversation.reply(line)
            {
                say(text)
            }
            try writer.flush(conversation.session.recorder)
            if RecordingStop.received != 0 {
                let shown = Escaping.terminal(output)
                say(
                    writer.savedSteps == 0
                        ? RecordingStop.nothingWritten(shown) : "\nconform: stopped; every complete step is in \(shown)\n")
                throw ExitCode(128 + RecordingStop.received)
            }
            say(conversation.closing())
            if writer.savedSteps == 0 { throw ExitCode(2) }
        }

        /// Conversation goes to standard error (through the one printer): standard output stays free.
        private func say(_ text: String) {
            Console.standardError.write(text)
        }

        /// `--form` read as the `form:` of a trace that claims `policy`, so it means what it means in a file
        /// (a field a policy that declares its fields does not know is refused).
        private func formFields(_ library: PolicyLibrary, policy: String) throws -> [String: Value] {
            guard let form else { return [:] }
            let fields: [String: Value]
            do {
                fields = try library.load(yaml: "conform: 1\nform: \(form)\nsteps: [see: {}]\n", file: "--form").form
            } catch {
                let reasons = error.diagnostics.map(\.message).joined(separator: "; ")
                throw ValidationError("--form must be a YAML map of fields to values, e.g. '{ title: Milk }': \(reasons)")
            }
            do {
                _ = try library.load(
                    yaml: "conform: 1\npolicy: \(Escaping.yaml(policy))\nform: \(form)\nsteps: [see: {}]\n", file: "--form")
            } catch {
                throw ValidationError("--form: " + error.diagnostics.map(\.message).joined(separator: "; "))
            }
            return fields
        }

        /// The file name without its folder and extension.
        static func defaultID(for path: String) -> String {
            let name = (path as NSString).lastPathComponent
            let stem = (name as NSString).deletingPathExtension
            return stem.isEmpty ? "recorded" : stem
        }
    }
}
