import DeepLinkService
import HTTPTypes
import Hummingbird

extension Response {
    /// A public HTML page: never cached, and sent with the pages' Content-Security-Policy.
    static func page(_ html: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                .contentSecurityPolicy: pageContentSecurityPolicy,
                .contentTypeOptions: "nosniff", .referrerPolicyHeader: "no-referrer",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// The pages' policy: images from the server and https, the server's own stylesheet, and
    /// the two scripts of ``PageTemplates`` by hash; nothing inline but those scripts.
    static let pageContentSecurityPolicy =
        "default-src 'none'; img-src 'self' https:; style-src 'self'; script-src \(PageTemplates.scriptSources); "
        + "base-uri 'none'; form-action 'none'"
}
