import ConformCore

/// Reads a trace's `sheet:` observation: `none`, `shown`, or `{ title, message, actions }`.
enum SheetReader {
    static func read(_ node: YNode, problems: inout ProblemCollector) -> SheetObservation? {
        if let word = node.scalarText, !node.isQuoted {
            switch word {
            case "none": return SheetObservation.none
            case "shown": return .shown
            default: break
            }
        }
        guard let pairs = node.mapping else {
            let quoted = node.isQuoted && ["none", "shown"].contains(node.scalarText ?? "")
            problems.add(
                "'sheet' must be none, shown, or a map with title, message and actions"
                    + (quoted ? "; write \(node.scalarText ?? "") without quotes (quoted, it is text)" : ""),
                at: node.position)
            return nil
        }
        problems.rejectUnknownKeys(in: pairs, known: ["title", "message", "actions", "outside"], what: "'sheet'")
        let title = pairs[key: "title"].flatMap { text($0, "the sheet's title", problems: &problems) }
        let message = pairs[key: "message"].flatMap { text($0, "the sheet's message", problems: &problems) }
        var actions: SheetActions?
        if let node = pairs[key: "actions"], let items = problems.sequence(node, "the sheet's actions") {
            actions = SheetActions(items.compactMap { action($0, problems: &problems) })
        }
        let outside = pairs[key: "outside"].map { outsideCancels($0, problems: &problems) } ?? false
        return .details(title: title, message: message, actions: actions, outsideCancels: outside)
    }

    /// `outside: cancel`: a tap outside the sheet cancels it, and its cancel action has no button.
    private static func outsideCancels(_ node: YNode, problems: inout ProblemCollector) -> Bool {
        guard node.scalarText == "cancel", !node.isQuoted else {
            problems.add(
                "'outside' says what a tap outside the sheet does: 'cancel' (a popover whose cancel action has no button), not '\(node.scalarText ?? node.kindDescription)'",
                at: node.position)
            return false
        }
        return true
    }

    private static func text(_ node: YNode, _ what: String, problems: inout ProblemCollector) -> TextObservation? {
        if node.scalarValue == .null { return .absent }
        return problems.text(node, what).map(TextObservation.text)
    }

    private static func action(_ node: YNode, problems: inout ProblemCollector) -> SheetActionObservation? {
        if node.scalarText != nil {
            return problems.text(node, "a sheet action").map { SheetActionObservation(title: $0, role: nil, position: node.position) }
        }
        guard let pairs = problems.mapping(node, "a sheet action (a title, or a map with title and role)") else { return nil }
        problems.rejectUnknownKeys(in: pairs, known: ["title", "role"], what: "a sheet action")
        guard let titleNode = pairs[key: "title"] else {
            problems.add("a sheet action needs a 'title'", at: node.position)
            return nil
        }
        guard let title = problems.text(titleNode, "the action's title") else { return nil }
        var role: SheetRole?
        if let roleNode = pairs[key: "role"] {
            role = RoleReader.read(roleNode, problems: &problems)
            if role == nil { return nil }
        }
        return SheetActionObservation(title: title, role: role, position: node.position)
    }
}

/// Reads a sheet action's role: `default`, `destructive` or `cancel`.
enum RoleReader {
    static func read(_ node: YNode, problems: inout ProblemCollector) -> SheetRole? {
        guard let word = node.scalarText, let role = SheetRole(rawValue: word) else {
            let all = SheetRole.allCases.map(\.rawValue).joined(separator: ", ")
            let hint = node.scalarText.flatMap { Spelling.nearest(to: $0, among: SheetRole.allCases.map(\.rawValue)) }
            problems.add(
                "a role is one of \(all), not '\(node.scalarText ?? node.kindDescription)'\(hint.map { "; did you mean '\($0)'?" } ?? "")",
                at: node.position)
            return nil
        }
        return role
    }
}
