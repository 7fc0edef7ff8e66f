import ArgumentParser
import DeepLinkCore
import DeepLinkServer
import DeepLinkService
import Foundation

/// A link's fields as options, shared by `links create` and `links update`, which turn them into
/// the admin API's JSON body so the link is checked as the API checks it: `--web-url` is
/// `fallbacks.webURL`, `--utm-source` is `utm.source`, and so on. An option given as `""` is
/// `null`, which clears the field. `--from-json` takes the body itself instead.
struct LinkFieldOptions: ParsableArguments {
    @Option(name: .customLong("deep-link"), help: ArgumentHelp("The in-app URL the link opens; the config's router must route it.", valueName: "url"))
    var deepLink: String?

    @Option(name: .long, help: ArgumentHelp("A campaign label for reports.", valueName: "text"))
    var campaign: String?

    @Option(name: .customLong("web-url"), help: ArgumentHelp("Where desktop browsers and people without the app go.", valueName: "url"))
    var webURL: String?

    @Option(name: .customLong("ios-url"), help: ArgumentHelp("Where iOS users without the app go instead of the App Store.", valueName: "url"))
    var iosURL: String?

    @Option(
        name: .customLong("android-url"), help: ArgumentHelp("Where Android users without the app go instead of the Play Store.", valueName: "url"))
    var androidURL: String?

    @Option(name: .customLong("app-store-id"), help: ArgumentHelp("The iOS app's App Store id (the config's by default).", valueName: "digits"))
    var appStoreID: String?

    @Option(name: .customLong("play-package"), help: ArgumentHelp("The Android app's package (the config's by default).", valueName: "package"))
    var playPackage: String?

    @Option(name: .customLong("utm-source"), help: ArgumentHelp("utm_source.", valueName: "text"))
    var utmSource: String?

    @Option(name: .customLong("utm-medium"), help: ArgumentHelp("utm_medium.", valueName: "text"))
    var utmMedium: String?

    @Option(name: .customLong("utm-campaign"), help: ArgumentHelp("utm_campaign.", valueName: "text"))
    var utmCampaign: String?

    @Option(name: .customLong("utm-term"), help: ArgumentHelp("utm_term.", valueName: "text"))
    var utmTerm: String?

    @Option(name: .customLong("utm-content"), help: ArgumentHelp("utm_content.", valueName: "text"))
    var utmContent: String?

    @Option(name: .long, help: ArgumentHelp("The social preview's title.", valueName: "text"))
    var title: String?

    @Option(name: .customLong("description"), help: ArgumentHelp("The social preview's description.", valueName: "text"))
    var previewDescription: String?

    @Option(name: .customLong("image-url"), help: ArgumentHelp("The social preview's https image.", valueName: "url"))
    var imageURL: String?

    @Option(name: .customLong("expires-at"), help: ArgumentHelp("When the link stops working, RFC 3339, e.g. 2026-01-31T23:59:59Z.", valueName: "time"))
    var expiresAt: String?

    @Option(
        name: .customLong("from-json"),
        help: ArgumentHelp("The admin API's JSON body instead of options, from a file or - for standard input.", valueName: "file"))
    var fromJSON: String?

    /// The fields given as options, by JSON path.
    var givenFields: [(path: String, value: String)] {
        let fields: [(String, String?)] = [
            ("deepLink", deepLink), ("campaign", campaign), ("expiresAt", expiresAt),
            ("fallbacks.webURL", webURL), ("fallbacks.iosURL", iosURL), ("fallbacks.androidURL", androidURL),
            ("fallbacks.appStoreID", appStoreID), ("fallbacks.playPackage", playPackage),
            ("preview.title", title), ("preview.description", previewDescription), ("preview.imageURL", imageURL),
            ("utm.source", utmSource), ("utm.medium", utmMedium), ("utm.campaign", utmCampaign), ("utm.term", utmTerm),
            ("utm.content", utmContent),
        ]
        return fields.compactMap { path, value in value.map { (path, $0) } }
    }

    func validate() throws {
        if fromJSON != nil, !givenFields.isEmpty {
            throw ValidationError("give the fields as options or with --from-json, not both")
        }
    }

    /// The admin API's JSON body: the `--from-json` document, or the options' fields with `""` as `null`.
    /// - Parameter extra: Fields set by the command itself, such as `code`.
    /// - Throws: ``CommandFailure``: `unreadable-file` (exit 2) or `invalid-json` (exit 1) for `--from-json`.
    func body(adding extra: [(path: String, value: String)] = []) throws(CommandFailure) -> JSONValue {
        if let fromJSON { return try Self.readBody(fromJSON) }
        var object: [String: JSONValue] = [:]
        for (path, text) in extra + givenFields {
            let value: JSONValue = text.isEmpty ? .null : .string(text)
            let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
            if parts.count == 2 {
                var group = object[parts[0]]?.objectValue ?? [:]
                group[parts[1]] = value
                object[parts[0]] = .object(group)
            } else {
                object[path] = value
            }
        }
        return .object(object)
    }

    private static func readBody(_ source: String) throws(CommandFailure) -> JSONValue {
        let text = source == "-"
            ? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            : try readTextFile(source, what: "the link's JSON")
        let name = source == "-" ? "standard input" : source
        let root: JSONNode
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw CommandFailure("\(name): \(error.description)", code: "invalid-json")
        }
        // Strict as the admin API is: a repeated key is refused, not silently the last one.
        if let error = LinkBodyJSON.repeatedKeyError(in: root) {
            throw CommandFailure("\(name): \(error.message) (JSON path \(error.field ?? "$"))", code: "invalid-json")
        }
        return root.plainValue
    }
}
