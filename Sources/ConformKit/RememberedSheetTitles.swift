import ConformCore
import ConformReports

/// The titles a person gave for a sheet the policy knows by roles only (`(destructive action)`), kept
/// for the rest of the recording: when the policy predicts the same sheet again, the prediction shows
/// them, and they are not asked again. A sheet is the same when its prediction is: the same title,
/// message, roles and known titles.
struct RememberedSheetTitles {
    private struct Given {
        var titles: [String]
        /// The step whose `see` gave them.
        var step: Int
    }

    private var given: [String: Given] = [:]

    /// `prediction` with the titles given for each of its sheets, and the step that gave them (the
    /// latest, if several sheets); `nil` when none was given.
    func filled(_ prediction: Observation) -> (observation: Observation, step: Int?) {
        var observation = prediction
        var step: Int?
        for (index, item) in prediction.items.enumerated() {
            guard let actions = Self.untitled(item), let remembered = given[Self.key(item)], remembered.titles.count == actions.count
            else { continue }
            var titled = actions
            for position in titled.indices { titled[position].title = remembered.titles[position] }
            if case .sheet(.details(let title, let message, _, let outside)) = item.value {
                observation.items[index].value = .sheet(.details(title: title, message: message, actions: titled, outsideCancels: outside))
            }
            step = max(step ?? 0, remembered.step)
        }
        return (observation, step)
    }

    /// Keeps the titles of `observed`'s sheet at `step` when it is the sheet `predicted` names by roles
    /// only: as many actions, the same role where both give one, the same title where the policy knows it.
    mutating func learn(predicted: Observation?, observed: Observation, step: Int) {
        guard let predicted, let seen = observed.items.lazy.compactMap(Self.sheetActions).first else { return }
        for item in predicted.items {
            guard let actions = Self.untitled(item), actions.count == seen.count else { continue }
            let fits = zip(actions, seen).allSatisfy { expected, shown in
                (expected.role == nil || shown.role == nil || expected.role == shown.role)
                    && (PolicySimulator.isPlaceholder(expected.title)
                        ? !PolicySimulator.isPlaceholder(shown.title) : expected.title == shown.title)
            }
            if fits { given[Self.key(item)] = Given(titles: seen.map(\.title), step: step) }
        }
    }

    /// The actions of a predicted sheet that names one by its role only.
    private static func untitled(_ item: ObservedItem) -> SheetActions? {
        guard let actions = sheetActions(item), actions.contains(where: { PolicySimulator.isPlaceholder($0.title) }) else { return nil }
        return actions
    }

    private static func sheetActions(_ item: ObservedItem) -> SheetActions? {
        guard case .sheet(.details(_, _, let actions?, _)) = item.value else { return nil }
        return actions
    }

    private static func key(_ item: ObservedItem) -> String {
        TraceYAML.observation(Observation(items: [item]))
    }
}
