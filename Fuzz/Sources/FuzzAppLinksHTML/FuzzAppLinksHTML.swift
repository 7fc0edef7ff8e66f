import DeepLinkAppLinks
import Foundation
import FuzzSupport

private let pageURL = URL(string: "https://shop.example.com/sales/42")!

/// Scans a web page for `al:*` meta tags, as an app resolving an App Link does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppLinksHTML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let metadata = AppLinkMetadata(html: FuzzInput(data, size).text, pageURL: pageURL)
    _ = metadata.jsonValue
    return 0
}
