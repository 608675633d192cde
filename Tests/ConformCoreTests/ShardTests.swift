import Foundation
import Testing

@testable import ConformCore

@Suite("Core: Shards: K/N, Bazel's variables, and how files are dealt")
struct ShardTests {
    @Test("K/N is 1-based; anything else is refused with the reason")
    func parse() throws {
        #expect(try Shard.parse("2/4") == Shard(index: 2, count: 4))
        #expect(try Shard.parse("1/1") == Shard(index: 1, count: 1))
        #expect(throws: Shard.ParseError.outOfRange("0/4", count: 4)) { try Shard.parse("0/4") }
        #expect(throws: Shard.ParseError.outOfRange("5/4", count: 4)) { try Shard.parse("5/4") }
        #expect(throws: Shard.ParseError.noShards("1/0")) { try Shard.parse("1/0") }
        for text in ["x", "", "1", "1/", "/4", "1/4/4", " 1/4", "+1/4", "-1/4", "1.0/4", "１/4", "9999999999/9999999999"] {
            #expect(throws: Shard.ParseError.malformed(text)) { try Shard.parse(text) }
        }
        #expect(
            Shard.ParseError.outOfRange("5/4", count: 4).description
                == "invalid --shard '5/4': K must be from 1 to 4 (shards are numbered from 1)")
    }

    @Test("Bazel: TEST_TOTAL_SHARDS and a 0-based TEST_SHARD_INDEX")
    func bazel() throws {
        #expect(try Shard.bazel(environment: [:]) == nil)
        #expect(try Shard.bazel(environment: ["TEST_TOTAL_SHARDS": ""]) == nil)
        #expect(try Shard.bazel(environment: ["TEST_TOTAL_SHARDS": "4", "TEST_SHARD_INDEX": "0"]) == Shard(index: 1, count: 4))
        #expect(try Shard.bazel(environment: ["TEST_TOTAL_SHARDS": "4", "TEST_SHARD_INDEX": "3"]) == Shard(index: 4, count: 4))
        #expect(throws: Shard.ParseError.bazel(total: "4", index: "4")) {
            try Shard.bazel(environment: ["TEST_TOTAL_SHARDS": "4", "TEST_SHARD_INDEX": "4"])
        }
        #expect(throws: Shard.ParseError.bazel(total: "4", index: nil)) { try Shard.bazel(environment: ["TEST_TOTAL_SHARDS": "4"]) }
        #expect(throws: Shard.ParseError.bazel(total: "0", index: "0")) {
            try Shard.bazel(environment: ["TEST_TOTAL_SHARDS": "0", "TEST_SHARD_INDEX": "0"])
        }
    }

    static let keys: [String] = (0..<101).map { "App\($0 % 7)/trace-\($0).yaml" } + ["a.yaml", "b.yml", "deep/er/c.json"]

    @Test("every key in exactly one shard, sizes within one of each other", arguments: [1, 2, 3, 4, 5, 8, 13, 200])
    func partition(count: Int) throws {
        var seen: [Int] = []
        var sizes: [Int] = []
        for index in 1...count {
            let selected = try #require(Shard(index: index, count: count)).select(Self.keys)
            #expect(selected == selected.sorted(), "in discovery order")
            seen += selected
            sizes.append(selected.count)
        }
        #expect(seen.sorted() == Array(Self.keys.indices))
        #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1, "\(sizes)")
    }

    @Test("the shard of a key does not depend on the order keys are found in")
    func orderIndependent() throws {
        var generator = SplitMix(seed: 7)
        let shuffled = Self.keys.shuffled(using: &generator)
        for index in 1...4 {
            let shard = try #require(Shard(index: index, count: 4))
            #expect(Set(shard.select(Self.keys).map { Self.keys[$0] }) == Set(shard.select(shuffled).map { shuffled[$0] }))
        }
    }

    @Test("the split is pinned: the same on every machine and in every release that keeps the rule's name")
    func pinned() throws {
        let shard = try #require(Shard(index: 1, count: 3))
        #expect(
            shard.select(["a.yaml", "b.yaml", "c.yaml", "d.yaml", "e.yaml", "f.yaml"]).map { "abcdef".map(String.init)[$0] }
                == Self.pinnedFirstOfThree)
        #expect(Shard.selection == "fnv1a64-relative-path-dealt")
    }

    /// Worked out apart from `select` (a few lines of Python over FNV-1a); a change here changes which shard every trace runs in.
    static let pinnedFirstOfThree = ["b", "d"]

    @Test("FNV-1a 64: the published test vectors")
    func fnv() {
        #expect(StableHash.fnv1a("") == 0xcbf2_9ce4_8422_2325)
        #expect(StableHash.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(StableHash.fnv1a("foobar") == 0x8594_4171_f739_67e8)
        var hash = StableHash()
        hash.combine("a")
        #expect(hash.hex.count == 16)
    }

    @Test("FNV-1a 64: bytes in one buffer hash as the same bytes one by one")
    func fnvBuffers() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        var contiguous = StableHash()
        contiguous.combine(bytes)
        contiguous.combine(bytes[10..<20])
        var byteByByte = StableHash()
        byteByByte.combine(bytes.lazy.map { $0 })
        byteByByte.combine(AnySequence(bytes[10..<20]))
        #expect(contiguous == byteByByte)
        var bridged = StableHash()
        bridged.combine(Array("foobar".utf8))
        #expect(bridged.value == 0x8594_4171_f739_67e8)
    }

    @Test("Base64: RFC 4648's examples, round trips, and what is not Base64")
    func base64() {
        let examples = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in examples {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
            #expect(Base64.decode(encoded) == Array(plain.utf8))
        }
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        #expect(Base64.decode(Base64.encode(bytes)) == bytes)
        #expect(Base64.encode(bytes) == Data(bytes).base64EncodedString())
        for bad in ["Zg=", "Z===", "Zg==Zg==", "Zm9v!", "=Zm9"] { #expect(Base64.decode(bad) == nil, "\(bad)") }
    }

    @Test("JSON values survive a round trip through Codable with their key order, and numbers JSON cannot hold")
    func jsonValueCodable() throws {
        let value = JSONValue.object([
            ("z", .number(1)), ("a", .array([.bool(true), .null, .string("s"), .number(0.1), .number(-2.5e300)])),
            ("nested", .object([("y", .object([])), ("x", .array([]))])), ("nan", .number(.nan)), ("inf", .number(-.infinity)),
        ])
        let data = try JSONEncoder().encode(value)
        let back = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(back.serialized() == value.serialized())
    }
}

/// A seeded generator, so that a shuffled test is the same every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
