extension Escaping {
    /// A file path in HTML text: escaped as `xml` does, with a `<wbr>` after each `/` (and `\`), so that a
    /// path too long for its column wraps between folders (`Traces/Calendar/<wbr>edit.yaml`) rather than
    /// inside a name. Escaping never makes a `/`, so every `<wbr>` follows a separator of the path itself.
    public static func htmlPath(_ path: String) -> String {
        let escaped = xml(path)
        guard escaped.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) else { return escaped }
        var out = ""
        out.reserveCapacity(escaped.utf8.count + 16)
        for character in escaped {
            out.append(character)
            if character == "/" || character == "\\" { out += "<wbr>" }
        }
        return out
    }
}
