import Testing

@testable import ConformCore

/// `TraceSlice`: slices of one shared table behave as arrays of their own (issue 37 §1).
@Suite("Core: TraceSlice")
struct TraceSliceTests {
    @Test("a slice of a table is indexed from 0 and holds only its own elements")
    func indexedFromZero() {
        let table = [10, 11, 12, 13, 14]
        let slice = TraceSlice(table, range: 2..<4)
        #expect(slice.count == 2)
        #expect(slice[0] == 12 && slice[1] == 13)
        #expect(Array(slice) == [12, 13])
        #expect(slice.array == [12, 13])
        #expect(slice == [12, 13])
        #expect(slice.description == "[12, 13]")
        #expect(TraceSlice(table, range: 5..<5).isEmpty)
    }

    @Test("changing a slice changes neither the table nor another slice of it")
    func valueSemantics() {
        let table = [1, 2, 3, 4]
        var first = TraceSlice(table, range: 0..<2)
        let second = TraceSlice(table, range: 2..<4)
        let copy = first
        first[1] = 20
        first.append(30)
        #expect(first == [1, 20, 30])
        #expect(copy == [1, 2])
        #expect(second == [3, 4])
        #expect(table == [1, 2, 3, 4])
        var whole: TraceSlice<Int> = [5, 6]
        let before = whole
        whole.removeFirst()
        #expect(whole == [6] && before == [5, 6])
    }

    @Test("slices hash as their elements, wherever they stand")
    func hashing() {
        let table = [1, 2, 1, 2]
        #expect(Set([TraceSlice(table, range: 0..<2), TraceSlice(table, range: 2..<4), TraceSlice([1, 2])]).count == 1)
    }
}
