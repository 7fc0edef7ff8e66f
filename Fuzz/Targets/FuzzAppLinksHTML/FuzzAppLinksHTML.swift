import DeepLinkAppLinks
import Foundation
import FuzzSupport

private let pageURL = URL(string: "https://shop.example.com/sales/42")!

/// Scans a web page for `al:*` meta tags, as an app resolving an App Link does.
@main
enum FuzzAppLinksHTML {
    static func main() { FuzzDriver.run(fuzzAppLinksHTML) }
}

func fuzzAppLinksHTML(_ input: FuzzInput) {
    let metadata = AppLinkMetadata(html: input.text, pageURL: pageURL)
    _ = metadata.jsonValue
}
