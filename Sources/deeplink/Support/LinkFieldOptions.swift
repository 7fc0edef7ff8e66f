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
    @Option(name: .customLong(LinkFieldOptions.field("deepLink").flag), help: LinkFieldOptions.help("deepLink", valueName: "url"))
    var deepLink: String?

    @Option(name: .customLong(LinkFieldOptions.field("note").flag), help: LinkFieldOptions.help("note", valueName: "text"))
    var note: String?

    @Option(name: .customLong(LinkFieldOptions.field("tags").flag), help: LinkFieldOptions.help("tags", valueName: "tags"))
    var tags: String?

    @Option(name: .customLong(LinkFieldOptions.field("expiresAt").flag), help: LinkFieldOptions.help("expiresAt", valueName: "time"))
    var expiresAt: String?

    @Option(name: .customLong(LinkFieldOptions.field("expiredURL").flag), help: LinkFieldOptions.help("expiredURL", valueName: "url"))
    var expiredURL: String?

    @Option(name: .customLong(LinkFieldOptions.field("targets").flag), help: LinkFieldOptions.help("targets", valueName: "json"))
    var targets: String?

    @Option(name: .customLong(LinkFieldOptions.field("variants").flag), help: LinkFieldOptions.help("variants", valueName: "json"))
    var variants: String?

    @Option(name: .customLong(LinkFieldOptions.field("fallbacks.webURL").flag), help: LinkFieldOptions.help("fallbacks.webURL", valueName: "url"))
    var webURL: String?

    @Option(name: .customLong(LinkFieldOptions.field("fallbacks.iosURL").flag), help: LinkFieldOptions.help("fallbacks.iosURL", valueName: "url"))
    var iosURL: String?

    @Option(name: .customLong(LinkFieldOptions.field("fallbacks.androidURL").flag), help: LinkFieldOptions.help("fallbacks.androidURL", valueName: "url"))
    var androidURL: String?

    @Option(name: .customLong(LinkFieldOptions.field("fallbacks.appStoreID").flag), help: LinkFieldOptions.help("fallbacks.appStoreID", valueName: "digits"))
    var appStoreID: String?

    @Option(name: .customLong(LinkFieldOptions.field("fallbacks.playPackage").flag), help: LinkFieldOptions.help("fallbacks.playPackage", valueName: "package"))
    var playPackage: String?

    @Option(name: .customLong(LinkFieldOptions.field("utm.source").flag), help: LinkFieldOptions.help("utm.source", valueName: "text"))
    var utmSource: String?

    @Option(name: .customLong(LinkFieldOptions.field("utm.medium").flag), help: LinkFieldOptions.help("utm.medium", valueName: "text"))
    var utmMedium: String?

    @Option(
        name: [.customLong(LinkFieldOptions.field("utm.campaign").flag), .customLong("campaign")],
        help: LinkFieldOptions.help("utm.campaign", valueName: "text"))
    var utmCampaign: String?

    @Option(name: .customLong(LinkFieldOptions.field("utm.term").flag), help: LinkFieldOptions.help("utm.term", valueName: "text"))
    var utmTerm: String?

    @Option(name: .customLong(LinkFieldOptions.field("utm.content").flag), help: LinkFieldOptions.help("utm.content", valueName: "text"))
    var utmContent: String?

    @Option(name: .customLong(LinkFieldOptions.field("preview.title").flag), help: LinkFieldOptions.help("preview.title", valueName: "text"))
    var title: String?

    @Option(name: .customLong(LinkFieldOptions.field("preview.description").flag), help: LinkFieldOptions.help("preview.description", valueName: "text"))
    var previewDescription: String?

    @Option(name: .customLong(LinkFieldOptions.field("preview.imageURL").flag), help: LinkFieldOptions.help("preview.imageURL", valueName: "url"))
    var imageURL: String?

    @Option(name: .customLong(LinkFieldOptions.field("minAppVersion.ios").flag), help: LinkFieldOptions.help("minAppVersion.ios", valueName: "version"))
    var minIOSVersion: String?

    @Option(
        name: .customLong(LinkFieldOptions.field("minAppVersion.android").flag),
        help: LinkFieldOptions.help("minAppVersion.android", valueName: "versionCode"))
    var minAndroidVersion: String?

    @Flag(
        name: .customLong("password-stdin"),
        help: "Read the link's password from standard input (one line): visitors must give it before the link opens; never shown again.")
    var passwordFromStandardInput = false

    @Flag(name: .customLong("remove-password"), help: "Remove the link's password: anyone with the link can open it.")
    var removePassword = false

    @Option(
        name: .customLong("from-json"),
        help: ArgumentHelp("The admin API's JSON body instead of options, from a file or - for standard input.", valueName: "file"))
    var fromJSON: String?

    /// The catalog's field with a JSON path; every option above names one.
    static func field(_ path: String) -> LinkField {
        guard let field = LinkField.named(path) else { preconditionFailure("the link catalog has no field \(path)") }
        return field
    }

    /// An option's help: the catalog's hint.
    static func help(_ path: String, valueName: String) -> ArgumentHelp {
        ArgumentHelp(field(path).hint, valueName: valueName)
    }

    /// Every option's value with its JSON path, in the catalog's order; the code is the command's own option.
    var options: [(path: String, value: String?)] {
        [
            ("deepLink", deepLink),
            ("note", note),
            ("tags", tags),
            ("expiresAt", expiresAt),
            ("expiredURL", expiredURL),
            ("targets", targets),
            ("variants", variants),
            ("fallbacks.webURL", webURL),
            ("fallbacks.iosURL", iosURL),
            ("fallbacks.androidURL", androidURL),
            ("fallbacks.appStoreID", appStoreID),
            ("fallbacks.playPackage", playPackage),
            ("utm.source", utmSource),
            ("utm.medium", utmMedium),
            ("utm.campaign", utmCampaign),
            ("utm.term", utmTerm),
            ("utm.content", utmContent),
            ("preview.title", title),
            ("preview.description", previewDescription),
            ("preview.imageURL", imageURL),
            ("minAppVersion.ios", minIOSVersion),
            ("minAppVersion.android", minAndroidVersion),
        ]
    }

    /// The fields given as options, by JSON path.
    var givenFields: [(path: String, value: String)] {
        options.compactMap { path, value in value.map { (path, $0) } }
    }

    func validate() throws {
        if fromJSON != nil, !givenFields.isEmpty || passwordFromStandardInput || removePassword {
            throw ValidationError("give the fields as options or with --from-json, not both")
        }
        if passwordFromStandardInput, removePassword {
            throw ValidationError("give --password-stdin or --remove-password, not both")
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
        if removePassword { object["password"] = .null }
        if passwordFromStandardInput {
            // One line, as `echo "$PASSWORD" |` or a secret store writes it; the line's end is not part of it.
            let line = readLine(strippingNewline: true) ?? ""
            object["password"] = .string(line.hasSuffix("\r") ? String(line.dropLast()) : line)
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
