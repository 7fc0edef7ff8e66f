import DeepLinkCore
import DeepLinkFirebase
import Foundation
import FuzzSupport

/// Reads a Firebase Dynamic Links long link, as `GET /?link=…` and `deeplink import firebase`
/// do: the input as a whole URL, and as the query the server receives.
@main
enum FuzzFirebaseLongLink {
    static func main() { FuzzDriver.run(fuzzFirebaseLongLink) }
}

func fuzzFirebaseLongLink(_ input: FuzzInput) {
    let text = input.text
    _ = try? FirebaseLongLink(url: text)
    if let longLink = try? FirebaseLongLink(query: FormQuery.items(percentEncoded: text)) {
        _ = longLink.fields.count + longLink.ignoredParameters.count
    }
}
