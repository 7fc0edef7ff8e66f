import Foundation

/// Where the link database lives: an SQLite file or a PostgreSQL server. `Sendable`.
///
/// Written as `sqlite:PATH`, a plain file path (SQLite), or
/// `postgres://USER:PASSWORD@HOST:PORT/DATABASE`. ``description`` hides the password, so it can
/// be printed and logged.
package enum DatabaseLocation: Sendable, Hashable, CustomStringConvertible {
    /// An SQLite file, by its absolute path.
    case sqlite(path: String)
    /// A PostgreSQL server, by its `postgres://` or `postgresql://` URL.
    case postgres(url: String)

    /// The default, `.deeplink/deeplink.sqlite`, relative to the folder it is resolved against.
    package static let defaultSQLitePath = ".deeplink/deeplink.sqlite"

    /// Reads a database as written in the config, an environment variable or a flag.
    /// - Parameters:
    ///   - text: `sqlite:PATH`, a file path, or a `postgres://` URL.
    ///   - folder: The folder a relative SQLite path is resolved against.
    /// - Throws: ``ServerSetting/Problem`` saying what to write instead.
    package init(parsing text: String, relativeTo folder: URL) throws(ServerSetting.Problem) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("postgres://") || trimmed.hasPrefix("postgresql://") {
            self = .postgres(url: trimmed)
            return
        }
        if let scheme = trimmed.firstMatch(of: /^([A-Za-z][A-Za-z0-9+.\-]*):\/\//)?.1 {
            throw ServerSetting.Problem("\(scheme):// is not a database this server can use; write sqlite:PATH, a file path or postgres://USER:PASSWORD@HOST:PORT/DATABASE")
        }
        let path = trimmed.hasPrefix("sqlite:") ? String(trimmed.dropFirst("sqlite:".count)) : trimmed
        guard !path.isEmpty else {
            throw ServerSetting.Problem("the SQLite database needs a file path, e.g. sqlite:\(Self.defaultSQLitePath)")
        }
        self = .sqlite(path: URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL.path)
    }

    /// `sqlite:/absolute/path`, or the PostgreSQL URL with its password replaced by `****`.
    package var description: String {
        switch self {
        case .sqlite(let path): return "sqlite:\(path)"
        case .postgres(let url):
            guard var components = URLComponents(string: url), components.password != nil else { return url }
            components.password = "****"
            return components.string ?? url
        }
    }
}
