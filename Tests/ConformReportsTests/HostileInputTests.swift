import ConformCore
import ConformKit
import Foundation
import Testing

@testable import ConformReports

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("Reports: Hostile strings in every format")
struct HostileInputTests {
    let input = fixtureInput("hostile")

    @Test("the hostile fixture loads and breaks its claim, so its strings reach every part of every report")
    func fixture() {
        #expect(input.result.errors.isEmpty)
        #expect(input.result.tally.claimsBroken == 1)
    }

    @Test("HTML: no markup from a trace survives unescaped")
    func html() throws {
        let html = try render(.html, input)
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("<b>bold</b>"))
        #expect(!html.contains("</summary> <!--"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!html.contains("\u{01}"))
        #expect(!html.contains("<script"), "the page has no script, so none from a trace")
    }

    @Test("JUnit and SARIF parse, and keep the hostile text as text")
    func xmlAndJSON() throws {
        let junit = try render(.junit, input)
        #expect(!junit.contains("\u{01}"))
        #if canImport(FoundationXML) || os(macOS)
        let document = try XMLDocument(xmlString: junit)
        #expect(document.rootElement()?.name == "testsuites")
        #endif
        let sarif = try render(.sarif, input)
        let parsed = try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any]
        #expect(parsed?["version"] as? String == "2.1.0")
        let json = try render(.json, input)
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
    }

    @Test("Markdown: table cells cannot be split, and no raw HTML from a trace gets through")
    func markdown() throws {
        let markdown = try render(.md, input)
        // Escaped as \<script\>, which Markdown shows as text.
        #expect(markdown.range(of: #"(?<!\\)<(script|img|b)"#, options: .regularExpression) == nil)
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| ") }
        func cells(_ line: Substring) -> Int { line.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count }
        let hostileRow = try #require(rows.first { $0.contains("script") })
        let header = try #require(rows.first { $0.hasPrefix("| Trace |") })
        #expect(cells(hostileRow) == cells(header), "a trace's pipes cannot add table cells")
    }

    @Test("GitHub annotations: one line each, no command a trace could start")
    func annotations() {
        let lines = GitHubOutput.annotations(input.result)
        #expect(lines.count == 1)
        for line in lines {
            #expect(!line.contains("\n") && !line.contains("\r"))
            #expect(line.hasPrefix("::error file=Tests/ConformReportsTests/Fixtures/hostile/hostile.yaml,line=11,col=5,title="))
            let properties = line.dropFirst(2).split(separator: "::", maxSplits: 1)[0]
            #expect(!properties.contains("::"), "no '::' inside the properties")
            #expect(properties.split(separator: ",").count == 4, "commas in values are escaped")
            #expect(line.contains("%0A"), "the newline of the trace's value is escaped")
        }
    }

    @Test("workflow-command escaping follows the runner's rules")
    func workflowEscaping() {
        #expect(Escaping.workflowData("100% sure\r\nnext") == "100%25 sure%0D%0Anext")
        #expect(Escaping.workflowProperty("Policy: a, b") == "Policy%3A a%2C b")
    }

    @Test("XML escaping: plain text as it is, markup characters as references, forbidden characters as U+FFFD")
    func xmlEscaping() {
        #expect(Escaping.xml("Steve's form <b> & \"quotes\"") == "Steve&#39;s form &lt;b&gt; &amp; &quot;quotes&quot;")
        #expect(Escaping.xml("a\tb\nc\rd") == "a&#9;b&#10;c&#13;d")
        #expect(
            Escaping.xml("bell\u{7}del\u{7F}c1\u{85}nonchar\u{FFFE}\u{FFFF}") == "bell\u{FFFD}del\u{FFFD}c1\u{FFFD}nonchar\u{FFFD}\u{FFFD}")
        // Characters that share a first byte with a forbidden one stay as they are.
        #expect(Escaping.xml("é ñ ¡ ￼ → plain") == "é ñ ¡ ￼ → plain")
    }

    @Test("XML bodies: each line escaped as an attribute is, line breaks kept, carriage returns dropped (CR LF is one character)")
    func xmlBodyEscaping() {
        #expect(Escaping.xmlBody("a\r\n<b>\t\"c\"\n\nend\r") == "a&#10;&lt;b&gt;&#9;&quot;c&quot;\n\nend")
        #expect(
            Escaping.xmlBody("c1\u{85} \u{9F}\u{A0} \u{FFFE}\u{FFFD}\u{FFFF}\u{FEFF}\u{1}")
                == "c1\u{FFFD} \u{FFFD}\u{A0} \u{FFFD}\u{FFFD}\u{FFFD}\u{FEFF}\u{FFFD}")
        for text in Self.mixedTexts() {
            let byLines = text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { Escaping.xml(String($0.unicodeScalars.filter { $0 != "\r" })) }
                .joined(separator: "\n")
            #expect(Escaping.xmlBody(text) == byLines, "\(Array(text.unicodeScalars))")
        }
    }

    @Test("XML and Markdown escaping byte by byte agree with their definitions scalar by scalar")
    func escapingAgainstDefinitions() {
        for text in Self.mixedTexts() {
            var xml = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": xml += "&amp;"
                case "<": xml += "&lt;"
                case ">": xml += "&gt;"
                case "\"": xml += "&quot;"
                case "'": xml += "&#39;"
                case "\n": xml += "&#10;"
                case "\r": xml += "&#13;"
                case "\t": xml += "&#9;"
                default: xml.unicodeScalars.append(Escaping.isForbiddenInXML(scalar) ? "\u{FFFD}" : scalar)
                }
            }
            #expect(Escaping.xml(text) == xml, "\(Array(text.unicodeScalars))")
            var markdown = ""
            // A leading `::` (past blanks, control characters and directional overrides) gets a backslash.
            let lead = text.unicodeScalars.drop {
                $0.properties.isWhitespace || $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
                    || (0x2066...0x2069).contains($0.value)
            }
            var colons = lead.starts(with: "::".unicodeScalars)
            for scalar in text.unicodeScalars {
                switch scalar {
                case ":" where colons:
                    markdown += "\\:"
                    colons = false
                case "\n", "\r", "\t", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": markdown += " "
                case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "#", "!", "&", "$":
                    markdown += "\\"
                    markdown.unicodeScalars.append(scalar)
                default:
                    let inert =
                        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                        || (0x2066...0x2069).contains(scalar.value)
                    markdown.unicodeScalars.append(inert ? "\u{FFFD}" : scalar)
                }
            }
            #expect(Escaping.markdown(text) == markdown, "\(Array(text.unicodeScalars))")
        }
    }

    /// 3,000 short texts mixing markup, line breaks, controls, forbidden and nearby characters.
    static func mixedTexts() -> [String] {
        let pieces = [
            "\n", "\r", "\r\n", "\t", "&", "<", ">", "\"", "'", "\u{0}", "\u{1B}", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "é",
            "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "\u{EFFF}", "→", "a", " ", "🙂", "e\u{301}", "*", "|", "\\", "`", "$", "#",
            ":", "::", "\u{85}", "\u{2028}", "\u{2029}", "\u{202E}", "\u{2066}", "\u{0B}", "…", "\u{3000}",
        ]
        var random = SystemRandomNumberGenerator()
        return (0..<3_000).map { _ in
            (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
        }
    }
}
