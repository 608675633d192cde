/// Report text built as UTF-8 bytes and made a string once. Appending to a `String` checks each join
/// for characters that would merge across it (some 350 instructions a piece in a release build), and
/// the rows a large run's reports write (matrix cells, step rows) are many short pieces.
struct ReportBytes {
    private(set) var bytes: [UInt8] = []

    /// Empty, with room for `capacity` bytes.
    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// The text so far.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// A literal's bytes, as they are.
    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    // Disfavoured, so that a literal goes to the `StaticString` one: its bytes are where the program is.
    /// Text already escaped for where it goes (or that needs no escaping), as it is.
    @_disfavoredOverload
    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// A whole number in decimal.
    mutating func append(number: Int) {
        // A number's string is small (held inline): made, it costs no allocation.
        bytes.append(contentsOf: String(number).utf8)
    }

    /// `Escaping.xml(text)`'s bytes, without making that string.
    mutating func appendXML(_ text: String) {
        if text.utf8.allSatisfy(Escaping.isPlainXMLByte) {
            append(text)
        } else {
            Escaping.appendEscapedXML(text, body: false, to: &bytes)
        }
    }

    /// `Escaping.markdown(text)`'s bytes.
    mutating func appendMarkdown(_ text: String) {
        append(Escaping.markdown(text))
    }
}
