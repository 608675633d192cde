/// One part of a run split into `count` parts (`conform run --shard K/N`, 1-based), and the rule that
/// says which trace files belong to it.
///
/// The rule depends only on the files' paths relative to the path they were found under: each file is
/// ranked by the FNV-1a hash of that relative path (ties by the path, then by discovery order), and the
/// ranks are dealt out like cards, rank `r` to shard `r % count + 1`. So every file is in exactly one
/// shard; the split is the same on every machine, whatever order the file system lists files in and
/// whatever order the shards run in; and the shards' sizes differ by at most one.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based: from 1 to `count`.
    public let index: Int
    /// How many shards the run is split into.
    public let count: Int

    /// The most shards a run is split into (Docs/Limits.md): `conform merge` reads one document per
    /// shard, and a run of more parts than this would be mostly empty parts.
    public static let maximumCount = 10_000

    /// A shard, or `nil` when `count` is not within 1...`maximumCount` or `index` not within 1...`count`.
    public init?(index: Int, count: Int) {
        guard (1...Self.maximumCount).contains(count), (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Why a text does not name a shard.
    public enum ParseError: Error, Equatable, CustomStringConvertible {
        /// Not `K/N` with two whole numbers.
        case malformed(String)
        /// `N` is 0.
        case noShards(String)
        /// `N` is more than `maximumCount`.
        case tooMany(String)
        /// `K` outside 1...N.
        case outOfRange(String, count: Int)
        /// Bazel's variables: `TEST_SHARD_INDEX` missing, or either not a number, or the index outside 0..<total.
        case bazel(total: String, index: String?)

        /// The message `conform run` prints for the text, naming the option or variables at fault.
        public var description: String {
            switch self {
            case .malformed(let text):
                return "invalid --shard '\(text)': expected K/N, two whole numbers with 1 <= K <= N (e.g. 2/4)"
            case .noShards(let text):
                return "invalid --shard '\(text)': N, the number of shards, must be at least 1"
            case .tooMany(let text):
                return "invalid --shard '\(text)': N, the number of shards, may be at most \(Shard.maximumCount)"
            case .outOfRange(let text, let count):
                return "invalid --shard '\(text)': K must be from 1 to \(count) (shards are numbered from 1)"
            case .bazel(let total, let index):
                return "TEST_TOTAL_SHARDS='\(total)' and TEST_SHARD_INDEX='\(index ?? "")' do not name a shard: "
                    + "expected a total from 1 to \(Shard.maximumCount) and a 0-based index below it"
            }
        }
    }

    /// Reads `K/N` (`--shard`): 1-based, `1 <= K <= N <= maximumCount`.
    public static func parse(_ text: String) throws(ParseError) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Self.number(parts[0]), let count = Self.number(parts[1]) else { throw .malformed(text) }
        guard count >= 1 else { throw .noShards(text) }
        guard count <= maximumCount else { throw .tooMany(text) }
        guard let shard = Shard(index: index, count: count) else { throw .outOfRange(text, count: count) }
        return shard
    }

    /// The shard Bazel asks for through `TEST_TOTAL_SHARDS` and `TEST_SHARD_INDEX` (0-based), or `nil`
    /// when `TEST_TOTAL_SHARDS` is not set (or empty).
    public static func bazel(environment: [String: String]) throws(ParseError) -> Shard? {
        guard let total = environment["TEST_TOTAL_SHARDS"], !total.isEmpty else { return nil }
        let index = environment["TEST_SHARD_INDEX"]
        guard let count = number(Substring(total)), let zeroBased = index.flatMap({ number(Substring($0)) }),
            let shard = Shard(index: zeroBased + 1, count: count)
        else { throw .bazel(total: total, index: index) }
        return shard
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// The positions of the files that belong to this shard, in ascending order.
    /// - Parameter keys: each file's path relative to the path it was found under, in discovery order.
    public func select(_ keys: [String]) -> [Int] {
        let hashes = keys.map(StableHash.fnv1a)
        let ranked = keys.indices.sorted { a, b in
            (hashes[a], keys[a], a) < (hashes[b], keys[b], b)
        }
        var selected: [Int] = []
        selected.reserveCapacity(keys.count / count + 1)
        for (rank, position) in ranked.enumerated() where rank % count == index - 1 { selected.append(position) }
        return selected.sorted()
    }

    /// A whole number in ASCII digits only (no sign, no space), small enough to count shards.
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }
}
