import Testing

@testable import ConformCore

@Suite("Core: JSON output")
struct JSONValueTests {
    @Test("keys keep their order and strings are escaped")
    func serialization() {
        let value = JSONValue.object([
            ("z", .number(1)), ("a", .string("quote \" backslash \\ newline \n tab \t bell \u{07} </script>")),
            ("n", .null), ("list", .array([.bool(true), .number(2.5)])),
        ])
        #expect(
            value.serialized()
                == #"{"z":1,"a":"quote \" backslash \\ newline \n tab \t bell \u0007 </script>","n":null,"list":[true,2.5]}"#)
    }

    @Test("pretty output indents by two spaces")
    func pretty() {
        let value = JSONValue.object([("a", .array([.number(1)])), ("b", .object([]))])
        #expect(value.serialized(pretty: true) == "{\n  \"a\": [\n    1\n  ],\n  \"b\": {}\n}")
    }

    @Test("a character to escape is found at any position of a long string, whichever eight-byte word it falls in")
    func escapeAtEveryPosition() {
        let around = "form/trace-0042.yaml é→ x"
        for (special, escaped) in [
            ("\"", "\\\""), ("\\", "\\\\"), ("\n", "\\n"), ("\u{1}", "\\u0001"), ("\u{7F}", "\\u007f"), ("\u{85}", "\\u0085"),
            ("\u{2028}", "\\u2028"),
        ] {
            for cut in 0...around.count {
                let prefix = String(around.prefix(cut))
                let rest = String(around.dropFirst(cut))
                var text = JSONText()
                text.appendQuoted(prefix + special + rest + around)
                #expect(text.string == "\"" + prefix + escaped + rest + around + "\"")
            }
        }
        var plain = JSONText()
        plain.appendQuoted(around + around)
        #expect(plain.string == "\"" + around + around + "\"")
    }

    @Test("every ASCII character and every escaped one, at every place of texts of 1 to 20 characters, is written carefully")
    func everyCharacterInShortTexts() {
        /// What `appendQuoted` writes, character by character.
        func careful(_ text: String) -> String {
            var out = "\""
            var hashes = 0
            for scalar in text.unicodeScalars {
                switch scalar {
                case "[" where hashes >= 2: out += "\\u005b"
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _
                where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x2028...0x202E).contains(scalar.value)
                    || (0x2066...0x2069).contains(scalar.value):
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
                hashes = scalar == "#" ? hashes + 1 : 0
            }
            return out + "\""
        }
        let characters = (0..<0x80).map { Character(Unicode.Scalar(UInt8($0))) } + ["\u{85}", "\u{A0}", "é", "\u{2028}", "\u{202E}", "→"]
        for length in 1...20 {
            for place in 0..<length {
                for character in characters {
                    let text = String(repeating: "a", count: place) + String(character) + String(repeating: "b", count: length - place - 1)
                    var written = JSONText()
                    written.appendQuoted(text)
                    #expect(written.string == careful(text), "\(length) \(place) \(character.unicodeScalars.first?.value ?? 0)")
                }
            }
        }
        var hashes = JSONText()
        hashes.appendQuoted("##[")
        #expect(hashes.string == "\"##\\u005b\"")
    }

    @Test("every control character (C0, DEL, C1) is escaped, so JSON text holds none but the line breaks of its layout")
    func controlCharactersEscaped() {
        let controls = (0..<0x20).map { Unicode.Scalar(UInt8($0)) } + (0x7F...0x9F).map { Unicode.Scalar(UInt8($0)) }
        for control in controls {
            var text = JSONText()
            text.appendQuoted("a\(Character(control))b")
            let hex = String(control.value, radix: 16)
            let escaped = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            #expect(text.string == "\"a" + escaped + "b\"" || control == "\n" || control == "\t" || control == "\r")
            #expect(!text.string.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
        // Just above the C1 controls: written as it is.
        var latin = JSONText()
        latin.appendQuoted("\u{A0}é")
        #expect(latin.string == "\"\u{A0}é\"")
    }

    @Test("`##[` is escaped across the pieces a string is written in, and only where its bytes meet")
    func workflowCommandAcrossPieces() {
        func escaped(_ pieces: [String]) -> String {
            var text = JSONText()
            for piece in pieces { text.appendEscaped(piece) }
            return text.string
        }
        #expect(escaped(["a##", "[b"]) == "a##\\u005bb")
        #expect(escaped(["#", "#", "", "["]) == "##\\u005b")
        #expect(escaped(["é##", "["]) == "é##\\u005b")
        #expect(escaped(["##x", "["]) == "##x[")
        // Text written as it is between them: the `#`s and the `[` no longer meet.
        var between = JSONText()
        between.appendEscaped("##")
        between.append(": ")
        between.appendEscaped("[x")
        between.appendEscaped("##")
        between.appendQuoted("[y")
        #expect(between.string == "##: [x##\"[y\"")
        var message = JSONText()
        print("##", terminator: "", to: &message)
        print("[add-mask]", terminator: "", to: &message)
        #expect(message.string == "##\\u005badd-mask]")
    }

    @Test("whole numbers are written as String(_:) writes them")
    func integers() {
        for number in [0, 7, 10, 42, -1, -300, 1_000_000, Int.max, Int.min] {
            var text = JSONText()
            text.append(integer: number)
            #expect(text.string == String(number))
        }
    }

    @Test("non-finite numbers never break the document")
    func nonFinite() {
        #expect(JSONValue.number(.infinity).serialized() == "\".inf\"")
    }
}
