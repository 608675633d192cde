// How a file's outcome is written into a shard result and read back by `conform merge`: every field a
// report reads, and nothing that depends on the process (sets and dictionaries are written sorted).
// The types whose coding is synthesised say `Codable` where they are declared.

extension FileOutcome: Codable {
    private enum CodingKeys: String, CodingKey {
        case summary, results, errors, warnings, evidenceWarnings, revealed, lineLengths
    }

    /// Reads an outcome as `encode(to:)` writes it; `prepared` stays empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            summary: try container.decodeIfPresent(TraceSummary.self, forKey: .summary),
            results: try container.decodeIfPresent([PairResult].self, forKey: .results) ?? [],
            errors: try container.decodeIfPresent([Diagnostic].self, forKey: .errors) ?? [],
            warnings: try container.decodeIfPresent([Diagnostic].self, forKey: .warnings) ?? [])
        // Never more than the warnings there are, whatever a document says (a merge drops that many).
        evidenceWarningCount = try container.decodeIfPresent(Int.self, forKey: .evidenceWarnings) ?? 0
        guard (0...warnings.count).contains(evidenceWarningCount) else {
            throw NumberOutOfRange(
                codingPath: container.codingPath, [.key(CodingKeys.evidenceWarnings.stringValue)],
                "is \(evidenceWarningCount), and the outcome has \(warnings.count) warnings (it counts the last of them, 0 to \(warnings.count))"
            )
        }
        revealed = (try container.decodeIfPresent([String: [String]].self, forKey: .revealed) ?? [:]).mapValues(Set.init)
        let lengths = try container.decodeIfPresent([[Int]].self, forKey: .lineLengths) ?? []
        for (index, pair) in lengths.enumerated() {
            // The path is made only for a pair that is refused.
            let place = { container.codingPath.map(JSONPathStep.init) + [.key(CodingKeys.lineLengths.stringValue), .index(index)] }
            guard pair.count == 2 else {
                throw NumberOutOfRange(place(), "holds \(pair.count) numbers, and a line's length is [line, length]")
            }
            guard (1...Self.maximumLine).contains(pair[0]) else {
                throw NumberOutOfRange(place() + [.index(0)], "is \(pair[0]), and a line is 1 to \(Self.maximumLine)")
            }
            guard (0...Self.maximumLine).contains(pair[1]) else {
                throw NumberOutOfRange(place() + [.index(1)], "is \(pair[1]), and a line's length is 0 to \(Self.maximumLine)")
            }
            lineLengths[pair[0]] = pair[1]
        }
    }

    /// The most lines, and characters in a line, a file conform reads can have (16 MiB, and one more line
    /// than line breaks): the bound of every line, column and length read back from a shard result.
    public static let maximumLine = 16 * 1024 * 1024 + 1

    /// `prepared` is left out: it is a renderer's work, redone where the outcome is read.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(summary, forKey: .summary)
        if !results.isEmpty { try container.encode(results, forKey: .results) }
        if !errors.isEmpty { try container.encode(errors, forKey: .errors) }
        if !warnings.isEmpty { try container.encode(warnings, forKey: .warnings) }
        if evidenceWarningCount > 0 { try container.encode(evidenceWarningCount, forKey: .evidenceWarnings) }
        if !revealed.isEmpty { try container.encode(revealed.mapValues { $0.sorted() }, forKey: .revealed) }
        if !lineLengths.isEmpty {
            try container.encode(lineLengths.sorted { $0.key < $1.key }.map { [$0.key, $0.value] }, forKey: .lineLengths)
        }
    }
}

extension Departure: Codable {
    private enum CodingKeys: String, CodingKey {
        case step, position, state, message, expected, observed, revealed
    }

    /// Read back as the text it was written with: the same sentence and objects, whatever made them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            step: try container.decode(Int.self, forKey: .step), position: try container.decode(TextPosition.self, forKey: .position),
            state: try container.decode(String.self, forKey: .state), message: try container.decode(String.self, forKey: .message),
            expected: try container.decode(JSONValue.self, forKey: .expected),
            observed: try container.decode(JSONValue.self, forKey: .observed))
        revealing = try container.decodeIfPresent(JSONValue.self, forKey: .revealed).map(Revealing.json)
    }

    /// Writes the message and objects as they read, and what the revealing `see` observed.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(step, forKey: .step)
        try container.encode(position, forKey: .position)
        try container.encode(state, forKey: .state)
        try container.encode(message, forKey: .message)
        try container.encode(expected, forKey: .expected)
        try container.encode(observed, forKey: .observed)
        // What `conform merge --baseline` matches on, as the unsharded run does.
        try container.encodeIfPresent(revealed, forKey: .revealed)
    }
}

