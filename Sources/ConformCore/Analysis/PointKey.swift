/// Everything a policy's prediction at a point of a replay depends on, and its verdict on one item
/// another policy predicts there: the state, the values its expectations read, and the roles learnt
/// where a sheet's open title is matched by role. Two points with equal keys predict the same and
/// accept the same, whatever else differs (field values no expectation reads, the steps that led
/// there), so `revealed(by:)` compares two policies once per pair of keys rather than once per step.
struct PointKey: Hashable {
    /// The state's position in the policy; -1 for a name no state has (then nothing is expected).
    var state: Int
    /// The values of the names the state's expectations read, in `PredictionInputs` order.
    var inputs: Inputs
    /// Only where some sheet action of the state is matched by role.
    var roles: NameMap<SheetRole>?

    /// The values read, inline when there are one or two (as the form policies' states read `modified`
    /// and little else): a point is recorded after every action, and an array would be allocated for each.
    enum Inputs: Hashable {
        case none
        case one(ExactValue)
        case two(ExactValue, ExactValue)
        case many([ExactValue])
    }

    /// Reads what the expectations of the model's state read in `tables`.
    init(_ model: borrowing ModelState, in tables: PolicyTables) {
        guard let index = model.index else {
            state = -1
            inputs = .none
            return
        }
        state = index
        let readers = tables.states[index].predictionInputs.readers
        switch readers.count {
        case 0: inputs = .none
        case 1: inputs = .one(ExactValue(model.read(readers[0])))
        case 2: inputs = .two(ExactValue(model.read(readers[0])), ExactValue(model.read(readers[1])))
        default:
            var values: [ExactValue] = []
            values.reserveCapacity(readers.count)
            for reader in readers { values.append(ExactValue(model.read(reader))) }
            inputs = .many(values)
        }
        if tables.states[index].predictionInputs.rolesMatter { roles = model.learnedRoles }
    }

    /// Whether `PointKey(model, in: tables)` would equal this key, found without making it: a replay
    /// compares every point with the few situations met before, and most points are one of them.
    @inline(__always)
    func matches(_ model: borrowing ModelState, in tables: PolicyTables) -> Bool {
        guard let index = model.index else { return state == -1 }
        guard state == index else { return false }
        let readers = tables.states[index].predictionInputs.readers
        switch inputs {
        case .none: break
        case .one(let value):
            guard value == ExactValue(model.read(readers[0])) else { return false }
        case .two(let first, let second):
            guard first == ExactValue(model.read(readers[0])), second == ExactValue(model.read(readers[1])) else { return false }
        case .many(let values):
            for position in values.indices where values[position] != ExactValue(model.read(readers[position])) { return false }
        }
        return roles == nil || roles == model.learnedRoles
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

/// What a state's expectations read: the names their expressions use (each resolved, once, to where a
/// model keeps its value), and whether a sheet action of the state is matched by its role (an open
/// title), which makes the roles the trace taught matter.
struct PredictionInputs: Sendable {
    /// One per name the expectations use, in name order.
    var readers: [InputReader]
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
        readers = names.sorted().map { InputReader($0, slot: slots[$0]) }
        self.rolesMatter = rolesMatter
    }
}

/// Where a model keeps the value of a name an expectation reads, decided once per policy rather than by
/// comparing the name at every point of a replay (`ModelState.read`, which answers as `lookup` does
/// without an action's argument).
struct InputReader: Sendable {
    enum Source: Sendable {
        case edited
        case modified
        /// `arg`, which is null outside an action.
        case null
        case field(String)
        case setting(String)
        /// An enumeration case, or `arg.NAME` outside an action: no value.
        case nothing
    }

    /// The variable slot, when the name is a variable: its value, once set, comes first.
    var slot: Int?
    var source: Source

    init(_ name: String, slot: Int?) {
        self.slot = slot
        switch name {
        case "edited": source = .edited
        case "modified": source = .modified
        case "arg": source = .null
        case _ where name.hasPrefix("form."): source = .field(String(name.dropFirst(5)))
        case _ where name.hasPrefix("settings."): source = .setting(String(name.dropFirst(9)))
        default: source = .nothing
        }
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
