/// Everything a policy's prediction at a point of a replay depends on, and its verdict on one item
/// another policy predicts there: the state, the values its expectations read, and the roles learnt
/// where a sheet's open title is matched by role. Two points with equal keys predict the same and
/// accept the same, whatever else differs (field values no expectation reads, the steps that led
/// there), so `revealed(by:)` compares two policies once per pair of keys rather than once per step.
struct PointKey: Hashable {
    /// The state's position in the policy; -1 for a name no state has (then nothing is expected).
    var state: Int
    /// The values of the names the state's expectations read, in `PredictionInputs` order.
    var inputs: [ExactValue?]
    /// Only where some sheet action of the state is matched by role.
    var roles: [String: SheetRole]?

    /// - Parameter inputs: what the expectations of the model's state read (`nil` when it names no state).
    init(_ model: borrowing ModelState, reading inputs: PredictionInputs?) {
        state = model.index ?? -1
        guard let inputs else {
            self.inputs = []
            return
        }
        // A loop rather than `map`: a closure would copy the model at every point.
        var values: [ExactValue?] = []
        if !inputs.names.isEmpty {
            values.reserveCapacity(inputs.names.count)
            for (name, slot) in zip(inputs.names, inputs.slots) { values.append(ExactValue(model.lookup(name, slot: slot, argument: nil))) }
        }
        self.inputs = values
        if inputs.rolesMatter { roles = model.learnedRoles }
    }
}

/// A value compared exactly: numbers by their bits (`Value`'s equality takes -0 for 0, which an
/// expectation would show differently).
struct ExactValue: Hashable {
    var value: Value?

    init(_ value: Value?) {
        self.value = value
    }

    static func == (a: ExactValue, b: ExactValue) -> Bool {
        if case .number(let x)? = a.value, case .number(let y)? = b.value { return x.bitPattern == y.bitPattern }
        return a.value == b.value
    }

    func hash(into hasher: inout Hasher) {
        if case .number(let x)? = value {
            hasher.combine(x.bitPattern)
        } else {
            hasher.combine(value)
        }
    }
}

/// What a state's expectations read: the names their expressions use, and whether a sheet action of
/// the state is matched by its role (an open title), which makes the roles the trace taught matter.
struct PredictionInputs: Sendable {
    var names: [String]
    /// Each name's variable slot, where it is a variable (`PolicyTables.slots`).
    var slots: [Int?]
    var rolesMatter: Bool

    init(_ expectations: [String: Expectation], slots: [String: Int]) {
        var names: Set<String> = []
        var rolesMatter = false
        for expectation in expectations.values {
            switch expectation {
            case .value(let source):
                source.expression.collectNames(into: &names)
            case .sheet(let sheet):
                if sheet.actions.contains(where: { $0.title == nil && $0.role != nil }) { rolesMatter = true }
            }
        }
        self.names = names.sorted()
        self.slots = self.names.map { slots[$0] }
        self.rolesMatter = rolesMatter
    }
}

extension Expression {
    /// Adds every name the expression reads (variables, built-ins and enumeration cases alike).
    func collectNames(into names: inout Set<String>) {
        switch kind {
        case .literal: break
        case .name(let name): names.insert(name)
        case .unary(_, let operand): operand.collectNames(into: &names)
        case .binary(_, let left, let right):
            left.collectNames(into: &names)
            right.collectNames(into: &names)
        case .conditional(let a, let b, let c):
            for part in [a, b, c] { part.collectNames(into: &names) }
        case .call(_, let arguments):
            for argument in arguments { argument.collectNames(into: &names) }
        }
    }
}
