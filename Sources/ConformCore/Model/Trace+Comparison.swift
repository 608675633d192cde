extension Trace {
    /// Every field of the trace as text, for telling whether two traces are the same (the readers'
    /// tests, the fuzz target, round trips): the form's fields sorted, since a dictionary's order
    /// differs between instances. Without `positions`, where things stand and the file are left out,
    /// so that a trace written and read back compares equal to the one that was written.
    public func comparableText(positions: Bool = true) -> String {
        var copy = self
        let form = form.sorted { $0.key < $1.key }
        copy.form = [:]
        if !positions { copy.forgetPositions() }
        var text = ""
        dump(copy, to: &text)
        dump(form, to: &text)
        return text
    }

    private mutating func forgetPositions() {
        file = ""
        idPosition = nil
        claims = claims.map { Claim(policy: $0.policy, position: .start) }
        for index in steps.indices {
            steps[index].position = .start
            guard case .see(let observation) = steps[index].kind else { continue }
            steps[index].kind = .see(Observation(items: observation.items.map { item in
                var item = item
                item.position = .start
                if case .sheet(.details(let title, let message, let actions)) = item.value {
                    let unplaced = actions?.map { SheetActionObservation(title: $0.title, role: $0.role, position: .start) }
                    item.value = .sheet(.details(title: title, message: message, actions: unplaced))
                }
                return item
            }))
        }
    }
}
