import DeepLinkService
import HTTPTypes
import Hummingbird

extension Response {
    /// A `302 Found` to a URL that is never cached and sends no referrer: every redirect of a
    /// link, its store hop or a long link.
    static func found(_ location: String) -> Response {
        Response(status: .found, headers: [.location: location, .cacheControl: "no-store", .referrerPolicyHeader: "no-referrer"])
    }
}
