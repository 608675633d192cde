import ConformCore
import ConformResources
import Foundation
import Mustache

/// The Mustache templates reports are rendered from: the built-in ones (embedded from
/// report-templates/), each replaceable by a file of the same name in a `--templates` folder.
public struct ReportTemplates: Sendable {
    public static let markdownName = "report.md.mustache"
    public static let htmlName = "report.html.mustache"

    let markdown: MustacheTemplate
    let html: MustacheTemplate
    /// Whether `markdown` is the built-in template (which writes step tables from `stepRows` alone).
    let markdownIsBuiltIn: Bool
    /// Whether `html` is the built-in template (which writes step tables from `stepRows` alone).
    let htmlIsBuiltIn: Bool

    /// The built-in templates.
    public static func builtIn() throws -> ReportTemplates {
        try ReportTemplates(overrides: nil)
    }

    /// - Parameter overrides: a folder whose `report.md.mustache` / `report.html.mustache`, where present, replace the built-in ones.
    /// - Throws: a `Diagnostic` naming the template file when a template does not parse.
    public init(overrides: String?) throws {
        MustacheContentTypes.register(MarkdownContentType(), named: "MARKDOWN")
        MustacheContentTypes.register(StrictHTMLContentType(), named: "XHTML")
        (markdown, markdownIsBuiltIn) = try Self.template(named: Self.markdownName, overrides: overrides)
        (html, htmlIsBuiltIn) = try Self.template(named: Self.htmlName, overrides: overrides)
    }

    private static func template(named name: String, overrides: String?) throws -> (template: MustacheTemplate, builtIn: Bool) {
        var text = EmbeddedTemplates.files.first { $0.name == name }?.text
        var file = "<built-in>/report-templates/\(name)"
        var builtIn = true
        if let overrides {
            let path = (overrides as NSString).appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: path) {
                guard let data = FileManager.default.contents(atPath: path), let custom = String(data: data, encoding: .utf8) else {
                    throw Diagnostic(.error, "cannot read the template (or it is not UTF-8)", at: SourceLocation(file: path, position: nil))
                }
                text = custom
                file = path
                InputFiles.note(path: path)
                builtIn = false
            }
        }
        guard let text else {
            throw Diagnostic(.error, "no built-in template of this name", at: SourceLocation(file: file, position: nil))
        }
        do {
            return (try MustacheTemplate(string: text), builtIn)
        } catch let error as MustacheTemplate.ParserError {
            let position = TextPosition(line: error.context.lineNumber, column: error.context.columnNumber)
            throw Diagnostic(.error, "template does not parse: \(error.error)", at: SourceLocation(file: file, position: position))
        } catch {
            throw Diagnostic(.error, "template does not parse: \(error)", at: SourceLocation(file: file, position: nil))
        }
    }
}

/// `{{% CONTENT_TYPE: XHTML }}`: like Mustache's HTML escaping, and control characters (which HTML
/// forbids) become U+FFFD.
struct StrictHTMLContentType: MustacheContentType {
    func escapeText(_ text: String) -> String {
        Escaping.xml(text)
    }
}

/// `{{% CONTENT_TYPE: MARKDOWN }}`: `{{value}}` is escaped as inline Markdown (safe in a table cell).
struct MarkdownContentType: MustacheContentType {
    func escapeText(_ text: String) -> String {
        Escaping.markdown(text)
    }
}
