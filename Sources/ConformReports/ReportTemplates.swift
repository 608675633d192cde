import ConformCore
import ConformResources
import Foundation
import Mustache

/// The Mustache templates reports are rendered from: the built-in ones (embedded from
/// report-templates/), each replaceable by a file of the same name in a `--templates` folder.
public struct ReportTemplates: Sendable {
    public static let markdownName = "report.md.mustache"
    public static let htmlName = "report.html.mustache"

    /// The templates asked for: a run that writes no Markdown (or no HTML) parses none, the parse being
    /// most of a small run's report (below).
    private let markdown: MustacheTemplate?
    private let html: MustacheTemplate?
    /// Whether `markdown` is the built-in template (which writes step tables from `stepRows` alone).
    let markdownIsBuiltIn: Bool
    /// Whether `html` is the built-in template (which writes step tables from `stepRows` alone).
    let htmlIsBuiltIn: Bool
    /// The built-in partials, every other file of report-templates/ by its name without `.mustache`
    /// (`{{> html-style}}`), with the HTML template: the built-in page is put together from them, and an
    /// HTML template of your own may include them too. The page is in pieces because the template engine's
    /// parse takes time in proportion to what is left of the text at each tag (and at each brace): as one
    /// file, parsing it was most of a small run's `--report html` (130 M instructions of 183 M for one trace).
    private let partials: MustacheLibrary?

    /// The built-in templates, both.
    public static func builtIn() throws -> ReportTemplates {
        try ReportTemplates(overrides: nil)
    }

    /// - Parameters:
    ///   - overrides: a folder whose `report.md.mustache` / `report.html.mustache`, where present, replace the built-in ones.
    ///   - markdown: whether the Markdown template is parsed (the Markdown report or GitHub's step summary is written).
    ///   - html: whether the HTML template and the partials are parsed (the HTML report is written).
    /// - Throws: a `Diagnostic` naming the template file when a template does not parse.
    public init(overrides: String?, markdown: Bool = true, html: Bool = true) throws {
        MustacheContentTypes.register(MarkdownContentType(), named: "MARKDOWN")
        MustacheContentTypes.register(StrictHTMLContentType(), named: "XHTML")
        let markdownTemplate = markdown ? try Self.template(named: Self.markdownName, overrides: overrides) : nil
        (self.markdown, markdownIsBuiltIn) = (markdownTemplate?.template, markdownTemplate?.builtIn ?? true)
        let htmlTemplate = html ? try Self.template(named: Self.htmlName, overrides: overrides) : nil
        (self.html, htmlIsBuiltIn) = (htmlTemplate?.template, htmlTemplate?.builtIn ?? true)
        partials = html ? try Self.partials() : nil
    }

    private static func partials() throws -> MustacheLibrary {
        var partials = MustacheLibrary()
        for file in EmbeddedTemplates.files where file.name != markdownName && file.name != htmlName {
            partials.register(try template(named: file.name, overrides: nil).template, named: String(file.name.dropLast(suffix.count)))
        }
        return partials
    }

    private static let suffix = ".mustache"

    /// The Markdown report's text for `context` (the built-in template if none was asked for).
    func renderMarkdown(_ context: Any) throws -> String {
        try (markdown ?? Self.template(named: Self.markdownName, overrides: nil).template).render(context)
    }

    /// The HTML page for `context` (the built-in template if none was asked for).
    func renderHTML(_ context: Any) throws -> String {
        let template = try html ?? Self.template(named: Self.htmlName, overrides: nil).template
        return template.render(context, library: try partials ?? Self.partials())
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
