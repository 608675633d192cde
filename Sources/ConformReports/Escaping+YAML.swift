import ConformCore

extension Escaping {
    /// A YAML scalar (a value in a trace conform writes) that reads back as `text`, with conform's YAML
    /// 1.2 reader and with YAML 1.1 readers (PyYAML) alike, and stays on its line: plain only for words,
    /// digits, spaces and `_ . ' - /`, never a word that some YAML reads as a boolean or null; otherwise
    /// double-quoted with JSON's escapes (which YAML shares: every control character, line break and
    /// directional override escaped, and `[` after `##`).
    public static func yaml(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || " _.'-/".unicodeScalars.contains(scalar)
        }
        if safe, let first = text.unicodeScalars.first, first.properties.isAlphabetic, text.last != " ",
            !yaml11Words.contains(text.lowercased()), Value.resolvingPlainScalar(text) == .string(text)
        {
            return text
        }
        return JSONValue.string(text).serialized()
    }

    /// A key conform's vocabulary lets anyone name (a custom domain's verb): plain when it is letters,
    /// digits, `-`, `_` and `.` starting with a letter, as verbs are written; otherwise double-quoted
    /// as `yaml` quotes.
    public static func yamlKey(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
        }
        guard plain, let first = text.unicodeScalars.first, first.properties.isAlphabetic else {
            return JSONValue.string(text).serialized()
        }
        return text
    }

    /// Words YAML 1.1 reads as booleans or null.
    private static let yaml11Words: Set<String> = ["y", "n", "yes", "no", "on", "off", "true", "false", "null"]
}
