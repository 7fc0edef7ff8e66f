import DeepLinkCore
import Foundation

/// A URL given on the command line.
/// - Throws: ``CommandFailure`` with code `invalid-url`, a usage error, naming the text quoted (an empty one shows as `""`).
func urlArgument(_ text: String) throws(CommandFailure) -> URL {
    guard let url = URL(string: text) else { throw CommandFailure("\(JSONWriter.quoted(text)) is not a URL", code: "invalid-url", status: .usage) }
    return url
}

/// A page's address given on the command line, which must be an http or https URL with a host.
/// - Parameter label: How the error names it, e.g. `--url example.com/page`.
/// - Throws: ``CommandFailure`` with code `invalid-url`, a usage error.
func httpPageURL(_ text: String, named label: String) throws(CommandFailure) -> URL {
    guard let pageURL = URL(string: text), let scheme = pageURL.scheme?.lowercased(), scheme == "http" || scheme == "https",
        pageURL.host?.isEmpty == false
    else {
        throw CommandFailure(
            "\(label) is not an http or https URL", fix: "give the page's address, such as https://shop.example.com/sales/3", code: "invalid-url",
            status: .usage)
    }
    return pageURL
}
