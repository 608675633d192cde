/// The positions of a list of strings kept elsewhere (0, 1, 2, … in the order they were added), found
/// by their strings' hashes: an open-addressing table of 4-byte slots, and each position's 4-byte hash
/// (so that the table grows without reading the strings again). About 12 bytes a string, where a
/// `Dictionary<String, String>` takes 32 a bucket and keeps up to twice as many buckets as entries.
/// A hash only narrows the search: the caller compares the real strings, so two strings with one hash
/// are told apart.
struct HashedPositions: Sendable {
    /// Each position's hash.
    private var hashes: [UInt32] = []
    /// `position + 1`, or 0 for an empty slot; at most seven eighths are filled (a probe compares two
    /// small numbers, so a full table costs little: 100,000 ids fit in 131,072 slots), a power of two in all.
    private var slots: [UInt32] = []

    var count: Int { hashes.count }

    /// The first position with `hash` for which `matches` holds (the caller's comparison of the real strings).
    func first(hash: UInt32, where matches: (Int) -> Bool) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            let position = Int(slots[slot] - 1)
            if hashes[position] == hash, matches(position) { return position }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Adds the next position (`count`), whose string has `hash`.
    mutating func append(hash: UInt32) {
        precondition(hashes.count < Int(UInt32.max), "HashedPositions: more positions than a slot can name")
        hashes.append(hash)
        if hashes.count * 8 > slots.count * 7 {
            slots = Array(repeating: 0, count: max(16, slots.count * 2))
            for position in hashes.indices { place(position) }
        } else {
            place(hashes.count - 1)
        }
    }

    private mutating func place(_ position: Int) {
        let mask = slots.count - 1
        var slot = Int(hashes[position]) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = UInt32(position + 1)
    }
}
