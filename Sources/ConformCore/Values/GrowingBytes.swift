/// A growing run of bytes with the cheapest append there is: an `Array`'s append of a few bytes goes
/// through its general sequence machinery (some hundred instructions), and `JSONText` makes millions
/// of small appends in a large run. A value, as an array is: a copy made before a change to shared bytes.
struct GrowingBytes: @unchecked Sendable {
    private final class Storage {
        var base: UnsafeMutablePointer<UInt8>
        var count = 0
        var capacity: Int

        init(capacity: Int) {
            self.capacity = max(capacity, 16)
            base = .allocate(capacity: self.capacity)
        }

        func copy() -> Storage {
            let copy = Storage(capacity: capacity)
            copy.base.initialize(from: base, count: count)
            copy.count = count
            return copy
        }

        deinit {
            base.deallocate()
        }
    }

    private var storage = Storage(capacity: 256)

    var count: Int { storage.count }

    /// Makes the bytes this value's own, with room for `extra` more.
    @inline(__always)
    private mutating func prepare(forAppending extra: Int) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        if storage.count + extra > storage.capacity { grow(toHold: storage.count + extra) }
    }

    private mutating func grow(toHold needed: Int) {
        var capacity = storage.capacity
        while capacity < needed { capacity *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        bigger.moveInitialize(from: storage.base, count: storage.count)
        storage.base.deallocate()
        storage.base = bigger
        storage.capacity = capacity
    }

    mutating func reserveCapacity(_ capacity: Int) {
        prepare(forAppending: max(0, capacity - storage.count))
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        prepare(forAppending: 1)
        storage.base[storage.count] = byte
        storage.count += 1
    }

    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        prepare(forAppending: bytes.count)
        (storage.base + storage.count).initialize(from: source, count: bytes.count)
        storage.count += bytes.count
    }

    mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        for byte in bytes { append(byte) }
    }

    /// `count` copies of `byte`.
    mutating func append(repeating byte: UInt8, count: Int) {
        guard count > 0 else { return }
        prepare(forAppending: count)
        (storage.base + storage.count).initialize(repeating: byte, count: count)
        storage.count += count
    }

    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }
}
