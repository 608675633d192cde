import Testing

@testable import ConformCore

@Suite("JSON output")
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

    @Test("non-finite numbers never break the document")
    func nonFinite() {
        #expect(JSONValue.number(.infinity).serialized() == "\".inf\"")
    }
}
