import ConformCore

/// The flat tables of one trace's steps as the direct reader fills them (issue 37 §1): every `see`'s
/// items, every sheet's actions, every `form:` seen and every edit's fields, each kind in one array in
/// file order, so that
/// reading a step allocates nothing of its own.
///
/// A step cannot take its slice while the table still grows: the slice would share the table's buffer,
/// and the next append would copy the whole table. So each `see` and each edit step is made with an
/// empty slice, its table's end noted; `fill` gives every step its slice once the last one is read.
struct DirectStepTables {
    /// Every `see`'s items in file order; a sheet's actions are filled in by `fill`.
    var items: [ObservedItem] = []
    /// Every edit's fields in file order.
    var edits: [FieldEdit] = []
    /// Every sheet's actions in file order.
    var actions: [SheetActionObservation] = []
    /// Every field of every `see: { form: }` in file order.
    var fieldsSeen: [NamedValue] = []
    /// For each `see` and each edit step in order, where its run of `items` or `edits` ends.
    var stepEnds: [Int] = []
    /// For each item whose sheet lists its actions, in order, where its run of `actions` ends.
    var actionEnds: [Int] = []
    /// For each `form:` item, in order, where its run of `fieldsSeen` ends.
    var fieldsSeenEnds: [Int] = []
    /// How many elements each table makes room for at its first append: the trace's lines, which bound
    /// its steps (so that a longer trace does not regrow its tables more often, one allocation each).
    let room: Int
    /// Whether `fill` copies each table to its size first (`TraceLoader.trimsTables`).
    let trims: Bool

    init(room: Int, trims: Bool = true) {
        self.room = room
        self.trims = trims
    }

    /// Makes room in `table` at its first append.
    static func prepare<Element>(_ table: inout [Element], room: Int) {
        if table.capacity == 0 { table.reserveCapacity(room) }
    }

    /// `table` in an array of its own size: the tables made room for a trace's every line, and a trace
    /// keeps its tables as long as its steps (a run with reports keeps every trace). Copied even when it
    /// happens to be full, so that what loading allocates does not depend on how full it is. Not copied
    /// for a trace dropped once checked (`trims` off): the copy retained every element once more, and the
    /// table it was made from was freed element by element at once (some 3% of a plain run).
    func trimmed<Element>(_ table: [Element]) -> [Element] {
        guard trims, !table.isEmpty else { return table }
        return [Element](unsafeUninitializedCapacity: table.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: table)
        }
    }

    /// Gives each `see` and edit step of `steps`, read in this order, its slice of the tables.
    mutating func fill(_ steps: inout [Step]) {
        if !actionEnds.isEmpty || !fieldsSeenEnds.isEmpty {
            let actionTable = trimmed(actions)
            let fieldTable = trimmed(fieldsSeen)
            var nextActions = 0
            var actionStart = 0
            var nextFields = 0
            var fieldStart = 0
            for index in items.indices {
                switch items[index].value {
                case .sheet(.details(let title, let message, .some, let outside)):
                    let end = actionEnds[nextActions]
                    nextActions += 1
                    items[index].value = .sheet(
                        .details(
                            title: title, message: message, actions: SheetActions(actionTable, range: actionStart..<end),
                            outsideCancels: outside))
                    actionStart = end
                case .fields:
                    let end = fieldsSeenEnds[nextFields]
                    nextFields += 1
                    items[index].value = .fields(ObservedFields(fieldTable, range: fieldStart..<end))
                    fieldStart = end
                default:
                    continue
                }
            }
        }
        guard !stepEnds.isEmpty else { return }
        let itemTable = trimmed(items)
        let editTable = trimmed(edits)
        var next = 0
        var itemStart = 0
        var editStart = 0
        for index in steps.indices {
            switch steps[index].kind {
            case .see:
                let end = stepEnds[next]
                next += 1
                steps[index].kind = .see(Observation(items: ObservedItems(itemTable, range: itemStart..<end)))
                itemStart = end
            case .action(.edit):
                let end = stepEnds[next]
                next += 1
                steps[index].kind = .action(.edit(FieldEdits(editTable, range: editStart..<end)))
                editStart = end
            default:
                continue
            }
        }
    }
}
