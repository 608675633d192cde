extension JSONText {
    /// An object or array being written pretty (`JSONValue.write(to:pretty:indent:)` lays its own out with it):
    /// each member on a line of its own one level in, the closing bracket on a line at `indent`, and `{}`
    /// or `[]` when nothing was put in. What writes a value straight into the text (a departure's
    /// `expected` and `observed`, tens of thousands in a large run) lays it out with this, so that no
    /// `JSONValue` tree is built to be written once.
    public struct Container {
        private let indent: Int
        private let close: UInt8
        private var isEmpty = true

        fileprivate init(indent: Int, close: UInt8) {
            self.indent = indent
            self.close = close
        }

        /// Starts the next member of an object, `"key": `; its value follows at `indent + 1`.
        public mutating func key(_ key: String, in out: inout JSONText) {
            element(in: &out)
            out.appendQuoted(key)
            out.append(": ")
        }

        /// Starts the next element of an array; it follows at `indent + 1`.
        public mutating func element(in out: inout JSONText) {
            if !isEmpty { out.append(byte: UInt8(ascii: ",")) }
            isEmpty = false
            out.appendNewline(indent: indent + 1)
        }

        /// Writes the closing bracket.
        public func close(in out: inout JSONText) {
            if !isEmpty { out.appendNewline(indent: indent) }
            out.append(byte: close)
        }
    }

    /// Opens an object whose closing brace goes at `indent` levels.
    public mutating func openObject(indent: Int) -> Container {
        append(byte: UInt8(ascii: "{"))
        return Container(indent: indent, close: UInt8(ascii: "}"))
    }

    /// Opens an array whose closing bracket goes at `indent` levels.
    public mutating func openArray(indent: Int) -> Container {
        append(byte: UInt8(ascii: "["))
        return Container(indent: indent, close: UInt8(ascii: "]"))
    }
}
