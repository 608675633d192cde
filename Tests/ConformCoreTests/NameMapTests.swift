import Testing

@testable import ConformCore

/// `NameMap` stands in for the `Dictionary`s a replay's model kept (edited fields, learnt roles): it must
/// answer, compare and hash as they did, both while it searches in order and once it keeps positions.
@Suite("Core: NameMap answers as the dictionary it replaced")
struct NameMapTests {
    /// Applies the same updates and removals to a map and a dictionary; they must agree after each.
    private func agree(_ operations: [(name: String, value: Int?)]) {
        var map = NameMap<Int>()
        var dictionary: [String: Int] = [:]
        for (step, operation) in operations.enumerated() {
            let fromMap: Int?
            let fromDictionary: Int?
            if let value = operation.value {
                fromMap = map.updateValue(value, forKey: operation.name)
                fromDictionary = dictionary.updateValue(value, forKey: operation.name)
            } else {
                fromMap = map.removeValue(forKey: operation.name)
                fromDictionary = dictionary.removeValue(forKey: operation.name)
            }
            #expect(fromMap == fromDictionary, "previous value at operation \(step)")
            #expect(map.count == dictionary.count, "count at operation \(step)")
            #expect(map.isEmpty == dictionary.isEmpty)
            for name in Set(operations.map(\.name)) {
                #expect(map[name] == dictionary[name], "\(name) at operation \(step)")
            }
        }
        var listed: [String: Int] = [:]
        map.forEveryEntry { listed[$0] = $1 }
        #expect(listed == dictionary)
    }

    @Test("updates, removals and look-ups agree with a Dictionary while the map is small")
    func small() {
        agree([
            ("title", 1), ("notes", 2), ("title", 3), ("url", 4), ("notes", nil), ("notes", 5), ("missing", nil), ("title", nil),
            ("url", nil),
        ])
    }

    @Test("past the names searched in order, positions keep every answer the same, removals included")
    func large() {
        let limit = NameMap<Int>.searchedInOrder
        var operations: [(name: String, value: Int?)] = (0..<(limit * 3)).map { ("field\($0)", $0) }
        // Removals from the middle, the end and the start move the last entry: its position must follow.
        operations += [("field5", nil), ("field\(limit * 3 - 1)", nil), ("field0", nil), ("field7", 70), ("field5", 50)]
        operations += (0..<limit).map { ("field\($0 * 2)", nil) }
        operations += [("field1", 10), ("new", 1)]
        agree(operations)
    }

    @Test("equal and hashed alike whatever order the entries came in, as a Dictionary is")
    func orderFree() {
        for count in [3, NameMap<Int>.searchedInOrder + 5] {
            var forward = NameMap<Int>()
            var backward = NameMap<Int>()
            for index in 0..<count { forward.updateValue(index, forKey: "f\(index)") }
            for index in (0..<count).reversed() { backward.updateValue(index, forKey: "f\(index)") }
            #expect(forward == backward)
            #expect(forward.hashValue == backward.hashValue)
            var other = backward
            other.updateValue(-1, forKey: "f0")
            #expect(other != forward)
            other.updateValue(0, forKey: "f0")
            #expect(other == forward)
            other.removeValue(forKey: "f1")
            #expect(other != forward)
        }
        // One entry changed back and forth, and one added then removed, leave an equal map.
        var edited = NameMap<Int>()
        edited.updateValue(1, forKey: "a")
        edited.updateValue(2, forKey: "b")
        edited.removeValue(forKey: "a")
        var plain = NameMap<Int>()
        plain.updateValue(2, forKey: "b")
        #expect(edited == plain)
        #expect(edited.hashValue == plain.hashValue)
    }
}
