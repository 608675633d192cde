extension Trace {
    /// Every field of the trace as text, for telling whether two traces are the same (the readers'
    /// tests, the fuzz target, round trips): the form's fields sorted, since a dictionary's order
    /// differs between instances. Without `positions`, where things stand and the file are left out,
    /// so that a trace written and read back compares equal to the one that was written.
    public func comparableText(positions: Bool = true) -> String {
        var copy = self
        let form = form.sorted { $0.key < $1.key }
        let settings = settings.sorted { $0.key < $1.key }
        copy.form = [:]
        copy.settings = [:]
        // What a reader noted of the steps says nothing the steps do not.
        copy.digest = nil
        if !positions { copy.forgetPositions() }
        var text = ""
        dump(copy, to: &text)
        dump(form, to: &text)
        if !settings.isEmpty { dump(settings, to: &text) }
        return text
    }

    private mutating func forgetPositions() {
        file = ""
        idPosition = nil
        mapPositions { _ in .start }
    }

    /// Moves every position the trace holds (claims, steps, observed keys, sheet actions, the id), e.g.
    /// back to the file's own columns after a reader rewrote part of it.
    public mutating func mapPositions(_ transform: (TextPosition) -> TextPosition) {
        idPosition = idPosition.map(transform)
        claims = claims.map { Claim(policy: $0.policy, position: transform($0.position)) }
        for index in steps.indices {
            steps[index].position = transform(steps[index].position)
            guard case .see(let observation) = steps[index].kind else { continue }
            steps[index].kind = .see(
                Observation(
                    items: observation.items.map { item in
                        var item = item
                        item.position = transform(item.position)
                        if case .sheet(.details(let title, let message, let actions, let outside)) = item.value {
                            let moved = actions.map { actions in
                                SheetActions(
                                    actions.map { SheetActionObservation(title: $0.title, role: $0.role, position: transform($0.position)) }
                                )
                            }
                            item.value = .sheet(.details(title: title, message: message, actions: moved, outsideCancels: outside))
                        }
                        return item
                    }))
        }
    }
}
