import ConformCore

extension Escaping {
    /// A value on a terminal line (standard output or error), or a line conform composed of values,
    /// shown so that it stays one line and nothing in it acts:
    ///
    /// - a line break (LF, CR, CR LF, VT, FF, NEL, U+2028, U+2029) is shown as `⏎`;
    /// - any other control character (an escape sequence, a tab, DEL, C1) and the directional
    ///   overrides and isolates (U+202A-U+202E, U+2066-U+2069) as U+FFFD;
    /// - `##[` (the Actions runner's older command form, found anywhere in a line) as `##\[`;
    /// - a leading `::` (after blanks: the runner's command form) as `\::`.
    ///
    /// Text with none of these is returned as it is, without a copy.
    public static func terminal(_ value: String) -> String {
        if isPlainOnTerminal(value) { return value }
        let scalars = Array(value.unicodeScalars)
        let colons = commandColonsIndex(in: scalars)
        var out = String.UnicodeScalarView()
        var hashes = 0
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if index - 1 == colons { out.append("\\") }
            if isLineBreak(scalar) {
                // CR LF is one line break, shown once.
                if scalar == "\r", index < scalars.count, scalars[index] == "\n" { index += 1 }
                out.append(lineBreakSign)
            } else if isControl(scalar) || isDirectionalOverride(scalar) {
                out.append(replacementSign)
            } else if scalar == "[", hashes >= 2 {
                out.append("\\")
                out.append(scalar)
            } else {
                out.append(scalar)
            }
            hashes = scalar == "#" ? hashes + 1 : 0
        }
        return String(out)
    }

    /// Whether `terminal` leaves `value` as it is: no byte that starts a character it changes (a C0
    /// control, DEL, `#`, C2 80-9F for C1, E2 80 and E2 81 for U+2028, U+2029 and the overrides), and
    /// no leading `::` after spaces (nor a leading non-ASCII character, which may be a blank the runner
    /// skips). One pass over the bytes, eight at a time.
    static func isPlainOnTerminal(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { bytes -> Bool in
            var index = 0
            // What the line starts with: spaces, then anything but `::` or a character that may be blank.
            while index < bytes.count, bytes[index] == 0x20 { index += 1 }
            if index < bytes.count, bytes[index] >= 0x80 || (bytes[index] == 0x3A && index + 1 < bytes.count && bytes[index + 1] == 0x3A) {
                return false
            }
            index = 0
            if let base = bytes.baseAddress {
                while index + 8 <= bytes.count {
                    let word = ByteWords.word(base, at: index)
                    if ByteWords.controlBytes(word) != 0 || ByteWords.mayHold(0x7F, in: word) || ByteWords.mayHold(0x23, in: word)
                        || ByteWords.mayHold(0xC2, in: word) || ByteWords.mayHold(0xE2, in: word)
                    {
                        for offset in index..<index + 8 where changesOnTerminal(bytes, at: offset) { return false }
                    }
                    index += 8
                }
            }
            while index < bytes.count {
                if changesOnTerminal(bytes, at: index) { return false }
                index += 1
            }
            return true
        }
    }

    /// Whether the byte at `index` starts a character `terminal` changes (or `#`, which may start `##[`).
    @inline(__always)
    private static func changesOnTerminal(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F || byte == 0x23 { return true }
        guard byte == 0xC2 || byte == 0xE2, index + 1 < bytes.count else { return false }
        let next = bytes[index + 1]
        // C2 80...9F: the C1 controls (NEL among them). E2 80 and E2 81 start U+2000...U+207F: the line
        // and paragraph separators and the overrides are there (other characters there take the slow path).
        return byte == 0xC2 ? next <= 0x9F : next == 0x80 || next == 0x81
    }
}
