import ConformCore

/// Reads a run document (`conform run --format json`, the JSON report, `conform merge`'s document) from
/// its bytes, or says why they are not one that can be used: not JSON (at the line and column of the
/// syntax error), not a conform document, another format version, a member of the wrong shape (at its
/// place). Members it does not know are passed over, so that later additive members do not stop it.
///
/// It reads the bytes once, without a tree of the whole document, keeping one copy of each trace's
/// id, file and app however many policies it was checked against: a document of 110,000 results is
/// read in a fraction of a second.
public enum RunDocumentReader {
    /// The document in `bytes`, or why it cannot be used.
    public static func read(_ bytes: [UInt8]) -> Result<RunDocument, RunDocumentRefusal> {
        bytes.withUnsafeBufferPointer { buffer in
            var reading = Reading(JSONByteScanner(buffer))
            return reading.document()
        }
    }
}

/// One reading: the scanner, the first member of the wrong shape, and what the results share.
private struct Reading {
    var scanner: JSONByteScanner
    /// The first member found with another shape than conform writes; said only if the document is of format 1.
    var damage: RunDocumentRefusal?
    /// Where the `"conform"` member's value starts, so that another format version is refused at it.
    var formatOffset: Int?
    /// What the `"conform"` member is when it is not a whole number (`the string '1'`), said at `formatOffset`.
    var formatNotNumber: String?
    /// Policy ids read so far: each result names one, and 110,000 copies of a dozen ids are not needed.
    var policyNames: [String] = []
    /// Messages and states, and `expected` and `observed` values, kept once however often they repeat.
    var texts = TextPool()
    var values = ValuePool()

    init(_ scanner: JSONByteScanner) {
        self.scanner = scanner
    }

    mutating func document() -> Result<RunDocument, RunDocumentRefusal> {
        var document = RunDocument(format: 0)
        var format: Int?
        var hasResults = false
        do throws(JSONSyntaxError) {
            guard scanner.peek() == UInt8(ascii: "{") else {
                guard scanner.peek() != nil else { return .failure(RunDocumentRefusal(.notJSON("the file is empty"))) }
                try scanner.skipValue()
                try scanner.expectEnd()
                return .failure(RunDocumentRefusal(.notConformDocument))
            }
            try scanner.beginObject()
            var first = true
            while let key = try scanner.nextMember(&first) {
                let key = Key(key.bytes)
                if key == "results" { hasResults = true }
                try member(key, of: &document, format: &format)
            }
            try scanner.expectEnd()
        } catch {
            return .failure(RunDocumentRefusal(.notJSON(error.what), at: scanner.position(of: error.offset)))
        }
        if format == nil, hasResults, let found = formatNotNumber {
            return .failure(RunDocumentRefusal(.formatNotNumber(found), at: formatOffset.map(scanner.position(of:))))
        }
        // A trace written as JSON has "conform": 1 too, and so do other commands' documents: a run's has results.
        guard let format, hasResults || format != ConformVersion.runDocumentFormat else {
            return .failure(RunDocumentRefusal(.notConformDocument))
        }
        guard format == ConformVersion.runDocumentFormat else {
            return .failure(RunDocumentRefusal(.otherFormat(format), at: formatOffset.map(scanner.position(of:))))
        }
        if let damage { return .failure(damage) }
        document.format = format
        return .success(document)
    }

    private mutating func member(_ key: Key, of document: inout RunDocument, format: inout Int?) throws(JSONSyntaxError) {
        switch key {
        case "conform":
            scanner.skipWhitespace()
            formatOffset = scanner.index
            try formatVersion(&format)
        case "version": document.version = try string("version")
        case "recordedAt":
            scanner.skipWhitespace()
            let start = scanner.index
            guard let text = try string("recordedAt") else { break }
            switch Timestamp.parse(text) {
            case .success(let moment): document.recordedAt = moment
            case .failure(let refusal):
                if damage == nil {
                    damage = RunDocumentRefusal(
                        .notTime(member: "recordedAt", text: text, reason: refusal.reason), at: scanner.position(of: start))
                }
            }
        case "policies": document.policies = try policies()
        case "results":
            var index = 0
            while try nextElement(of: "results", index: &index) {
                if let result = try result(index - 1, previous: document.results.last) { document.results.append(result) }
            }
        case "errors":
            var index = 0
            while try nextElement(of: "errors", index: &index) {
                if let problem = try problem(index - 1) { document.errors.append(problem) }
            }
        case "summary": document.summary = try summary()
        case "shard": document.shard = try shard()
        default: try scanner.skipValue()
        }
    }

