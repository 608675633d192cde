/// Values by name, for the few names a replay's model keeps: the fields a trace has edited
/// (`ModelState`) and the sheet actions whose roles it has learnt.
///
/// A `Dictionary` hashed the name at every look-up (some 300 instructions for a short one), and a
/// replay looks one up at every edit and at every sheet action of every `see`. While the map is small,
/// its names are compared in order instead (two short strings compare in a few instructions); past
/// `searchedInOrder` entries it keeps a dictionary of positions too, so that a form of thousands of
/// fields stays linear.
///
/// Equal, and hashed alike, whatever order its entries came in, as a `Dictionary` is.
struct NameMap<Value: Hashable & Sendable>: Hashable, Sendable {
    private struct Entry: Hashable {
        var name: String
        var value: Value
    }

    private var entries: [Entry] = []
    /// Where each name stands in `entries`, once there are more than `searchedInOrder`.
    private var positions: [String: Int]?

    /// The most entries searched in order.
    static var searchedInOrder: Int { 16 }

    init() {}

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    private func position(of name: String) -> Int? {
        if let positions { return positions[name] }
        for index in 0..<entries.count where entries[index].name == name { return index }
        return nil
    }

    subscript(name: String) -> Value? {
        guard let index = position(of: name) else { return nil }
        return entries[index].value
    }

    /// Sets `name`'s value; returns the value it had.
    @discardableResult
    mutating func updateValue(_ value: Value, forKey name: String) -> Value? {
        if let index = position(of: name) {
            let previous = entries[index].value
            entries[index].value = value
            return previous
        }
        // Room for every entry searched in order at once: grown one at a time, how often the array grows
        // would depend on the room `malloc` happens to give (the allocation tests count it).
        if entries.isEmpty { entries.reserveCapacity(Self.searchedInOrder) }
        entries.append(Entry(name: name, value: value))
        if positions != nil {
            positions?[name] = entries.count - 1
        } else if entries.count > Self.searchedInOrder {
            var made: [String: Int] = [:]
            made.reserveCapacity(entries.count * 2)
            for index in 0..<entries.count { made[entries[index].name] = index }
            positions = made
        }
        return nil
    }

    /// Takes `name` out; returns the value it had.
    @discardableResult
    mutating func removeValue(forKey name: String) -> Value? {
        guard let index = position(of: name) else { return nil }
        // The last entry takes its place: the order of entries means nothing.
        entries.swapAt(index, entries.count - 1)
        let removed = entries.removeLast()
        positions?[name] = nil
        if index < entries.count { positions?[entries[index].name] = index }
        return removed.value
    }

    /// Calls `body` with every name and value, in no particular order.
    func forEveryEntry(_ body: (String, Value) -> Void) {
        for index in 0..<entries.count { body(entries[index].name, entries[index].value) }
    }

    static func == (lhs: NameMap, rhs: NameMap) -> Bool {
        guard lhs.entries.count == rhs.entries.count else { return false }
        for index in 0..<lhs.entries.count where rhs[lhs.entries[index].name] != lhs.entries[index].value { return false }
        return true
    }

    func hash(into hasher: inout Hasher) {
        // Each entry hashed alone and the hashes combined in an order-free way, as `Dictionary` does.
        var combined = 0
        for index in 0..<entries.count { combined ^= entries[index].hashValue }
        hasher.combine(entries.count)
        hasher.combine(combined)
    }
}
