/// A short run of a trace's elements (a `see`'s items, a sheet's actions, an edit's fields), counted
/// from 0, that may share one buffer with the same kind of elements of every other step of its trace.
///
/// Why (issue 37 §1): an array per `see`, per sheet and per edit was most of the loader's heap
/// allocations per step. The direct reader keeps each kind in one flat table per trace and gives every
/// step a slice of it, so that a trace's steps cost a few allocations however many there are. A slice
/// behaves as an array of its own: it is a value, a change to it copies only its own elements
/// (`ArraySlice`'s copy on write), and it is indexed from 0 wherever its elements stand in the table.
/// Kept, it keeps its trace's whole table alive.
public struct TraceSlice<Element>: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
    ExpressibleByArrayLiteral
{
    public typealias Index = Int

    /// The elements, wherever they start in the buffer they share.
    private var elements: ArraySlice<Element>

    /// No elements (no allocation).
    public init() {
        elements = []
    }

    /// The elements of an array, sharing its buffer.
    public init(_ array: [Element]) {
        elements = array[...]
    }

    /// Elements of a table, sharing its buffer.
    public init(_ slice: ArraySlice<Element>) {
        elements = slice
    }

    public init(arrayLiteral elements: Element...) {
        self.elements = elements[...]
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { elements.count }
    public var count: Int { elements.count }
    public var isEmpty: Bool { elements.isEmpty }

    public subscript(position: Int) -> Element {
        get { elements[elements.startIndex + position] }
        _modify { yield &elements[elements.startIndex + position] }
    }

    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == Element {
        let base = elements.startIndex
        elements.replaceSubrange((base + subrange.lowerBound)..<(base + subrange.upperBound), with: newElements)
    }

    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        elements.reserveCapacity(minimumCapacity)
    }

    /// The elements as an array of their own.
    public var array: [Element] { Array(elements) }
}

extension TraceSlice: Sendable where Element: Sendable {}

extension TraceSlice: Equatable where Element: Equatable {
    public static func == (lhs: TraceSlice, rhs: TraceSlice) -> Bool {
        lhs.elements.elementsEqual(rhs.elements)
    }
}

extension TraceSlice: Hashable where Element: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(elements.count)
        for element in elements { hasher.combine(element) }
    }
}

extension TraceSlice: CustomStringConvertible {
    /// As an array prints itself, so that messages and test failures read as before.
    public var description: String { Array(elements).description }
}