    // MARK: - Members

    /// The `"conform"` member: a whole number, else what it is instead (a string `"1"` is not the version 1).
    private mutating func formatVersion(_ format: inout Int?) throws(JSONSyntaxError) {
        switch scanner.peek() {
        case UInt8(ascii: "\""):
            formatNotNumber = "the string '\(try scanner.stringBytes().string)'"
        case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
            let text = try scanner.numberBytes()
            let number = JSONByteScanner.double(text)
            if number.rounded() == number, abs(number) < 1e15 {
                format = Int(number)
            } else {
                formatNotNumber = "'\(String(decoding: text, as: UTF8.self))', not a whole number"
            }
        default:
            formatNotNumber = scanner.kindOfNext()
            try scanner.skipValue()
        }
    }

    private mutating func policies() throws(JSONSyntaxError) -> [RunDocument.PolicyDigest]? {
        var policies: [RunDocument.PolicyDigest] = []
        var count = 0
        while try nextElement(of: "policies", index: &count) {
            let place = "policies[\(count - 1)]"
            var id: String?
            var digest: String?
            var first = true
            guard try beginObject(place) else { continue }
            while let key = try nextMember(&first) {
                switch key {
                case "id": id = try string("\(place).id")
                case "digest": digest = try string("\(place).digest")
                default: try scanner.skipValue()
                }
            }
            guard let id, let digest else {
                missing(id == nil ? "id" : "digest", in: place)
                continue
            }
            policies.append(RunDocument.PolicyDigest(id: id, digest: digest))
        }
        return policies
    }

    private mutating func result(_ index: Int, previous: RunDocument.Result?) throws(JSONSyntaxError) -> RunDocument.Result? {
        let place = "results[\(index)]"
        guard try beginObject(place) else { return nil }
        var trace: String?
        var file: String?
        var app: String?? = .none
        var policy: String?
        var claimed: Bool?
        var verdict: Verdict.Kind?
        var result = RunDocument.Result(trace: "", file: "", app: nil, policy: "", claimed: false, verdict: .pass)
        var first = true
        while let key = try nextMember(&first) {
            switch key {
            case "trace": trace = try shared("\(place).trace", previous?.trace)
            case "file": file = try shared("\(place).file", previous?.file)
            case "app":
                if scanner.peek() == UInt8(ascii: "n") {
                    try scanner.literal("null")
                    app = .some(nil)
                } else if let name = try shared("\(place).app", previous?.app) {
                    app = .some(name)
                }
            case "policy": policy = try policyName("\(place).policy")
            case "claimed": claimed = try bool("\(place).claimed")
            case "verdict":
                _ = scanner.peek()
                let start = scanner.index
                if let word = try string("\(place).verdict") {
                    verdict = Verdict.Kind(rawValue: word)
                    if verdict == nil { damaged("\(place).verdict", "'\(word)' is not pass, fail, inapplicable or error", at: start) }
                }
            case "step": result.step = try integer("\(place).step")
            case "line": result.line = try integer("\(place).line")
            case "column": result.column = try integer("\(place).column")
            case "state": result.state = try pooled("\(place).state")
            case "message": result.message = try pooled("\(place).message")
            case "expected": result.expected = try values.value(&scanner)
            case "observed": result.observed = try values.value(&scanner)
            case "baselined": result.baselined = try bool("\(place).baselined")
            default: try scanner.skipValue()
            }
        }
        guard let trace, let file, let policy, let claimed, case .some(let app) = app, let verdict else {
            let absent = [
                ("trace", trace == nil), ("file", file == nil), ("app", app == nil), ("policy", policy == nil),
                ("claimed", claimed == nil), ("verdict", verdict == nil),
            ].first { $0.1 }
            // A member of the wrong kind was said already; only one that is not there at all is said here.
            if let absent, damage == nil { missing(absent.0, in: place) }
            return nil
        }
        result.trace = trace
        result.file = file
        result.app = app
        result.policy = policy
        result.claimed = claimed
        result.verdict = verdict
        return result
    }

