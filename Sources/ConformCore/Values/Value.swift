/// A runtime value: what a trace records and what a policy's expressions compute.
public enum Value: Hashable, Sendable {
    /// `null`, or a key left empty.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; whole numbers are written without a fraction.
    case number(Double)
    /// A text.
    case string(String)
    /// A case of an enumeration, e.g. `enabled` for a button or `none` for a sheet.
    case symbol(String)
    /// A value known only to differ from every other one (`edit: FIELD` without a value, or a field
    /// whose opening value the trace does not give).
    case opaque(Int)

    /// Exact comparison, except that numbers compare within a rounding tolerance so that arithmetic
    /// in a policy (`0.1 + 0.2`) matches the value a recorder wrote (`0.3`).
    /// An enumeration case equals the same word given as a string (a trace's field or argument).
    public func matches(_ other: Value) -> Bool {
        switch (self, other) {
        case (.number(let a), .number(let b)): return a == b || abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
        case (.symbol(let a), .string(let b)), (.string(let a), .symbol(let b)): return a == b
        default: return self == other
        }
    }

    /// The value as a person reads it in a message: strings in quotes, numbers without a needless `.0`.
    public var display: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return Value.format(n)
        case .string(let s): return "'\(s)'"
        case .symbol(let s): return s
        case .opaque: return "(a new value)"
        }
    }

    /// `display`, written into `out`: a string without making its quoted copy first (a JSON report writes
    /// one into every message of a departure at a value).
    public func writeDisplay(to out: inout some TextOutputStream) {
        guard case .string(let text) = self else { return out.write(display) }
        out.write("'")
        out.write(text)
        out.write("'")
    }

    /// Formats a number as YAML and JSON write it: integers without a fraction.
    public static func format(_ number: Double) -> String {
        if number.isNaN { return ".nan" }
        if number.isInfinite { return number < 0 ? "-.inf" : ".inf" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }

    /// The JSON form used in `expected` / `observed`.
    public var json: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .symbol(let s): return .string(s)
        case .opaque: return .string("(a new value)")
        }
    }

    /// Types a plain (unquoted) YAML scalar by the YAML 1.2 core schema.
    public static func resolvingPlainScalar(_ text: String) -> Value {
        // Most scalars are words: decide from the first byte before comparing whole strings.
        guard let first = text.utf8.first else { return .null }
        switch first {
        case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"),
            UInt8(ascii: "~"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            break
        default:
            return .string(text)
        }
        // The words below have at most 5 bytes: longer scalars need not be compared with each.
        if text.utf8.count <= 5 {
            switch text {
            case "", "~", "null", "Null", "NULL": return .null
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number(.infinity)
            case "-.inf", "-.Inf", "-.INF": return .number(-.infinity)
            case ".nan", ".NaN", ".NAN": return .number(.nan)
            default: break
            }
        }
        if let number = parseNumber(text) { return .number(number) }
        return .string(text)
    }

    private static func parseNumber(_ text: String) -> Double? {
        var utf8 = text
        return utf8.withUTF8 { parseNumber(bytes: $0, text: text) }
    }

    private static func parseNumber(bytes scalars: UnsafeBufferPointer<UInt8>, text: String) -> Double? {
        guard !scalars.isEmpty else { return nil }
        let first = scalars[0]
        // `0x` and `0o`, read from the bytes: a list of the prefixes was made at every call (issue 37: a
        // loader allocates nothing per step).
        let radixMark = scalars.count >= 2 && first == UInt8(ascii: "0") ? scalars[1] : 0
        if radixMark == UInt8(ascii: "x") || radixMark == UInt8(ascii: "o") {
            let radix = radixMark == UInt8(ascii: "x") ? 16 : 8
            let digits = text.dropFirst(2)
            // Int64(_:radix:) would also take a sign; the core schema takes digits only.
            guard !digits.isEmpty, digits.allSatisfy({ $0.isHexDigit && Int(String($0), radix: radix) != nil }),
                let value = UInt64(digits, radix: radix)
            else { return nil }
            return Double(value)
        }
        // Core schema: [-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
        var index = 0
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { index += 1 }
        var digits = 0
        while index < scalars.count, isDigit(scalars[index]) {
            index += 1
            digits += 1
        }
        if index < scalars.count, scalars[index] == UInt8(ascii: ".") {
            index += 1
            while index < scalars.count, isDigit(scalars[index]) {
                index += 1
                digits += 1
            }
        }
        guard digits > 0 else { return nil }
        if index < scalars.count, scalars[index] == UInt8(ascii: "e") || scalars[index] == UInt8(ascii: "E") {
            index += 1
            if index < scalars.count, scalars[index] == UInt8(ascii: "-") || scalars[index] == UInt8(ascii: "+") {
                index += 1
            }
            var exponentDigits = 0
            while index < scalars.count, isDigit(scalars[index]) {
                index += 1
                exponentDigits += 1
            }
            guard exponentDigits > 0 else { return nil }
        }
        guard index == scalars.count else { return nil }
        return Double(text)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
}
