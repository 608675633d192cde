import Foundation

/// Text a report gathers while the run goes and writes out at the end (a matrix of 100,000 rows):
/// kept in memory while small, then in an unnamed temporary file, so that a report's memory does not
/// grow with the number of traces. Should no temporary file be possible, the text stays in memory:
/// slower to bear, but nothing is lost.
public final class Spool {
    /// Text up to this size stays in memory.
    static let memoryLimit = 1 << 18

    private var buffer = ""
    private var handle: FileHandle?
    private var spilled = 0
    /// Whether anything was appended.
    public private(set) var isEmpty = true

    public init() {}

    public func append(_ text: String) {
        guard !text.isEmpty else { return }
        isEmpty = false
        buffer += text
        if buffer.utf8.count >= Self.memoryLimit { spill() }
    }

    /// Hands the text over in pieces of about `memoryLimit` bytes, in order, and empties the spool.
    public func drain(_ body: (String) throws -> Void) rethrows {
        if let handle {
            try? handle.seek(toOffset: 0)
            var carried: [UInt8] = []
            while let data = try? handle.read(upToCount: Self.memoryLimit), !data.isEmpty {
                var bytes = carried + data
                // A piece may end inside a character: its first bytes wait for the next piece.
                carried = Self.incompleteTail(of: bytes)
                bytes.removeLast(carried.count)
                try body(String(decoding: bytes, as: UTF8.self))
            }
            if !carried.isEmpty { try body(String(decoding: carried, as: UTF8.self)) }
            try? handle.close()
            self.handle = nil
        }
        if !buffer.isEmpty { try body(buffer) }
        buffer = ""
        spilled = 0
        isEmpty = true
    }

    /// The bytes at the end of `bytes` that begin a UTF-8 character but do not finish it.
    static func incompleteTail(of bytes: [UInt8]) -> [UInt8] {
        var start = bytes.count
        while start > 0, bytes.count - start < 4 {
            start -= 1
            let byte = bytes[start]
            guard byte & 0xC0 == 0x80 else {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return bytes.count - start < length ? Array(bytes[start...]) : []
            }
        }
        return []
    }

    /// The whole text (for a report rendered in memory, e.g. in tests).
    public func text() -> String {
        var whole = ""
        drain { whole += $0 }
        return whole
    }

    private func spill() {
        if handle == nil { handle = Self.temporaryFile() }
        guard let handle else { return }
        do {
            try handle.write(contentsOf: Data(buffer.utf8))
            spilled += buffer.utf8.count
            buffer = ""
        } catch {
            // The disk is full or gone: keep the text in memory rather than lose it.
        }
    }

    /// A file nobody else can open: created, then unlinked, so that it goes away with the process.
    private static func temporaryFile() -> FileHandle? {
        var template = Array((NSTemporaryDirectory() + "/conform-spool-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            let descriptor = mkstemp(base)
            if descriptor >= 0 { unlink(base) }
            return descriptor
        }
        guard descriptor >= 0 else { return nil }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }
}
