/// A short run of a trace's elements (a `see`'s items, a sheet's actions, an edit's fields), counted
/// from 0, that may share one buffer with the same kind of elements of every other step of its trace.
///
/// Why (issue 37 §1): an array per `see`, per sheet and per edit was most of the loader's heap
/// allocations per step. The direct reader keeps each kind in one flat table per trace and gives every
/// step a slice of it, so that a trace's steps cost a few allocations however many there are. A slice
/// behaves as an array of its own: it is a value, a change to it first copies its own elements out of
/// the shared table (`ownTable`), and it is indexed from 0 wherever its elements stand in the table.
/// Kept, it keeps its trace's whole table alive: what outlives its trace is copied out first (`detached`).
public struct TraceSlice<Element>: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
    ExpressibleByArrayLiteral
{
    /// Positions counted from 0, as an array's are.
    public typealias Index = Int

    /// The buffer the elements stand in (shared, or the slice's own), and where: two 32-bit numbers
    /// rather than an `ArraySlice` (a reference and three words), since a step holds up to two slices
    /// and a run with reports keeps every trace. Inlinable, as every member here, so that the modules
    /// that read steps (reports, the command line) specialise them instead of going through the
    /// generic protocols element by element.
    @usableFromInline var table: [Element]
    @usableFromInline var start: UInt32
    @usableFromInline var length: UInt32

    /// No elements (no allocation).
    @inlinable
    public init() {
        self.init([])
    }

    /// The elements of an array, sharing its buffer.
    @inlinable
    public init(_ array: [Element]) {
        self.init(array, range: 0..<array.count)
    }

    /// `table[range]`, sharing the table's buffer (a table of more than 2³² elements, which no trace
    /// reaches, is copied).
    @inlinable
    public init(_ table: [Element], range: Range<Int>) {
        guard let start = UInt32(exactly: range.lowerBound), let length = UInt32(exactly: range.count) else {
            self.table = Array(table[range])
            self.start = 0
            self.length = UInt32(truncatingIfNeeded: range.count)
            return
        }
        self.table = table
        self.start = start
        self.length = length
    }

    /// The literal's elements, in an array of their own.
    @inlinable
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }

    /// 0, wherever the elements stand in their table.
    @inlinable
    public var startIndex: Int { 0 }
    /// The number of elements.
    @inlinable
    public var endIndex: Int { Int(length) }
    /// The number of elements (without walking them).
    @inlinable
    public var count: Int { Int(length) }
    /// Whether the slice has no elements.
    @inlinable
    public var isEmpty: Bool { length == 0 }

    /// The element at `position`, counted from 0; setting it first copies the slice's elements out of a
    /// shared table.
    @inlinable
    public subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < Int(length), "TraceSlice index out of range")
            return table[Int(start) + position]
        }
        _modify {
            precondition(position >= 0 && position < Int(length), "TraceSlice index out of range")
            ownTable()
            yield &table[position]
        }
    }

    /// Replaces the elements in `subrange` (counted from 0), after copying the slice's elements out of a
    /// shared table.
    @inlinable
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == Element {
        ownTable()
        table.replaceSubrange(subrange, with: newElements)
        length = UInt32(truncatingIfNeeded: table.count)
    }

    /// Makes room for `minimumCapacity` elements in a table of the slice's own.
    @inlinable
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        ownTable()
        table.reserveCapacity(minimumCapacity)
    }

    /// Before a change: the slice's elements in an array of their own, so that a change copies only them
    /// (the array's own copy on write then keeps other copies of the slice as they were).
    @inlinable
    mutating func ownTable() {
        guard start != 0 || Int(length) != table.count else { return }
        table = Array(table[Int(start)..<(Int(start) + Int(length))])
        start = 0
    }

    /// The elements as an array of their own.
    @inlinable
    public var array: [Element] { Array(table[Int(start)..<(Int(start) + Int(length))]) }
}

extension TraceSlice: Sendable where Element: Sendable {}

extension TraceSlice: Equatable where Element: Equatable {
    /// Whether the two hold equal elements in the same order, wherever each stands in its table.
    @inlinable
    public static func == (lhs: TraceSlice, rhs: TraceSlice) -> Bool {
        lhs.elementsEqual(rhs)
    }
}

extension TraceSlice: Hashable where Element: Hashable {
    /// Hashes the elements and their count, so that equal slices hash alike.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

extension TraceSlice: CustomStringConvertible {
    /// As an array prints itself, so that messages and test failures read as before.
    @inlinable
    public var description: String { array.description }
}

extension TraceSlice: CustomReflectable {
    /// Its elements alone, as an array shows them (`dump`): not the table it shares, nor where it stands.
    public var customMirror: Mirror { Mirror(self, unlabeledChildren: array, displayStyle: .collection) }
}
