import DeepLinkAppLinks
import Foundation
import FuzzSupport

/// Reads inbound `al_applink_data`: as a JSON document, and as the query item of a URL an app is opened with.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppLinkData(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    _ = try? AppLinkData(jsonText: text)
    var components = URLComponents(string: "shop://sales/42")!
    components.queryItems = [URLQueryItem(name: "al_applink_data", value: text)]
    if let url = components.url {
        _ = InboundAppLink.read(from: url)
    }
    return 0
}
