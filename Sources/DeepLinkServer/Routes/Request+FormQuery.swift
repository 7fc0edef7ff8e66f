import DeepLinkService
import DeepLinkCore
import Hummingbird

extension Request {
    /// The query read as a form, as browsers write it and as Firebase read long links: `+` is a
    /// space and `%2B` a plus. The first value of a repeated name wins.
    var formQuery: [String: String] { FormQuery.firstValues(percentEncoded: uri.query ?? "") }
}
