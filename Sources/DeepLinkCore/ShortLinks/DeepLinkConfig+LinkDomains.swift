extension DeepLinkConfig {
    /// The hosts the app's short links live on: the `server` section's `publicHost`, lowercased,
    /// the one place the config names it (the link server reads the same key). Empty without it.
    ///
    /// A universal link on one of these hosts is a short link: ``ShortLinkResolver`` asks the
    /// link server which deep link it opens.
    public var linkDomains: [String] {
        guard let host = sections[ConfigSection.server.key]?.plainValue.objectValue?["publicHost"]?.stringValue, !host.isEmpty else {
            return []
        }
        return [host.lowercased()]
    }
}