extension Evidence: Codable {
    private enum CodingKeys: String, CodingKey {
        case path, resolved, step, mediaType, base64, notEmbedded
    }

    /// Reads evidence back; its media type is worked out from the path again, and bytes that are not that image are dropped.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var bytes: [UInt8]?
        if let text = try container.decodeIfPresent(String.self, forKey: .base64) {
            guard let decoded = Base64.decode(text) else {
                throw DecodingError.dataCorruptedError(forKey: .base64, in: container, debugDescription: "not Base64")
            }
            bytes = decoded
        }
        let path = try container.decode(String.self, forKey: .path)
        // A shard document is input like any other: its media type is the path's again, and its bytes
        // are embedded only if they are that image (no `data:text/html` from a forged document).
        let mediaType = Evidence.mediaType(of: path)
        if let read = bytes, !Evidence.isEmbeddable(read, as: mediaType) { bytes = nil }
        self.init(
            path: path, resolved: try container.decode(String.self, forKey: .resolved),
            step: try container.decode(Int.self, forKey: .step), mediaType: mediaType,
            bytes: bytes, notEmbedded: try container.decodeIfPresent(String.self, forKey: .notEmbedded))
    }

    /// The image's bytes as Base64, a third larger rather than four times as a list of numbers.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(resolved, forKey: .resolved)
        try container.encode(step, forKey: .step)
        try container.encodeIfPresent(mediaType, forKey: .mediaType)
        try container.encodeIfPresent(bytes.map(Base64.encode), forKey: .base64)
        try container.encodeIfPresent(notEmbedded, forKey: .notEmbedded)
    }
}

extension JSONValue: Codable {
    /// Objects are written as `{"object": [[key, value], ...]}`, since a JSON decoder need not keep an
    /// object's key order and outputs depend on it; a number JSON cannot hold as `{"number": "nan"}`.
    private enum CodingKeys: String, CodingKey {
        case object, number
    }

    /// Reads a value as `encode(to:)` writes it, objects in their key order.
    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? single.decode(Double.self) {
            self = .number(number)
        } else if let string = try? single.decode(String.self) {
            self = .string(string)
        } else if let items = try? single.decode([JSONValue].self) {
            self = .array(items)
        } else {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let text = try container.decodeIfPresent(String.self, forKey: .number) {
                switch text {
                case "nan": self = .number(.nan)
                case "inf": self = .number(.infinity)
                case "-inf": self = .number(-.infinity)
                default: throw DecodingError.dataCorruptedError(forKey: .number, in: container, debugDescription: "not nan, inf or -inf")
                }
                return
            }
            var pairs = try container.nestedUnkeyedContainer(forKey: .object)
            var members: [(String, JSONValue)] = []
            while !pairs.isAtEnd {
                var pair = try pairs.nestedUnkeyedContainer()
                members.append((try pair.decode(String.self), try pair.decode(JSONValue.self)))
            }
            self = .object(members)
        }
    }

    /// Writes scalars and arrays as JSON does, an object as `{"object": [[key, value], ...]}` and a number JSON
    /// cannot hold as `{"number": "nan"}`, so that key order and every number survive.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let bool):
            var single = encoder.singleValueContainer()
            try single.encode(bool)
        case .number(let number) where number.isFinite:
            var single = encoder.singleValueContainer()
            try single.encode(number)
        case .number(let number):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(number.isNaN ? "nan" : number > 0 ? "inf" : "-inf", forKey: .number)
        case .string(let string):
            var single = encoder.singleValueContainer()
            try single.encode(string)
        case .array(let items):
            var single = encoder.singleValueContainer()
            try single.encode(items)
        case .object(let members):
            var container = encoder.container(keyedBy: CodingKeys.self)
            var pairs = container.nestedUnkeyedContainer(forKey: .object)
            for (key, value) in members {
                var pair = pairs.nestedUnkeyedContainer()
                try pair.encode(key)
                try pair.encode(value)
            }
        }
    }
}