    private mutating func problem(_ index: Int) throws(JSONSyntaxError) -> RunDocument.Problem? {
        let place = "errors[\(index)]"
        guard try beginObject(place) else { return nil }
        var file: String?
        var line: Int?
        var column: Int?
        var message: String?
        var first = true
        while let key = try nextMember(&first) {
            switch key {
            case "file": file = try string("\(place).file")
            case "line": line = try optionalInteger("\(place).line")
            case "column": column = try optionalInteger("\(place).column")
            case "message": message = try string("\(place).message")
            default: try scanner.skipValue()
            }
        }
        guard let file, let message else {
            missing(file == nil ? "file" : "message", in: place)
            return nil
        }
        return RunDocument.Problem(file: file, line: line, column: column, message: message)
    }

    private mutating func summary() throws(JSONSyntaxError) -> RunDocument.Summary? {
        guard try beginObject("summary") else { return nil }
        var counts: [String: Int] = [:]
        var first = true
        while let key = try nextMember(&first) {
            switch key {
            case "traces", "policies", "errors":
                counts[key.text] = try integer("summary.\(key.text)")
            case "claims":
                guard try beginObject("summary.claims") else { continue }
                var firstClaim = true
                while let claim = try nextMember(&firstClaim) {
                    switch claim {
                    case "pass", "fail", "baselined": counts["claims." + claim.text] = try integer("summary.claims.\(claim.text)")
                    default: try scanner.skipValue()
                    }
                }
            default: try scanner.skipValue()
            }
        }
        for name in ["traces", "policies", "claims.pass", "claims.fail", "errors"] where counts[name] == nil {
            missing(name, in: "summary")
            return nil
        }
        return RunDocument.Summary(
            traces: counts["traces"] ?? 0, policies: counts["policies"] ?? 0, claimsPassed: counts["claims.pass"] ?? 0,
            claimsFailed: counts["claims.fail"] ?? 0, claimsBaselined: counts["claims.baselined"], errors: counts["errors"] ?? 0)
    }

    /// `K/N` from a shard's header; its other members are `conform merge`'s business.
    private mutating func shard() throws(JSONSyntaxError) -> String? {
        guard try beginObject("shard") else { return nil }
        var index: Int?
        var count: Int?
        var first = true
        while let key = try nextMember(&first) {
            switch key {
            case "index": index = try integer("shard.index")
            case "count": count = try integer("shard.count")
            default: try scanner.skipValue()
            }
        }
        return "\(index.map(String.init) ?? "?")/\(count.map(String.init) ?? "?")"
    }

    // MARK: - Shapes

    /// Opens the object at `place`: `false` (the value passed over, the damage recorded) when it is not one.
    private mutating func beginObject(_ place: @autoclosure () -> String) throws(JSONSyntaxError) -> Bool {
        guard scanner.peek() == UInt8(ascii: "{") else {
            try wrongKind(place(), "an object")
            return false
        }
        try scanner.beginObject()
        return true
    }

    private mutating func nextMember(_ first: inout Bool) throws(JSONSyntaxError) -> Key? {
        try scanner.nextMember(&first).map { Key($0.bytes) }
    }

    /// The array at `place` element by element: `index` counts the elements begun (0 opens the array).
    /// Not an array: `false` at once, the value passed over and the damage recorded.
    private mutating func nextElement(of place: String, index: inout Int) throws(JSONSyntaxError) -> Bool {
        if index == 0 {
            guard scanner.peek() == UInt8(ascii: "[") else {
                try wrongKind(place, "an array")
                return false
            }
            try scanner.beginArray()
        }
        var first = index == 0
        guard try scanner.nextElement(&first) else { return false }
        index += 1
        return true
    }

