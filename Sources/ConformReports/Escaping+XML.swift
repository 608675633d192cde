extension Escaping {
    /// Text and attribute values in HTML and XML 1.0. Control characters that XML forbids even as
    /// references become U+FFFD, so that no trace text can make a report unreadable.
    public static func xml(_ text: String) -> String {
        // Most text needs nothing: one pass over its bytes says so (a report escapes every cell's text).
        if text.utf8.allSatisfy(isPlainXMLByte) { return text }
        return escapedXML(text, body: false)
    }

    /// XML text content where line breaks should stay line breaks (element bodies): each line as `xml`
    /// escapes it, carriage returns dropped (a "\r\n" is a character of its line, written `&#10;`).
    public static func xmlBody(_ text: String) -> String {
        // A JUnit report has a body per broken claim, of several lines with JSON in them: escaped
        // byte by byte (splitting it into lines and their scalars took a tenth of a failing run).
        if text.utf8.allSatisfy({ $0 == UInt8(ascii: "\n") || isPlainXMLByte($0) }) { return text }
        return escapedXML(text, body: true)
    }

    /// `xml`'s escaping, byte by byte (scalar by scalar it took a tenth of a failing run's reports);
    /// in a `body`, line breaks stay and carriage returns go, as `xmlBody` says.
    private static func escapedXML(_ text: String, body: Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + text.utf8.count / 4)
        appendEscapedXML(text, body: body, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `escapedXML`'s bytes, appended to `out` (`ReportBytes` writes rows of them).
    static func appendEscapedXML(_ text: String, body: Bool, to out: inout [UInt8]) {
        let bytes = Array(text.utf8)
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\n") where body: out.append(byte)
            // "\r\n" is one character, not a line break, to the splitting `xmlBody` matches: its "\n" is escaped.
            case UInt8(ascii: "\r") where body && index < bytes.count && bytes[index] == UInt8(ascii: "\n"):
                out.append(contentsOf: "&#10;".utf8)
                index += 1
            case UInt8(ascii: "\r") where body: break
            case UInt8(ascii: "\n"): out.append(contentsOf: "&#10;".utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: "&#13;".utf8)
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
            case UInt8(ascii: "\t"): out.append(contentsOf: "&#9;".utf8)
            case 0..<0x20, 0x7F: out += replacement
            // U+0080 to U+009F (C1 controls), and U+FFFE and U+FFFF: forbidden in XML.
            case 0xC2 where index < bytes.count && (0x80...0x9F).contains(bytes[index]):
                out += replacement
                index += 1
            case 0xEF where index + 1 < bytes.count && bytes[index] == 0xBF && (0xBE...0xBF).contains(bytes[index + 1]):
                out += replacement
                index += 2
            default: out.append(byte)
            }
        }
    }

    /// Whether `xml` keeps this byte as it is, whatever bytes are around it.
    /// 0xC2 starts the C1 controls and 0xEF U+FFFE and U+FFFF (and other characters: the slow path).
    @inline(__always)
    static func isPlainXMLByte(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte != 0x7F && byte != 0xC2 && byte != 0xEF
            && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">")
            && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
    }

    static func isForbiddenInXML(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return value != 0x09 && value != 0x0A && value != 0x0D }
        return value == 0xFFFE || value == 0xFFFF || (0x7F...0x9F).contains(value)
    }

    /// A relative path as a URI reference (SARIF `artifactLocation.uri`): each segment percent-encoded.
    /// Byte by byte into bytes (the SARIF report makes one per result, thousands in a failing run).
    public static func uriPath(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            if isUnreservedInPath(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// An ASCII letter or digit, `-`, `.`, `_`, `~` or `/`: what a path keeps as it is in a URI.
    private static func isUnreservedInPath(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
            return true
        default:
            return false
        }
    }
}
