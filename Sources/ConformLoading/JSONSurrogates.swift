import ConformCore

/// JSON writes a character beyond U+FFFF as an escaped UTF-16 pair (`"\ud83d\ude00"`: Python's
/// `json.dumps` does so for every emoji), which YAML's `\u` escape cannot express, so libyaml refuses
/// it. A `.json` file's pairs are rewritten as YAML's 8-digit escape (`\U0001F600`, the same
/// character) before reading, and every position is moved back to the file's own column. A lone
/// surrogate is no character at all: a located problem, as JSON (RFC 8259) allows only pairs.
struct JSONSurrogates {
    /// The bytes with each pair rewritten.
    var bytes: [UInt8]
    /// Per line, the columns (in the rewritten text) from which a rewrite moved the rest of the line, with
    /// how far in all (2 columns a pair: 12 characters became 10).
    private var shifts: [Int: [(column: Int, delta: Int)]] = [:]
    /// The lone surrogates found, where the original file has them.
    var problems: [Problem] = []

    /// `nil` when the bytes hold no escaped surrogate (the common case costs one scan).
    static func rewrite(_ input: [UInt8]) -> JSONSurrogates? {
        guard containsSurrogateEscape(input) else { return nil }
        var result = JSONSurrogates(bytes: [])
        result.bytes.reserveCapacity(input.count)
        var line = 1
        var column = 1
        var inString = false
        var index = 0
        var lineDelta = 0
        while index < input.count {
            let byte = input[index]
            if byte == 0x0A {
                result.bytes.append(byte)
                line += 1
                column = 1
                lineDelta = 0
                inString = false
                index += 1
                continue
            }
            if inString, byte == UInt8(ascii: "\\"), index + 1 < input.count {
                if let high = hexEscape(input, at: index), (0xD800...0xDFFF).contains(high) {
                    if high <= 0xDBFF, let low = hexEscape(input, at: index + 6), (0xDC00...0xDFFF).contains(low) {
                        let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                        result.bytes += Array(("\\U" + hex8(scalar)).utf8)
                        // What follows on this line stands 2 columns further left than in the file.
                        let rewrittenColumn = column - lineDelta + 10
                        lineDelta += 2
                        result.shifts[line, default: []].append((column: rewrittenColumn, delta: lineDelta))
                        column += 12
                        index += 12
                        continue
                    }
                    let text = String(decoding: input[index..<index + 6], as: UTF8.self)
                    result.problems.append(
                        Problem(
                            "'\(text)' is half of a UTF-16 surrogate pair; JSON allows such an escape only as a pair (RFC 8259)",
                            at: TextPosition(line: line, column: column)))
                }
                // An escape's second character can be a quote: both are copied, so it does not end the string.
                result.bytes.append(byte)
                result.bytes.append(input[index + 1])
                column += 2
                index += 2
                continue
            }
            if byte == UInt8(ascii: "\"") { inString.toggle() }
            result.bytes.append(byte)
            if byte & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return result
    }

    /// Where a position of the rewritten text stands in the file.
    func original(_ position: TextPosition) -> TextPosition {
        guard let moves = shifts[position.line] else { return position }
        let delta = moves.last { $0.column <= position.column }?.delta ?? 0
        return TextPosition(line: position.line, column: position.column + delta)
    }

    private static func containsSurrogateEscape(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") || bytes[index + 1] == UInt8(ascii: "U"),
                bytes[index + 2] == UInt8(ascii: "d") || bytes[index + 2] == UInt8(ascii: "D")
            {
                return true
            }
            index += 1
        }
        return false
    }

    /// The value of `\uXXXX` at `index`, if the bytes there are one.
    private static func hexEscape(_ bytes: [UInt8], at index: Int) -> Int? {
        guard index + 5 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
        return Int(String(decoding: bytes[index + 2..<index + 6], as: UTF8.self), radix: 16)
    }

    private static func hex8(_ value: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}
