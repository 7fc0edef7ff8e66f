import ArgumentParser
import DeepLinkAppLinks
import DeepLinkCore
import Foundation

/// `--html FILE --url PAGE_URL`: a saved page and the address it was saved from.
struct AppLinksPageOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The page's HTML, saved to a file.", valueName: "file"))
    var html: String

    @Option(help: ArgumentHelp("The page's http or https URL: the navigation target and default web fallback.", valueName: "page-url"))
    var url: String

    /// Reads the file and its App Links.
    func load() throws(CommandFailure) -> AppLinkMetadata {
        let pageURL = try httpPageURL(url, named: "--url \(url)")
        return AppLinkMetadata(html: try readTextFile(html, what: "--html file", decodingLegacyText: true), pageURL: pageURL)
    }
}

extension AppLinkMetadata {
    /// The metadata as lines for a terminal: each platform's targets, then the web fallback.
    var humanDescription: String {
        var lines = ["App Links of \(sourceURL.absoluteString)"]
        for platform in AppLinkPlatform.allCases {
            for (index, target) in properties(for: platform).enumerated() {
                let values = target.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
                lines.append("  \(platform.rawValue)[\(index + 1)]: \(values)")
            }
        }
        if hasNoAppTargets { lines.append("  no app targets") }
        lines.append("  web: \(web.url.absoluteString) (\(web.shouldFallback ? "fallback allowed" : "should_fallback=false"))")
        return lines.joined(separator: "\n")
    }
}
