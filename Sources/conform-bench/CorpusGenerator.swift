import Foundation

/// Writes a deterministic benchmark corpus: form traces whose claims hold (one-handed and makeitso),
/// a few keyboard and disclosure traces, and optionally one very long trace.
struct CorpusGenerator {
    var random = SplitMix(seed: 2026)

    /// `count` form traces of 5 to 100 steps in `directory/form/`, plus 1% keyboard and 1% disclosure traces.
    mutating func writeCorpus(count: Int, to directory: URL) throws -> (files: Int, steps: Int, bytes: Int) {
        var files = 0
        var steps = 0
        var bytes = 0
        for index in 0..<count {
            let length = 5 + Int(random.next() % 96)
            let policy = index % 10 < 7 ? "one-handed" : "makeitso"
            let (text, stepCount) = formTrace(id: "trace-\(index)", policy: policy, length: length)
            let folder = directory.appendingPathComponent("form/\(index / 1000)")
            try write(text, to: folder.appendingPathComponent("trace-\(index).yaml"))
            files += 1
            steps += stepCount
            bytes += text.utf8.count
        }
        for index in 0..<max(1, count / 100) {
            let keyboard = keyboardTrace(id: "keyboard-\(index)")
            try write(keyboard.0, to: directory.appendingPathComponent("keyboard/keyboard-\(index).yaml"))
            let disclosure = disclosureTrace(id: "disclosure-\(index)")
            try write(disclosure.0, to: directory.appendingPathComponent("disclosure/disclosure-\(index).yaml"))
            files += 2
            steps += keyboard.1 + disclosure.1
            bytes += keyboard.0.utf8.count + disclosure.0.utf8.count
        }
        return (files, steps, bytes)
    }

    /// One trace of about `length` steps that conforms to `policy` (one-handed or makeitso).
    mutating func formTrace(id: String, policy: String, length: Int) -> (String, Int) {
        var lines = ["conform: 1", "trace: \(id)", "title: Generated \(policy) scenario", "app: Bench \(policy)", "policy: \(policy)"]
        lines.append("form: { name: Ada, city: Paris, notes: \"\" }")
        lines.append("steps:")
        var count = 0
        func step(_ text: String) {
            lines.append("  - " + text)
            count += 1
        }
        let oneHanded = policy == "one-handed"
        step(oneHanded ? "see: { done: disabled, cancel: enabled }" : "see: { done: enabled, cancel: enabled }")
        while count + 8 <= length {
            let field = ["name", "city", "notes"][Int(random.next() % 3)]
            step("edit: { \(field): value-\(random.next() % 1000) }")
            step("see: { done: enabled, sheet: none }")
            step("swipe: down")
            if oneHanded {
                step("see: { sheet: { title: You have unsaved changes!, actions: [Save changes, Cancel changes, Cancel] } }")
            } else {
                step("see: { sheet: { actions: [Discard Changes, Cancel] } }")
            }
            step("choose: Cancel")
            step("see: { sheet: none, dismissed: false }")
        }
        step("edit: { name: Grace }")
        step("tap: Done")
        step("see: { dismissed: true, saved: true }")
        return (lines.joined(separator: "\n") + "\n", count)
    }

    func keyboardTrace(id: String) -> (String, Int) {
        let text = """
            conform: 1
            trace: \(id)
            app: Bench keyboard
            policy: keyboard-listener
            steps:
              - layout: { window: 844, offset: 0, inset: 0 }
              - focus: { bottom: 700, kind: textField }
              - keyboard-show: { height: 336 }
              - see: { offset: 202, inset: 336 }
              - keyboard-hide:
              - see: { offset: 0, inset: 0 }

            """
        return (text, 6)
    }

    func disclosureTrace(id: String) -> (String, Int) {
        let text = """
            conform: 1
            trace: \(id)
            app: Bench disclosure
            policy: disclosure-split-aware
            steps:
              - show: { collapsed: true }
              - see: { indicators: true }
              - resize: { collapsed: false }
              - see: { indicators: true }
              - resize-end:
              - see: { indicators: false }

            """
        return (text, 6)
    }

    func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}

/// A small deterministic random number generator, so every run writes the same corpus.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
