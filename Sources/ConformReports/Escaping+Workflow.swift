extension Escaping {
    /// The data part of a GitHub Actions workflow command (`::error ...::DATA`), as the runner unescapes it.
    public static func workflowData(_ text: String) -> String {
        percentEscaping(text, ["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    /// A property value of a workflow command (`file=`, `title=`).
    public static func workflowProperty(_ text: String) -> String {
        percentEscaping(text, ["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
    }

    /// The table's characters percent-escaped (the runner splits lines at CR and LF only, and unescapes
    /// these); any other control character (an escape sequence that the log viewer would colour or move
    /// by), U+2028, U+2029 and the directional overrides shown inert as U+FFFD; `##[` as `##\[`, as on
    /// the terminal (harmless inside a command, but no line conform writes holds one).
    private static func percentEscaping(_ text: String, _ table: [Unicode.Scalar: String]) -> String {
        var out = ""
        var hashes = 0
        for scalar in text.unicodeScalars {
            defer { hashes = scalar == "#" ? hashes + 1 : 0 }
            if scalar == "[", hashes >= 2 {
                out += "\\["
            } else if let escaped = table[scalar] {
                out += escaped
            } else if isControl(scalar) || isLineBreak(scalar) || isDirectionalOverride(scalar) {
                out.unicodeScalars.append(replacementSign)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
