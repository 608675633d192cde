extension Escaping {
    /// A file path in HTML text: escaped as `xml` does, with a `<wbr>` after each `/` (and `\`), so that a
    /// path too long for its column wraps between folders (`Traces/Calendar/<wbr>edit.yaml`) rather than
    /// inside a name. Escaping never makes a `/`, so every `<wbr>` follows a separator of the path itself.
    public static func htmlPath(_ path: String) -> String {
        let escaped = xml(path)
        guard escaped.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) else { return escaped }
        // In ASCII text every byte is a character of its own but "\r\n", so the bytes can be walked (by
        // characters, a table of 1,000 broken claims took 20 M instructions over its paths).
        if escaped.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(escaped.utf8.count + 16)
            for byte in escaped.utf8 {
                bytes.append(byte)
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") { bytes.append(contentsOf: "<wbr>".utf8) }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var out = ""
        out.reserveCapacity(escaped.utf8.count + 16)
        for character in escaped {
            out.append(character)
            if character == "/" || character == "\\" { out += "<wbr>" }
        }
        return out
    }
}
