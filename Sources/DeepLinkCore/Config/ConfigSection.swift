/// A top-level section of the config that a sibling module reads: `apps` (`DeepLinkAssociation`),
/// `deferred`, `pages` and `server` (the link server).
///
/// The sections are declared here in Core, not by the modules that read them, on purpose: so an app
/// that imports only `DeepLinkCore` is not warned about these keys, which its config may hold.
/// The reading module reads its section with ``DeepLinkConfig/readSection(_:_:)``, through a
/// ``ConfigSectionReader``, as ``DeepLinkConfig`` reads its own keys.
package struct ConfigSection: Sendable, Hashable {
    /// The section's top-level key.
    package let key: String

    /// `apps`: the iOS and Android apps and the hosts they serve.
    package static let apps = ConfigSection(key: "apps")
    /// `deferred`: how the link server keeps clicks for deferred deep linking.
    package static let deferred = ConfigSection(key: "deferred")
    /// `pages`: the link server's landing pages: app name, icon, theme colour and language.
    package static let pages = ConfigSection(key: "pages")
    /// `server`: the link server's database, address, link host and limits.
    package static let server = ConfigSection(key: "server")

    /// Every declared section.
    static let all: [ConfigSection] = [apps, deferred, pages, server]
}

extension DeepLinkConfig {
    /// Reads one section, as it was written (`nil` in a config made in code), with `read`, which
    /// reports through the reader it is given, so the section's findings carry the config's file,
    /// JSON path and line like the config's own.
    /// - Parameters:
    ///   - section: The section.
    ///   - read: Reads the section's value; a thrown error is reported as one more finding.
    /// - Returns: What `read` returned, `nil` when the section is absent or `read` threw, and every finding.
    package func readSection<Value>(
        _ section: ConfigSection, _ read: (JSONNode, ConfigSectionReader) throws(ConfigError) -> Value
    ) -> (value: Value?, errors: [ConfigError], warnings: [Diagnostic]) {
        guard let node = sections[section.key] else { return (nil, [], []) }
        let reader = ConfigSectionReader(file: file)
        let value = reader.attempt { () throws(ConfigError) in try read(node, reader) }
        return (value, reader.errors, reader.warnings)
    }
}
