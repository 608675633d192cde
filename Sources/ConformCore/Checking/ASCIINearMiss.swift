/// `NearMiss.between` for two ASCII texts, by bytes. In ASCII each character is one byte (but `\r\n`,
/// which is whitespace as both of its bytes are), lowercasing changes only `A`–`Z`, whitespace is
/// tab, line feed, vertical tab, form feed, carriage return and space (Unicode's `White_Space`), and
/// every printable byte that is neither a letter, a digit nor a space is punctuation or a symbol
/// (`P*` or `S*`), so each step of `NearMiss.byCharacters` has a byte-wise twin with the same answer.
enum ASCIINearMiss {
    /// The kind found, or `nil` when either text is not ASCII (then `byCharacters` decides).
    struct Kind {
        var nearMiss: NearMiss?
    }

    static func between(_ expected: String, _ observed: String) -> Kind? {
        var expected = expected
        var observed = observed
        return expected.withUTF8 { wanted in
            observed.withUTF8 { seen in
                guard isASCII(wanted), isASCII(seen) else { return nil }
                return Kind(nearMiss: kind(wanted, seen))
            }
        }
    }

    private static func kind(_ wanted: UnsafeBufferPointer<UInt8>, _ seen: UnsafeBufferPointer<UInt8>) -> NearMiss? {
        guard !wanted.elementsEqual(seen) else { return nil }
        if wanted.count == seen.count, zip(wanted, seen).allSatisfy({ lower($0) == lower($1) }) { return .caseDiffers }
        if wanted[..<trimmedEnd(wanted)].elementsEqual(seen[..<trimmedEnd(seen)]) { return .trailingSpace }
        if wanted[trimmedStart(wanted)...].elementsEqual(seen[trimmedStart(seen)...]) { return .leadingSpace }
        let wantedWords = collapsed(wanted)
        let seenWords = collapsed(seen)
        if wantedWords == seenWords { return .whitespaceDiffers }
        if wantedWords.map(lower) == seenWords.map(lower) { return .caseAndWhitespaceDiffer }
        let wantedLetters = wanted.filter(isLetterOrDigitOrControl)
        if !wantedLetters.isEmpty, wantedLetters == seen.filter(isLetterOrDigitOrControl) { return .punctuationDiffers }
        return nil
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 }
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    /// Tab, line feed, vertical tab, form feed, carriage return, space.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// What `NearMiss`'s punctuation test keeps: neither punctuation, a symbol nor whitespace (letters,
    /// digits, and the controls that are not whitespace).
    private static func isLetterOrDigitOrControl(_ byte: UInt8) -> Bool {
        if isWhitespace(byte) { return false }
        if byte < 0x20 || byte == 0x7F { return true }
        return (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func trimmedEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var end = bytes.count
        while end > 0, isWhitespace(bytes[end - 1]) { end -= 1 }
        return end
    }

    private static func trimmedStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var start = 0
        while start < bytes.count, isWhitespace(bytes[start]) { start += 1 }
        return start
    }

    /// The words joined by one space.
    private static func collapsed(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var inWord = false
        for byte in bytes {
            if isWhitespace(byte) {
                inWord = false
            } else {
                if !inWord, !out.isEmpty { out.append(0x20) }
                inWord = true
                out.append(byte)
            }
        }
        return out
    }
}
