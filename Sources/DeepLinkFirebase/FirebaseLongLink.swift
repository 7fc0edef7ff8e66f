import DeepLinkCore
import Foundation

/// A Firebase Dynamic Links long link, `https://DOMAIN/?link=…&apn=…&ibi=…`, read into the
/// fields of a link as the server's admin API names them. A `Sendable` value.
///
/// Parameters map to link fields as Firebase used them:
///
/// | Firebase | link field | meaning |
/// |---|---|---|
/// | `link` | `deepLink` | the deep link the app receives (required) |
/// | `apn` | `fallbacks.playPackage` | the Android package |
/// | `afl` | `fallbacks.androidURL` | Android without the app goes here instead of the Play Store |
/// | `isi` | `fallbacks.appStoreID` | the App Store id |
/// | `ifl` | `fallbacks.iosURL` | iOS without the app goes here instead of the App Store |
/// | `ofl` | `fallbacks.webURL` | desktop browsers go here; without it they go to `link` |
/// | `st`, `sd`, `si` | `preview.title`, `.description`, `.imageURL` | the social preview |
/// | `utm_source` … `utm_content` | `utm.*` | campaign fields |
/// | `imv` | `minAppVersion.ios` | the oldest iOS app version that opens the link |
/// | `amv` | `minAppVersion.android` | the oldest Android `versionCode`; older installs go to the Play Store to update |
///
/// `ibi`, `ipbi`, `ipfl`, `ius`, `efr`, `at`, `ct`, `mt`, `pt` and `d` describe the
/// app, the iPad app or Firebase's own analytics and preview page; the config's `apps` section and
/// the landing page take their place (iPads get the iPhone's answer), so they are accepted and
/// listed in ``ignoredParameters``, as are parameters Firebase never defined.
/// Every URL then passes the same checks as a link created through the admin API.
package struct FirebaseLongLink: Sendable, Hashable {
    /// The parameters read into link fields, in the order of the table above, each with the
    /// field's JSON path in the admin API.
    package static let fieldParameters: [(parameter: String, field: String)] = [
        ("link", "deepLink"), ("apn", "fallbacks.playPackage"), ("afl", "fallbacks.androidURL"), ("isi", "fallbacks.appStoreID"),
        ("ifl", "fallbacks.iosURL"), ("ofl", "fallbacks.webURL"), ("st", "preview.title"), ("sd", "preview.description"),
        ("si", "preview.imageURL"), ("utm_source", "utm.source"), ("utm_medium", "utm.medium"), ("utm_campaign", "utm.campaign"),
        ("utm_term", "utm.term"), ("utm_content", "utm.content"), ("imv", "minAppVersion.ios"), ("amv", "minAppVersion.android"),
    ]
    /// Parameters Firebase defined that have no link field here.
    package static let appParameters: Set<String> = ["ibi", "ipbi", "ipfl", "ius", "efr", "at", "ct", "mt", "pt", "d"]

    /// The link's fields by JSON path (`fallbacks.androidURL`), as the admin API takes them.
    package let fields: [String: String]
    /// Parameters that were accepted but have no effect here, sorted: Firebase's app and
    /// analytics parameters, and any parameter Firebase did not define.
    package let ignoredParameters: [String]

    /// Reads a long link's query.
    /// - Parameter query: The query items of the long link.
    /// - Throws: ``FirebaseLinkError`` with code `invalid-parameter` naming the parameter: `link` is
    ///   missing or a parameter repeats.
    package init(query: [URLQueryItem]) throws(FirebaseLinkError) {
        var values: [String: String] = [:]
        for item in query {
            guard values[item.name] == nil else {
                throw FirebaseLinkError(code: .invalidParameter, message: "the parameter \(item.name) appears twice", parameter: item.name)
            }
            values[item.name] = item.value ?? ""
        }
        guard let link = values["link"], !link.isEmpty else {
            throw FirebaseLinkError(
                code: .invalidParameter, message: "a Firebase long link needs link=, the deep link to open", parameter: "link")
        }
        // Parameters Firebase did not define (an ad network's `gclid`, a typo) are ignored as
        // Firebase ignored them, so a long link that worked there works here.
        let ignored = values.keys.filter { name in !Self.fieldParameters.contains { $0.parameter == name } }
        var fields: [String: String] = ["deepLink": link]
        for (parameter, field) in Self.fieldParameters {
            guard let value = values[parameter], !value.isEmpty else { continue }
            // Firebase showed multi-line titles and descriptions on one line; links refuse control characters.
            fields[field] = field.hasPrefix("preview.") && field != "preview.imageURL" ? Self.singleLine(value) : value
        }
        self.fields = fields
        ignoredParameters = ignored.sorted()
    }

    /// Reads a long link.
    /// - Parameter url: The long link, `https://DOMAIN/?link=…`.
    /// - Throws: ``FirebaseLinkError`` with code `invalid-parameter` for a URL without a query or a bad query.
    package init(url: String) throws(FirebaseLinkError) {
        try self.init(query: Self.queryItems(in: url))
    }

    /// The query of a long link, read as Firebase read it: as a form, where `+` is a space.
    /// - Parameter url: The long link, `https://DOMAIN/?link=…`.
    /// - Throws: ``FirebaseLinkError`` with code `invalid-parameter` for `link` when the URL has no query.
    package static func queryItems(in url: String) throws(FirebaseLinkError) -> [URLQueryItem] {
        let query = FormQuery.items(percentEncoded: URLComponents(string: url)?.percentEncodedQuery ?? "")
        guard !query.isEmpty else {
            throw FirebaseLinkError(
                code: .invalidParameter, message: "\(url) is not a Firebase long link: it has no ?link=… query", parameter: "link")
        }
        return query
    }

    /// The text with each run of line breaks, tabs and other control characters made one space.
    private static func singleLine(_ text: String) -> String {
        var result = ""
        var inBreak = false
        for scalar in text.unicodeScalars {
            let isBreak = scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
            if isBreak {
                if !inBreak { result.unicodeScalars.append(" ") }
            } else {
                result.unicodeScalars.append(scalar)
            }
            inBreak = isBreak
        }
        return result
    }

    /// The Firebase parameter behind a link field, to name it in errors; the field itself when none is.
    /// - Parameter field: A JSON path such as `fallbacks.androidURL`.
    package static func parameter(for field: String) -> String {
        fieldParameters.first { $0.field == field }?.parameter ?? field
    }
}
