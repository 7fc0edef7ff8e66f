import DeepLinkService
import DeepLinkCore
import Mustache

/// Mustache templates whose `{{name}}` values are HTML-escaped by Unicode scalar.
///
/// swift-mustache's own `HTML` content type escapes by `Character`, and a quote followed by a
/// combining mark (`"` U+0301) is one `Character` that is not `"`, so it went out unescaped and
/// ended the attribute it stood in (a link's title in an `og:title` tag, a dashboard search in its
/// input). This type escapes the five markup characters wherever they are, as the rest of the
/// project's markup does (`MarkupText`), and every template of the pages and the dashboard
/// declares it.
enum MarkupTemplate {
    /// The content type's name in the templates' pragma.
    static let contentTypeName = "DEEPLINK_HTML"

    /// Parses a template that escapes its values by scalar.
    /// - Parameters:
    ///   - text: The template's text, without a content type pragma.
    ///   - file: Where the text comes from, which an error names: `Templates/Pages/landing.mustache`.
    /// - Throws: ``TemplateLoadingError`` when the text is not valid Mustache, with the line and
    ///   column in `text`.
    static func parse(_ text: String, file: String) throws(TemplateLoadingError) -> MustacheTemplate {
        _ = registration
        do {
            // A partial starts from swift-mustache's default content type, so each template, partials
            // included, declares its own. The pragma on its own line leaves nothing in the output.
            return try MustacheTemplate(string: "{{% CONTENT_TYPE: \(contentTypeName)}}\n" + text)
        } catch let error as MustacheTemplate.ParserError {
            // The pragma is the first line parsed, so the text's own lines are one further down.
            let line = error.context.lineNumber - 1
            throw TemplateLoadingError(
                file: file,
                problem: "is not valid Mustache: \(error.error) at line \(line), column \(error.context.columnNumber): \(error.context.line)")
        } catch {
            throw TemplateLoadingError(file: file, problem: "is not valid Mustache: \(error)")
        }
    }

    /// Registers the content type once, before the first template is parsed.
    private static let registration: Void = MustacheContentTypes.register(ScalarHTML(), named: contentTypeName)

    /// HTML escaping by Unicode scalar.
    private struct ScalarHTML: MustacheContentType {
        func escapeText(_ text: String) -> String { MarkupText.escaped(text) }
    }
}
