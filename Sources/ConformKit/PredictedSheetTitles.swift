import ConformCore
import ConformReports

/// A predicted observation whose sheet names some actions by role only (`(destructive action)`, where
/// no source gives the words), and the titles the person gives them, one at a time: the observation a
/// recorded trace holds has what the screen showed, never the placeholder.
struct PredictedSheetTitles {
    /// Where a placeholder stands: the item of the observation and the action of its sheet.
    private struct Slot {
        var item: Int
        var action: Int
        var role: SheetRole?
    }

    private(set) var observation: Observation
    private let slots: [Slot]
    private var next = 0

    /// `nil` when the observation names every sheet action by its title already.
    init?(_ observation: Observation) {
        var slots: [Slot] = []
        for (item, observed) in observation.items.enumerated() {
            guard case .sheet(.details(_, _, let actions?, _)) = observed.value else { continue }
            for (index, action) in actions.enumerated() where PolicySimulator.isPlaceholder(action.title) {
                slots.append(Slot(item: item, action: index, role: action.role))
            }
        }
        if slots.isEmpty { return nil }
        self.observation = observation
        self.slots = slots
    }

    /// The role of the action whose title is asked now, its number (from 1) and how many are asked.
    var asking: (role: SheetRole?, number: Int, count: Int) { (slots[next].role, next + 1, slots.count) }

    /// Every placeholder has its title.
    var isComplete: Bool { next == slots.count }

    /// Gives the action asked now `title`.
    /// - Returns: why the title cannot be the one the screen showed (then nothing changes), or `nil`.
    mutating func give(_ title: String) -> String? {
        let role = RecordingTranscript.roleName(slots[next].role)
        if title.isEmpty {
            return "an empty line is no title: type the words the sheet's \(role) shows, or `see: { ... }` to type the whole sheet"
        }
        if PolicySimulator.isPlaceholder(title) {
            return
                "'\(title)' is how the recorder names a role no source gives words for, not a title: type the words the sheet's \(role) shows"
        }
        let slot = slots[next]
        guard case .sheet(.details(let heading, let message, var actions?, let outside)) = observation.items[slot.item].value else {
            return nil
        }
        if actions.contains(where: { $0.title == title }) {
            return "another action of this sheet is titled '\(title)' already: type the title of the \(role)"
        }
        actions[slot.action].title = title
        observation.items[slot.item].value = .sheet(.details(title: heading, message: message, actions: actions, outsideCancels: outside))
        next += 1
        return nil
    }
}
