import DeepLinkCore
import Foundation

extension ServerConfiguration {
    /// The configuration the config's `server` section describes, defaults filling what it leaves
    /// out. A relative SQLite path, the default one included, is resolved against the config
    /// file's folder, so every command that reads the config opens the same database wherever it
    /// runs.
    ///
    /// ```json
    /// "server": {
    ///   "database": "sqlite:.deeplink/deeplink.sqlite",
    ///   "listen": { "host": "127.0.0.1", "port": 8080 },
    ///   "publicHost": "go.shop.example.com",
    ///   "allowedRedirectHosts": ["help.shop.example.com"],
    ///   "limits": { "writesPerMinutePerKey": 120, "maxBodyBytes": 16384 }
    /// }
    /// ```
    ///
    /// ``ServerSetting/all`` lists every key. Unknown keys are refused: a typo would silently turn
    /// a limit or the database back to its default.
    /// - Parameter config: A config read from a file or text, so that its document is kept.
    /// - Throws: ``ConfigError`` naming the file, line and JSON path of the first bad value.
    package init(reading config: DeepLinkConfig) throws(ConfigError) {
        let report = Self.diagnose(config)
        if let error = report.errors.first { throw error }
        self = report.configuration
    }

    /// Reads the config's `server` section, reporting every error in it.
    /// - Parameter config: A config read from a file or text.
    /// - Returns: The configuration with every value that could be read, and the errors.
    package static func diagnose(_ config: DeepLinkConfig) -> (configuration: ServerConfiguration, errors: [ConfigError]) {
        let folder = config.file.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        var configuration = ServerConfiguration(deepLinkConfig: config)
        configuration.database = .sqlite(path: folder.appendingPathComponent(DatabaseLocation.defaultSQLitePath).standardizedFileURL.path)
        let read = config.readSection(.server) { node, reader throws(ConfigError) in
            try readObject(node, depth: 0, settings: ServerSetting.all, into: &configuration, reader: reader, folder: folder)
        }
        return (configuration, read.errors)
    }

    /// Reads one object of the section: its members are the next key of `settings`.
    private static func readObject(
        _ node: JSONNode, depth: Int, settings: [ServerSetting], into configuration: inout ServerConfiguration,
        reader: ConfigSectionReader, folder: URL
    ) throws(ConfigError) {
        var names: [String] = []
        for setting in settings where !names.contains(setting.key[depth]) { names.append(setting.key[depth]) }
        let object = try reader.object(node, known: Set(names), refusingUnknownKeys: true)
        for name in names {
            guard let member = object.optional(name) else { continue }
            let inside = settings.filter { $0.key[depth] == name }
            if let setting = inside.first, inside.count == 1, setting.key.count == depth + 1 {
                _ = reader.attempt { () throws(ConfigError) in try setting.apply(member, to: &configuration, relativeTo: folder) }
            } else {
                _ = reader.attempt { () throws(ConfigError) in
                    try readObject(member, depth: depth + 1, settings: inside, into: &configuration, reader: reader, folder: folder)
                }
            }
        }
    }
}
