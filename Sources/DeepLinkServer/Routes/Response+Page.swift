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

    /// The pages' policy: images from the server and https, the server's own stylesheet, and
    /// the two scripts of ``PageTemplates`` by hash; nothing inline but those scripts.
    static let pageContentSecurityPolicy =
        "default-src 'none'; img-src 'self' https:; style-src 'self'; script-src \(PageTemplates.scriptSources); "
        + "base-uri 'none'; form-action 'none'"

    /// Every page's headers, made once: building header fields checks each value's characters,
    /// which every page view would pay. They include what ``SecurityHeaders`` would add.
    private static let pageHeaders: HTTPFields = [
        .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
        .contentSecurityPolicy: pageContentSecurityPolicy + "; " + SecurityHeaders.noFraming,
        .frameOptions: "DENY", .contentTypeOptions: "nosniff", .referrerPolicyHeader: "no-referrer", .vary: "Accept-Language",
    ]
}
