/// What makes evidence safe to embed: an image whose first bytes say the same type as its extension.
/// A file named `shot.png` that holds HTML, an SVG (which can carry script) or any other file is only
/// linked by its path, never inlined (Docs/TraceFormat.md, "Evidence").
extension Evidence {
    /// The image type that `bytes` begin with (PNG, JPEG, GIF, WebP, HEIC/HEIF), or `nil`.
    public static func signatureType(of bytes: some Collection<UInt8>) -> String? {
        let head = Array(bytes.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        // An ISO base media file whose first box is `ftyp` with a HEIF brand.
        if starts(Array("ftyp".utf8), at: 4), head.count >= 12 {
            switch String(decoding: head[8..<12], as: UTF8.self) {
            case "heic", "heix", "heim", "heis": return "image/heic"
            case "mif1", "msf1", "heif": return "image/heif"
            default: return nil
            }
        }
        return nil
    }

    /// Whether `bytes` may be embedded as `mediaType` (the type `mediaType(of:)` gives the path): the
    /// first bytes must be an image of that same type (HEIC and HEIF count as one).
    public static func isEmbeddable(_ bytes: some Collection<UInt8>, as mediaType: String?) -> Bool {
        guard let mediaType, let signature = signatureType(of: bytes) else { return false }
        let heif: Set<String> = ["image/heic", "image/heif"]
        return signature == mediaType || (heif.contains(signature) && heif.contains(mediaType))
    }
}
