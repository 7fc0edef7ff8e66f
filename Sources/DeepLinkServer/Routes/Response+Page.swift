import DeepLinkService
import HTTPTypes
import Hummingbird

extension Response {
    /// A public HTML page: never cached, sent with the pages' Content-Security-Policy, never
    /// framed, and marked as varying with `Accept-Language` (pages are in the visitor's language).
    static func page(_ html: String, status: HTTPResponse.Status) -> Response {
        page(ByteBuffer(string: html), status: status)
    }

    /// A public HTML page already in bytes, such as a landing page kept by ``RenderedPageCache``.
    static func page(_ html: ByteBuffer, status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: pageHeaders, body: ResponseBody(byteBuffer: html))
    }

    /// A password link's page: a public page whose one form posts back to the link itself.
    static func passwordPage(_ html: String, status: HTTPResponse.Status) -> Response {
        var response = page(html, status: status)
        response.headers[.contentSecurityPolicy] = passwordPageContentSecurityPolicy
        response.headers[HTTPField.Name("X-Robots-Tag")!] = "noindex"
        return response
    }

    /// The pages' policy: images from the server and https, the server's own stylesheet, and
    /// the two scripts of ``PageTemplates`` by hash; nothing inline but those scripts.
    static let pageContentSecurityPolicy = pagePolicy(formAction: "'none'")

    /// A password link's page's policy: the pages' with its form allowed to post to the server.
    static let passwordPageContentSecurityPolicy = pagePolicy(formAction: "'self'") + "; " + SecurityHeaders.noFraming

    private static func pagePolicy(formAction: String) -> String {
        "default-src 'none'; img-src 'self' https:; style-src 'self'; script-src \(PageTemplates.scriptSources); "
            + "base-uri 'none'; form-action \(formAction)"
    }

    /// Every page's headers, made once: building header fields checks each value's characters,
    /// which every page view would pay. They include what ``SecurityHeaders`` would add.
    private static let pageHeaders: HTTPFields = [
        .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
        .contentSecurityPolicy: pageContentSecurityPolicy + "; " + SecurityHeaders.noFraming,
        .frameOptions: "DENY", .contentTypeOptions: "nosniff", .referrerPolicyHeader: "no-referrer", .vary: "Accept-Language",
    ]
}