    private mutating func string(_ place: @autoclosure () -> String) throws(JSONSyntaxError) -> String? {
        guard scanner.peek() == UInt8(ascii: "\"") else {
            try wrongKind(place(), "a string")
            return nil
        }
        return try scanner.stringBytes().string
    }

    /// A string that is often the previous result's (its trace, file or app): that one's copy when equal.
    private mutating func shared(_ place: @autoclosure () -> String, _ previous: String?) throws(JSONSyntaxError) -> String? {
        guard scanner.peek() == UInt8(ascii: "\"") else {
            try wrongKind(place(), "a string")
            return nil
        }
        let text = try scanner.stringBytes()
        if let previous, text.equals(previous) { return previous }
        return text.string
    }

    /// A string that many results repeat, kept once.
    private mutating func pooled(_ place: @autoclosure () -> String) throws(JSONSyntaxError) -> String? {
        guard scanner.peek() == UInt8(ascii: "\"") else {
            try wrongKind(place(), "a string")
            return nil
        }
        return texts.text(try scanner.stringBytes())
    }

    private mutating func policyName(_ place: @autoclosure () -> String) throws(JSONSyntaxError) -> String? {
        guard scanner.peek() == UInt8(ascii: "\"") else {
            try wrongKind(place(), "a string")
            return nil
        }
        let text = try scanner.stringBytes()
        if let known = policyNames.first(where: text.equals) { return known }
        let name = text.string
        if policyNames.count < 64 { policyNames.append(name) }
        return name
    }

    private mutating func bool(_ place: @autoclosure () -> String) throws(JSONSyntaxError) -> Bool? {
        switch scanner.peek() {
        case UInt8(ascii: "t"):
            try scanner.literal("true")
            return true
        case UInt8(ascii: "f"):
            try scanner.literal("false")
            return false
        default:
            try wrongKind(place(), "true or false")
            return nil
        }
    }

    private mutating func integer(_ place: @autoclosure () -> String) throws(JSONSyntaxError) -> Int? {
        guard let byte = scanner.peek(), byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
            try wrongKind(place(), "a whole number")
            return nil
        }
        let start = scanner.index
        let number = JSONByteScanner.double(try scanner.numberBytes())
        guard number.rounded() == number, abs(number) < 1e15 else {
            damaged(place(), "\(number) is not a whole number", at: start)
            return nil
        }
        return Int(number)
    }

    private mutating func optionalInteger(_ place: @autoclosure () -> String) throws(JSONSyntaxError) -> Int? {
        if scanner.peek() == UInt8(ascii: "n") {
            try scanner.literal("null")
            return nil
        }
        return try integer(place())
    }

    /// Records that `place` holds another kind of value than `expected`, and passes over it.
    private mutating func wrongKind(_ place: String, _ expected: String) throws(JSONSyntaxError) {
        _ = scanner.peek()
        let start = scanner.index
        let found = scanner.kindOfNext()
        try scanner.skipValue()
        damaged(place, "\(found), where conform writes \(expected)", at: start)
    }

    private mutating func damaged(_ place: String, _ what: String, at offset: Int) {
        guard damage == nil else { return }
        damage = RunDocumentRefusal(.damaged(member: place, what: what), at: scanner.position(of: offset))
    }

    /// Records that the object at `place`, just read, lacks `name`.
    private mutating func missing(_ name: String, in place: String) {
        damaged(place, "no \"\(name)\" member", at: scanner.index)
    }
}

/// A member name as the bytes in the document, compared with the names conform writes without making a string.
private struct Key: ExpressibleByStringLiteral, Equatable {
    typealias StringLiteralType = StaticString

    let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    init(stringLiteral literal: StaticString) {
        bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    static func == (lhs: Key, rhs: Key) -> Bool {
        lhs.bytes.count == rhs.bytes.count && lhs.bytes.elementsEqual(rhs.bytes)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
