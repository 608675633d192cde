/// A list of strings kept in one byte buffer, each stored as the bytes that differ from the string
/// before it (front coding): what a run keeps of every file (its path, its trace's id) for the whole
/// run, so that memory stays flat as the number of files grows. Paths in discovery order share all but
/// their last few bytes (`.../form/57/trace-57123.yaml` after `.../form/57/trace-57122.yaml`): a path
/// costs about 8 bytes here against about 100 as a `String` of its own (16 in an array, and a heap
/// object for any string longer than 15 bytes).
///
/// Reading a string decodes it from the nearest restart (a string stored whole, every
/// `restartInterval`), so reading is a little slower than from an array: fine for what is read once
/// per file or only on a duplicate. The bytes are the strings' UTF-8, so each string reads back
/// exactly as it was appended.
public struct CompactStrings: RandomAccessCollection, Sendable, Equatable {
    /// Every `restartInterval`-th string is stored whole, so that none is decoded from further back.
    static let restartInterval = 16

    /// Each string as `shared`, `added` (LEB128 numbers) and then `added` bytes: the first `shared`
    /// bytes of the string before it, then its own.
    private var bytes: [UInt8] = []
    /// Where each restart's string begins in `bytes`.
    private var restarts: [Int] = []
    /// The last string's bytes, to find how much of it the next one shares.
    private var last: [UInt8] = []
    /// How many strings the list holds.
    public private(set) var count = 0

    /// An empty list.
    public init() {}

    /// The strings of `strings`, in order.
    public init(_ strings: some Sequence<String>) {
        for string in strings { append(string) }
    }

    /// The index of the first string: 0.
    public var startIndex: Int { 0 }
    /// One past the index of the last string: `count`.
    public var endIndex: Int { count }

    /// The string at `position`, decoded from the nearest restart.
    public subscript(position: Int) -> String {
        precondition(position >= 0 && position < count, "CompactStrings: index out of range")
        var string: [UInt8] = []
        var offset = restarts[position / Self.restartInterval]
        for _ in 0...(position % Self.restartInterval) {
            let shared = Self.number(in: bytes, at: &offset)
            let added = Self.number(in: bytes, at: &offset)
            string.removeSubrange(shared...)
            string.append(contentsOf: bytes[offset..<offset + added])
            offset += added
        }
        return String(decoding: string, as: UTF8.self)
    }

    /// Whether the UTF-8 bytes of some string satisfy `predicate`: the strings decoded in order, in one
    /// pass and one buffer (through the subscript, each would be decoded again from its restart, and
    /// made a string).
    public func containsBytes(where predicate: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        var string: [UInt8] = []
        var offset = 0
        for _ in 0..<count {
            // A restart's string shares nothing with the one before it: the walk needs no jump.
            let shared = Self.number(in: bytes, at: &offset)
            let added = Self.number(in: bytes, at: &offset)
            string.removeSubrange(shared...)
            string.append(contentsOf: bytes[offset..<offset + added])
            offset += added
            if string.withUnsafeBufferPointer(predicate) { return true }
        }
        return false
    }

    /// Adds `string` at the end, stored as the bytes it does not share with the string before it.
    public mutating func append(_ string: String) {
        var utf8 = Array(string.utf8)
        var shared = 0
        if count % Self.restartInterval == 0 {
            restarts.append(bytes.count)
        } else {
            let limit = Swift.min(last.count, utf8.count)
            while shared < limit, last[shared] == utf8[shared] { shared += 1 }
        }
        Self.append(number: shared, to: &bytes)
        Self.append(number: utf8.count - shared, to: &bytes)
        bytes.append(contentsOf: utf8[shared...])
        swap(&last, &utf8)
        count += 1
    }

    /// Gives back the room kept for more strings (up to as much again as is used, since an array
    /// doubles as it grows), for a list that is complete and kept for the whole run.
    public mutating func shrinkToFit() {
        bytes = Self.exactly(bytes)
        restarts = Self.exactly(restarts)
    }

    private static func exactly<Element>(_ array: [Element]) -> [Element] {
        [Element](unsafeUninitializedCapacity: array.count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: array)
        }
    }

    /// Adds every string of `strings` at the end, in order.
    public mutating func append(contentsOf strings: some Sequence<String>) {
        for string in strings { append(string) }
    }

    /// Whether both lists hold the same strings in the same order.
    public static func == (a: CompactStrings, b: CompactStrings) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }

    private static func append(number: Int, to bytes: inout [UInt8]) {
        var rest = UInt(number)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    private static func number(in bytes: [UInt8], at offset: inout Int) -> Int {
        var value = 0
        var shift = 0
        while true {
            let byte = bytes[offset]
            offset += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }
}
