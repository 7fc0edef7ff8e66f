import DeepLinkAppLinks
import Foundation
import FuzzSupport

/// Reads inbound `al_applink_data`: as a JSON document, and as the query item of a URL an app is opened with.
@main
enum FuzzAppLinkData {
    static func main() { FuzzDriver.run(fuzzAppLinkData) }
}

func fuzzAppLinkData(_ input: FuzzInput) {
    let text = input.text
    _ = try? AppLinkData(jsonText: text)
    var components = URLComponents(string: "shop://sales/42")!
    components.queryItems = [URLQueryItem(name: "al_applink_data", value: text)]
    if let url = components.url {
        _ = InboundAppLink.read(from: url)
    }
}
