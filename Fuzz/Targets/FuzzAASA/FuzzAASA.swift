import DeepLinkAssociation
import DeepLinkCore
import Foundation
import FuzzSupport

/// Validates an apple-app-site-association file (after the first NUL) and matches a URL
/// (before it) against every app ID it names, as `deeplink doctor` does with a live site's file.
@main
enum FuzzAASA {
    static func main() { FuzzDriver.run(fuzzAASA) }
}

func fuzzAASA(_ input: FuzzInput) {
    let (urlText, file) = input.split
    let report = AppleAppSiteAssociation.validate(file, file: "apple-app-site-association")
    _ = report.diagnostics.map(\.description)
    guard let association = report.file,
          let url = URL(string: urlText.isEmpty ? "https://example.com/" : urlText) else { return }
    for appID in association.appLinkAppIDs.prefix(8) {
        _ = association.match(url, appID: appID, format: .components)
        _ = association.match(url, appID: appID, format: .legacyPaths)
    }
}
