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
    /// - Parameter text: The template's text, without a content type pragma.
    /// - Throws: A Mustache parse error.
    static func parse(_ text: String) throws -> MustacheTemplate {
        _ = registration
        // A partial starts from swift-mustache's default content type, so each template, partials
        // included, declares its own. The pragma on its own line leaves nothing in the output.
        return try MustacheTemplate(string: "{{% CONTENT_TYPE: \(contentTypeName)}}\n" + text)
    }

    /// Registers the content type once, before the first template is parsed.
    private static let registration: Void = MustacheContentTypes.register(ScalarHTML(), named: contentTypeName)

    /// HTML escaping by Unicode scalar.
    private struct ScalarHTML: MustacheContentType {
        func escapeText(_ text: String) -> String { MarkupText.escaped(text) }
    }
}
