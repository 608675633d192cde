/// What differs between the sheet a policy expects and the sheet a trace saw (both as the JSON objects of a
/// departure): the title, the message, and action by action, as `SheetMatcher` compares them. Actions
/// are paired first by their exact title, then by a title that is a near miss, then by role, then by
/// place, so that a renamed action reads as renamed rather than as one missing and one unexpected.
struct SheetDifference {
    /// One action, expected (title or role may be open) or seen.
    struct Action {
        var title: String?
        var role: String?

        /// `nil` unless `value` is an object of a `title` and/or a `role`, as the JSON of an action is, or
        /// a title alone (an action a trace saw without its role).
        init?(_ value: JSONValue) {
            if case .string(let text) = value {
                title = text
                return
            }
            guard case .object(let members) = value, !members.isEmpty else { return nil }
            for (key, member) in members {
                switch (key, member) {
                case ("title", .string(let text)): title = text
                case ("role", .string(let text)): role = text
                default: return nil
                }
            }
        }

        /// `'TITLE' (ROLE)`, `'TITLE'`, `(ROLE)` or `(any)`, as `SheetActionSpec.display`.
        var display: String {
            switch (title, role) {
            case (let title?, let role?): return "'\(title)' (\(role))"
            case (let title?, nil): return "'\(title)'"
            case (nil, let role?): return "(\(role))"
            case (nil, nil): return "(any)"
            }
        }
    }

    private(set) var differences: [ValueDifference] = []

    init(expected: [(String, JSONValue)], observed: [(String, JSONValue)]) {
        for part in ["title", "message"] {
            // A part the policy leaves open, or the trace does not give, is not compared.
            guard let wanted = ValueDifference.member(part, of: expected), let seen = ValueDifference.member(part, of: observed) else {
                continue
            }
            differences += ValueDifference.compare(wanted, seen, at: "sheet \(part)")
        }
        guard case .array(let wantedItems)? = ValueDifference.member("actions", of: expected) else { return }
        var wanted = wantedItems.compactMap(Action.init)
        if case .string("cancel")? = ValueDifference.member("outside", of: observed) {
            // A tap outside stands for the cancel action, which the sheet then shows no button for.
            if !wanted.contains(where: { $0.role == "cancel" }) {
                differences.append(
                    ValueDifference(
                        kind: .unexpected, path: "sheet", expected: nil,
                        observed: "a tap outside that cancels (the policy's sheet has no cancel action)"))
            }
            wanted.removeAll { $0.role == "cancel" }
        }
        guard case .array(let seenItems)? = ValueDifference.member("actions", of: observed) else { return }
        compareActions(wanted, seenItems.compactMap(Action.init))
    }

    private mutating func compareActions(_ wanted: [Action], _ seen: [Action]) {
        // pair[i]: the index in `seen` of the action paired with `wanted[i]`.
        var pair = [Int?](repeating: nil, count: wanted.count)
        var taken = Set<Int>()
        func match(_ accepts: (Action, Action, Int, Int) -> Bool) {
            for index in wanted.indices where pair[index] == nil {
                if let other = seen.indices.first(where: { !taken.contains($0) && accepts(wanted[index], seen[$0], index, $0) }) {
                    pair[index] = other
                    taken.insert(other)
                }
            }
        }
        match { want, saw, _, _ in want.title != nil && want.title == saw.title }
        match { want, saw, _, _ in want.title.flatMap { title in saw.title.flatMap { NearMiss.between(title, $0) } } != nil }
        match { want, saw, _, _ in want.role != nil && want.role == saw.role }
        match { _, _, index, other in index == other }
        for index in wanted.indices {
            let want = wanted[index]
            guard let other = pair[index] else {
                differences.append(ValueDifference(kind: .missing, path: "sheet actions", expected: want.display, observed: nil))
                continue
            }
            let saw = seen[other]
            // A role the trace does not give is not compared, nor a title the policy leaves open.
            let roleDiffers = want.role != nil && saw.role != nil && want.role != saw.role
            if let title = want.title, let seenTitle = saw.title, title != seenTitle {
                // Roles shown only when they differ too: the title is the news.
                let bothRoles = roleDiffers
                differences.append(
                    ValueDifference(
                        kind: .renamed, path: "sheet action \(index + 1)",
                        expected: bothRoles ? want.display : "'\(title)'", observed: bothRoles ? saw.display : "'\(seenTitle)'",
                        nearMiss: NearMiss.between(title, seenTitle)))
            } else if roleDiffers {
                differences.append(
                    ValueDifference(
                        kind: .roleChanged, path: "sheet action \(saw.title.map { "'\($0)'" } ?? String(index + 1)) role",
                        expected: want.role, observed: saw.role))
            }
        }
        for other in seen.indices where !taken.contains(other) {
            differences.append(ValueDifference(kind: .unexpected, path: "sheet actions", expected: nil, observed: seen[other].display))
        }
        let paired = wanted.indices.compactMap { index in pair[index].map { (index, $0) } }
        if zip(paired, paired.dropFirst()).contains(where: { $0.1 > $1.1 }) {
            let inSeenOrder = paired.sorted { $0.1 < $1.1 }
            differences.append(
                ValueDifference(
                    kind: .reordered, path: "sheet actions order",
                    expected: paired.map { seen[$0.1].title.map { "'\($0)'" } ?? wanted[$0.0].display }.joined(separator: ", "),
                    observed: inSeenOrder.map { seen[$0.1].title.map { "'\($0)'" } ?? wanted[$0.0].display }.joined(separator: ", ")))
        }
    }
}
