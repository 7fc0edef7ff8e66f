import DeepLinkCore
import Foundation

/// The config's `pages` section: how the link server's landing and problem pages present the
/// app. A `Sendable` value with documented defaults; a config without the section gets them all.
///
/// ```json
/// "pages": {
///   "appName": "Shop",
///   "iconURL": "https://shop.example.com/icon.png",
///   "themeColor": "#0a66ff",
///   "language": "en"
/// }
/// ```
package struct PageSettings: Sendable, Hashable {
    /// The app's name, shown beside its icon at the top of every page. Default `nil`: no name.
    package var appName: String?
    /// An https URL of the app's icon, square, at least 128 pixels. Default `nil`: no icon.
    package var iconURL: String?
    /// The colour of the main button and the browser's toolbar, `#rrggbb`. Default `#0a66ff`.
    package var themeColor: String
    /// The pages' language, a BCP 47 tag whose language has texts (`en`, `de`, `de-CH`). Default `en`.
    package var language: String

    /// The languages pages have texts for, sorted.
    package static var languages: [String] { PageStrings.all.keys.sorted() }

    /// Creates settings.
    /// - Parameters:
    ///   - appName: The app's name.
    ///   - iconURL: An https URL of the app's icon.
    ///   - themeColor: The main button's colour, `#rrggbb`.
    ///   - language: The pages' language.
    package init(appName: String? = nil, iconURL: String? = nil, themeColor: String = "#0a66ff", language: String = "en") {
        self.appName = appName
        self.iconURL = iconURL
        self.themeColor = themeColor
        self.language = language
    }

    /// Reads the config's `pages` section.
    /// - Parameter config: A config read from a file or text, so that its document is kept.
    /// - Throws: ``ConfigError`` naming the file, JSON path, line and column of the first bad value.
    package static func load(from config: DeepLinkConfig) throws(ConfigError) -> PageSettings {
        let read = config.readSection(.pages) { node, reader throws(ConfigError) in try Self.read(node, reader) }
        if let error = read.errors.first { throw error }
        return read.value ?? PageSettings()
    }

    /// Unknown keys are refused: a misspelt `themeColour` would otherwise leave the default colour unnoticed.
    private static func read(_ node: JSONNode, _ reader: ConfigSectionReader) throws(ConfigError) -> PageSettings {
        let object = try reader.object(node, known: ["appName", "iconURL", "themeColor", "language"], refusingUnknownKeys: true)
        var settings = PageSettings()
        if let name = object.optional("appName") {
            let text = try name.readNonEmptyString()
            guard text.count <= 40, !text.contains(where: \.isNewline) else {
                throw ConfigError(code: .invalidValue, message: "an app name is one line of at most 40 characters", at: name)
            }
            settings.appName = text
        }
        if let icon = object.optional("iconURL") {
            let text = try icon.readString()
            guard let url = URLComponents(string: text), url.scheme?.lowercased() == "https", url.host?.isEmpty == false else {
                throw ConfigError(code: .invalidValue, message: "expected an https URL, found \(text)", at: icon)
            }
            settings.iconURL = text
        }
        if let color = object.optional("themeColor") {
            let text = try color.readString()
            guard text.utf8.count == 7, text.first == "#", text.dropFirst().allSatisfy(\.isHexDigit) else {
                throw ConfigError(code: .invalidValue, message: "expected a colour as #rrggbb, such as #0a66ff, found \(text)", at: color)
            }
            settings.themeColor = text.lowercased()
        }
        if let language = object.optional("language") {
            let tag = try language.readString()
            guard Self.isLanguageTag(tag) else {
                throw ConfigError(code: .invalidValue, message: "expected a BCP 47 language tag such as en or de-CH, found \(tag)", at: language)
            }
            guard PageStrings.forLanguage(tag) != nil else {
                throw ConfigError(
                    code: .invalidValue,
                    message: "pages have no texts in \(tag); use one of \(languages.joined(separator: ", ")) or add a translation to PageStrings",
                    at: language)
            }
            settings.language = tag
        }
        return settings
    }

    /// A language tag's shape: a 2- or 3-letter language, then subtags of 1 to 8 letters or digits.
    private static func isLanguageTag(_ tag: String) -> Bool {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = subtags.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return subtags.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// The texts of ``language``.
    package var strings: PageStrings { PageStrings.forLanguage(language) ?? .english }
}
