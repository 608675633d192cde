import ConformCore

/// YAML tags, read as YAML 1.2's core schema says: `!!str` makes a string of anything, `!!int`,
/// `!!float`, `!!bool` and `!!null` type a scalar that must read as such (`!!int "1"` is the number 1),
/// `!!map` and `!!seq` name what their collection is anyway. Any other tag (`!!binary`, `!!timestamp`,
/// an application's `!thing`) is refused where it stands, rather than read as something it is not.
enum CoreSchemaTag {
    private static let prefix = "tag:yaml.org,2002:"

    /// How a scalar with this tag is to be read.
    static func style(of text: String, tagged tag: String, at position: TextPosition) throws -> ScalarStyle {
        switch tag {
        // `!` alone is YAML's non-specific tag: a quoted scalar is a string.
        case "!", prefix + "str": return .quoted
        case prefix + "null":
            guard Value.resolvingPlainScalar(text) == .null else { throw mismatch(text, tag) }
        case prefix + "bool":
            guard case .bool = Value.resolvingPlainScalar(text) else { throw mismatch(text, tag) }
        case prefix + "float":
            guard case .number = Value.resolvingPlainScalar(text) else { throw mismatch(text, tag) }
        case prefix + "int":
            guard case .number(let number) = Value.resolvingPlainScalar(text), number == number.rounded(),
                !text.contains("."), !text.lowercased().contains("e") || text.lowercased().hasPrefix("0x")
            else { throw mismatch(text, tag) }
        default:
            throw unsupported(tag, at: position)
        }
        // A typed scalar reads as if it were written plain (so `!!int "1"` is the number 1).
        return .plain

        func mismatch(_ text: String, _ tag: String) -> Problem {
            Problem("'\(text)' is not \(article(tag)) \(short(tag)), as its tag says", at: position)
        }
    }

    /// A collection's tag: its own kind, or none.
    static func check(_ tag: String?, collection: String, at position: TextPosition) throws {
        guard let tag, tag != "!", tag != prefix + collection else { return }
        throw unsupported(tag, at: position)
    }

    private static func unsupported(_ tag: String, at position: TextPosition) -> Problem {
        // `if: !edited`: a negation written without quotes reads as the tag `!edited`.
        if tag.hasPrefix("!"), !tag.hasPrefix("!!"), tag.count > 1 {
            return Problem(
                "the tag '\(tag)' is not read: a leading ! starts a YAML tag; if it is an expression, quote it: \"\(tag)\"", at: position)
        }
        return Problem(
            "the tag '\(short(tag))' is not read: conform reads YAML's core schema (!!str, !!int, !!float, !!bool, !!null, !!map, !!seq)",
            at: position)
    }

    /// `!!int` for `tag:yaml.org,2002:int`; other tags as written.
    private static func short(_ tag: String) -> String {
        tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
    }

    private static func article(_ tag: String) -> String {
        short(tag).hasPrefix("!!int") ? "an" : "a"
    }
}
